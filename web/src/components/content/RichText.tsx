// Stored rich text (ProseMirror JSON) on a public page: rendered to safe HTML by the one
// renderer (lib/rich-text), images in it loaded lazily.
import { css } from 'goober'
import { renderRichText, type RichTextNode } from '@/lib/rich-text/render-html'

export const prose = css`
  max-width: 42rem;
  line-height: 1.65;
  font-size: 1.05rem;
  h2,
  h3 {
    color: var(--roots-primary);
    margin: 1.75rem 0 0.5rem;
    line-height: 1.25;
  }
  p,
  ul,
  ol,
  blockquote {
    margin: 0 0 1rem;
  }
  ul,
  ol {
    padding-left: 1.4rem;
  }
  li {
    margin: 0.25rem 0;
  }
  blockquote {
    border-left: 4px solid var(--roots-primary);
    padding-left: 1rem;
    color: var(--roots-muted);
  }
  img {
    max-width: 100%;
    height: auto;
    border-radius: 0.5rem;
  }
  a {
    overflow-wrap: anywhere;
  }
  pre {
    overflow-x: auto;
  }
`

export function RichText({ doc, className }: { doc: RichTextNode | null | undefined; className?: string }) {
  const html = renderRichText(doc).replace(/<img /g, '<img loading="lazy" ')
  if (!html) return null
  return <div className={className ? `${prose} ${className}` : prose} dangerouslySetInnerHTML={{ __html: html }} />
}
