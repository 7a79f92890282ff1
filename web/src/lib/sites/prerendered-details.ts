// The site details a page was rendered with on the server: the gallery, the list's
// figures and the prices, embedded in the HTML. SiteProfile shows them until its own reads
// answer, so the browser's first render (hydration) matches the server's HTML exactly and the
// live figures replace them after.
import type { ListStats, Prices, SitePhoto } from '@/lib/sites/site-details'

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

/** The details the page was rendered with, if it was rendered for this site. */
export const prerenderedDetails = (slug: string) => prerendered?.slug === slug ? prerendered : null
