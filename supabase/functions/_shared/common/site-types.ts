// A site as both tiers hold it: stored rows of global_sites and the built-in
// catalogue share this shape, and the sites function answers with it (SiteCatalogue).
// waiting_list_count is added on load and never stored.
import type { CtaSetting, SiteStatus } from './catalogue.ts'

export type { CtaRoute, CtaSetting, SiteStatus } from './catalogue.ts'

export interface Direction {
  minutes: number
  text?: string
}

export interface Directions {
  bike?: Direction
  public_transport?: Direction
  car?: Direction
}

export interface DistancePoint {
  icon: string
  text: string
}

export interface SocialMedia {
  phone_number?: string | null
  pm_phone_number?: string | null
  pm_email?: string | null
}

export interface Site {
  id: number
  city: string
  city_slug: string
  location: string
  slug: string
  key: string | null
  status: SiteStatus | null
  booked: boolean
  allotments: number | null
  site_size: number | null
  joined: string | null
  ac_id?: number | string | null
  coordinates: string | null
  gmap_embed: string | null
  gmap_link: string | null
  stripe_deposit_link: string | null
  form_link: string | null
  promo: string | null
  cta: string | null
  cta_link: string | null
  cta_setting_id: number | null
  offer_id: number | null
  launchmode: string | null
  description_title: string | null
  description: string | null
  landing_page_description: string | null
  nearby_attractions: string | null
  food_drinks: string | null
  directions: Directions | null
  distance_points: DistancePoint[] | null
  pm_name: string | null
  pm_message: string | null
  pm_photo_1: string | null
  pm_photo_2: string | null
  social_media: SocialMedia | null
  waiting_list_count: number
  /** Plots free now, where a source knows it (not stored; see siteState in site-rules.ts). */
  plots_free?: number | null
  /** True for a site of the built-in catalogue that no stored row overrides. */
  builtin?: boolean
}

/** A waiting-list-only place: people queue for it before it has a site. */
export interface WaitingListPlace {
  location: string
  slug: string
  waiting_list_count: number
}

export interface Offer {
  id: number
  slug: string
  title: string
  settings: { path_params?: Record<string, string>; [key: string]: unknown }
}

/** One row of get_waiting_list_counts. */
export interface CountRow {
  location: string
  count: number | string
}

/** What a visitor can do at a site now (see siteState). */
export type SiteState = 'coming_soon' | 'waiting' | 'available' | 'full'

export interface Cta {
  label: string
  promo: string | null
  href: string
}

/** A site of the catalogue answer: the site, its state and the call to action that follows it. */
export type CatalogueEntry = Site & { state: SiteState; state_label: string; call_to_action: Cta }

/** A site of the all-sites-with-offer list: its offer with the path parameters filled. */
export type SiteWithOfferEntry = Site & {
  offer: (Offer & { path_params: Record<string, string> }) | null
}

/** GET /functions/v1/sites: everything the public pages need about sites, in one answer. */
export interface SiteCatalogue {
  sites: CatalogueEntry[]
  sites_with_offer: SiteWithOfferEntry[]
  offers: Offer[]
  ctas: (CtaSetting & { link_template: string })[]
  places: WaitingListPlace[]
}
