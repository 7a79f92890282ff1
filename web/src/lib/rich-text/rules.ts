// Rich-text rules, shared by the editor and the HTML renderer: links only to http,
// https, mailto and tel; images picked from png, gif, jpeg, bmp and icon files, shown only from
// http(s) or our own paths.

/** C0 controls and DEL (tab, newline and carriage return optionally allowed). */
function hasControlChars(s: string, allowWhitespace = false): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (allowWhitespace && (c === 9 || c === 10 || c === 13)) continue
    if (c < 32 || c === 127) return true
  }
  return false
}

export const ALLOWED_LINK_PROTOCOLS = ['http:', 'https:', 'mailto:', 'tel:'] as const

/** The normalised URL when the link is allowed, else null. */
export function safeLinkHref(href: unknown): string | null {
  if (typeof href !== 'string') return null
  const trimmed = href.trim()
  if (trimmed === '' || hasControlChars(trimmed, true)) return null
  let url: URL
  try {
    url = new URL(trimmed)
  } catch {
    return null
  }
  if (!(ALLOWED_LINK_PROTOCOLS as readonly string[]).includes(url.protocol)) return null
  if ((url.protocol === 'http:' || url.protocol === 'https:') && !url.hostname) return null
  return url.href
}

export const isAllowedLinkHref = (href: unknown) => safeLinkHref(href) !== null

export const ACCEPTED_IMAGE_TYPES = [
  'image/png',
  'image/gif',
  'image/jpeg',
  'image/bmp',
  'image/x-icon',
  'image/vnd.microsoft.icon',
] as const
export const ACCEPTED_IMAGE_EXTENSIONS = ['.png', '.gif', '.jpg', '.jpeg', '.bmp', '.ico'] as const
/** For `<input type="file" accept=…>`. */
export const IMAGE_ACCEPT = [...ACCEPTED_IMAGE_TYPES, ...ACCEPTED_IMAGE_EXTENSIONS].join(',')

/** Both the type and the extension must be on the list (an empty type defers to the extension). */
export function isAcceptedImageFile(file: Pick<File, 'name' | 'type'>): boolean {
  const name = file.name.toLowerCase()
  const extOk = ACCEPTED_IMAGE_EXTENSIONS.some((e) => name.endsWith(e))
  const type = file.type.toLowerCase()
  const typeOk = type === '' || (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(type)
  return extOk && typeOk
}

/** Image sources: http(s) URLs or a path on our own origin; never data:, javascript: or //host. */
export function safeImageSrc(src: unknown): string | null {
  if (typeof src !== 'string') return null
  const s = src.trim()
  if (/^\/(?![/\\])/.test(s)) {
    return hasControlChars(s) || /[\s"'<>`]/.test(s) ? null : s
  }
  let url: URL
  try {
    url = new URL(s)
  } catch {
    return null
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
}
