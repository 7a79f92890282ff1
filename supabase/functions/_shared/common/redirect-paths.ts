// Redirect rules as both tiers apply them: the redirect-lookup function answers one path, and
// the web app checks every navigation against the table it keeps (web/src/lib/redirects.ts).

export interface RedirectRule {
  from: string
  to: string
  status: number
}

export interface RedirectHit {
  to: string
  status: number
  external: boolean
}

/** Internal chains are followed this many hops at most. */
export const MAX_REDIRECT_HOPS = 5

export const isExternalTarget = (to: string) => /^https?:\/\//i.test(to)

/** Path only (query and hash dropped), percent-decoded, lower case, no repeated or trailing
 *  slash ('/' stays '/'). */
export function normaliseRedirectPath(path: string): string {
  let p = path.split(/[?#]/)[0] ?? ''
  try {
    p = decodeURI(p)
  } catch { /* keep as typed */ }
  p = ('/' + p).replace(/\/{2,}/g, '/').toLowerCase()
  return p.length > 1 ? p.replace(/\/+$/, '') : p
}

/**
 * Where `path` (with any query and hash) should go, given rules keyed by their normalised
 * source: internal chains are followed (a loop gives null), an external target ends the chain,
 * and an internal target without its own query or hash keeps the original ones.
 */
export function resolveRedirect(
  table: ReadonlyMap<string, RedirectRule>,
  path: string,
): RedirectHit | null {
  const tail = path.slice(path.split(/[?#]/)[0]!.length)
  let current = normaliseRedirectPath(path)
  const seen = new Set([current])
  let hit: RedirectRule | undefined
  for (let hop = 0; hop < MAX_REDIRECT_HOPS; hop++) {
    const rule = table.get(current)
    if (!rule) break
    hit = rule
    if (isExternalTarget(rule.to)) return { to: rule.to, status: rule.status, external: true }
    const next = normaliseRedirectPath(rule.to)
    if (seen.has(next)) return null
    seen.add(next)
    current = next
  }
  if (!hit) return null
  return { to: /[?#]/.test(hit.to) ? hit.to : hit.to + tail, status: hit.status, external: false }
}
