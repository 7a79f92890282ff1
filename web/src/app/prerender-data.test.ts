import { describe, expect, it } from 'vitest'
import { assembleCatalogue, BUILT_IN_SITES } from '@common/site-rules'
import type { Offer } from '@/lib/sites/types'
import { packCatalogue, unpackCatalogue } from './prerender-data'

const offers: Offer[] = [{
  id: 7,
  slug: 'join',
  title: 'Join',
  settings: { path_params: { site: 'slug', cityslug: 'city_slug' } },
}]

// Five sites stored with an offer over the built-in catalogue (the others keep theirs: none).
const catalogue = assembleCatalogue({
  stored: BUILT_IN_SITES.slice(0, 5).map((s) => ({ ...s, builtin: false, offer_id: 7 })),
  offers,
  ctas: [],
  counts: [{ location: BUILT_IN_SITES[0].location, count: 3 }],
})

describe('the catalogue a page embeds', () => {
  it('gives back the same catalogue, the all-sites-with-offer list included', () => {
    expect(catalogue.sites_with_offer.length).toBeGreaterThan(0)
    expect(catalogue.sites_with_offer.some((s) => s.offer !== null)).toBe(true)
    expect(unpackCatalogue(JSON.parse(JSON.stringify(packCatalogue(catalogue))))).toEqual(catalogue)
  })

  it('carries each site once: of the all-sites-with-offer list only the slug, booked and offer', () => {
    const packed = packCatalogue(catalogue)
    expect(Object.keys(packed).sort()).toEqual([
      'ctas',
      'offer_of_sites',
      'offers',
      'places',
      'sites',
    ])
    for (const entry of packed.offer_of_sites) {
      expect(Object.keys(entry).sort()).toEqual(['booked', 'offer', 'slug'])
    }
    expect(packed.sites).toBe(catalogue.sites)
    expect(JSON.stringify(packed).length).toBeLessThan(JSON.stringify(catalogue).length)
  })

  it('leaves out an offer whose site is not in the list', () => {
    const packed = packCatalogue(catalogue)
    packed.offer_of_sites.push({ slug: 'gone', booked: true, offer: null })
    expect(unpackCatalogue(packed).sites_with_offer.map((s) => s.slug)).toEqual(
      catalogue.sites_with_offer.map((s) => s.slug),
    )
  })
})
