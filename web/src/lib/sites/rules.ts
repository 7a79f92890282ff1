// The site rules of spec §4 and §5: status, booked, links for non-active sites, offers, the
// merge of stored sites over the built-in catalogue, waiting-list counts and lookup by name.
import { namedRoutes, paths } from '@/config/paths'
import type { CtaSetting, Offer, Site, SiteStatus } from './types'

/** A site with no status counts as upcoming. */
export const statusOf = (site: Pick<Site, 'status'>): SiteStatus => site.status ?? 'upcoming'
export const isActive = (site: Pick<Site, 'status'>) => statusOf(site) === 'active'
/** upcoming: pre-registration open; open: the queue is open (bookable); active: the site page is live.
 *  What a visitor can do there now follows siteState below, not the status alone. */
export const isBookable = (site: Pick<Site, 'status'>) => statusOf(site) !== 'active'

export const STATUS_LABEL: Record<SiteStatus, string> = {
  upcoming: 'Coming soon',
  open: 'Queue open',
  active: 'Open now',
}

export const preregSignupHref = (slug: string) => paths.preregSiteSignup.getHref({ site: slug })

/** Non-active sites send their call to action and form to the pre-registration sign-up. */
export function applyLinkRules(site: Site): Site {
  if (isActive(site)) return site
  const link = preregSignupHref(site.slug)
  return { ...site, cta_link: link, form_link: link }
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null)
const num = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null
  const n = typeof v === 'number' ? v : Number(v)
  return Number.isFinite(n) ? n : null
}
const obj = <T>(v: unknown): T | null => (v && typeof v === 'object' && !Array.isArray(v) ? v as T : null)

/** A stored row as the client uses it: booked is true when the status is upcoming or open. */
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
    booked: statusOf({ status }) !== 'active',
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
        !!p && typeof p === 'object' && typeof (p as { text?: unknown }).text === 'string')
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

export interface CountRow {
  location: string
  count: number | string
}

/** Each site's waiting_list_count from the counts call, 0 when missing. */
export function withCounts<T extends { location: string; waiting_list_count: number }>(items: readonly T[], rows: readonly CountRow[]): T[] {
  const counts = new Map(rows.map((r) => [r.location.trim().toLowerCase(), Number(r.count) || 0]))
  return items.map((s) => ({ ...s, waiting_list_count: counts.get(s.location.trim().toLowerCase()) ?? 0 }))
}

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
  return { site: { ...site, booked: !isActive(site) }, offer: { ...offer, params } }
}

/**
 * Spec §5: trimmed and lowercased; stored sites by exact slug, then location equal to,
 * containing, or contained in the text; then built-ins by exact location, partial location,
 * then exact city.
 */
export function findSiteByName(name: string, stored: readonly Site[], builtIns: readonly Site[]): Site | null {
  const q = name.trim().toLowerCase()
  if (!q) return null
  const loc = (s: Site) => s.location.trim().toLowerCase()
  return stored.find((s) => s.slug.toLowerCase() === q)
    ?? stored.find((s) => loc(s) === q)
    ?? stored.find((s) => loc(s).includes(q))
    ?? stored.find((s) => q.includes(loc(s)))
    ?? builtIns.find((s) => loc(s) === q)
    ?? builtIns.find((s) => loc(s).includes(q) || q.includes(loc(s)))
    ?? builtIns.find((s) => s.city.trim().toLowerCase() === q)
    ?? null
}

export interface Cta {
  label: string
  promo: string | null
  href: string
}

/**
 * What a visitor can do at a site now, the one vocabulary for badges, buttons and promos (issue 17;
 * the database's membership rule, private.membership_access, decides the same way):
 * - coming_soon: not open yet (upcoming, or no status): pre-register;
 * - waiting: people are waiting, so plots go to them in queue order: join the waiting list;
 * - available: nobody waiting and plots free: become a member directly;
 * - full: nobody waiting and no plot free: join the waiting list, first in line.
 * The catalogue carries no live count of free plots unless a source adds `plots_free`; until then
 * the site's plot count stands in (none known: full). The membership set-up checks the real count.
 */
export type SiteState = 'coming_soon' | 'waiting' | 'available' | 'full'

export type StatefulSite = Pick<Site, 'status' | 'waiting_list_count' | 'allotments'> & { plots_free?: number | null }

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
 * list is its sign-up page, spec §4; an active one's its join page); where plots are free and
 * nobody waits, to the membership set-up. A promotion (the site's own, else its CTA setting's) is
 * about becoming a member, so it shows only where that can happen now.
 */
export function siteCta(site: Site, settings: readonly CtaSetting[]): Cta {
  const state = siteState(site)
  const label = CTA_LABEL[state]
  if (state === 'available') {
    const promo = site.promo ?? settings.find((c) => c.id === site.cta_setting_id)?.promo ?? null
    return { label, promo, href: paths.siteSetup.getHref({ cityslug: site.city_slug, slug: site.slug }) }
  }
  const href = isActive(site) ? paths.landingSiteJoin.getHref({ site: site.slug }) : preregSignupHref(site.slug)
  return { label, promo: null, href }
}

/**
 * The stored call to action (spec §3: the site's cta and cta_link, else its CTA setting's label,
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
    return { label: upcoming ? 'Pre-register' : (site.cta ?? 'Join Queue'), promo, href: preregSignupHref(site.slug) }
  }
  if (site.cta_link) return { label: site.cta ?? setting?.cta ?? 'Join Free Today', promo, href: site.cta_link }
  const route = setting?.link_route ?? 'landing-site-join'
  const href = route === 'landing-site-join'
    ? namedRoutes['landing-site-join'].getHref({ site: site.slug })
    : namedRoutes['sites-cityslug-slug-setup'].getHref({ cityslug: site.city_slug, slug: site.slug })
  return { label: site.cta ?? setting?.cta ?? 'Join Free Today', promo, href }
}

/** The built-in CTA settings (spec §3), used until the stored ones load. */
export const BUILT_IN_CTA_SETTINGS: CtaSetting[] = [
  { id: 1, cta: 'Join Free Today', promo: 'for your first month free', link_route: 'landing-site-join' },
  { id: 2, cta: 'Join Queue', promo: 'FREE £29.99 Starter Bundle When You Join This February', link_route: 'sites-cityslug-slug-setup' },
]

export const sitePageHref = (site: Pick<Site, 'city_slug' | 'slug'>) =>
  paths.site.getHref({ cityslug: site.city_slug, slug: site.slug })

/** Where a site's name links: an active site's page, else its pre-registration page. */
export const siteHref = (site: Site) =>
  isActive(site) ? sitePageHref(site) : paths.preregSite.getHref({ site: site.slug })
