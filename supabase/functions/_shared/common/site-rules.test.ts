// The site rules, tested once beside their owner (site-rules.ts). The sites function's tests
// check that its answer follows them; the web app's check that its routes and pages use them.
import assert from 'node:assert/strict'
import { CTA_SETTINGS } from './catalogue.ts'
import {
  applyLinkRules,
  assembleCatalogue,
  BUILT_IN_PLACES,
  BUILT_IN_SITES,
  countNames,
  findSiteByName,
  fromStoredRow,
  mergeSites,
  readCatalogue,
  resolveCta,
  siteCta,
  siteHref,
  siteState,
  sitesWithOffer,
  siteWithOffer,
  stateLabel,
  statusOf,
  withCounts,
} from './site-rules.ts'
import type { Offer, Site } from './site-types.ts'

const test = (name: string, fn: () => void | Promise<void>) => Deno.test(name, fn)

const row = (over: Record<string, unknown> = {}) => ({
  id: 101,
  city: 'Bath',
  city_slug: 'bath',
  location: 'New Meadow',
  slug: 'new-meadow',
  status: 'active',
  booked: false,
  allotments: 60,
  site_size: '7.50',
  ...over,
})
const stored = (over: Record<string, unknown> = {}) => fromStoredRow(row(over))!
const builtIn = (slug: string) => BUILT_IN_SITES.find((s) => s.slug === slug)!

test('status: a missing status counts as upcoming', () => {
  assert.equal(statusOf({ status: null }), 'upcoming')
  assert.equal(statusOf({}), 'upcoming')
})

test('booked: stored sites are booked when upcoming or open (or no status), not when active; so are built-ins', () => {
  assert.equal(stored({ status: 'upcoming' }).booked, true)
  assert.equal(stored({ status: 'open' }).booked, true)
  assert.equal(stored({ status: null }).booked, true)
  assert.equal(stored({ status: 'active', booked: true }).booked, false)
  assert.equal(builtIn('tuckers-meadow').booked, true)
  assert.equal(builtIn('darenth-fields').booked, false)
})

test('links: cta_link and form_link of a non-active site point at /prereg/{slug}/signup', () => {
  const s = stored({
    status: 'open',
    cta_link: 'https://elsewhere.example',
    form_link: 'https://form.example',
  })
  assert.equal(s.cta_link, '/prereg/new-meadow/signup')
  assert.equal(s.form_link, '/prereg/new-meadow/signup')
  const active = stored({
    status: 'active',
    cta_link: '/landing/new-meadow/join',
    form_link: 'https://form.example',
  })
  assert.equal(active.form_link, 'https://form.example')
  assert.equal(applyLinkRules(builtIn('daffodil-views')).cta_link, '/prereg/daffodil-views/signup')
  assert.equal(siteHref(active), '/sites/bath/new-meadow')
  assert.equal(siteHref(s), '/prereg/new-meadow')
})

test('stored rows: numbers stay numbers; rows without an id, slug, city or location are dropped', () => {
  assert.equal(stored().site_size, 7.5)
  assert.equal(stored().builtin, false)
  assert.equal(fromStoredRow(row({ slug: null })), null)
  assert.equal(fromStoredRow(row({ id: 'x' })), null)
  assert.equal(fromStoredRow(row({ city: '  ' })), null)
})

const offers: Offer[] = [{
  id: 7,
  slug: 'o',
  title: 'Join',
  settings: { path_params: { site: 'slug', cityslug: 'city_slug', none: 'launchmode' } },
}]

test('offers: an upcoming site returns directly without an offer', () => {
  const s = stored({ status: 'upcoming', offer_id: 999 })
  assert.deepEqual(siteWithOffer(s, offers), { site: s, offer: null })
})

test('offers: the offer by id is merged with path parameters filled from site fields; booked when not active', () => {
  const result = siteWithOffer(stored({ status: 'open', offer_id: 7 }), offers)!
  assert.deepEqual(result.offer!.params, { site: 'new-meadow', cityslug: 'bath' })
  assert.equal(result.site.booked, true)
  assert.equal(siteWithOffer(stored({ status: 'active', offer_id: 7 }), offers)!.site.booked, false)
})

