// An offer page's content: the offer (by slug, from the offers the sites function sent), the
// sites it belongs to (from the function's all-sites-with-offer list) with each site's call to
// action, and the offer's own words.
import { resolveCta } from '@/lib/sites/rules'
import type { Cta, CtaSetting, Offer, Site } from '@/lib/sites/types'

export interface OfferSite {
  site: Site
  cta: Cta
}

export interface OfferPage {
  offer: Offer
  description: string | null
  /** The offer's own promotion (its CTA setting), for an offer no site uses yet. */
  promo: string | null
  sites: OfferSite[]
}

export function offerPage(
  slug: string,
  offers: readonly Offer[],
  sitesWithOffer: readonly Site[],
  ctas: readonly CtaSetting[],
): OfferPage | null {
  const offer = offers.find((o) => o.slug === slug)
  if (!offer) return null
  const description = typeof offer.settings.description === 'string'
    ? offer.settings.description
    : null
  const settingId = Number(offer.settings.cta_setting_id)
  const promo = ctas.find((c) => c.id === settingId)?.promo ?? null
  const using = sitesWithOffer
    .filter((s) => s.offer_id === offer.id)
    .map((site) => ({ site, cta: resolveCta(site, ctas) }))
  return { offer, description, promo, sites: using }
}
