// The built-in site catalogue (spec 3 and 9): what the app shows before, or without, stored
// sites. Stored global_sites rows override these by slug. Also the waiting-list-only places.
export type SiteStatus = 'upcoming' | 'active' | 'open'

export interface BuiltInSite {
  id: number
  city: string
  city_slug: string
  location: string
  slug: string
  status: SiteStatus
  booked: boolean
  allotments: number
  site_size: number
  promo?: string
  cta_setting_id?: number
  offer_id?: null
}

const open = (id: number, city: string, location: string, slug: string, allotments: number, site_size: number, extra: Partial<BuiltInSite> = {}): BuiltInSite => ({
  id, city, city_slug: city.toLowerCase().replace(/[^a-z0-9]+/g, '-'), location, slug, status: 'open', booked: true, allotments, site_size, cta_setting_id: 1, ...extra,
})

/** Spec 9: ids 1 to 9 and 11; Daffodil Views upcoming, all others open. */
export const BUILT_IN_SITES: readonly BuiltInSite[] = [
  open(1, 'Bath', 'Tuckers Meadow', 'tuckers-meadow', 392, 8),
  open(2, 'Bath', 'Avon Views', 'avon-views', 209, 6),
  open(3, 'Bristol', 'Leigh Woods Meadows', 'leigh-woods-meadows', 425, 24),
  open(4, 'Stourbridge', 'Sugar Loaf Fields', 'sugar-loaf-fields', 402, 9),
  open(5, 'Croydon', 'Meadow Hill Fields', 'meadow-hill-fields', 712, 33),
  open(6, 'Leeds', 'Providence Pastures', 'providence-pastures', 244, 9),
  open(7, 'Nottingham', 'Ruddington Fields', 'ruddington-fields', 355, 12),
  open(8, 'Sheffield', 'Bowshaw Views', 'bowshaw-views', 149, 12),
  open(9, 'Chelmsford', 'Galleywood Meadow', 'galleywood-meadow', 107, 10, { promo: 'PayDay Weekend Offer' }),
  open(11, 'Chester', 'Daffodil Views', 'daffodil-views', 16, 16.2, { status: 'upcoming' }),
  // the second built-in list: upcoming and active sites (typically 50 plots)
  open(17, 'Chester', 'Saughall Meadow', 'saughall-meadow', 50, 12.5, { status: 'upcoming' }),
  open(18, 'Ruislip', 'Ruislip and Pinner Fields', 'ruislip-pinner-fields', 50, 13, { status: 'upcoming' }),
  open(19, 'Peterborough', 'Nene Meadows', 'nene-meadows', 50, 9, { status: 'upcoming' }),
  open(20, 'Barnsley', 'Dearne Fields', 'dearne-fields', 50, 10, { status: 'upcoming' }),
  open(21, 'Telford', 'Wrekin Views', 'wrekin-views', 50, 12, { status: 'upcoming' }),
  open(22, 'Stoke-on-Trent', 'Trent Vale Fields', 'trent-vale-fields', 50, 14, { status: 'upcoming' }),
  open(23, 'Gloucester', 'Severn Fields', 'severn-fields', 50, 11.5, { status: 'upcoming' }),
  open(12, 'Dartford', 'Darenth Fields', 'darenth-fields', 50, 12.5, { status: 'active', booked: false }),
  open(13, 'Sheffield', 'Loxley Meadow', 'loxley-meadow', 50, 9, { status: 'active', booked: false }),
  open(14, 'Wigan', 'Haigh Fields', 'haigh-fields', 120, 14.5, { status: 'active', booked: false }),
  open(15, 'Durham', 'Brasside Meadow', 'brasside-meadow', 50, 11, { status: 'active', booked: false }),
  open(16, 'Worthing', 'Cissbury Fields', 'cissbury-fields', 50, 10, { status: 'active', booked: false }),
]

/** Places with a waiting list but no site yet (spec 3). */
export const WAITING_LIST_ONLY_PLACES: readonly string[] = [
  'Isle of Wight', 'Basildon', 'Exeter', 'Shrewsbury', 'London - Hackney', 'London - Ealing', 'Glasgow',
  'Basingstoke', 'Liverpool', 'Norwich', 'Portsmouth', 'Wirral', 'Barnsley', 'Durham', 'Worthing',
]
