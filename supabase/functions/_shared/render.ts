// Rich-text templates (ProseMirror-style JSON: doc, paragraph, heading, text with marks,
// bullet/ordered lists, hard_break, horizontal_rule) rendered to e-mail HTML and plain text,
// with {{merge_fields}} filled. Text is escaped; links keep http, https, mailto and tel
// only; an unknown merge field renders as empty.
import { isLocalStack, notConfigured } from './providers/config.ts'

export type Fields = Record<string, string | number | null | undefined>

interface Node {
  type: string
  text?: string
  attrs?: Record<string, unknown>
  marks?: { type: string; attrs?: Record<string, unknown> }[]
  content?: Node[]
}

const ESC: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESC[c]!)

export function merge(template: string, fields: Fields): string {
  return template.replace(/\{\{\s*([a-z_][a-z0-9_]*)\s*\}\}/gi, (_, k: string) => {
    const v = fields[k.toLowerCase()]
    return v === null || v === undefined ? '' : String(v)
  })
}

export function safeHref(href: unknown): string | null {
  if (typeof href !== 'string') return null
  const h = href.trim()
  return /^(https?:\/\/|mailto:|tel:)/i.test(h) ? h : null
}

function html(n: Node, f: Fields): string {
  const inner = () => (n.content ?? []).map((c) => html(c, f)).join('')
  switch (n.type) {
    case 'doc':
      return inner()
    case 'paragraph':
      return `<p>${inner()}</p>`
    case 'heading': {
      const level = Math.min(Math.max(Number(n.attrs?.level) || 2, 1), 6)
      return `<h${level}>${inner()}</h${level}>`
    }
    case 'bullet_list':
    case 'bulletList':
      return `<ul>${inner()}</ul>`
    case 'ordered_list':
    case 'orderedList':
      return `<ol>${inner()}</ol>`
    case 'list_item':
    case 'listItem':
      return `<li>${inner()}</li>`
    case 'blockquote':
      return `<blockquote>${inner()}</blockquote>`
    case 'hard_break':
    case 'hardBreak':
      return '<br>'
    case 'horizontal_rule':
    case 'horizontalRule':
      return '<hr>'
    case 'text': {
      let out = escapeHtml(merge(n.text ?? '', f))
      for (const m of n.marks ?? []) {
        if (m.type === 'bold' || m.type === 'strong') out = `<strong>${out}</strong>`
        else if (m.type === 'italic' || m.type === 'em') out = `<em>${out}</em>`
        else if (m.type === 'link') {
          const href = safeHref(merge(String(m.attrs?.href ?? ''), f))
          if (href) out = `<a href="${escapeHtml(href)}">${out}</a>`
        }
      }
      return out
    }
    default:
      return inner()
  }
}

function text(n: Node, f: Fields): string {
  const inner = (sep = '') => (n.content ?? []).map((c) => text(c, f)).join(sep)
  switch (n.type) {
    case 'doc':
      return inner('\n\n').trim()
    case 'bullet_list':
    case 'bulletList':
      return (n.content ?? []).map((c) => `- ${text(c, f)}`).join('\n')
    case 'ordered_list':
    case 'orderedList':
      return (n.content ?? []).map((c, i) => `${i + 1}. ${text(c, f)}`).join('\n')
    case 'hard_break':
    case 'hardBreak':
      return '\n'
    case 'horizontal_rule':
    case 'horizontalRule':
      return '---'
    case 'text': {
      const t = merge(n.text ?? '', f)
      const link = n.marks?.find((m) => m.type === 'link')
      const href = link ? safeHref(merge(String(link.attrs?.href ?? ''), f)) : null
      return href && href !== t ? `${t} (${href})` : t
    }
    default:
      return inner()
  }
}

export function renderEmail(
  doc: unknown,
  fields: Fields,
  fallbackText?: string | null,
): { html: string; text: string } {
  const root = (doc && typeof doc === 'object' ? doc : { type: 'doc', content: [] }) as Node
  const hasContent = (root.content ?? []).length > 0
  if (!hasContent && fallbackText) {
    const t = merge(fallbackText, fields)
    return { html: `<p>${escapeHtml(t)}</p>`, text: t }
  }
  return {
    html: `<!doctype html><html><body style="font-family:sans-serif">${
      html(root, fields)
    }</body></html>`,
    text: text(root, fields),
  }
}

/**
 * The HTML an e-mail leaves with: a whole document that says its language (British English, so a
 * screen reader reads it in the right voice) and carries the subject as its title (what a reader
 * announces first, and the tab's name when a client opens the message in a browser). `html` is a
 * document (renderEmail's) or a fragment; its body and the body's attributes are kept as they are.
 */
export function emailDocument(html: string, subject: string): string {
  const body = /<body([^>]*)>([\s\S]*)<\/body>/i.exec(html)
  const attrs = body ? body[1] : ' style="font-family:sans-serif"'
  return '<!doctype html><html lang="en-GB"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(subject)}</title></head><body${attrs}>${
      body ? body[2] : html
    }</body></html>`
}

/** A short built-in message (confirmations): paragraphs of plain text, one optional link. */
export function simpleEmail(paragraphs: string[], link?: { text: string; href: string }) {
  const doc: Node = {
    type: 'doc',
    content: [
      ...paragraphs.map((p) => ({ type: 'paragraph', content: [{ type: 'text', text: p }] })),
      ...(link
        ? [{
          type: 'paragraph',
          content: [{
            type: 'text',
            text: link.text,
            marks: [{ type: 'link', attrs: { href: link.href } }],
          }],
        }]
        : []),
    ],
  }
  return renderEmail(doc, {})
}

/** The web app's address for links in mail and checkout return URLs: SITE_URL (the stack's
 *  functions runtime also sets SB_SITE_URL). Only the local stack falls back to the dev server;
 *  a deployment without it answers 503 not_configured rather than mail links to 127.0.0.1. */
export function siteUrl(): string {
  const set = Deno.env.get('SITE_URL')?.trim() || Deno.env.get('SB_SITE_URL')?.trim()
  if (set) return set.replace(/\/+$/, '')
  if (isLocalStack()) return 'http://127.0.0.1:5173'
  throw notConfigured(
    'email',
    ['SITE_URL'],
    "set the secret SITE_URL to the web app's address (links in e-mails and payment pages use it).",
  )
}
