// deno-lint-ignore-file no-explicit-any -- JSON answers are checked field by field
import assert from 'node:assert/strict'
import { createClient } from 'npm:@supabase/supabase-js@2'
import { ANON_KEY, call, errorCode, sql, SUPABASE_URL, test, withBackendDown } from '../_shared/testing.ts'
import { type Catalogue, decorate, findSite, handler, siteState, withOffer } from './handler.ts'

const fresh = { 'cache-control': 'no-cache' }
const load = async () => {
  const r = await call('sites', { headers: fresh })
  assert.equal(r.status, 200, r.text)
  return r
}
const bySlug = (list: any[], slug: string) => list.find((s) => s.slug === slug)

test('stored sites override the built-in catalogue by slug, ordered by id, with counts merged', async () => {
  const { json } = await load()
  assert.deepEqual(Object.keys(json).sort(), ['ctas', 'places', 'sites', 'sites_with_offer'])
  const tm = json.sites.filter((s: any) => s.slug === 'tuckers-meadow')
  assert.equal(tm.length, 1, 'one entry per slug')
  assert.match(tm[0].description, /Bath/, 'the stored row (with its description) wins')
  const ids = json.sites.map((s: any) => s.id)
  assert.deepEqual(ids, [...ids].sort((a: number, b: number) => a - b))
  const [{ live_count }] = await sql()`select live_count from private.waiting_list_counters where location_key = 'tuckers meadow'`
  assert.equal(tm[0].waiting_list_count, Number(live_count))
  assert.ok(Number(live_count) > 0)
  assert.equal(bySlug(json.sites, 'daffodil-views').waiting_list_count, 0, 'no entries: 0')
  assert.ok(json.places.find((p: any) => p.location === 'Exeter').waiting_list_count > 0, 'waiting-list-only places are counted')
})

test('booked, status, cta_link and form_link follow spec 4 for stored sites', async () => {
  const tag = crypto.randomUUID().slice(0, 8)
  await sql()`insert into public.global_sites (city, city_slug, location, slug, status, booked, cta_setting_id)
    values ('Testville', 'testville', ${'Open ' + tag}, ${'open-' + tag}, 'open', false, 1),
           ('Testville', 'testville', ${'Nostatus ' + tag}, ${'nostatus-' + tag}, null, false, 1),
           ('Testville', 'testville', ${'Active ' + tag}, ${'active-' + tag}, 'active', true, 2)`
  const { json } = await load()
  const open = bySlug(json.sites, 'open-' + tag)
  assert.equal(open.booked, true, 'open → booked')
  assert.equal(open.cta_link, `/prereg/open-${tag}/signup`)
  assert.equal(open.form_link, `/prereg/open-${tag}/signup`)
  const none = bySlug(json.sites, 'nostatus-' + tag)
  assert.equal(none.status, 'upcoming', 'no status counts as upcoming')
  assert.equal(none.booked, true)
  const active = bySlug(json.sites, 'active-' + tag)
  assert.equal(active.booked, false, 'active → not booked')
  assert.deepEqual(json.ctas.map((c: any) => [c.id, c.link_template]), [[1, '/landing/{site}/join'], [2, '/sites/{cityslug}/{slug}/setup']])
})

