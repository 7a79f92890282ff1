// The built-in site catalogue (spec §3 and §9). Stored sites override these by slug; when the
// backend cannot be read, the public site still renders from this list (spec §8).
import type { Site, SiteStatus, WaitingListPlace } from './types'

type Seed = Pick<Site, 'id' | 'city' | 'location' | 'slug' | 'allotments' | 'site_size'> & {
  status: SiteStatus
  key?: string
  promo?: string
  cta_setting_id?: number
  joined?: string
  coordinates?: string
  description?: string
}

export const slugify = (text: string) =>
  text.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '')

function site(s: Seed): Site {
  return {
    id: s.id,
    city: s.city,
    city_slug: slugify(s.city),
    location: s.location,
    slug: s.slug,
    key: s.key ?? null,
    status: s.status,
    booked: s.status !== 'active',
    allotments: s.allotments,
    site_size: s.site_size,
    joined: s.joined ?? null,
    ac_id: null,
    coordinates: s.coordinates ?? null,
    gmap_embed: null,
    gmap_link: s.coordinates ? `https://maps.google.com/?q=${s.coordinates}` : null,
    stripe_deposit_link: null,
    form_link: null,
    promo: s.promo ?? null,
    cta: null,
    cta_link: null,
    cta_setting_id: s.cta_setting_id ?? 1,
    offer_id: null,
    launchmode: null,
    description_title: null,
    description: s.description ?? null,
    landing_page_description: null,
    nearby_attractions: null,
    food_drinks: null,
    directions: null,
    distance_points: null,
    pm_name: null,
    pm_message: null,
    pm_photo_1: null,
    pm_photo_2: null,
    social_media: null,
    waiting_list_count: 0,
    builtin: true,
  }
}

/** Spec §9: ids 1–9 and 11, open (Daffodil Views upcoming). */
export const FLAGSHIP_SITES: Site[] = [
  site({ id: 1, city: 'Bath', location: 'Tuckers Meadow', slug: 'tuckers-meadow', key: 'tm', status: 'open', allotments: 392, site_size: 8, joined: '2021', coordinates: '51.3925,-2.3211' }),
  site({ id: 2, city: 'Bath', location: 'Avon Views', slug: 'avon-views', key: 'av', status: 'open', allotments: 209, site_size: 6, joined: '2022', coordinates: '51.3811,-2.3902' }),
  site({ id: 3, city: 'Bristol', location: 'Leigh Woods Meadows', slug: 'leigh-woods-meadows', key: 'lwm', status: 'open', allotments: 425, site_size: 24, joined: '2020', coordinates: '51.4620,-2.6400' }),
  site({ id: 4, city: 'Stourbridge', location: 'Sugar Loaf Fields', slug: 'sugar-loaf-fields', key: 'slf', status: 'open', allotments: 402, site_size: 9, joined: '2021', cta_setting_id: 2, coordinates: '52.4560,-2.1480' }),
  site({ id: 5, city: 'Croydon', location: 'Meadow Hill Fields', slug: 'meadow-hill-fields', key: 'mhf', status: 'open', allotments: 712, site_size: 33, joined: '2019', cta_setting_id: 2, coordinates: '51.3560,-0.0900' }),
  site({ id: 6, city: 'Leeds', location: 'Providence Pastures', slug: 'providence-pastures', key: 'pp', status: 'open', allotments: 244, site_size: 9, joined: '2022', coordinates: '53.8300,-1.5900' }),
  site({ id: 7, city: 'Nottingham', location: 'Ruddington Fields', slug: 'ruddington-fields', key: 'rf', status: 'open', allotments: 355, site_size: 12, joined: '2021', coordinates: '52.8900,-1.1500' }),
  site({ id: 8, city: 'Sheffield', location: 'Bowshaw Views', slug: 'bowshaw-views', key: 'bv', status: 'open', allotments: 149, site_size: 12, joined: '2023', cta_setting_id: 2, coordinates: '53.3200,-1.4800' }),
  site({ id: 9, city: 'Chelmsford', location: 'Galleywood Meadow', slug: 'galleywood-meadow', key: 'gm', status: 'open', allotments: 107, site_size: 10, joined: '2023', promo: 'PayDay Weekend Offer', cta_setting_id: 2, coordinates: '51.7000,0.4700' }),
  site({ id: 11, city: 'Chester', location: 'Daffodil Views', slug: 'daffodil-views', key: 'dv', status: 'upcoming', allotments: 16, site_size: 16.2, coordinates: '53.1900,-2.8900' }),
]

