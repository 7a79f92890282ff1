// GET /functions/v1/sites: the site catalogue the client loads on start (verify_jwt off).
//
//   GET  /sites               → 200 {
//     sites: Site[],            stored global_sites merged over the built-in catalogue (stored win
//                               by slug), ordered by id; each with waiting_list_count (0 when
//                               missing), booked (stored: status upcoming or open), state and
//                               state_label (what a visitor can do there now: see siteState), and
//                               the call to action following that state: cta (its label), promo
//                               (only where one can become a member now), cta_link (the set-up
//                               where plots are free and nobody waits; else the waiting list:
//                               active /landing/{slug}/join, non-active /prereg/{slug}/signup) and
//                               form_link (non-active: /prereg/{slug}/signup).
//     sites_with_offer: Site[], the all-sites-with-offer list: booked = status is not active; an
//                               upcoming site comes without an offer; otherwise `offer` is the
//                               offer by id with path_params filled from site fields; a site whose
//                               offer is unknown (or unset) is left out.
//     ctas: { id, cta, promo, link_route, link_template }[],
//     places: { location, waiting_list_count }[]   waiting-list-only places
//   }
//   GET  /sites?name=<text>   → 200 { site: Site | null }   lookup by name (spec 5)
//
// Headers: ETag (strong, over the body) and Cache-Control; If-None-Match → 304. A status of
// null counts as upcoming. Database failure → 502 upstream_failed. Other methods → 405.
import { z } from 'npm:zod@3'
import { BUILT_IN_SITES, WAITING_LIST_ONLY_PLACES } from '../_shared/catalogue.ts'
import { type Cached, cacheTtl, conditional, etagOf, MicroCache, wantsFresh } from '../_shared/cache.ts'
import { HttpError, upstream } from '../_shared/errors.ts'
import { json, serve } from '../_shared/http.ts'
import { anonClient } from '../_shared/supabase.ts'

type Row = Record<string, unknown> & { id: number; slug: string; location: string; city: string; city_slug: string; status: string | null }
interface Offer { id: number; slug: string; title: string; settings: { path_params?: Record<string, string> } & Record<string, unknown> }
interface Cta { id: number; cta: string; promo: string | null; link_route: string }

export const CACHE_CONTROL = 'public, max-age=30, stale-while-revalidate=300'

const ROUTES: Record<string, (s: Row) => string> = {
  'landing-site-join': (s) => `/landing/${s.slug}/join`,
  'sites-cityslug-slug-setup': (s) => `/sites/${s.city_slug}/${s.slug}/setup`,
}
const TEMPLATES: Record<string, string> = {
  'landing-site-join': '/landing/{site}/join',
  'sites-cityslug-slug-setup': '/sites/{cityslug}/{slug}/setup',
}

export const statusOf = (s: { status?: unknown }) => (s.status as string | null) ?? 'upcoming'

/**
 * What a visitor can do at a site now (issue 17), the same vocabulary as the web client's
 * web/src/lib/sites/rules.ts (siteState, STATE_LABEL, CTA_LABEL, siteCta; a later refactoring
 * merges the two): coming_soon (not open yet) → pre-register; waiting (people waiting) → join the
 * waiting list; available (nobody waiting, plots free) → become a member; full (nobody waiting,
 * no plot free) → join the waiting list. Free plots: `plots_free` where known, else the plot count.
 */
export type SiteState = 'coming_soon' | 'waiting' | 'available' | 'full'

export function siteState(s: { status?: unknown; waiting_list_count?: unknown; allotments?: unknown; plots_free?: unknown }): SiteState {
  if (statusOf(s) === 'upcoming') return 'coming_soon'
  if (Number(s.waiting_list_count ?? 0) > 0) return 'waiting'
  const free = s.plots_free ?? s.allotments
  return free !== null && free !== undefined && Number(free) > 0 ? 'available' : 'full'
}

export const STATE_LABEL: Record<SiteState, string> = {
  coming_soon: 'Coming soon',
  waiting: 'Waiting list',
  available: 'Plots available',
  full: 'Full: waiting list open',
}

export const CTA_LABEL: Record<SiteState, string> = {
  coming_soon: 'Pre-register',
  waiting: 'Join the waiting list',
  available: 'Become a member',
  full: 'Join the waiting list',
}

/**
 * Spec 4 rules for one site of the catalogue, with its call to action following its state: the
 * label (cta), where it leads (cta_link: the membership set-up where plots are free and nobody
 * waits; otherwise the waiting list, which for a non-active site is its sign-up page, also its
 * form_link) and a promotion (promo: the site's own, else its CTA setting's) only where a visitor
 * can become a member now, the one case a joining offer applies to.
 */
export function decorate(site: Row, stored: boolean, count: number, ctas: Map<number, Cta>): Row {
  const status = statusOf(site)
  const out: Row = { ...site, status, waiting_list_count: count }
  if (stored) out.booked = status === 'upcoming' || status === 'open'
  const state = siteState(out)
  const setting = ctas.get(Number(site.cta_setting_id))
  out.state = state
  out.state_label = STATE_LABEL[state]
  out.cta = CTA_LABEL[state]
  out.promo = state === 'available' ? (site.promo ?? setting?.promo ?? null) : null
  if (status !== 'active') out.form_link = `/prereg/${site.slug}/signup`
  out.cta_link = state === 'available'
    ? ROUTES['sites-cityslug-slug-setup'](site)
    : status === 'active' ? ROUTES['landing-site-join'](site) : `/prereg/${site.slug}/signup`
  return out
}