test('the call to action follows the site state, never a promise that does not apply (issue 17)', async () => {
  const tag = crypto.randomUUID().slice(0, 8)
  await sql()`insert into public.global_sites (city, city_slug, location, slug, status, allotments, cta_setting_id, promo)
    values ('Testville', 'testville', ${'Free ' + tag}, ${'free-' + tag}, 'active', 40, 1, null),
           ('Testville', 'testville', ${'Nofree ' + tag}, ${'nofree-' + tag}, 'active', 0, 1, 'Half price'),
           ('Testville', 'testville', ${'Soon ' + tag}, ${'soon-' + tag}, 'upcoming', 40, 1, null)`
  const { json } = await load()
  // People waiting at an active site (seeded): join the waiting list, no joining offer.
  const darenth = bySlug(json.sites, 'darenth-fields')
  assert.ok(darenth.waiting_list_count > 0)
  assert.deepEqual([darenth.state, darenth.state_label, darenth.cta, darenth.promo, darenth.cta_link],
    ['waiting', 'Waiting list', 'Join the waiting list', null, '/landing/darenth-fields/join'])
  // A site promo promises nothing while people wait either.
  const galleywood = bySlug(json.sites, 'galleywood-meadow')
  assert.deepEqual([galleywood.state, galleywood.promo, galleywood.cta_link], ['waiting', null, '/prereg/galleywood-meadow/signup'])
  // Nobody waiting and plots free: become a member directly, with the offer that applies.
  const free = bySlug(json.sites, 'free-' + tag)
  assert.deepEqual([free.state, free.state_label, free.cta, free.promo, free.cta_link],
    ['available', 'Plots available', 'Become a member', 'for your first month free', `/sites/testville/free-${tag}/setup`])
  // Nobody waiting and no plot free: the waiting list, and no promo.
  const full = bySlug(json.sites, 'nofree-' + tag)
  assert.deepEqual([full.state, full.cta, full.promo, full.cta_link], ['full', 'Join the waiting list', null, `/landing/nofree-${tag}/join`])
  // Coming soon: pre-register, and no first month free.
  const soon = bySlug(json.sites, 'soon-' + tag)
  assert.deepEqual([soon.state, soon.state_label, soon.cta, soon.promo, soon.cta_link],
    ['coming_soon', 'Coming soon', 'Pre-register', null, `/prereg/soon-${tag}/signup`])
  assert.equal(bySlug(json.sites, 'daffodil-views').promo, null)
})

test('the with-offer list: upcoming without offer, offer merged with path params, unknown offer left out', async () => {
  const tag = crypto.randomUUID().slice(0, 8)
  await sql()`insert into public.global_sites (city, city_slug, location, slug, status, cta_setting_id)
    values ('Testville', 'testville', ${'No offer ' + tag}, ${'no-offer-' + tag}, 'open', 1)`
  const { json } = await load()
  const list = json.sites_with_offer
  const daffodil = bySlug(list, 'daffodil-views')
  assert.equal(daffodil.offer, null, 'upcoming returns without an offer')
  assert.equal(daffodil.booked, true)
  const tm = bySlug(list, 'tuckers-meadow')
  assert.equal(tm.offer.slug, 'tuckers-meadow-join')
  assert.deepEqual(tm.offer.path_params, { site: 'tuckers-meadow', cityslug: 'bath', slug: 'tuckers-meadow' })
  assert.equal(tm.booked, true, 'not active → booked in this list')
  assert.equal(bySlug(list, 'darenth-fields').booked, false, 'active → not booked')
  assert.equal(bySlug(list, 'no-offer-' + tag), undefined, 'an unknown offer gives nothing')
  assert.ok(bySlug(json.sites, 'no-offer-' + tag), 'but the site is still in the catalogue')
})

test('ETag and Cache-Control make repeat loads cheap: a matching If-None-Match is 304', async () => {
  const first = await load()
  const etag = first.headers.get('etag')
  assert.match(etag ?? '', /^"[0-9a-f]{32}"$/)
  assert.match(first.headers.get('cache-control') ?? '', /max-age=\d+/)
  const again = await call('sites', { headers: { 'if-none-match': etag! } })
  assert.equal(again.status, 304)
  assert.equal(again.text, '')
  const other = await call('sites', { headers: { 'if-none-match': '"nope"' } })
  assert.equal(other.status, 200)
  assert.equal(other.headers.get('etag'), etag, 'same data, same tag')
})

test('the counts move when someone joins (fresh load), and the tag changes', async () => {
  const before = await load()
  await sql()`insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy)
    values (3, 'x', 'Etag', 'Tester', ${'etag.' + crypto.randomUUID().slice(0, 8) + '@example.com'}, true)`
  const after = await load()
  assert.equal(bySlug(after.json.sites, 'leigh-woods-meadows').waiting_list_count, bySlug(before.json.sites, 'leigh-woods-meadows').waiting_list_count + 1)
  assert.notEqual(after.headers.get('etag'), before.headers.get('etag'))
})

test('lookup by name (spec 5): trimmed and lowercased; slug, location equal, containing, contained', async () => {
  const get = async (name: string) => (await call('sites', { query: { name }, headers: fresh })).json.site?.slug ?? null
  assert.equal(await get('  AVON-VIEWS '), 'avon-views', 'exact slug')
  assert.equal(await get('Tuckers Meadow'), 'tuckers-meadow', 'location equal')
  assert.equal(await get('ruddington'), 'ruddington-fields', 'location containing the text')
  assert.equal(await get('allotments at bowshaw views please'), 'bowshaw-views', 'location contained in the text')
  assert.equal(await get('nowhere at all'), null)
  const long = await call('sites', { query: { name: 'x'.repeat(201) } })
  assert.equal(long.status, 400)
  assert.equal(errorCode(long), 'validation_failed')
})

