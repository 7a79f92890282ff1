// GET /functions/v1/redirect-lookup (verify_jwt off): legacy paths and /s/{code} short links.
//
//   GET /redirect-lookup              → 200 { redirects: [{ from, to, status }] } with ETag and
//                                       Cache-Control no-cache; If-None-Match → 304. The client
//                                       checks every navigation against this table locally and
//                                       refreshes it in the background.
//   GET /redirect-lookup?path=/S/TM/  → 200 { redirect: { to, status, external } | null }
//       the path is normalised (query and hash dropped, percent-decoded, repeated and trailing
//       slashes removed, lower case); internal chains are followed (at most 5 hops, a loop
//       gives null); an internal target keeps the original query and hash.
//   A path that is not a path (no leading /, over 2048 characters) → 400. Database failure → 502.
import {
  type Cached,
  cacheTtl,
  conditional,
  etagOf,
  MicroCache,
  wantsFresh,
} from '../_shared/cache.ts'
import { badRequest, HttpError, upstream } from '../_shared/errors.ts'
import { serve } from '../_shared/http.ts'
import { anonClient } from '../_shared/supabase.ts'
import {
  normaliseRedirectPath,
  type RedirectRule,
  resolveRedirect,
} from '../_shared/common/redirect-paths.ts'

/**
 * Browsers keep the table but ask again on every use (a 304 by its ETag when it has not changed):
 * a table kept for minutes sent a returning visitor to /404 from a site closed meanwhile instead
 * of following its new redirect. A `Link: rel=preload` of a `no-cache` answer is still taken by
 * the app's first read (Chromium: one request a page load, checked by e2e `redirects`).
 */
export const CACHE_CONTROL = 'public, no-cache'

const cache = new MicroCache<{ full: Cached; table: Map<string, RedirectRule> }>(
  cacheTtl('REDIRECTS_CACHE_MS', 5000),
)

/** Rows a request reads: the API's max_rows (supabase/config.toml). */
const PAGE = 1000

async function load() {
  // The whole table, a page at a time: one request answers at most max_rows rows.
  const data: { source_path: string; target: string; status_code: number }[] = []
  for (let from = 0;; from += PAGE) {
    const page = await anonClient().from('redirects').select('source_path, target, status_code')
      .order('source_path').range(from, from + PAGE - 1)
    if (page.error) {
      throw upstream('The redirect table could not be read. Please try again.', {
        reason: page.error.message,
      })
    }
    data.push(...page.data)
    if (page.data.length < PAGE) break
  }
  const redirects: RedirectRule[] = data.map((r) => ({
    from: r.source_path,
    to: r.target,
    status: r.status_code,
  }))
  const body = JSON.stringify({ redirects })
  return {
    full: { body, etag: await etagOf(body), at: Date.now() },
    table: new Map(redirects.map((r) => [normaliseRedirectPath(r.from), r])),
  }
}

export const handler = serve(async (req, url) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    throw new HttpError(405, 'method_not_allowed', 'Use GET.')
  }
  const path = url.searchParams.get('path')
  if (path !== null && (!path.startsWith('/') || path.length > 2048)) {
    throw badRequest('path must start with / and be at most 2048 characters.', [{
      path: 'path',
      message: 'Not a path',
    }])
  }
  const entry = await cache.get(() => load(), wantsFresh(req))
  if (path === null) return conditional(req, entry.full, CACHE_CONTROL)
  const body = JSON.stringify({ redirect: resolveRedirect(entry.table, path) })
  return conditional(req, { body, etag: await etagOf(body), at: Date.now() }, CACHE_CONTROL)
})