/** The all-sites-with-offer entry for a site, or null when its offer is unknown. */
export function withOffer(site: Row, offers: Map<number, Offer>): Row | null {
  const status = statusOf(site)
  const base = { ...site, booked: status !== 'active' }
  if (status === 'upcoming') return { ...base, offer: null }
  const offer = offers.get(Number(site.offer_id))
  if (!offer) return null
  const params = Object.fromEntries(Object.entries(offer.settings.path_params ?? {}).map(([k, field]) => [k, site[field] ?? null]))
  return { ...base, offer: { ...offer, path_params: params } }
}

export interface Catalogue {
  sites: Row[]
  sites_with_offer: Row[]
  ctas: (Cta & { link_template: string | null })[]
  places: { location: string; waiting_list_count: number }[]
}

async function load(): Promise<Catalogue> {
  const db = anonClient()
  const [sitesRes, offersRes, ctasRes] = await Promise.all([
    db.from('global_sites').select('*').order('id'),
    db.from('offers').select('id, slug, title, settings'),
    db.from('cta_settings').select('id, cta, promo, link_route').order('id'),
  ])
  const failed = sitesRes.error ?? offersRes.error ?? ctasRes.error
  if (failed) throw upstream('The site list could not be read. Please try again.', { reason: failed.message })
  const stored = sitesRes.data as Row[]
  const storedSlugs = new Set(stored.map((s) => s.slug))
  const builtIns = BUILT_IN_SITES.filter((b) => !storedSlugs.has(b.slug)).map((b) => ({ ...b }) as unknown as Row)
  const merged = [...stored.map((s) => ({ s, stored: true })), ...builtIns.map((s) => ({ s, stored: false }))]
    .sort((a, b) => a.s.id - b.s.id)
  const names = [...merged.map((m) => m.s.location), ...WAITING_LIST_ONLY_PLACES]
  const countsRes = await db.rpc('get_waiting_list_counts', { location_names: names })
  if (countsRes.error) throw upstream('The waiting-list counts could not be read. Please try again.', { reason: countsRes.error.message })
  const counts = new Map<string, number>()
  for (const r of countsRes.data as { location: string; count: number }[]) counts.set(r.location.trim().toLowerCase(), Number(r.count))
  const countOf = (name: string) => counts.get(name.trim().toLowerCase()) ?? 0
  const ctas = new Map((ctasRes.data as Cta[]).map((c) => [c.id, c]))
  const offers = new Map((offersRes.data as Offer[]).map((o) => [o.id, o]))
  const sites = merged.map((m) => decorate(m.s, m.stored, countOf(m.s.location), ctas))
  return {
    sites,
    sites_with_offer: sites.map((s) => withOffer(s, offers)).filter((s): s is Row => s !== null),
    ctas: [...ctas.values()].map((c) => ({ ...c, link_template: TEMPLATES[c.link_route] ?? null })),
    places: WAITING_LIST_ONLY_PLACES.map((location) => ({ location, waiting_list_count: countOf(location) })),
  }
}

/** Spec 5: trim and lowercase; stored by exact slug, then location equal / containing /
 *  contained; then built-ins by exact location, partial location, then exact city. */
export function findSite(catalogue: Catalogue, name: string, storedSlugs: Set<string>): Row | null {
  const q = name.trim().toLowerCase()
  if (!q) return null
  const stored = catalogue.sites.filter((s) => storedSlugs.has(s.slug))
  const builtIn = catalogue.sites.filter((s) => !storedSlugs.has(s.slug))
  const loc = (s: Row) => s.location.trim().toLowerCase()
  return stored.find((s) => s.slug === q) ??
    stored.find((s) => loc(s) === q) ??
    stored.find((s) => loc(s).includes(q)) ??
    stored.find((s) => q.includes(loc(s))) ??
    builtIn.find((s) => loc(s) === q) ??
    builtIn.find((s) => loc(s).includes(q) || q.includes(loc(s))) ??
    builtIn.find((s) => s.city.trim().toLowerCase() === q) ??
    null
}

const nameSchema = z.string().max(200, 'Use at most 200 characters.')
const cache = new MicroCache<{ full: Cached; catalogue: Catalogue; storedSlugs: Set<string> }>(cacheTtl('SITES_CACHE_MS', 2000))

export const handler = serve(async (req, url) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') throw new HttpError(405, 'method_not_allowed', 'Use GET.')
  const entry = await cache.get(async () => {
    const catalogue = await load()
    const body = JSON.stringify(catalogue)
    const storedSlugs = new Set(catalogue.sites.filter((s) => 'created_at' in s).map((s) => s.slug))
    return { full: { body, etag: await etagOf(body), at: Date.now() }, catalogue, storedSlugs }
  }, wantsFresh(req))
  const name = url.searchParams.get('name')
  if (name !== null) {
    const parsed = nameSchema.safeParse(name)
    if (!parsed.success) throw new HttpError(400, 'validation_failed', 'Some fields need attention.', [{ path: 'name', message: parsed.error.issues[0]!.message }])
    const body = JSON.stringify({ site: findSite(entry.catalogue, parsed.data, entry.storedSlugs) })
    return conditional(req, { body, etag: await etagOf(body), at: Date.now() }, CACHE_CONTROL)
  }
  if (url.searchParams.size > 0) return json({ error: { code: 'bad_request', message: 'Unknown query parameter; only name is accepted.', details: [...url.searchParams.keys()] } }, { status: 400 })
  return conditional(req, entry.full, CACHE_CONTROL)
})
