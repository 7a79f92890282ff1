// The site rules (status, booking, promises), one owner for both tiers: status and booked,
// the links of non-active sites, the merge of stored sites over the built-in catalogue, counts,
// offers, what a visitor can do at a site now and the call to action that follows, the routes
// they lead to, and lookup by name. The sites function assembles its answer with
// assembleCatalogue; the web app renders the built-in catalogue with the same rules until that
// answer arrives. Tested once, in site-rules.test.ts beside this file.
import {
  CATALOGUE_SITES,
  type CatalogueSite,
  CTA_SETTINGS,
  type CtaRoute,
  type CtaSetting,
  type SiteStatus,
  WAITING_LIST_PLACE_NAMES,
} from './catalogue.ts'
import type {
  CatalogueEntry,
  CountRow,
  Cta,
  Offer,
  Site,
  SiteCatalogue,
  SiteState,
  SiteWithOfferEntry,
  WaitingListPlace,
} from './site-types.ts'

export const slugify = (text: string) =>
  text.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '')

// ---------------------------------------------------------------------------------------------
// routes (the web's path table, web/src/config/paths-sites.ts, builds the same: a test there
// holds them together)
// ---------------------------------------------------------------------------------------------
const enc = encodeURIComponent
type Placed = Pick<Site, 'city_slug' | 'slug'>

export const siteRoutes = {
  site: (s: Placed) => `/sites/${enc(s.city_slug)}/${enc(s.slug)}`,
  siteSetup: (s: Placed) => `/sites/${enc(s.city_slug)}/${enc(s.slug)}/setup`,
  landingSiteJoin: (slug: string) => `/landing/${enc(slug)}/join`,
  preregSite: (slug: string) => `/prereg/${enc(slug)}`,
  preregSiteSignup: (slug: string) => `/prereg/${enc(slug)}/signup`,
}

/** Where each named CTA route leads, and its template for clients that fill it themselves. */
export const CTA_ROUTES: Record<CtaRoute, { template: string; href: (s: Placed) => string }> = {
  'landing-site-join': {
    template: '/landing/{site}/join',
    href: (s) => siteRoutes.landingSiteJoin(s.slug),
  },
  'sites-cityslug-slug-setup': {
    template: '/sites/{cityslug}/{slug}/setup',
    href: (s) => siteRoutes.siteSetup(s),
  },
}

// ---------------------------------------------------------------------------------------------
// status, booked, links
// ---------------------------------------------------------------------------------------------
/** A site with no status counts as upcoming. */
export const statusOf = (site: { status?: SiteStatus | null }): SiteStatus =>
  site.status ?? 'upcoming'
export const isActive = (site: { status?: SiteStatus | null }) => statusOf(site) === 'active'
/** upcoming: pre-registration open; open: the queue is open (bookable); active: the site page is live.
 *  What a visitor can do there now follows siteState below, not the status alone. A stored site is
 *  booked when it is bookable (upcoming or open, or no status). */
export const isBookable = (site: { status?: SiteStatus | null }) => statusOf(site) !== 'active'

export const STATUS_LABEL: Record<SiteStatus, string> = {
  upcoming: 'Coming soon',
  open: 'Queue open',
  active: 'Open now',
}

export const preregSignupHref = (slug: string) => siteRoutes.preregSiteSignup(slug)

/** Non-active sites send their call to action and form to the pre-registration sign-up. */
export function applyLinkRules<T extends Pick<Site, 'status' | 'slug' | 'cta_link' | 'form_link'>>(
  site: T,
): T {
  if (isActive(site)) return site
  const link = preregSignupHref(site.slug)
  return { ...site, cta_link: link, form_link: link }
}

export const sitePageHref = (site: Placed) => siteRoutes.site(site)

/** Where a site's name links: an active site's page, else its pre-registration page. */
export const siteHref = (site: Pick<Site, 'status' | 'city_slug' | 'slug'>) =>
  isActive(site) ? sitePageHref(site) : siteRoutes.preregSite(site.slug)

// ---------------------------------------------------------------------------------------------
// the catalogue as sites, stored rows, merge and counts
// ---------------------------------------------------------------------------------------------
/** A catalogue entry as a site: what the app shows before, or without, a stored row. */
export function catalogueSite(c: CatalogueSite): Site {
  return {
    ...c,
    booked: isBookable(c),
    ac_id: null,
    gmap_embed: null,
    stripe_deposit_link: null,
    form_link: null,
    cta: null,
    cta_link: null,
    offer_id: null,
    launchmode: null,
    description_title: null,
    description: null,
    landing_page_description: null,
    nearby_attractions: null,
    food_drinks: null,
    directions: null,
    distance_points: null,
    pm_name: null,
    pm_message: null,
    pm_photo_1: null,
    pm_photo_2: null,
    social_media: null,
    waiting_list_count: 0,
    builtin: true,
  }
}

