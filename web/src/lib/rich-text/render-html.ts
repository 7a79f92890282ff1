// Stored rich text (ProseMirror JSON) to safe HTML for the public site and emails. An allowlist
// of nodes, marks and attributes: text is escaped, links and images pass the URL rules, unknown
// nodes keep only their text, so no script, event handler or javascript: URL can come out.
import type { Json } from '@/lib/db-types'
import { safeImageSrc, safeLinkHref } from './rules'

type Attrs = { [key: string]: Json | undefined }

/** A stored document (a jsonb column): a type, not an interface, so that it is a Json value to the typed client. */
export type RichTextNode = {
  type: string
  text?: string
  attrs?: Attrs
  marks?: Array<{ type: string; attrs?: Attrs }>
  content?: RichTextNode[]
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!)

const attr = (name: string, value: string) => ` ${name}="${escapeHtml(value)}"`
const text = (v: unknown) => (typeof v === 'string' ? v : '')

const BLOCKS: Record<string, string> = {
  paragraph: 'p',
  blockquote: 'blockquote',
  bullet_list: 'ul',
  list_item: 'li',
}

function renderMarks(node: RichTextNode, inner: string): string {
  let out = inner
  // Innermost first, as ProseMirror orders marks by schema rank: link outermost. Marks that are
  // not a list of objects (stored before the database checked the shape) are ignored, text kept.
  const marks: unknown[] = Array.isArray(node.marks) ? node.marks : []
  for (const m of [...marks].reverse()) {
    if (!m || typeof m !== 'object') continue
    const mark = m as { type?: unknown; attrs?: Record<string, unknown> }
    switch (mark.type) {
      case 'strong':
        out = `<strong>${out}</strong>`
        break
      case 'em':
        out = `<em>${out}</em>`
        break
      case 'code':
        out = `<code>${out}</code>`
        break
      case 'link': {
        const attrs = mark.attrs && typeof mark.attrs === 'object' ? mark.attrs : {}
        const href = safeLinkHref(attrs.href)
        if (!href) break
        const title = text(attrs.title)
        out = `<a${attr('href', href)}${
          title ? attr('title', title) : ''
        } rel="noopener noreferrer">${out}</a>`
        break
      }
      default:
        break // unknown marks are dropped, their text kept
    }
  }
  return out
}

function renderChildren(node: RichTextNode, depth: number): string {
  return Array.isArray(node.content)
    ? node.content.map((c) => renderNode(c, depth + 1)).join('')
    : ''
}

function renderNode(node: RichTextNode, depth: number): string {
  if (!node || typeof node !== 'object' || depth > 64) return ''
  switch (node.type) {
    case 'doc':
      return renderChildren(node, depth)
    case 'text':
      return renderMarks(node, escapeHtml(text(node.text)))
    case 'heading': {
      const level = Math.min(6, Math.max(1, Math.trunc(Number(node.attrs?.level)) || 2))
      return `<h${level}>${renderChildren(node, depth)}</h${level}>`
    }
    case 'ordered_list': {
      const order = Math.trunc(Number(node.attrs?.order ?? 1))
      const start = Number.isFinite(order) && order !== 1 ? attr('start', String(order)) : ''
      return `<ol${start}>${renderChildren(node, depth)}</ol>`
    }
    case 'code_block':
      return `<pre><code>${renderChildren(node, depth)}</code></pre>`
    case 'horizontal_rule':
      return '<hr>'
    case 'hard_break':
      return '<br>'
    case 'image': {
      const src = safeImageSrc(node.attrs?.src)
      if (!src) return ''
      const title = text(node.attrs?.title)
      return `<img${attr('src', src)}${attr('alt', text(node.attrs?.alt))}${
        title ? attr('title', title) : ''
      }>`
    }
    default: {
      const tag = BLOCKS[node.type]
      const inner = renderChildren(node, depth)
      return tag ? `<${tag}>${inner}</${tag}>` : inner
    }
  }
}

/** Accepts the stored JSON (object or string); anything unreadable renders as nothing. */
export function renderRichText(doc: RichTextNode | string | null | undefined): string {
  if (doc == null) return ''
  let value: unknown = doc
  if (typeof doc === 'string') {
    try {
      value = JSON.parse(doc)
    } catch {
      return escapeHtml(doc)
    }
  }
  return renderNode(value as RichTextNode, 0)
}