test('offers: an unknown or unset offer gives nothing; the list leaves such sites out', () => {
  assert.equal(siteWithOffer(stored({ status: 'open', offer_id: 8 }), offers), null)
  assert.equal(siteWithOffer(stored({ status: 'active', offer_id: null }), offers), null)
  const list = sitesWithOffer([
    stored({ slug: 'a', status: 'open', offer_id: 7 }),
    stored({ slug: 'b', status: 'open', offer_id: 8 }),
    stored({ slug: 'c', status: 'upcoming' }),
  ], offers)
  assert.deepEqual(list.map((s) => [s.slug, s.offer?.slug ?? null, s.offer?.path_params ?? null]), [
    ['a', 'o', { site: 'a', cityslug: 'bath' }],
    ['c', null, null],
  ])
})

test('merge: stored sites override built-ins by slug, ordered by id; built-ins get the link rules', () => {
  const override = stored({
    id: 1,
    slug: 'tuckers-meadow',
    location: 'Tuckers Meadow',
    allotments: 400,
    status: 'active',
  })
  const merged = mergeSites(BUILT_IN_SITES, [override, stored({ id: 500, slug: 'zeta' })])
  assert.equal(merged.filter((s) => s.slug === 'tuckers-meadow').length, 1)
  assert.equal(merged.find((s) => s.slug === 'tuckers-meadow')!.allotments, 400)
  assert.equal(merged.find((s) => s.slug === 'tuckers-meadow')!.builtin, false)
  assert.equal(merged.find((s) => s.slug === 'avon-views')!.cta_link, '/prereg/avon-views/signup')
  assert.equal(merged.at(-1)!.slug, 'zeta')
  assert.deepEqual(merged.map((s) => s.id), [...merged.map((s) => s.id)].sort((a, b) => a - b))
})

test('counts: merged by location name, case-insensitively, 0 when missing; every name asked once', () => {
  const sites = mergeSites(BUILT_IN_SITES, [])
  const out = withCounts(sites, [{ location: 'tuckers meadow ', count: '12' }, {
    location: 'Avon Views',
    count: 3,
  }])
  assert.equal(out.find((s) => s.slug === 'tuckers-meadow')!.waiting_list_count, 12)
  assert.equal(out.find((s) => s.slug === 'avon-views')!.waiting_list_count, 3)
  assert.equal(out.find((s) => s.slug === 'bowshaw-views')!.waiting_list_count, 0)
  const names = countNames(sites)
  assert.ok(names.includes('Tuckers Meadow') && names.includes('Isle of Wight'))
  assert.equal(
    names.filter((n) => n === 'Durham').length,
    1,
    'a place and a city of the same name: asked once',
  )
})

test('lookup by name: trimmed and lowercased; stored by slug, location equal, containing, contained', () => {
  const storedSites: Site[] = [
    stored({ id: 201, slug: 'hill-top', location: 'Hill Top Gardens', city: 'York' }),
    stored({ id: 202, slug: 'river', location: 'River', city: 'Hull' }),
  ]
  assert.equal(findSiteByName('  HILL-TOP ', storedSites, BUILT_IN_SITES)?.id, 201)
  assert.equal(findSiteByName('hill top gardens', storedSites, BUILT_IN_SITES)?.id, 201)
  assert.equal(findSiteByName('top gard', storedSites, BUILT_IN_SITES)?.id, 201)
  assert.equal(findSiteByName('the river allotments', storedSites, BUILT_IN_SITES)?.id, 202)
  assert.equal(findSiteByName('york', storedSites, []), null, 'city matching is for built-ins only')
})

test('lookup by name: then built-ins by exact location, partial location, then exact city; stored first', () => {
  assert.equal(findSiteByName('Avon Views', [], BUILT_IN_SITES)?.slug, 'avon-views')
  assert.equal(findSiteByName('galleywood', [], BUILT_IN_SITES)?.slug, 'galleywood-meadow')
  assert.equal(findSiteByName('croydon', [], BUILT_IN_SITES)?.slug, 'meadow-hill-fields')
  assert.equal(findSiteByName('atlantis', [], BUILT_IN_SITES), null)
  assert.equal(findSiteByName('   ', [], BUILT_IN_SITES), null)
  const shadow = [stored({ id: 300, slug: 'something', location: 'Avon Views Annex' })]
  assert.equal(findSiteByName('avon views', shadow, BUILT_IN_SITES)?.id, 300)
})

test('stored call to action: non-active sites go to the pre-registration sign-up', () => {
  assert.deepEqual(resolveCta(stored({ status: 'open', cta_setting_id: 2 }), CTA_SETTINGS), {
    label: 'Join Queue',
    promo: 'FREE £29.99 Starter Bundle When You Join This February',
    href: '/prereg/new-meadow/signup',
  })
  assert.equal(resolveCta(stored({ status: 'upcoming' }), CTA_SETTINGS).label, 'Pre-register')
})

