// A fake locations source for component tests: the seed's shape, no network. Its answer is built
// by the sites function's own assembly (@common/site-rules), so pages are tested against what
// the function would send for these rows.
import { type CatalogueTables, readCatalogue } from '@common/site-rules'
import type { LocationsSource } from './locations-store'

export const storedRows: Record<string, unknown>[] = [
  {
    id: 2,
    city: 'Bath',
    city_slug: 'bath',
    location: 'Avon Views',
    slug: 'avon-views',
    status: 'active',
    allotments: 209,
    site_size: 6,
    joined: '2022',
    cta_setting_id: 1,
    offer_id: 2,
    description: 'Raised beds above the river.',
    directions: { bike: { minutes: 15, text: 'Along the river path' }, car: { minutes: 12 } },
    distance_points: [{ icon: 'walk', text: '5 min from the river path' }],
    nearby_attractions: 'Bath Riverside',
    food_drinks: 'Riverside café',
    pm_name: 'Sam Patch',
    pm_message: 'Seedlings swap every Sunday.',
    pm_photo_1: 'https://example.org/pm1.jpg',
    social_media: { phone_number: '01225 000 002', pm_email: 'bath@example.com' },
    gmap_link: 'https://maps.google.com/?q=1,2',
    coordinates: '51.38,-2.39',
    promo: null,
    stripe_deposit_link: 'https://pay.example.org/deposit',
  },
  {
    id: 1,
    city: 'Bath',
    city_slug: 'bath',
    location: 'Tuckers Meadow',
    slug: 'tuckers-meadow',
    status: 'open',
    offer_id: 1,
  },
  {
    id: 60,
    city: 'York',
    city_slug: 'york',
    location: 'Ouse Fields',
    slug: 'ouse-fields',
    status: 'open',
    offer_id: 999,
  },
]

/** The sites function's answer for these tables; a rejected table fails it (the function's 502). */
export function fakeSource(over: Partial<CatalogueTables> = {}): LocationsSource {
  const tables = fakeTables(over)
  return { catalogue: () => readCatalogue(tables) }
}

export function fakeTables(over: Partial<CatalogueTables> = {}): CatalogueTables {
  return {
    sites: () => Promise.resolve(storedRows),
    counts: (names) =>
      Promise.resolve(
        names.map((location) => ({ location, count: location === 'Avon Views' ? 17 : 3 })),
      ),
    offers: () =>
      Promise.resolve([
        {
          id: 1,
          slug: 'tuckers-meadow-join',
          title: 'Join',
          settings: { path_params: { site: 'slug' } },
        },
        { id: 2, slug: 'avon-views-join', title: 'Join', settings: {} },
      ]),
    ctaSettings: () =>
      Promise.resolve([
        {
          id: 1,
          cta: 'Join Free Today',
          promo: 'for your first month free',
          link_route: 'landing-site-join' as const,
        },
        {
          id: 2,
          cta: 'Join Queue',
          promo: 'FREE £29.99 Starter Bundle When You Join This February',
          link_route: 'sites-cityslug-slug-setup' as const,
        },
      ]),
    ...over,
  }
}
