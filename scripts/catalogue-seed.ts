// Generates supabase/catalogue.sql, the seed of the site catalogue, from its owner
// supabase/functions/_shared/common/catalogue.ts (and the link rules of site-rules.ts). The
// Supabase CLI needs SQL seeds, so the output is checked in; config.toml's [db.seed] loads it
// before seed.sql. Run after changing the catalogue or the demo page text below:
//
//   npx deno run -A scripts/catalogue-seed.ts          writes supabase/catalogue.sql
//   npx deno run -A scripts/catalogue-seed.ts --check  exits 1 when the file is out of date
//
// supabase/functions/_shared/common/catalogue.test.ts fails when the file differs from this
// output or the seeded database from the catalogue.
import {
  CATALOGUE_SITES,
  type CatalogueSite,
  CTA_SETTINGS,
} from '../supabase/functions/_shared/common/catalogue.ts'
import {
  applyLinkRules,
  isBookable,
  statusOf,
} from '../supabase/functions/_shared/common/site-rules.ts'
import type {
  Directions,
  DistancePoint,
  SocialMedia,
} from '../supabase/functions/_shared/common/site-types.ts'

export const CATALOGUE_SQL = new URL('../supabase/catalogue.sql', import.meta.url)

/** Demo page text of the seeded sites: what a stored row adds to the catalogue's facts. */
interface PageText {
  ac_id?: string
  description_title?: string
  description?: string
  landing_page_description?: string
  nearby_attractions?: string
  food_drinks?: string
  directions?: Directions
  distance_points?: DistancePoint[]
  pm_name?: string
  pm_message?: string
  social_media?: SocialMedia
}

const PAGE_TEXT: Record<string, PageText> = {
  'tuckers-meadow': {
    ac_id: '11',
    description_title: 'Grow your own at Tuckers Meadow',
    description:
      'Sunny south-facing plots on the edge of Bath with water, tools and seeds on site.',
    landing_page_description:
      'Everything you need to start growing, a short ride from the city centre.',
    nearby_attractions: 'Bathampton Meadows, the Kennet and Avon canal',
    food_drinks: 'The George at Bathampton',
    directions: {
      bike: { minutes: 12, text: 'Along the canal towpath' },
      public_transport: { minutes: 20, text: 'Bus 4 to Bathampton' },
      car: { minutes: 10 },
    },
    distance_points: [{ icon: 'bike', text: '12 min from Bath Spa station' }, {
      icon: 'car',
      text: '10 min from the city centre',
    }],
    pm_name: 'Sam Patch',
    pm_message: 'Come and say hello on Saturday mornings.',
    social_media: { phone_number: '01225 000 001', pm_email: 'bath@example.com' },
  },
  'avon-views': {
    ac_id: '12',
    description_title: 'Plots with a view of the Avon',
    description: 'Raised beds and full plots above the river, with a polytunnel for seedlings.',
    landing_page_description: 'Start growing above the river Avon.',
    nearby_attractions: 'Bath Riverside',
    food_drinks: 'Riverside café',
    directions: { bike: { minutes: 15 }, public_transport: { minutes: 25 }, car: { minutes: 12 } },
    distance_points: [{ icon: 'walk', text: '5 min from the river path' }],
    pm_name: 'Sam Patch',
    pm_message: 'Seedlings swap every first Sunday.',
    social_media: { phone_number: '01225 000 002' },
  },
  'leigh-woods-meadows': {
    ac_id: '13',
    description_title: 'Allotments beside Leigh Woods',
    description: 'Large meadow site across the gorge from Clifton.',
    landing_page_description: 'Grow beside the woods.',
    nearby_attractions: 'Clifton Suspension Bridge, Ashton Court',
    food_drinks: 'The Lodge café',
    directions: { bike: { minutes: 18 }, public_transport: { minutes: 30 }, car: { minutes: 15 } },
    distance_points: [{ icon: 'bike', text: '18 min from Temple Meads' }],
    pm_name: 'Alex Green',
    pm_message: 'Plenty of room to grow.',
    social_media: { phone_number: '0117 000 003' },
  },
  'sugar-loaf-fields': {
    ac_id: '14',
    description_title: 'Sugar Loaf Fields',
    description: 'Sheltered plots with a community orchard.',
    landing_page_description: 'Join the orchard community.',
    directions: { car: { minutes: 8 } },
    distance_points: [{ icon: 'car', text: '8 min from Stourbridge Junction' }],
  },
  'meadow-hill-fields': {
    ac_id: '15',
    description_title: "London's biggest allotment meadow",
    description: 'Over 700 plots with tools, water and workshops.',
    landing_page_description: 'Grow in south London.',
    directions: { public_transport: { minutes: 15, text: 'Tram to Coombe Lane' } },
    distance_points: [{ icon: 'tram', text: '15 min by tram' }],
  },
  'providence-pastures': {
    ac_id: '16',
    description_title: 'Providence Pastures',
    description: 'Plots north of the city with a heated potting shed.',
    landing_page_description: 'Grow in Leeds.',
    directions: { bike: { minutes: 20 } },
    distance_points: [],
  },
  'ruddington-fields': {
    ac_id: '17',
    description_title: 'Ruddington Fields',
    description: 'Flat, well-drained plots by the country park.',
    landing_page_description: 'Grow in Nottingham.',
    nearby_attractions: 'Rushcliffe Country Park',
    directions: { car: { minutes: 14 }, public_transport: { minutes: 28 } },
    distance_points: [],
  },
  'bowshaw-views': {
    ac_id: '18',
    description_title: 'Bowshaw Views',
    description: 'Hillside plots with views over the Peak District edge.',
    landing_page_description: 'Grow in Sheffield.',
    directions: { bike: { minutes: 25 } },
    distance_points: [],
  },
  'galleywood-meadow': {
    ac_id: '19',
    description_title: 'Galleywood Meadow',
    description: 'A small, friendly site by Galleywood Common.',
    landing_page_description: 'Grow in Chelmsford.',
    nearby_attractions: 'Galleywood Common',
    directions: { car: { minutes: 9 } },
    distance_points: [],
  },
  'daffodil-views': {
    ac_id: '21',
    description_title: 'Coming soon: Daffodil Views',
    description: 'A new site near Chester. Pre-register to hear first.',
    landing_page_description: 'Coming soon to Chester.',
  },
  'darenth-fields': {
    description_title: 'Darenth Fields',
    description: 'Plots in the Darent valley.',
  },
  'loxley-meadow': {
    description_title: 'Loxley Meadow',
    description: 'Riverside plots in the Loxley valley.',
  },
  'haigh-fields': {
    description_title: 'Haigh Fields',
    description: 'Plots beside Haigh Woodland Park.',
  },
  'brasside-meadow': {
    description_title: 'Brasside Meadow',
    description: 'Plots north of the city.',
  },
  'cissbury-fields': {
    description_title: 'Cissbury Fields',
    description: 'Plots below Cissbury Ring.',
  },
}

