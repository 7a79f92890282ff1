// What a server-rendered page was rendered with (issue 22), embedded in its HTML as JSON
// (<script type="application/json" id="roots-prerender">, data only: the CSP allows no inline
// script). The browser puts the same data in the stores before it hydrates, so its first render
// matches the HTML; the live reads then replace it.
import { setPrerenderedDetails } from '@/components/site-profile/prerendered'
import type { PrerenderedDetails } from '@/components/site-profile/prerendered'
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
 * and the parameters; the rest is read from `sites` and `offers`.
 */
export type PackedCatalogue = Omit<SiteCatalogue, 'sites_with_offer'> & {
  offer_of_sites: PackedOffer[]
}

type OfferEntry = NonNullable<SiteWithOfferEntry['offer']>

interface PackedOffer {
  slug: string
  booked: boolean
  /** The offer's id and parameters, or the whole offer when it is not one of `offers`. */
  offer: Pick<OfferEntry, 'id' | 'path_params'> | { whole: OfferEntry } | null
}

export function packCatalogue(c: SiteCatalogue): PackedCatalogue {
  const { sites_with_offer, ...rest } = c
  const known = new Set(c.offers.map((o) => o.id))
  return {
    ...rest,
    offer_of_sites: sites_with_offer.map(({ slug, booked, offer }) => ({
      slug,
      booked,
      offer: offer === null
        ? null
        : known.has(offer.id)
        ? { id: offer.id, path_params: offer.path_params }
        : { whole: offer },
    })),
  }
}

export function unpackCatalogue(p: PackedCatalogue): SiteCatalogue {
  const { offer_of_sites, ...rest } = p
  const sites = new Map(p.sites.map((s) => [s.slug, s]))
  const offers = new Map(p.offers.map((o) => [o.id, o]))
  const sites_with_offer = offer_of_sites.flatMap(({ slug, booked, offer }) => {
    const entry = sites.get(slug)
    if (!entry) return []
    const { state: _state, state_label: _label, call_to_action: _cta, ...site } = entry
    const full: OfferEntry | null = offer === null
      ? null
      : 'whole' in offer
      ? offer.whole
      : { ...offers.get(offer.id)!, path_params: offer.path_params }
    return [{ ...site, booked, offer: full }]
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
