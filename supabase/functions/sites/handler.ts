// GET /functions/v1/sites: the site catalogue the web app loads after its first paint (verify_jwt
// off). The rules are _shared/common/site-rules.ts (the web app renders the built-in catalogue
// with the same module until this answer arrives); this file only reads the database.
//
//   GET  /sites               → 200 SiteCatalogue (_shared/common/site-types.ts) {
//     sites: Site[],            stored global_sites merged over the built-in catalogue (stored win
//                               by slug, `builtin` says which), ordered by id; each with
//                               waiting_list_count (0 when missing), booked (stored: status
//                               upcoming, open or none), the stored cta, promo, cta_link and
//                               form_link (a non-active site's links lead to /prereg/{slug}/signup),
//                               and what a visitor can do there now: state, state_label and
//                               call_to_action { label, promo, href } (siteState, siteCta).
//     sites_with_offer: Site[], the all-sites-with-offer list: booked = status is not active; an
//                               upcoming site comes without an offer; otherwise `offer` is the
//                               offer by id with path_params filled from site fields; a site whose
//                               offer is unknown (or unset) is left out.
//     offers: Offer[],          the offers table (id, slug, title, settings)
//     ctas: { id, cta, promo, link_route, link_template }[],
//     places: { location, slug, waiting_list_count }[]   waiting-list-only places
//   }
//   GET  /sites?name=<text>   → 200 { site: Site | null }   lookup by name or slug
//
// Headers: ETag (strong, over the body) and Cache-Control; If-None-Match → 304. A request with
// Cache-Control no-cache or max-age=0 (the web app sends it) reads the database afresh. Database
// failure → 502 upstream_failed. Other methods → 405.
import { z } from 'npm:zod@3'
import type { Site, SiteCatalogue } from '../_shared/common/site-types.ts'
import { findSiteByName, readCatalogue } from '../_shared/common/site-rules.ts'
import {
  type Cached,
  cacheTtl,
  conditional,
  etagOf,
  MicroCache,
  wantsFresh,
} from '../_shared/cache.ts'
import { HttpError, upstream } from '../_shared/errors.ts'
import { json, serve } from '../_shared/http.ts'
import { anonClient } from '../_shared/supabase.ts'

export const CACHE_CONTROL = 'public, max-age=30, stale-while-revalidate=300'

/** A read of the database, or a 502 naming what could not be read. */
async function rows<T>(
  what: string,
  q: PromiseLike<{ data: unknown; error: { message: string } | null }>,
): Promise<T> {
  const { data, error } = await q
  if (error) {
    throw upstream(`The ${what} could not be read. Please try again.`, { reason: error.message })
  }
  return data as T
}

function load(): Promise<SiteCatalogue> {
  const db = anonClient()
  return readCatalogue({
    sites: () => rows('site list', db.from('global_sites').select('*').order('id')),
    offers: () =>
      rows('site list', db.from('offers').select('id, slug, title, settings').order('id')),
    ctaSettings: () =>
      rows('site list', db.from('cta_settings').select('id, cta, promo, link_route').order('id')),
    counts: (location_names) =>
      rows('waiting-list counts', db.rpc('get_waiting_list_counts', { location_names })),
  })
}

/** Lookup by name or slug over the answer: stored sites first, then the built-ins no stored row overrides. */
export const findSite = (catalogue: Pick<SiteCatalogue, 'sites'>, name: string): Site | null =>
  findSiteByName(
    name,
    catalogue.sites.filter((s) => !s.builtin),
    catalogue.sites.filter((s) => s.builtin),
  )

const nameSchema = z.string().max(200, 'Use at most 200 characters.')
const cache = new MicroCache<{ full: Cached; catalogue: SiteCatalogue }>(
  cacheTtl('SITES_CACHE_MS', 2000),
)

export const handler = serve(async (req, url) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    throw new HttpError(405, 'method_not_allowed', 'Use GET.')
  }
  const entry = await cache.get(async () => {
    const catalogue = await load()
    const body = JSON.stringify(catalogue)
    return { full: { body, etag: await etagOf(body), at: Date.now() }, catalogue }
  }, wantsFresh(req))
  const name = url.searchParams.get('name')
  if (name !== null) {
    const parsed = nameSchema.safeParse(name)
    if (!parsed.success) {
      throw new HttpError(400, 'validation_failed', 'Some fields need attention.', [{
        path: 'name',
        message: parsed.error.issues[0]!.message,
      }])
    }
    const body = JSON.stringify({ site: findSite(entry.catalogue, parsed.data) })
    return conditional(req, { body, etag: await etagOf(body), at: Date.now() }, CACHE_CONTROL)
  }
  if (url.searchParams.size > 0) {
    return json({
      error: {
        code: 'bad_request',
        message: 'Unknown query parameter; only name is accepted.',
        details: [...url.searchParams.keys()],
      },
    }, { status: 400 })
  }
  return conditional(req, entry.full, CACHE_CONTROL)
})
