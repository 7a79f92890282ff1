// Plain text from stored rich text, for excerpts and meta descriptions (the dates the content
// pages show are @common/dates').
import type { RichTextNode } from '@/lib/rich-text/render-html'

/** The text of a document, blocks separated by a space, cut at a word boundary with an ellipsis. */
export function plainText(doc: RichTextNode | null | undefined, max = 160): string {
  const parts: string[] = []
  const walk = (node: RichTextNode | undefined, depth: number) => {
    if (!node || typeof node !== 'object' || depth > 64) return
    if (node.type === 'text' && typeof node.text === 'string') parts.push(node.text)
    if (Array.isArray(node.content)) {
      node.content.forEach((c) => walk(c, depth + 1))
      if (node.type !== 'doc') parts.push(' ')
    }
  }
  walk(doc ?? undefined, 0)
  const text = parts.join('').replace(/\s+/g, ' ').trim()
  if (text.length <= max) return text
  const cut = text.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`
}
