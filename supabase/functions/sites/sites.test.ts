// deno-lint-ignore-file no-explicit-any -- JSON answers are checked field by field
// The sites function over the seeded database. The rules it applies are _shared/common/site-rules.ts
// (tested there); these tests check that its answer is theirs, read from the database.
import assert from 'node:assert/strict'
import { createClient } from 'npm:@supabase/supabase-js@2'
import { siteCta, siteState, STATE_LABEL } from '../_shared/common/site-rules.ts'
import type { SiteCatalogue } from '../_shared/common/site-types.ts'
import {
  ANON_KEY,
  call,
  errorCode,
  sql,
  SUPABASE_URL,
  test,
  withBackendDown,
} from '../_shared/testing.ts'
import { findSite, handler } from './handler.ts'

const fresh = { 'cache-control': 'no-cache' }
const load = async () => {
  const r = await call('sites', { headers: fresh })
  assert.equal(r.status, 200, r.text)
  return r
}
const bySlug = (list: any[], slug: string) => list.find((s) => s.slug === slug)

test('stored sites override the built-in catalogue by slug, ordered by id, with counts merged', async () => {
  const { json } = await load()
  assert.deepEqual(Object.keys(json).sort(), [
    'ctas',
    'offers',
    'places',
    'sites',
    'sites_with_offer',
  ])
  const tm = json.sites.filter((s: any) => s.slug === 'tuckers-meadow')
  assert.equal(tm.length, 1, 'one entry per slug')
  assert.match(tm[0].description, /Bath/, 'the stored row (with its description) wins')
  assert.equal(tm[0].builtin, false)
  const ids = json.sites.map((s: any) => s.id)
  assert.deepEqual(ids, [...ids].sort((a: number, b: number) => a - b))
  const [{ live_count }] =
    await sql()`select live_count from private.waiting_list_counters where location_key = 'tuckers meadow'`
  assert.equal(tm[0].waiting_list_count, Number(live_count))
  assert.ok(Number(live_count) > 0)
  assert.equal(bySlug(json.sites, 'daffodil-views').waiting_list_count, 0, 'no entries: 0')
  assert.ok(
    json.places.find((p: any) => p.location === 'Exeter').waiting_list_count > 0,
    'waiting-list-only places are counted',
  )
})

test("booked, status, cta_link and form_link follow each stored site's state", async () => {
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
  assert.equal(none.status, null, 'the stored status, as stored')
  assert.equal(none.state, 'coming_soon', 'no status counts as upcoming')
  assert.equal(none.booked, true)
  assert.equal(none.cta_link, `/prereg/nostatus-${tag}/signup`)
  const active = bySlug(json.sites, 'active-' + tag)
  assert.equal(active.booked, false, 'active → not booked')
  assert.deepEqual(json.ctas.map((c: any) => [c.id, c.link_template]), [
    [1, '/landing/{site}/join'],
    [2, '/sites/{cityslug}/{slug}/setup'],
  ])
})

test('the call to action follows the site state, never a promise that does not apply', async () => {
  const tag = crypto.randomUUID().slice(0, 8)
  await sql()`insert into public.global_sites (city, city_slug, location, slug, status, allotments, cta_setting_id, promo, cta)
    values ('Testville', 'testville', ${'Free ' + tag}, ${
    'free-' + tag
  }, 'active', 40, 1, null, null),
           ('Testville', 'testville', ${'Nofree ' + tag}, ${
    'nofree-' + tag
  }, 'active', 0, 1, 'Half price', 'Join Free Today'),
           ('Testville', 'testville', ${'Soon ' + tag}, ${
    'soon-' + tag
  }, 'upcoming', 40, 1, null, null)`
  const { json } = await load()
  const action = (
    s: any,
  ) => [
    s.state,
    s.state_label,
    s.call_to_action.label,
    s.call_to_action.promo,
    s.call_to_action.href,
  ]
  // People waiting at an active site (seeded): join the waiting list, no joining offer.
  const darenth = bySlug(json.sites, 'darenth-fields')
  assert.ok(darenth.waiting_list_count > 0)
  assert.deepEqual(action(darenth), [
    'waiting',
    'Waiting list',
    'Join the waiting list',
    null,
    '/landing/darenth-fields/join',
  ])
  // A site promo promises nothing while people wait either.
  const galleywood = bySlug(json.sites, 'galleywood-meadow')
  assert.deepEqual(action(galleywood), [
    'waiting',
    'Waiting list',
    'Join the waiting list',
    null,
    '/prereg/galleywood-meadow/signup',
  ])
  // Nobody waiting and plots free: become a member directly, with the offer that applies.
  assert.deepEqual(action(bySlug(json.sites, 'free-' + tag)), [
    'available',
    'Plots available',
    'Become a member',
    'for your first month free',
    `/sites/testville/free-${tag}/setup`,
  ])
  // Nobody waiting and no plot free: the waiting list, and no promo; the stored words stay as stored.
  const full = bySlug(json.sites, 'nofree-' + tag)
  assert.deepEqual(action(full), [
    'full',
    'Full: waiting list open',
    'Join the waiting list',
    null,
    `/landing/nofree-${tag}/join`,
  ])
  assert.deepEqual([full.cta, full.promo], ['Join Free Today', 'Half price'])
  // Coming soon: pre-register, and no first month free.
  assert.deepEqual(action(bySlug(json.sites, 'soon-' + tag)), [
    'coming_soon',
    'Coming soon',
    'Pre-register',
    null,
    `/prereg/soon-${tag}/signup`,
  ])
  assert.equal(bySlug(json.sites, 'daffodil-views').call_to_action.promo, null)
})

