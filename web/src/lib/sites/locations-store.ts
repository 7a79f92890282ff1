// The locations store: every site (stored over built-in) and waiting-list-only place,
// with waiting-list counts, offers, the all-sites-with-offer list and CTA settings. It starts from
// the built-in catalogue (first paint) and then takes the sites function's answer
// (GET /functions/v1/sites), which merges, counts and matches offers with the same
// rules (@common/site-rules). `loaded` turns true once that answer is in; `settled` once the first
// attempt has finished either way, so route rules (unknown site → 404) never judge a stored-only
// site before it could arrive. A failed read is silently ignored (what was shown stays).
import { proxy, ref, useSnapshot } from 'valtio'
import { useEffect } from 'react'
import { afterNextPaint } from '@/lib/after-first-paint'
import { sameValue } from '@/lib/same-value'
import { BUILT_IN_SITES, WAITING_LIST_PLACES } from './catalogue'
import { functionGet } from './rest'
import { BUILT_IN_CTA_SETTINGS, mergeSites } from './rules'
import type {
  CtaSetting,
  Offer,
  Site,
  SiteCatalogue,
  SiteWithOfferEntry,
  WaitingListPlace,
} from './types'

export interface LocationsSource {
  catalogue(): Promise<SiteCatalogue>
}

/** The sites function: stored sites over the catalogue, counts, offers and CTA settings at once. */
export const functionSource: LocationsSource = {
  catalogue: () => functionGet<SiteCatalogue>('sites'),
}

export interface LocationsState {
  sites: Site[]
  /** The stored rows only (looked up first). */
  storedSites: Site[]
  places: WaitingListPlace[]
  offers: Offer[]
  /** The all-sites-with-offer list, as the sites function matched it. */
  sitesWithOffer: SiteWithOfferEntry[]
  ctaSettings: CtaSetting[]
  /** Stored sites and waiting-list counts have loaded (the sites function answered). */
  loaded: boolean
  /** The offers were read (else the /prereg offer rule cannot be judged strictly). */
  offersLoaded: boolean
  /** The first load has finished, whatever its outcome. */
  settled: boolean
}

// The row lists are replaced whole, never changed in place, so they are kept as plain values
// (valtio's ref): proxying every field of every site cost the start-up about 20 ms on a slow phone,
// and an unchanged list keeps its identity for memoised rendering.
const initial = (): LocationsState => ({
  sites: ref(mergeSites(BUILT_IN_SITES, [])),
  storedSites: ref([]),
  places: ref(WAITING_LIST_PLACES.map((p) => ({ ...p }))),
  offers: ref([]),
  sitesWithOffer: ref([]),
  ctaSettings: ref(BUILT_IN_CTA_SETTINGS.map((c) => ({ ...c }))),
  loaded: false,
  offersLoaded: false,
  settled: false,
})

export const locations = proxy<LocationsState>(initial())

let inFlight: Promise<void> | null = null

const isCatalogue = (a: unknown): a is SiteCatalogue => {
  const c = a as Partial<SiteCatalogue> | null
  return !!c && [c.sites, c.sites_with_offer, c.offers, c.ctas, c.places].every(Array.isArray)
}

let running = 0

/** Loads the catalogue answer. `settled` turns true once one has arrived, or once no load is
 *  running any more (a failed load does not settle the store while another may still answer). */
export async function loadLocations(source: LocationsSource = functionSource): Promise<void> {
  running++
  try {
    const answer = await source.catalogue()
    if (!isCatalogue(answer)) throw new Error('Unexpected catalogue answer')
    // A list that answers what the store holds keeps its identity: the components that read it
    // do not render again (a server-rendered page's data and the live read are mostly the same).
    const keep = <
      K extends 'sites' | 'storedSites' | 'places' | 'offers' | 'sitesWithOffer' | 'ctaSettings',
    >(
      key: K,
      value: LocationsState[K],
    ) => {
      if (!sameValue(locations[key], value)) locations[key] = ref(value) as LocationsState[K]
    }
    keep('sites', answer.sites)
    keep('storedSites', answer.sites.filter((s) => !s.builtin))
    keep('places', answer.places)
    keep('offers', answer.offers)
    keep('sitesWithOffer', answer.sites_with_offer)
    if (answer.ctas.length > 0) keep('ctaSettings', answer.ctas)
    locations.offersLoaded = true
    locations.loaded = true
    locations.settled = true
  } catch {
    // A failed read is silently ignored; the page keeps what it shows.
  } finally {
    running--
    if (running === 0) locations.settled = true
  }
}

let hurry: (() => void) | null = null

/**
 * Starts the first load once; later callers share it. Pages that show the built-in catalogue
 * until the live rows arrive (home, the sites list) load `afterPaint`, so the reads never hold
 * up their first paint; a page that must judge the stored rows (a site page, a landing page)
 * loads at once, and hurries a load that is still waiting for the paint.
 */
export function ensureLocationsLoaded(
  source?: LocationsSource,
  when: 'now' | 'afterPaint' = 'now',
): Promise<void> {
  if (!inFlight) {
    const go = when === 'now' ? Promise.resolve() : new Promise<void>((resolve) => {
      hurry = resolve
      void afterNextPaint().then(resolve)
    })
    inFlight = go.then(() => {
      hurry = null
      return loadLocations(source)
    }).catch(() => {
      locations.settled = true
    })
  } else if (when === 'now') hurry?.()
  return inFlight
}

/** Reloads (after joining a list the counts change). */
export function refreshLocations(source?: LocationsSource): Promise<void> {
  inFlight = loadLocations(source).catch(() => {
    locations.settled = true
  })
  return inFlight
}

/** Tests: back to the built-in catalogue, nothing loaded. */
export function resetLocations() {
  Object.assign(locations, initial())
  running = 0
  inFlight = null
  hurry = null
}

/** The store's snapshot for components; starts the first load (see ensureLocationsLoaded). */
export function useLocations(when: 'now' | 'afterPaint' = 'now') {
  useEffect(() => {
    void ensureLocationsLoaded(undefined, when)
  }, [when])
  return useSnapshot(locations) as LocationsState
}
