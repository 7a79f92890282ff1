// Knowledge-base addresses: /kb/{link...} where the link is one or more lowercase slug segments
// (the database's path rule). Breadcrumbs come from the link's ancestors.
import { routeValidationError } from '@/lib/errors/http-error'

const SEGMENT = /^[a-z0-9]+(-[a-z0-9]+)*$/

/** The link of `/kb/{link...}` ('' for the knowledge base's home), or a 404 'Page Not Found: {path}'. */
export function kbLink(raw: string | undefined | null, path: string): string {
  const link = (raw ?? '').replace(/\/+$/, '')
  if (link === '') return ''
  const segments = link.split('/')
  if (segments.length > 8 || !segments.every((s) => SEGMENT.test(s))) {
    throw routeValidationError(path)
  }
  return link
}

/** 'a/b/c' → ['a', 'a/b']: the paths above an article, outermost first. */
export function ancestorsOf(link: string): string[] {
  const segments = link.split('/')
  return segments.slice(0, -1).map((_, i) => segments.slice(0, i + 1).join('/'))
}

/** 'getting-started' → 'Getting started': the label of an ancestor that has no article. */
export const segmentLabel = (path: string) => {
  const s = path.split('/').at(-1)!.replace(/-/g, ' ')
  return s.charAt(0).toUpperCase() + s.slice(1)
}

/** The direct children of `link` among the paths ('' → the top-level articles). */
export function childrenOf<T extends { path: string }>(link: string, rows: readonly T[]): T[] {
  const depth = link === '' ? 1 : link.split('/').length + 1
  return rows.filter((r) =>
    (link === '' || r.path.startsWith(`${link}/`)) && r.path.split('/').length === depth
  )
}

/** A visitor's search words, safe inside a REST filter: letters, digits, spaces, hyphens, apostrophes. */
export function searchTerms(q: string): string {
  return q.normalize('NFKC').replace(/[^\p{L}\p{N}\s'-]/gu, ' ').replace(/\s+/g, ' ').trim().slice(
    0,
    100,
  )
}