const lit = (v: unknown): string => {
  if (v === null || v === undefined) return 'null'
  if (typeof v === 'number' || typeof v === 'boolean') return String(v)
  const s = typeof v === 'string' ? v : JSON.stringify(v)
  return `'${s.replaceAll("'", "''")}'`
}

const SITE_COLUMNS = [
  'id',
  'city',
  'city_slug',
  'location',
  'slug',
  'key',
  'status',
  'booked',
  'allotments',
  'site_size',
  'joined',
  'ac_id',
  'coordinates',
  'gmap_link',
  'promo',
  'cta_setting_id',
  'cta_link',
  'form_link',
  'description_title',
  'description',
  'landing_page_description',
  'nearby_attractions',
  'food_drinks',
  'directions',
  'distance_points',
  'pm_name',
  'pm_message',
  'social_media',
] as const

/** The stored row the seed writes for a catalogue site. */
export function seededRow(site: CatalogueSite): Record<(typeof SITE_COLUMNS)[number], unknown> {
  const links = applyLinkRules({
    status: site.status,
    slug: site.slug,
    cta_link: null,
    form_link: null,
  })
  const text = PAGE_TEXT[site.slug] ?? {}
  return {
    ...site,
    booked: isBookable(site),
    ac_id: text.ac_id ?? null,
    cta_link: links.cta_link,
    form_link: links.form_link,
    description_title: text.description_title ?? null,
    description: text.description ?? null,
    landing_page_description: text.landing_page_description ?? null,
    nearby_attractions: text.nearby_attractions ?? null,
    food_drinks: text.food_drinks ?? null,
    directions: text.directions ?? null,
    distance_points: text.distance_points ?? null,
    pm_name: text.pm_name ?? null,
    pm_message: text.pm_message ?? null,
    social_media: text.social_media ?? null,
  }
}

/** The offer seeded for a site that is not upcoming (an upcoming site returns without one). */
export const seededOffer = (site: CatalogueSite) => ({
  slug: `${site.slug}-join`,
  title: `Join ${site.location}`,
  settings: {
    path_params: { site: 'slug', cityslug: 'city_slug', slug: 'slug' },
    cta_setting_id: site.cta_setting_id,
  },
})

export function catalogueSql(): string {
  const rows = (values: string[][]) => values.map((v) => `  (${v.join(', ')})`).join(',\n')
  const offered = CATALOGUE_SITES.filter((s) => statusOf(s) !== 'upcoming')
  return [
    '-- GENERATED by scripts/catalogue-seed.ts from supabase/functions/_shared/common/catalogue.ts: do',
    '-- not edit. Run `npx deno run -A scripts/catalogue-seed.ts` after changing the catalogue.',
    '-- The site catalogue: CTA settings, the built-in sites with demo page text, and',
    '-- an offer for every site that is not upcoming. Loaded before seed.sql ([db.seed] in config.toml).',
    '',
    'insert into public.cta_settings (id, cta, promo, link_route) values',
    rows(CTA_SETTINGS.map((c) => [lit(c.id), lit(c.cta), lit(c.promo), lit(c.link_route)])) + ';',
    '',
    `insert into public.global_sites (${SITE_COLUMNS.join(', ')}) values`,
    rows(CATALOGUE_SITES.map((s) => {
      const row = seededRow(s)
      return SITE_COLUMNS.map((c) => lit(row[c]))
    })) + ';',
    "select setval(pg_get_serial_sequence('public.global_sites', 'id'), 100);",
    '',
    'insert into public.offers (slug, title, settings) values',
    rows(offered.map((s) => {
      const o = seededOffer(s)
      return [lit(o.slug), lit(o.title), lit(o.settings)]
    })) + ';',
    "update public.global_sites s set offer_id = o.id from public.offers o where o.slug = s.slug || '-join';",
    '',
  ].join('\n')
}

if (import.meta.main) {
  const want = catalogueSql()
  if (Deno.args.includes('--check')) {
    const have = await Deno.readTextFile(CATALOGUE_SQL).catch(() => '')
    if (have !== want) {
      console.error(
        'supabase/catalogue.sql is out of date: run `npx deno run -A scripts/catalogue-seed.ts`.',
      )
      Deno.exit(1)
    }
  } else {
    await Deno.writeTextFile(CATALOGUE_SQL, want)
    console.log(`wrote ${CATALOGUE_SQL.pathname}`)
  }
}