test("stored call to action: an active site follows its CTA setting's named route, or its own cta_link", () => {
  assert.deepEqual(resolveCta(stored({ cta_setting_id: 1 }), CTA_SETTINGS), {
    label: 'Join Free Today',
    promo: 'for your first month free',
    href: '/landing/new-meadow/join',
  })
  assert.equal(
    resolveCta(stored({ cta_setting_id: 2 }), CTA_SETTINGS).href,
    '/sites/bath/new-meadow/setup',
  )
  assert.equal(
    resolveCta(stored({ cta_setting_id: 1, promo: 'Site promo' }), CTA_SETTINGS).promo,
    'Site promo',
  )
  assert.deepEqual(
    resolveCta(
      stored({ cta_setting_id: 2, cta: 'Go', cta_link: 'https://form.example' }),
      CTA_SETTINGS,
    ),
    {
      label: 'Go',
      promo: 'FREE £29.99 Starter Bundle When You Join This February',
      href: 'https://form.example',
    },
  )
})

const at = (over: Record<string, unknown>, waiting: number) => ({
  ...stored(over),
  waiting_list_count: waiting,
})

test('site state: coming soon, people waiting, plots available, full', () => {
  assert.equal(siteState(at({ status: 'upcoming' }, 0)), 'coming_soon')
  assert.equal(siteState(at({ status: null }, 3)), 'coming_soon')
  assert.equal(siteState(at({ status: 'active' }, 24)), 'waiting')
  assert.equal(siteState({ ...at({ status: 'active' }, 1), plots_free: 3 }), 'waiting')
  assert.equal(siteState(at({ status: 'open' }, 1)), 'waiting')
  assert.equal(siteState(at({ status: 'active', allotments: 60 }, 0)), 'available')
  assert.equal(siteState({ ...at({ status: 'active', allotments: 60 }, 0), plots_free: 0 }), 'full')
  assert.equal(
    siteState({ ...at({ status: 'open', allotments: 0 }, 0), plots_free: 2 }),
    'available',
  )
  assert.equal(siteState(at({ status: 'active', allotments: 0 }, 0)), 'full')
  assert.equal(siteState(at({ status: 'active', allotments: null }, 0)), 'full')
  assert.equal(stateLabel(at({ status: 'active' }, 24)), 'Waiting list')
  assert.equal(stateLabel(at({ status: 'active' }, 0)), 'Plots available')
  assert.equal(stateLabel(at({ status: 'active', allotments: 0 }, 0)), 'Full: waiting list open')
  assert.equal(stateLabel(at({ status: 'upcoming' }, 0)), 'Coming soon')
})

test('call to action: people waiting at an active site join its waiting list, with no joining offer', () => {
  const cta = siteCta(
    at({
      status: 'active',
      cta_setting_id: 1,
      cta: 'Join Free Today',
      cta_link: '/sites/bath/new-meadow/setup',
    }, 24),
    CTA_SETTINGS,
  )
  assert.deepEqual(cta, {
    label: 'Join the waiting list',
    promo: null,
    href: '/landing/new-meadow/join',
  })
})

test('call to action: people waiting at an open site go to its sign-up page; a site promo waits too', () => {
  assert.deepEqual(
    siteCta(
      at({ status: 'open', cta_setting_id: 2, promo: 'PayDay Weekend Offer' }, 7),
      CTA_SETTINGS,
    ),
    { label: 'Join the waiting list', promo: null, href: '/prereg/new-meadow/signup' },
  )
})

test('call to action: plots free and nobody waiting: become a member directly, with the offer that applies', () => {
  assert.deepEqual(siteCta(at({ status: 'active', cta_setting_id: 1 }, 0), CTA_SETTINGS), {
    label: 'Become a member',
    promo: 'for your first month free',
    href: '/sites/bath/new-meadow/setup',
  })
  assert.equal(
    siteCta(at({ status: 'open', cta_setting_id: 1, promo: 'Site promo' }, 0), CTA_SETTINGS).promo,
    'Site promo',
  )
})