export const BUILT_IN_SITES: readonly Site[] = CATALOGUE_SITES.map(catalogueSite)

export const BUILT_IN_PLACES: readonly WaitingListPlace[] = WAITING_LIST_PLACE_NAMES.map((
  location,
) => ({
  location,
  slug: slugify(location),
  waiting_list_count: 0,
}))

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null)
const num = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null
  const n = typeof v === 'number' ? v : Number(v)
  return Number.isFinite(n) ? n : null
}
const obj = <T>(
  v: unknown,
): T | null => (v && typeof v === 'object' && !Array.isArray(v) ? v as T : null)

/** A stored global_sites row as a site (booked when upcoming or open, link rules applied), or
 *  null for a row without an id, slug, location or city. */
export function fromStoredRow(row: Record<string, unknown>): Site | null {
  const id = num(row.id)
  const slug = text(row.slug)
  const location = text(row.location)
  const city = text(row.city)
  if (id === null || !slug || !location || !city) return null
  const status = (['upcoming', 'active', 'open'] as const).find((s) => s === row.status) ?? null
  const site: Site = {
    id,
    city,
    city_slug: text(row.city_slug) ?? slug,
    location,
    slug,
    key: text(row.key),
    status,
    booked: isBookable({ status }),
    allotments: num(row.allotments),
    site_size: num(row.site_size),
    joined: text(row.joined),
    ac_id: (typeof row.ac_id === 'number' || typeof row.ac_id === 'string') ? row.ac_id : null,
    coordinates: text(row.coordinates),
    gmap_embed: text(row.gmap_embed),
    gmap_link: text(row.gmap_link),
    stripe_deposit_link: text(row.stripe_deposit_link),
    form_link: text(row.form_link),
    promo: text(row.promo),
    cta: text(row.cta),
    cta_link: text(row.cta_link),
    cta_setting_id: num(row.cta_setting_id),
    offer_id: num(row.offer_id),
    launchmode: text(row.launchmode),
    description_title: text(row.description_title),
    description: text(row.description),
    landing_page_description: text(row.landing_page_description),
    nearby_attractions: text(row.nearby_attractions),
    food_drinks: text(row.food_drinks),
    directions: obj(row.directions),
    distance_points: Array.isArray(row.distance_points)
      ? row.distance_points.filter((p): p is { icon: string; text: string } =>
        !!p && typeof p === 'object' && typeof (p as { text?: unknown }).text === 'string'
      )
      : null,
    pm_name: text(row.pm_name),
    pm_message: text(row.pm_message),
    pm_photo_1: text(row.pm_photo_1),
    pm_photo_2: text(row.pm_photo_2),
    social_media: obj(row.social_media),
    waiting_list_count: 0,
    builtin: false,
  }
  return applyLinkRules(site)
}

/** Stored sites override built-ins by slug; the result is ordered by id. */
export function mergeSites(builtIns: readonly Site[], stored: readonly Site[]): Site[] {
  const bySlug = new Map<string, Site>()
  for (const s of builtIns) bySlug.set(s.slug, applyLinkRules(s))
  for (const s of stored) bySlug.set(s.slug, s)
  return [...bySlug.values()].sort((a, b) => a.id - b.id)
}

/** Each item's waiting_list_count from the counts call (by name, any case), 0 when missing. */
export function withCounts<T extends { location: string; waiting_list_count: number }>(
  items: readonly T[],
  rows: readonly CountRow[],
): T[] {
  const counts = new Map(rows.map((r) => [r.location.trim().toLowerCase(), Number(r.count) || 0]))
  return items.map((s) => ({
    ...s,
    waiting_list_count: counts.get(s.location.trim().toLowerCase()) ?? 0,
  }))
}

/** The names the counts call is asked for: every site and waiting-list-only place, once. */
export const countNames = (
  sites: readonly Site[],
  places: readonly WaitingListPlace[] = BUILT_IN_PLACES,
) => [...new Set([...sites.map((s) => s.location), ...places.map((p) => p.location)])]

// ---------------------------------------------------------------------------------------------
// offers
// ---------------------------------------------------------------------------------------------
export interface SiteWithOffer {
  site: Site
  offer: (Offer & { params: Record<string, string> }) | null
}

