// The built-in site catalogue, its one owner. Data only: the web app's first
// paint (web/src/lib/sites/catalogue.ts), the sites function and the seed all take it from here.
// supabase/catalogue.sql is generated from this file by scripts/catalogue-seed.ts
// (`npx deno run -A scripts/catalogue-seed.ts`); catalogue.test.ts beside this file fails when the
// checked-in SQL or the seeded database differ from it. Stored global_sites rows override these
// by slug.

export type SiteStatus = 'upcoming' | 'active' | 'open'

/** The named routes a call-to-action setting may link to. */
export type CtaRoute = 'landing-site-join' | 'sites-cityslug-slug-setup'

export interface CtaSetting {
  id: number
  cta: string
  promo: string | null
  link_route: CtaRoute
}

/** A site as the catalogue knows it: the stored row's identity, size and place. */
export interface CatalogueSite {
  id: number
  city: string
  city_slug: string
  location: string
  slug: string
  key: string
  status: SiteStatus
  allotments: number
  site_size: number
  joined: string | null
  coordinates: string | null
  gmap_link: string | null
  promo: string | null
  cta_setting_id: number
}

/** The call-to-action settings. */
export const CTA_SETTINGS: readonly CtaSetting[] = [
  {
    id: 1,
    cta: 'Join Free Today',
    promo: 'for your first month free',
    link_route: 'landing-site-join',
  },
  {
    id: 2,
    cta: 'Join Queue',
    promo: 'FREE £29.99 Starter Bundle When You Join This February',
    link_route: 'sites-cityslug-slug-setup',
  },
]

const map = (coordinates: string) => `https://maps.google.com/?q=${coordinates}`

/** Ids 1–9 and 11, open (Daffodil Views upcoming). */
// deno-fmt-ignore -- a table: one site a line
export const FLAGSHIP_SITES: readonly CatalogueSite[] = [
  { id: 1, city: 'Bath', city_slug: 'bath', location: 'Tuckers Meadow', slug: 'tuckers-meadow', key: 'tm', status: 'open', allotments: 392, site_size: 8, joined: '2021', coordinates: '51.3925,-2.3211', gmap_link: map('51.3925,-2.3211'), promo: null, cta_setting_id: 1 },
  { id: 2, city: 'Bath', city_slug: 'bath', location: 'Avon Views', slug: 'avon-views', key: 'av', status: 'open', allotments: 209, site_size: 6, joined: '2022', coordinates: '51.3811,-2.3902', gmap_link: map('51.3811,-2.3902'), promo: null, cta_setting_id: 1 },
  { id: 3, city: 'Bristol', city_slug: 'bristol', location: 'Leigh Woods Meadows', slug: 'leigh-woods-meadows', key: 'lwm', status: 'open', allotments: 425, site_size: 24, joined: '2020', coordinates: '51.4620,-2.6400', gmap_link: map('51.4620,-2.6400'), promo: null, cta_setting_id: 1 },
  { id: 4, city: 'Stourbridge', city_slug: 'stourbridge', location: 'Sugar Loaf Fields', slug: 'sugar-loaf-fields', key: 'slf', status: 'open', allotments: 402, site_size: 9, joined: '2021', coordinates: '52.4560,-2.1480', gmap_link: map('52.4560,-2.1480'), promo: null, cta_setting_id: 2 },
  { id: 5, city: 'Croydon', city_slug: 'croydon', location: 'Meadow Hill Fields', slug: 'meadow-hill-fields', key: 'mhf', status: 'open', allotments: 712, site_size: 33, joined: '2019', coordinates: '51.3560,-0.0900', gmap_link: map('51.3560,-0.0900'), promo: null, cta_setting_id: 2 },
  { id: 6, city: 'Leeds', city_slug: 'leeds', location: 'Providence Pastures', slug: 'providence-pastures', key: 'pp', status: 'open', allotments: 244, site_size: 9, joined: '2022', coordinates: '53.8300,-1.5900', gmap_link: map('53.8300,-1.5900'), promo: null, cta_setting_id: 1 },
  { id: 7, city: 'Nottingham', city_slug: 'nottingham', location: 'Ruddington Fields', slug: 'ruddington-fields', key: 'rf', status: 'open', allotments: 355, site_size: 12, joined: '2021', coordinates: '52.8900,-1.1500', gmap_link: map('52.8900,-1.1500'), promo: null, cta_setting_id: 1 },
  { id: 8, city: 'Sheffield', city_slug: 'sheffield', location: 'Bowshaw Views', slug: 'bowshaw-views', key: 'bv', status: 'open', allotments: 149, site_size: 12, joined: '2023', coordinates: '53.3200,-1.4800', gmap_link: map('53.3200,-1.4800'), promo: null, cta_setting_id: 2 },
  { id: 9, city: 'Chelmsford', city_slug: 'chelmsford', location: 'Galleywood Meadow', slug: 'galleywood-meadow', key: 'gm', status: 'open', allotments: 107, site_size: 10, joined: '2023', coordinates: '51.7000,0.4700', gmap_link: map('51.7000,0.4700'), promo: 'PayDay Weekend Offer', cta_setting_id: 2 },
  { id: 11, city: 'Chester', city_slug: 'chester', location: 'Daffodil Views', slug: 'daffodil-views', key: 'dv', status: 'upcoming', allotments: 16, site_size: 16.2, joined: '2025', coordinates: '53.1900,-2.8900', gmap_link: map('53.1900,-2.8900'), promo: null, cta_setting_id: 1 },
]

