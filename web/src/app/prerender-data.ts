// What a server-rendered page was rendered with (issue 22), embedded in its HTML as JSON
// (<script type="application/json" id="roots-prerender">, data only: the CSP allows no inline
// script). The browser puts the same data in the stores before it hydrates, so its first render
// matches the HTML; the live reads then replace it.
import { setPrerenderedDetails } from '@/components/site-profile/prerendered'
import type { PrerenderedDetails } from '@/components/site-profile/prerendered'
import { loadLocations } from '@/lib/sites/locations-store'
import type { SiteCatalogue } from '@/lib/sites/types'

export const PRERENDER_DATA_ID = 'roots-prerender'

export interface PrerenderData {
  /** The path the page was rendered for. */
  path: string
  catalogue: SiteCatalogue
  details: PrerenderedDetails | null
}

/** Puts the rendered data in the stores (as the sites function's answer would arrive). */
export async function primeStores(data: PrerenderData): Promise<void> {
  await loadLocations({ catalogue: () => Promise.resolve(data.catalogue) })
  setPrerenderedDetails(data.details)
}

/** The browser: the stores take the data embedded in the page (the element the server wrote). */
export const primeFrom = (el: Element) => primeStores(JSON.parse(el.textContent!) as PrerenderData)