test('every site of the answer is decided by the shared rules (site-rules.ts), stored and built-in alike', async () => {
  const { json } = await load() as { json: SiteCatalogue }
  for (const s of json.sites) {
    assert.equal(s.state, siteState(s), s.slug)
    assert.equal(s.state_label, STATE_LABEL[s.state], s.slug)
    assert.deepEqual(s.call_to_action, siteCta(s, json.ctas), s.slug)
  }
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
  assert.deepEqual(tm.offer.path_params, {
    site: 'tuckers-meadow',
    cityslug: 'bath',
    slug: 'tuckers-meadow',
  })
  assert.equal(tm.booked, true, 'not active → booked in this list')
  assert.equal(bySlug(list, 'darenth-fields').booked, false, 'active → not booked')
  assert.equal(bySlug(list, 'no-offer-' + tag), undefined, 'an unknown offer gives nothing')
  assert.ok(bySlug(json.sites, 'no-offer-' + tag), 'but the site is still in the catalogue')
  const [{ n }] = await sql()`select count(*)::int as n from public.offers`
  assert.equal(json.offers.length, n, 'every offer, for the offer pages')
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
    values (3, 'x', 'Etag', 'Tester', ${
    'etag.' + crypto.randomUUID().slice(0, 8) + '@example.com'
  }, true)`
  const after = await load()
  assert.equal(
    bySlug(after.json.sites, 'leigh-woods-meadows').waiting_list_count,
    bySlug(before.json.sites, 'leigh-woods-meadows').waiting_list_count + 1,
  )
  assert.notEqual(after.headers.get('etag'), before.headers.get('etag'))
})

test('lookup by name: trimmed and lowercased; slug, location equal, containing, contained', async () => {
  const get = async (name: string) =>
    (await call('sites', { query: { name }, headers: fresh })).json.site?.slug ?? null
  assert.equal(await get('  AVON-VIEWS '), 'avon-views', 'exact slug')
  assert.equal(await get('Tuckers Meadow'), 'tuckers-meadow', 'location equal')
  assert.equal(await get('ruddington'), 'ruddington-fields', 'location containing the text')
  assert.equal(
    await get('allotments at bowshaw views please'),
    'bowshaw-views',
    'location contained in the text',
  )
  assert.equal(await get('nowhere at all'), null)
  const long = await call('sites', { query: { name: 'x'.repeat(201) } })
  assert.equal(long.status, 400)
  assert.equal(errorCode(long), 'validation_failed')
})

test('lookup falls back to the built-ins no stored row overrides, by exact location, then city', () => {
  const site = (id: number, slug: string, location: string, city: string, builtin: boolean) => ({
    id,
    slug,
    location,
    city,
    city_slug: city.toLowerCase(),
    status: 'open',
    builtin,
  })
  const catalogue = {
    sites: [
      site(1, 'stored-one', 'Stored One', 'Leeds', false),
      site(2, 'alpha', 'Alpha Fields', 'York', true),
      site(3, 'beta', 'Beta', 'Hull', true),
    ],
  } as any
  assert.equal(findSite(catalogue, 'alpha fields')?.slug, 'alpha')
  assert.equal(findSite(catalogue, 'hull')?.slug, 'beta')
  assert.equal(findSite(catalogue, 'leeds'), null, 'city matching is for built-ins only')
})

test('bad requests: unknown query, wrong method; a database outage is 502 in the error shape', async () => {
  const q = await call('sites', { query: { foo: '1' } })
  assert.equal(q.status, 400)
  const post = await call('sites', { body: {} })
  assert.equal(post.status, 405)
  assert.equal(errorCode(post), 'method_not_allowed')
  const res = await withBackendDown(() =>
    handler(new Request('http://x/sites', { headers: fresh }))
  )
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
