// Stored rich text (ProseMirror JSON, or plain text) rendered through the allowlist renderer.
import { renderRichText } from '@/lib/rich-text/render-html'

export function RichText({ value, className }: { value: string | null; className?: string }) {
  if (!value) return null
  return <div className={className} dangerouslySetInnerHTML={{ __html: renderRichText(value) }} />
}
