// deno-lint-ignore-file no-explicit-any -- JSON answers are checked field by field
import assert from 'node:assert/strict'
import { call, errorCode, sql, test, withBackendDown } from '../_shared/testing.ts'
import { handler } from './handler.ts'
import {
  normaliseRedirectPath as normalisePath,
  type RedirectRule as Rule,
  resolveRedirect as resolve,
} from '../_shared/common/redirect-paths.ts'

const lookup = async (path: string) => {
  const r = await call('redirect-lookup', {
    query: { path },
    headers: { 'cache-control': 'no-cache' },
  })
  assert.equal(r.status, 200, r.text)
  return r.json.redirect
}

test('the whole table, with an ETag; a matching If-None-Match is 304', async () => {
  const r = await call('redirect-lookup', { headers: { 'cache-control': 'no-cache' } })
  assert.equal(r.status, 200)
  assert.ok(
    r.json.redirects.some((x: any) =>
      x.from === '/our-sites' && x.to === '/sites' && x.status === 301
    ),
  )
  const [{ n }] = await sql()`select count(*)::int as n from public.redirects`
  assert.equal(r.json.redirects.length, n)
  for (
    const code of [
      'tm',
      'av',
      'lwm',
      'slf',
      'mhf',
      'pp',
      'rf',
      'bv',
      'gm',
      'shp',
      'stp',
      'kif',
      'pam',
      'nbf',
      'bf',
      'ov',
      'pwp',
      'dv',
    ]
  ) {
    assert.ok(r.json.redirects.some((x: any) => x.from === `/s/${code}`), `short link ${code}`)
  }
  const etag = r.headers.get('etag')!
  assert.match(etag, /^"[0-9a-f]{32}"$/)
  const again = await call('redirect-lookup', { headers: { 'if-none-match': etag } })
  assert.equal(again.status, 304)
  assert.equal(again.headers.get('etag'), etag)
})

test('browsers ask again on every use of the table or of a lookup: no-cache, no max-age', async () => {
  // A table a browser kept for minutes sent a returning visitor to /404 from a site closed
  // meanwhile: each use must go back to the function, which answers 304 while it is unchanged.
  const full = await call('redirect-lookup')
  const one = await call('redirect-lookup', { query: { path: '/our-sites' } })
  const notModified = await call('redirect-lookup', {
    headers: { 'if-none-match': full.headers.get('etag')! },
  })
  for (const r of [full, one, notModified]) {
    const cc = r.headers.get('cache-control') ?? ''
    assert.match(cc, /(^|,)\s*no-cache\s*(,|$)/, cc)
    assert.doesNotMatch(cc, /max-age=[1-9]|stale-while-revalidate|immutable/, cc)
  }
  assert.equal(notModified.status, 304)
})

test('a table past the 1,000 rows one request answers is read whole, the last rule included', async () => {
  const tag = crypto.randomUUID().slice(0, 8)
  await sql()`insert into public.redirects (source_path, target, status_code)
    select '/zz-many-' || ${tag} || '-' || lpad(g::text, 4, '0'), '/sites', 301
    from generate_series(1, 1001) g`
  try {
    const r = await call('redirect-lookup', { headers: { 'cache-control': 'no-cache' } })
    assert.equal(r.status, 200, r.text)
    const [{ n }] = await sql()`select count(*)::int as n from public.redirects`
    assert.ok(n > 1000)
    assert.equal(r.json.redirects.length, n)
    assert.deepEqual(await lookup(`/zz-many-${tag}-1001`), {
      to: '/sites',
      status: 301,
      external: false,
    })
  } finally {
    await sql()`delete from public.redirects where source_path like ${'/zz-many-' + tag + '-%'}`
  }
})

test('legacy paths and short links; case and trailing slashes normalised; query kept', async () => {
  assert.deepEqual(await lookup('/our-sites'), { to: '/sites', status: 301, external: false })
  assert.deepEqual(await lookup('/Our-Sites/'), { to: '/sites', status: 301, external: false })
  assert.deepEqual(await lookup('/S/TM'), {
    to: '/sites/bath/tuckers-meadow',
    status: 302,
    external: false,
  })
  assert.deepEqual(await lookup('/notts?utm=x'), {
    to: '/sites/nottingham/ruddington-fields?utm=x',
    status: 301,
    external: false,
  })
  assert.deepEqual(await lookup('/s/pwp'), {
    to: 'https://www.instagram.com/rootsallotments/',
    status: 302,
    external: true,
  })
  assert.equal(await lookup('/sites'), null)
  assert.equal(await lookup('/s/unknown'), null)
})

test('a new redirect is served on a fresh load; chains are followed and loops give none', async () => {
  const tag = crypto.randomUUID().slice(0, 8)
  await sql()`insert into public.redirects (source_path, target, status_code) values
    (${'/chain-a-' + tag}, ${'/chain-b-' + tag}, 301), (${'/chain-b-' + tag}, '/sites', 308),
    (${'/loop-a-' + tag}, ${'/loop-b-' + tag}, 301), (${'/loop-b-' + tag}, ${
    '/loop-a-' + tag
  }, 301)`
  assert.deepEqual(await lookup('/chain-a-' + tag), { to: '/sites', status: 308, external: false })
  assert.equal(await lookup('/loop-a-' + tag), null)
})

test('normalisation and resolution rules', () => {
  assert.equal(normalisePath('//Sites//Bath/'), '/sites/bath')
  assert.equal(normalisePath('/'), '/')
  assert.equal(normalisePath('/a%20b'), '/a b')
  const table = new Map<string, Rule>([['/x', { from: '/x', to: '/y#top', status: 302 }]])
  assert.deepEqual(
    resolve(table, '/x?q=1'),
    { to: '/y#top', status: 302, external: false },
    'a target with its own hash wins',
  )
})

test('not a path → 400; other methods → 405; database outage → 502', async () => {
  const bad = await call('redirect-lookup', { query: { path: 'sites' } })
  assert.equal(bad.status, 400)
  assert.equal(errorCode(bad), 'bad_request')
  const long = await call('redirect-lookup', { query: { path: '/' + 'a'.repeat(2048) } })
  assert.equal(long.status, 400)
  const post = await call('redirect-lookup', { body: {} })
  assert.equal(post.status, 405)
  const res = await withBackendDown(() =>
    handler(new Request('http://x/redirect-lookup', { headers: { 'cache-control': 'no-cache' } }))
  )
  assert.equal(res.status, 502)
  assert.equal((await res.json()).error.code, 'upstream_failed')
})