test('lookup falls back to built-ins: exact location, partial location, then exact city', () => {
  const site = (id: number, slug: string, location: string, city: string) => ({ id, slug, location, city, city_slug: city.toLowerCase(), status: 'open' })
  const catalogue = { sites: [site(1, 'stored-one', 'Stored One', 'Leeds'), site(2, 'alpha', 'Alpha Fields', 'York'), site(3, 'beta', 'Beta', 'Hull')] } as unknown as Catalogue
  const stored = new Set(['stored-one'])
  assert.equal(findSite(catalogue, 'alpha fields', stored)?.slug, 'alpha')
  assert.equal(findSite(catalogue, 'alpha', stored)?.slug, 'alpha')
  assert.equal(findSite(catalogue, 'hull', stored)?.slug, 'beta')
  assert.equal(findSite(catalogue, 'leeds', stored), null, 'city matching is for built-ins only')
  assert.equal(findSite(catalogue, '   ', stored), null)
})

test('rules as pure functions: built-ins keep their booked flag; a missing offer id gives nothing', () => {
  const b = decorate({ id: 1, slug: 'x', location: 'X', city: 'C', city_slug: 'c', status: 'active', booked: true } as any, false, 0, new Map())
  assert.equal(b.booked, true)
  assert.equal(withOffer({ id: 1, slug: 'x', status: 'open', offer_id: null } as any, new Map()), null)
})

test('site state: coming soon, waiting, plots available, full (the same rule as web/src/lib/sites/rules.ts)', () => {
  assert.equal(siteState({ status: null, waiting_list_count: 5, allotments: 10 }), 'coming_soon')
  assert.equal(siteState({ status: 'upcoming', waiting_list_count: 0, allotments: 10 }), 'coming_soon')
  assert.equal(siteState({ status: 'open', waiting_list_count: 24, allotments: 10 }), 'waiting')
  assert.equal(siteState({ status: 'active', waiting_list_count: 1, plots_free: 3 }), 'waiting')
  assert.equal(siteState({ status: 'active', waiting_list_count: 0, allotments: 10 }), 'available')
  assert.equal(siteState({ status: 'open', waiting_list_count: 0, allotments: 10, plots_free: 0 }), 'full')
  assert.equal(siteState({ status: 'active', waiting_list_count: 0, allotments: 0 }), 'full')
  assert.equal(siteState({ status: 'active', waiting_list_count: 0, allotments: null }), 'full')
  const open = decorate({ id: 1, slug: 'x', location: 'X', city: 'C', city_slug: 'c', status: 'open', allotments: 5, promo: 'Offer' } as any, true, 0, new Map())
  assert.deepEqual([open.cta, open.promo, open.cta_link, open.form_link], ['Become a member', 'Offer', '/sites/c/x/setup', '/prereg/x/signup'])
})

test('bad requests: unknown query, wrong method; a database outage is 502 in the error shape', async () => {
  const q = await call('sites', { query: { foo: '1' } })
  assert.equal(q.status, 400)
  const post = await call('sites', { body: {} })
  assert.equal(post.status, 405)
  assert.equal(errorCode(post), 'method_not_allowed')
  const res = await withBackendDown(() => handler(new Request('http://x/sites', { headers: fresh })))
  assert.equal(res.status, 502)
  assert.equal((await res.json()).error.code, 'upstream_failed')
})

test('supabase-js functions.invoke reads the catalogue as the web client would', async () => {
  const client = createClient(SUPABASE_URL(), ANON_KEY(), { auth: { persistSession: false } })
  const { data, error } = await client.functions.invoke('sites', { method: 'GET' })
  assert.equal(error, null)
  assert.ok(data.sites.length >= 22)
  assert.ok(data.sites_with_offer.length > 0)
})

test('a stale or forged token does not break the public catalogue', async () => {
  const r = await call('sites', { token: 'not.a.jwt', headers: fresh })
  assert.equal(r.status, 200, r.text)
  assert.ok(r.json.sites.length > 0)
  const red = await call('redirect-lookup', { token: 'not.a.jwt', query: { path: '/our-sites' } })
  assert.equal(red.status, 200)
})
