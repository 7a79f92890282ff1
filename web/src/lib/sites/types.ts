// The site of spec §3: stored rows of global_sites and the built-in catalogue share this shape.
// waiting_list_count is added on load and never stored.

export type SiteStatus = 'upcoming' | 'active' | 'open'

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
  /** Plots free now, where a source knows it (not stored; see siteState in rules.ts). */
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

export interface CtaSetting {
  id: number
  cta: string
  promo: string | null
  link_route: 'landing-site-join' | 'sites-cityslug-slug-setup'
}