test('call to action: full with nobody waiting: the waiting list; coming soon: pre-register, no first month free', () => {
  assert.deepEqual(
    siteCta({ ...at({ status: 'active', cta_setting_id: 1 }, 0), plots_free: 0 }, CTA_SETTINGS),
    { label: 'Join the waiting list', promo: null, href: '/landing/new-meadow/join' },
  )
  assert.deepEqual(siteCta(at({ status: 'upcoming', cta_setting_id: 1 }, 0), CTA_SETTINGS), {
    label: 'Pre-register',
    promo: null,
    href: '/prereg/new-meadow/signup',
  })
})

test('the catalogue answer: merged sites with counts, state and call to action; offers, CTAs with templates, places', () => {
  const answer = assembleCatalogue({
    stored: [
      stored({
        id: 1,
        slug: 'tuckers-meadow',
        location: 'Tuckers Meadow',
        status: 'active',
        offer_id: 7,
      }),
    ],
    offers,
    ctas: [],
    counts: [{ location: 'Tuckers Meadow', count: 4 }, { location: 'Exeter', count: 2 }],
  })
  const tm = answer.sites.find((s) => s.slug === 'tuckers-meadow')!
  assert.deepEqual([tm.builtin, tm.waiting_list_count, tm.state, tm.state_label], [
    false,
    4,
    'waiting',
    'Waiting list',
  ])
  assert.deepEqual(tm.call_to_action, siteCta(tm, CTA_SETTINGS))
  assert.equal(answer.sites.length, BUILT_IN_SITES.length, 'the stored row replaced its built-in')
  assert.deepEqual(
    answer.sites_with_offer.find((s) => s.slug === 'tuckers-meadow')!.offer!.path_params,
    { site: 'tuckers-meadow', cityslug: 'bath' },
  )
  assert.ok(
    answer.sites_with_offer.some((s) => s.slug === 'daffodil-views' && s.offer === null),
    'upcoming, without an offer',
  )
  assert.ok(
    !answer.sites_with_offer.some((s) => s.slug === 'avon-views'),
    'a built-in names no offer',
  )
  assert.deepEqual(answer.ctas.map((c) => [c.id, c.link_template]), [[1, '/landing/{site}/join'], [
    2,
    '/sites/{cityslug}/{slug}/setup',
  ]], 'none stored: the built-in settings')
  assert.equal(answer.places.length, BUILT_IN_PLACES.length)
  assert.equal(answer.places.find((p) => p.location === 'Exeter')!.waiting_list_count, 2)
  assert.equal(answer.places.find((p) => p.location === 'Exeter')!.slug, 'exeter')
})

test('readCatalogue asks for the counts of every merged site and place, and fails when a table does', async () => {
  let asked: string[] = []
  const tables = {
    sites: () =>
      Promise.resolve([
        row({
          id: 150,
          slug: 'ouse-fields',
          location: 'Ouse Fields',
          city: 'York',
          status: 'open',
        }),
      ]),
    offers: () => Promise.resolve([]),
    ctaSettings: () => Promise.resolve(CTA_SETTINGS),
    counts: (names: string[]) => {
      asked = names
      return Promise.resolve([{ location: 'Ouse Fields', count: 5 }])
    },
  }
  const answer = await readCatalogue(tables)
  assert.ok(
    asked.includes('Ouse Fields') && asked.includes('Tuckers Meadow') &&
      asked.includes('Isle of Wight'),
  )
  assert.equal(answer.sites.find((s) => s.slug === 'ouse-fields')!.waiting_list_count, 5)
  await assert.rejects(
    readCatalogue({ ...tables, offers: () => Promise.reject(new Error('down')) }),
    /down/,
  )
})

test('an archived site leaves the catalogue, and so does the built-in site of the same slug', async () => {
  const builtIn = BUILT_IN_SITES.find((s) => s.slug === 'tuckers-meadow')!
  const answer = await readCatalogue({
    sites: () =>
      Promise.resolve([
        {
          ...row({ id: builtIn.id, slug: 'tuckers-meadow', location: 'Tuckers Meadow' }),
          archived_at: '2025-01-01T00:00:00Z',
        },
        row({
          id: 151,
          slug: 'ouse-fields',
          location: 'Ouse Fields',
          city: 'York',
          status: 'open',
        }),
      ]),
    offers: () => Promise.resolve([]),
    ctaSettings: () => Promise.resolve(CTA_SETTINGS),
    counts: () => Promise.resolve([]),
  })
  assert.equal(answer.sites.find((s) => s.slug === 'tuckers-meadow'), undefined)
  assert.equal(answer.sites_with_offer.find((s) => s.slug === 'tuckers-meadow'), undefined)
  assert.ok(answer.sites.find((s) => s.slug === 'ouse-fields'))
})