/** The second built-in list: active sites and upcoming ones (typically 50 plots, one of 120). */
// deno-fmt-ignore -- a table: one site a line
export const REGIONAL_SITES: readonly CatalogueSite[] = [
  { id: 12, city: 'Dartford', city_slug: 'dartford', location: 'Darenth Fields', slug: 'darenth-fields', key: 'df', status: 'active', allotments: 50, site_size: 12.5, joined: '2024', coordinates: '51.4300,0.2300', gmap_link: null, promo: null, cta_setting_id: 1 },
  { id: 13, city: 'Sheffield', city_slug: 'sheffield', location: 'Loxley Meadow', slug: 'loxley-meadow', key: 'lm', status: 'active', allotments: 50, site_size: 9, joined: '2024', coordinates: '53.4100,-1.5400', gmap_link: null, promo: null, cta_setting_id: 1 },
  { id: 14, city: 'Wigan', city_slug: 'wigan', location: 'Haigh Fields', slug: 'haigh-fields', key: 'hf', status: 'active', allotments: 120, site_size: 14.5, joined: '2024', coordinates: '53.5700,-2.6100', gmap_link: null, promo: null, cta_setting_id: 1 },
  { id: 15, city: 'Durham', city_slug: 'durham', location: 'Brasside Meadow', slug: 'brasside-meadow', key: 'bm', status: 'active', allotments: 50, site_size: 11, joined: '2024', coordinates: '54.7900,-1.5500', gmap_link: null, promo: null, cta_setting_id: 1 },
  { id: 16, city: 'Worthing', city_slug: 'worthing', location: 'Cissbury Fields', slug: 'cissbury-fields', key: 'cf', status: 'active', allotments: 50, site_size: 10, joined: '2024', coordinates: '50.8500,-0.3800', gmap_link: null, promo: null, cta_setting_id: 1 },
  { id: 17, city: 'Chester', city_slug: 'chester', location: 'Saughall Meadow', slug: 'saughall-meadow', key: 'sm', status: 'upcoming', allotments: 50, site_size: 12.5, joined: null, coordinates: '53.2200,-2.9500', gmap_link: null, promo: null, cta_setting_id: 1 },
  { id: 18, city: 'Ruislip', city_slug: 'ruislip', location: 'Ruislip and Pinner Fields', slug: 'ruislip-pinner-fields', key: 'rpf', status: 'upcoming', allotments: 50, site_size: 13, joined: null, coordinates: '51.5800,-0.4000', gmap_link: null, promo: null, cta_setting_id: 1 },
  { id: 19, city: 'Peterborough', city_slug: 'peterborough', location: 'Nene Meadows', slug: 'nene-meadows', key: 'nm', status: 'upcoming', allotments: 50, site_size: 9, joined: null, coordinates: '52.5700,-0.2400', gmap_link: null, promo: null, cta_setting_id: 1 },
  { id: 20, city: 'Barnsley', city_slug: 'barnsley', location: 'Dearne Fields', slug: 'dearne-fields', key: 'dfb', status: 'upcoming', allotments: 50, site_size: 10, joined: null, coordinates: '53.5500,-1.4800', gmap_link: null, promo: null, cta_setting_id: 1 },
  { id: 21, city: 'Telford', city_slug: 'telford', location: 'Wrekin Views', slug: 'wrekin-views', key: 'wv', status: 'upcoming', allotments: 50, site_size: 12, joined: null, coordinates: '52.6800,-2.4900', gmap_link: null, promo: null, cta_setting_id: 1 },
  { id: 22, city: 'Stoke-on-Trent', city_slug: 'stoke-on-trent', location: 'Trent Vale Fields', slug: 'trent-vale-fields', key: 'tvf', status: 'upcoming', allotments: 50, site_size: 14, joined: null, coordinates: '53.0000,-2.1800', gmap_link: null, promo: null, cta_setting_id: 1 },
  { id: 23, city: 'Gloucester', city_slug: 'gloucester', location: 'Severn Fields', slug: 'severn-fields', key: 'sf', status: 'upcoming', allotments: 50, site_size: 11.5, joined: null, coordinates: '51.8600,-2.2400', gmap_link: null, promo: null, cta_setting_id: 1 },
]

export const CATALOGUE_SITES: readonly CatalogueSite[] = [...FLAGSHIP_SITES, ...REGIONAL_SITES]

/** The built-in list of waiting-list-only places (no site yet). */
export const WAITING_LIST_PLACE_NAMES: readonly string[] = [
  'Isle of Wight',
  'Basildon',
  'Exeter',
  'Shrewsbury',
  'London - Hackney',
  'London - Ealing',
  'Glasgow',
  'Basingstoke',
  'Liverpool',
  'Norwich',
  'Portsmouth',
  'Wirral',
  'Barnsley',
  'Durham',
  'Worthing',
]
