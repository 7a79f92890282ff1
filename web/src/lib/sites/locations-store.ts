// The locations store (spec §4): every site (stored over built-in) and waiting-list-only place,
// with waiting-list counts, offers and CTA settings. `loaded` turns true once the stored sites
// and the counts have loaded; `settled` once the first attempt has finished either way, so route
// rules (unknown site → 404) never judge a stored-only site before it could arrive.
// Spec §8: a failed site read is silently ignored (the built-ins render); a failed count call
// leaves the locations as they were.
import { proxy, ref, useSnapshot } from 'valtio'
import { useEffect } from 'react'
import { afterNextPaint } from '@/lib/after-first-paint'
import { BUILT_IN_SITES, WAITING_LIST_PLACES } from './catalogue'
import { restRpc, restSelect } from './rest'
import { BUILT_IN_CTA_SETTINGS, type CountRow, fromStoredRow, mergeSites, withCounts } from './rules'
import type { CtaSetting, Offer, Site, WaitingListPlace } from './types'

export interface LocationsSource {
  sites(): Promise<Record<string, unknown>[]>
  counts(locationNames: string[]): Promise<CountRow[]>
  offers(): Promise<Offer[]>
  ctaSettings(): Promise<CtaSetting[]>
}

/** Spec §7 calls 1 and 2: global_sites ordered by id, then get_waiting_list_counts. */
export const restSource: LocationsSource = {
  sites: () => restSelect<Record<string, unknown>>('global_sites', 'select=*&order=id.asc'),
  counts: (location_names) => restRpc<CountRow[]>('get_waiting_list_counts', { location_names }),
  offers: () => restSelect<Offer>('offers', 'select=id,slug,title,settings&order=id.asc'),
  ctaSettings: () => restSelect<CtaSetting>('cta_settings', 'select=id,cta,promo,link_route&order=id.asc'),
}

export interface LocationsState {
  sites: Site[]
  /** The stored rows only (spec §5 looks these up first). */
  storedSites: Site[]
  places: WaitingListPlace[]
  offers: Offer[]
  ctaSettings: CtaSetting[]
  /** Stored sites and waiting-list counts have loaded. */
  loaded: boolean
  /** The offers table was read (else the /prereg offer rule cannot be judged strictly). */
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
  ctaSettings: ref(BUILT_IN_CTA_SETTINGS.map((c) => ({ ...c }))),
  loaded: false,
  offersLoaded: false,
  settled: false,
})

export const locations = proxy<LocationsState>(initial())

let inFlight: Promise<void> | null = null

export async function loadLocations(source: LocationsSource = restSource): Promise<void> {
  const [rows, offers, ctas] = await Promise.allSettled([source.sites(), source.offers(), source.ctaSettings()])
  let sitesOk = false
  if (rows.status === 'fulfilled' && Array.isArray(rows.value)) {
    const stored = rows.value.map(fromStoredRow).filter((s): s is Site => s !== null)
    const counts = new Map(locations.sites.map((s) => [s.slug, s.waiting_list_count]))
    locations.storedSites = ref(stored)
    locations.sites = ref(mergeSites(BUILT_IN_SITES, stored).map((s) => ({ ...s, waiting_list_count: counts.get(s.slug) ?? 0 })))
    sitesOk = true
  }
  if (offers.status === 'fulfilled' && Array.isArray(offers.value)) {
    locations.offers = ref(offers.value)
    locations.offersLoaded = true
  }
  if (ctas.status === 'fulfilled' && Array.isArray(ctas.value) && ctas.value.length > 0) locations.ctaSettings = ref(ctas.value)
  // Route rules need the sites, not the counts: judge (and render) as soon as the sites are in.
  locations.settled = true
  try {
    const names = [...new Set([...locations.sites.map((s) => s.location), ...locations.places.map((p) => p.location)])]
    const counts = await source.counts(names)
    if (!Array.isArray(counts)) throw new Error('Unexpected counts answer')
    locations.sites = ref(withCounts(locations.sites, counts))
    locations.places = ref(withCounts(locations.places, counts))
    locations.loaded = sitesOk
  } catch {
    // Spec §8: a failed count call leaves the locations as they were.
  }
}

let hurry: (() => void) | null = null

/**
 * Starts the first load once; later callers share it. Pages that show the built-in catalogue
 * until the live rows arrive (home, the sites list) load `afterPaint`, so the reads never hold
 * up their first paint; a page that must judge the stored rows (a site page, a landing page)
 * loads at once, and hurries a load that is still waiting for the paint.
 */
export function ensureLocationsLoaded(source?: LocationsSource, when: 'now' | 'afterPaint' = 'now'): Promise<void> {
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
