// What a server-rendered page was rendered with, embedded in its HTML as JSON
// (<script type="application/json" id="roots-prerender">, data only: the CSP allows no inline
// script). The browser puts the same data in the stores before it hydrates, so its first render
// matches the HTML; the live reads then replace it.
import { setPrerenderedDetails } from '@/lib/sites/prerendered-details'
import type { PrerenderedDetails } from '@/lib/sites/prerendered-details'
import { loadLocations } from '@/lib/sites/locations-store'
import type { SiteCatalogue, SiteWithOfferEntry } from '@/lib/sites/types'

export const PRERENDER_DATA_ID = 'roots-prerender'

export interface PrerenderData {
  /** The path the page was rendered for. */
  path: string
  catalogue: PackedCatalogue
  details: PrerenderedDetails | null
}

/**
 * The catalogue as a page embeds it. Its all-sites-with-offer list is the site list again with
 * `booked` and each site's offer: one of `offers` with its path parameters filled
 * (site-rules.ts, sitesWithOffer). The page carries per site only the slug, booked, the offer's id
 * and the parameters; the rest is read from `sites` and `offers`. (The browser only unpacks: the
 * shell's budget counts its bytes.)
 */
export type PackedCatalogue = Omit<SiteCatalogue, 'sites_with_offer'> & {
  offer_of_sites: PackedOffer[]
}

type OfferEntry = NonNullable<SiteWithOfferEntry['offer']>

interface PackedOffer {
  slug: string
  booked: boolean
  offer: Pick<OfferEntry, 'id' | 'path_params'> | null
}

export function packCatalogue(c: SiteCatalogue): PackedCatalogue {
  const { sites_with_offer, ...rest } = c
  return {
    ...rest,
    offer_of_sites: sites_with_offer.map(({ slug, booked, offer }) => ({
      slug,
      booked,
      offer: offer && { id: offer.id, path_params: offer.path_params },
    })),
  }
}

export function unpackCatalogue({ offer_of_sites, ...rest }: PackedCatalogue): SiteCatalogue {
  const sites_with_offer = offer_of_sites.flatMap(({ slug, booked, offer }) => {
    const entry = rest.sites.find((s) => s.slug === slug)
    if (!entry) return []
    const { state: _s, state_label: _l, call_to_action: _c, ...site } = entry
    const of = offer && { ...rest.offers.find((o) => o.id === offer.id)!, ...offer }
    return [{ ...site, booked, offer: of }]
  })
  return { ...rest, sites_with_offer }
}

/** Puts the rendered data in the stores (as the sites function's answer would arrive). */
export async function primeStores(data: PrerenderData): Promise<void> {
  await loadLocations({ catalogue: () => Promise.resolve(unpackCatalogue(data.catalogue)) })
  setPrerenderedDetails(data.details)
}

/** The browser: the stores take the data embedded in the page (the element the server wrote). */
export const primeFrom = (el: Element) => primeStores(JSON.parse(el.textContent!) as PrerenderData)
