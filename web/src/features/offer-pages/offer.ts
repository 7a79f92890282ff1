// An offer page's content: the offer (by slug, from the offers table the locations store has
// read), the sites it belongs to with each site's call to action, and the offer's own words.
import { resolveCta, siteWithOffer } from '@/lib/sites/rules'
import type { CtaSetting, Offer, Site } from '@/lib/sites/types'
import type { Cta } from '@/lib/sites/rules'

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

export function offerPage(slug: string, offers: readonly Offer[], sites: readonly Site[], ctas: readonly CtaSetting[]): OfferPage | null {
  const offer = offers.find((o) => o.slug === slug)
  if (!offer) return null
  const description = typeof offer.settings.description === 'string' ? offer.settings.description : null
  const settingId = Number(offer.settings.cta_setting_id)
  const promo = ctas.find((c) => c.id === settingId)?.promo ?? null
  const using = sites
    .filter((s) => s.offer_id === offer.id)
    .map((s) => siteWithOffer(s, offers)?.site ?? null)
    .filter((s): s is Site => s !== null)
    .map((site) => ({ site, cta: resolveCta(site, ctas) }))
  return { offer, description, promo, sites: using }
}
