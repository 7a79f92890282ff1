// The site details a page was rendered with on the server (issue 22): the gallery, the list's
// figures and the prices, embedded in the HTML. SiteProfile shows them until its own reads
// answer, so the browser's first render (hydration) matches the server's HTML exactly and the
// live figures replace them after.
import type { ListStats, Prices, SiteDetailsData, SitePhoto } from '@/lib/sites/site-details'

export interface PrerenderedDetails {
  slug: string
  photos: SitePhoto[] | null
  stats: ListStats | null
  prices: Prices | null
}

let prerendered: PrerenderedDetails | null = null

/** Sets (or clears) the details the page was rendered with. */
export function setPrerenderedDetails(details: PrerenderedDetails | null) {
  prerendered = details
}

/** The live details, each part falling back to the rendered one for the same site. */
export function withPrerendered(slug: string, details: SiteDetailsData): SiteDetailsData {
  const pre = prerendered?.slug === slug ? prerendered : null
  if (!pre) return details
  return {
    photos: details.photos ?? pre.photos,
    stats: details.stats ?? pre.stats,
    prices: details.prices ?? pre.prices,
    settled: details.settled,
  }
}