/**
 * A site with its offer: an upcoming site returns directly without one; otherwise the offer
 * by id is merged in with its path parameters filled from site fields, and booked is true
 * when the site is not active. An unknown offer gives nothing.
 */
export function siteWithOffer(site: Site, offers: readonly Offer[]): SiteWithOffer | null {
  if (statusOf(site) === 'upcoming') return { site, offer: null }
  const offer = site.offer_id === null ? undefined : offers.find((o) => o.id === site.offer_id)
  if (!offer) return null
  const params: Record<string, string> = {}
  for (const [name, field] of Object.entries(offer.settings.path_params ?? {})) {
    const value = (site as unknown as Record<string, unknown>)[field]
    if (value !== null && value !== undefined) params[name] = String(value)
  }
  return { site: { ...site, booked: isBookable(site) }, offer: { ...offer, params } }
}

/** The all-sites-with-offer list: each site with its offer (see siteWithOffer), unknown offers left out. */
export function sitesWithOffer(
  sites: readonly Site[],
  offers: readonly Offer[],
): SiteWithOfferEntry[] {
  const out: SiteWithOfferEntry[] = []
  for (const s of sites) {
    const r = siteWithOffer(s, offers)
    if (!r) continue
    let offer: SiteWithOfferEntry['offer'] = null
    if (r.offer) {
      const { params, ...rest } = r.offer
      offer = { ...rest, path_params: params }
    }
    out.push({ ...r.site, offer })
  }
  return out
}

// ---------------------------------------------------------------------------------------------
// state and the call to action
// ---------------------------------------------------------------------------------------------
/**
 * What a visitor can do at a site now, the one vocabulary for badges, buttons and promos (as
 * the database's membership rule, private.membership_access, decides the same way):
 * - coming_soon: not open yet (upcoming, or no status): pre-register;
 * - waiting: people are waiting, so plots go to them in queue order: join the waiting list;
 * - available: nobody waiting and plots free: become a member directly;
 * - full: nobody waiting and no plot free: join the waiting list, first in line.
 * The catalogue carries no live count of free plots unless a source adds `plots_free`; until then
 * the site's plot count stands in (none known: full). The membership set-up checks the real count.
 */
export type StatefulSite = Pick<Site, 'status' | 'waiting_list_count' | 'allotments'> & {
  plots_free?: number | null
}

export function siteState(site: StatefulSite): SiteState {
  if (statusOf(site) === 'upcoming') return 'coming_soon'
  if (site.waiting_list_count > 0) return 'waiting'
  const free = site.plots_free ?? site.allotments
  return free !== null && free !== undefined && free > 0 ? 'available' : 'full'
}

/** The badge of a site's state; the number waiting shows beside it wherever a site is shown. */
export const STATE_LABEL: Record<SiteState, string> = {
  coming_soon: 'Coming soon',
  waiting: 'Waiting list',
  available: 'Plots available',
  full: 'Full: waiting list open',
}

export const stateLabel = (site: StatefulSite): string => STATE_LABEL[siteState(site)]

export const CTA_LABEL: Record<SiteState, string> = {
  coming_soon: 'Pre-register',
  waiting: 'Join the waiting list',
  available: 'Become a member',
  full: 'Join the waiting list',
}

/**
 * The call to action of a site, following its state: a site not open yet goes to its
 * pre-registration; where people wait (or no plot is free) to its waiting list (a non-active site's
 * list is its sign-up page; an active one's its join page); where plots are free and
 * nobody waits, to the membership set-up. A promotion (the site's own, else its CTA setting's) is
 * about becoming a member, so it shows only where that can happen now.
 */
export function siteCta(site: Site, settings: readonly CtaSetting[]): Cta {
  const state = siteState(site)
  const label = CTA_LABEL[state]
  if (state === 'available') {
    const promo = site.promo ?? settings.find((c) => c.id === site.cta_setting_id)?.promo ?? null
    return { label, promo, href: siteRoutes.siteSetup(site) }
  }
  const href = isActive(site) ? siteRoutes.landingSiteJoin(site.slug) : preregSignupHref(site.slug)
  return { label, promo: null, href }
}

/**
 * The stored call to action (the site's cta and cta_link, else its CTA setting's label,
 * promo and route), whatever the site's state.
 * @deprecated The stored labels and promos promise what may not apply ("Join Free Today" to a
 * queue of 24): use siteCta, which follows the site's state. Kept for the offer pages until they
 * move over.
 */