/** Spec §3's second list: upcoming sites and active ones (typically 50 plots, one of 120). */
export const REGIONAL_SITES: Site[] = [
  site({ id: 12, city: 'Dartford', location: 'Darenth Fields', slug: 'darenth-fields', key: 'df', status: 'active', allotments: 50, site_size: 12.5, joined: '2024' }),
  site({ id: 13, city: 'Sheffield', location: 'Loxley Meadow', slug: 'loxley-meadow', key: 'lm', status: 'active', allotments: 50, site_size: 9, joined: '2024' }),
  site({ id: 14, city: 'Wigan', location: 'Haigh Fields', slug: 'haigh-fields', key: 'hf', status: 'active', allotments: 120, site_size: 14.5, joined: '2024' }),
  site({ id: 15, city: 'Durham', location: 'Brasside Meadow', slug: 'brasside-meadow', key: 'bm', status: 'active', allotments: 50, site_size: 11, joined: '2024' }),
  site({ id: 16, city: 'Worthing', location: 'Cissbury Fields', slug: 'cissbury-fields', key: 'cf', status: 'active', allotments: 50, site_size: 10, joined: '2024' }),
  site({ id: 17, city: 'Chester', location: 'Saughall Meadow', slug: 'saughall-meadow', key: 'sm', status: 'upcoming', allotments: 50, site_size: 12.5 }),
  site({ id: 18, city: 'Ruislip', location: 'Ruislip and Pinner Fields', slug: 'ruislip-pinner-fields', key: 'rpf', status: 'upcoming', allotments: 50, site_size: 13 }),
  site({ id: 19, city: 'Peterborough', location: 'Nene Meadows', slug: 'nene-meadows', key: 'nm', status: 'upcoming', allotments: 50, site_size: 9 }),
  site({ id: 20, city: 'Barnsley', location: 'Dearne Fields', slug: 'dearne-fields', key: 'dfb', status: 'upcoming', allotments: 50, site_size: 10 }),
  site({ id: 21, city: 'Telford', location: 'Wrekin Views', slug: 'wrekin-views', key: 'wv', status: 'upcoming', allotments: 50, site_size: 12 }),
  site({ id: 22, city: 'Stoke-on-Trent', location: 'Trent Vale Fields', slug: 'trent-vale-fields', key: 'tvf', status: 'upcoming', allotments: 50, site_size: 14 }),
  site({ id: 23, city: 'Gloucester', location: 'Severn Fields', slug: 'severn-fields', key: 'sf', status: 'upcoming', allotments: 50, site_size: 11.5 }),
]

export const BUILT_IN_SITES: Site[] = [...FLAGSHIP_SITES, ...REGIONAL_SITES]

/** Spec §3's list of waiting-list-only places (no site yet). */
export const WAITING_LIST_PLACES: WaitingListPlace[] = [
  'Isle of Wight', 'Basildon', 'Exeter', 'Shrewsbury', 'London - Hackney', 'London - Ealing', 'Glasgow', 'Basingstoke',
  'Liverpool', 'Norwich', 'Portsmouth', 'Wirral', 'Barnsley', 'Durham', 'Worthing',
].map((location) => ({ location, slug: slugify(location), waiting_list_count: 0 }))