export function resolveCta(site: Site, settings: readonly CtaSetting[]): Cta {
  const setting = settings.find((c) => c.id === site.cta_setting_id) ?? null
  const promo = site.promo ?? setting?.promo ?? null
  if (!isActive(site)) {
    const upcoming = statusOf(site) === 'upcoming'
    return {
      label: upcoming ? 'Pre-register' : (site.cta ?? 'Join Queue'),
      promo,
      href: preregSignupHref(site.slug),
    }
  }
  const label = site.cta ?? setting?.cta ?? 'Join Free Today'
  if (site.cta_link) return { label, promo, href: site.cta_link }
  return { label, promo, href: CTA_ROUTES[setting?.link_route ?? 'landing-site-join'].href(site) }
}

/** The built-in CTA settings, used until the stored ones load. */
export const BUILT_IN_CTA_SETTINGS: readonly CtaSetting[] = CTA_SETTINGS

// ---------------------------------------------------------------------------------------------
// lookup by name
// ---------------------------------------------------------------------------------------------
/**
 * Trimmed and lowercased; stored sites by exact slug, then location equal to,
 * containing, or contained in the text; then built-ins by exact location, partial location,
 * then exact city.
 */
export function findSiteByName<T extends Pick<Site, 'slug' | 'location' | 'city'>>(
  name: string,
  stored: readonly T[],
  builtIns: readonly T[],
): T | null {
  const q = name.trim().toLowerCase()
  if (!q) return null
  const loc = (s: T) => s.location.trim().toLowerCase()
  return stored.find((s) => s.slug.toLowerCase() === q) ??
    stored.find((s) => loc(s) === q) ??
    stored.find((s) => loc(s).includes(q)) ??
    stored.find((s) => q.includes(loc(s))) ??
    builtIns.find((s) => loc(s) === q) ??
    builtIns.find((s) => loc(s).includes(q) || q.includes(loc(s))) ??
    builtIns.find((s) => s.city.trim().toLowerCase() === q) ??
    null
}

// ---------------------------------------------------------------------------------------------
// the sites function's answer
// ---------------------------------------------------------------------------------------------
/**
 * The catalogue answer from what the database holds: stored rows (already read with
 * fromStoredRow) over the built-in catalogue, the offers, the CTA settings (the built-in ones
 * when none are stored) and the waiting-list counts of countNames(…).
 */
export function assembleCatalogue(input: {
  stored: readonly Site[]
  offers: readonly Offer[]
  ctas: readonly CtaSetting[]
  counts: readonly CountRow[]
  /** Slugs of archived sites (global_sites.archived_at): left out, built-in or stored. */
  archived?: readonly string[]
}): SiteCatalogue {
  const ctas = input.ctas.length > 0 ? input.ctas : CTA_SETTINGS
  const closed = new Set(input.archived ?? [])
  const merged = withCounts(
    mergeSites(BUILT_IN_SITES, input.stored).filter((s) => !closed.has(s.slug)),
    input.counts,
  )
  const sites: CatalogueEntry[] = merged.map((s) => {
    const state = siteState(s)
    return { ...s, state, state_label: STATE_LABEL[state], call_to_action: siteCta(s, ctas) }
  })
  return {
    sites,
    sites_with_offer: sitesWithOffer(merged, input.offers),
    offers: [...input.offers],
    ctas: ctas.map((c) => ({ ...c, link_template: CTA_ROUTES[c.link_route].template })),
    places: withCounts(BUILT_IN_PLACES, input.counts),
  }
}

/** The tables behind the catalogue answer, as a reader gives them (a rejection fails the answer). */
export interface CatalogueTables {
  sites(): Promise<readonly Record<string, unknown>[]>
  offers(): Promise<readonly Offer[]>
  ctaSettings(): Promise<readonly CtaSetting[]>
  counts(locationNames: string[]): Promise<readonly CountRow[]>
}

/** Reads the tables (sites, offers and CTA settings at once, then the counts of every name) and
 *  assembles the answer: the sites function over the database, the web's tests over fakes. */
export async function readCatalogue(tables: CatalogueTables): Promise<SiteCatalogue> {
  const [rows, offers, ctas] = await Promise.all([
    tables.sites(),
    tables.offers(),
    tables.ctaSettings(),
  ])
  const stored = rows.map(fromStoredRow).filter((s): s is Site => s !== null)
  // An archived site leaves the public catalogue, and takes its built-in twin with it.
  const archived = rows.filter((r) => r.archived_at != null).map((r) => String(r.slug))
  const counts = await tables.counts(countNames(mergeSites(BUILT_IN_SITES, stored)))
  return assembleCatalogue({ stored, offers, ctas, counts, archived })
}
