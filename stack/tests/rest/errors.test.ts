// Bad input: malformed query strings, unknown operators, broken and oversized bodies, SQL
// injection in names and values, unknown tables and paths. Every answer is a 4xx in
// PostgREST's shape, never a 500, and nothing is written. Also: an unreachable database is
// a quick 503, and random query strings never produce a 5xx.
import assert from 'node:assert/strict'
import fc from 'fast-check'
import postgres from 'postgres'
import { createRestGateway } from '../../gateway/rest/mod.ts'
import { MAX_BODY_BYTES } from '../../gateway/rest/api-request.ts'
import { anon, ANON_KEY, assertPgrstError, db, rest, SERVICE_KEY, test } from './fixtures.ts'

const itemCount = async () =>
  (await db`select count(*)::int as n from conformance_items`)[0].n as number
const tableExists = async (name: string) =>
  (await db`select to_regclass(${name}) is not null as e`)[0].e as boolean

async function expect4xx(
  path: string,
  init: RequestInit & { key?: string } = {},
  code?: string,
  status?: number,
) {
  const r = await rest(path, init)
  assert.ok(
    r.status >= 400 && r.status < 500,
    `${init.method ?? 'GET'} ${path} answered ${r.status}: ${r.text}`,
  )
  if (status) assert.equal(r.status, status, r.text)
  assertPgrstError(r.json(), code)
  return r
}

// ---------------------------------------------------------------- query strings
test('unknown operator is 400 PGRST100', () =>
  expect4xx('/conformance_books?id=foo.1', {}, 'PGRST100', 400).then(() => {}))
test('a filter without an operator is 400 PGRST100', () =>
  expect4xx('/conformance_books?id=1', {}, 'PGRST100', 400).then(() => {}))
test('unbalanced parentheses in or= are 400 PGRST100', () =>
  expect4xx('/conformance_books?or=(id.eq.1,id.eq.2', {}, 'PGRST100', 400).then(() => {}))
test('or= without parentheses is 400 PGRST100', () =>
  expect4xx('/conformance_books?or=id.eq.1', {}, 'PGRST100', 400).then(() => {}))
test('a bad order term is 400 PGRST100', () =>
  expect4xx('/conformance_books?order=id.sideways', {}, 'PGRST100', 400).then(() => {}))
test('a non-numeric limit is 400 PGRST100', () =>
  expect4xx('/conformance_books?limit=ten', {}, 'PGRST100', 400).then(() => {}))
test('a negative offset is 400 PGRST100', () =>
  expect4xx('/conformance_books?offset=-1', {}, 'PGRST100', 400).then(() => {}))
test('in. without a list is 400 PGRST100', () =>
  expect4xx('/conformance_books?id=in.1,2', {}, 'PGRST100', 400).then(() => {}))
test('is. with a non-trilean value is 400 PGRST100', () =>
  expect4xx('/conformance_books?id=is.maybe', {}, 'PGRST100', 400).then(() => {}))
test('an unterminated quote in in.() is 400 PGRST100', () =>
  expect4xx('/conformance_books?title=in.("abc)', {}, 'PGRST100', 400).then(() => {}))
test('a malformed select is 400 PGRST100', () =>
  expect4xx('/conformance_books?select=id,(title', {}, 'PGRST100', 400).then(() => {}))
test('an unknown column in a filter is 400 42703', () =>
  expect4xx('/conformance_books?nope=eq.1', {}, '42703', 400).then(() => {}))
test('an unknown column in order is 400 42703', () =>
  expect4xx('/conformance_books?order=nope', {}, '42703', 400).then(() => {}))
test('a value of the wrong type in a filter is 400 22P02', () =>
  expect4xx('/conformance_books?id=eq.abc', {}, '22P02', 400).then(() => {}))
test('a bad date in a filter is 400 22007 or 22008', async () => {
  const r = await expect4xx('/conformance_authors?born=eq.not-a-date', {}, undefined, 400)
  assert.match((r.json() as { code: string }).code, /^2200[78]$/)
})
test('a bad cast type is 4xx, not 500', () =>
  expect4xx('/conformance_books?select=id::nosuchtype', {}, undefined, 400).then(() => {}))
test('an invalid regular expression is 400 2201B', () =>
  expect4xx('/conformance_books?title=match.(', {}, '2201B', 400).then(() => {}))

// ---------------------------------------------------------------- unknown things
test('unknown table is 404 PGRST205 with a hint', async () => {
  const r = await expect4xx('/conformance_bookz', {}, 'PGRST205', 404)
  assert.equal(
    (r.json() as { hint: string }).hint,
    "Perhaps you meant the table 'public.conformance_books'",
  )
})
test('a table named with a malformed escape is an unknown table (404), not a 500', () =>
  expect4xx('/%E0%A4%A', {}, 'PGRST205', 404).then(() => {}))
test('supabase-js sees the unknown-table error', async () => {
  const { error, status } = await anon.from('nope_nothing_here').select()
  assert.equal(status, 404)
  assert.equal(error!.code, 'PGRST205')
})
test('a path below a table is 404 PGRST125', () =>
  expect4xx('/conformance_books/1', {}, 'PGRST125', 404).then(() => {}))
test('Content-Profile outside the exposed schemas is 406 PGRST106', () =>
  expect4xx(
    '/conformance_items',
    { method: 'POST', body: '{"name":"x"}', headers: { 'content-profile': 'auth' } },
    'PGRST106',
    406,
  ).then(() => {}))

// ---------------------------------------------------------------- bodies
test('broken JSON is 400 PGRST102 and nothing is written', async () => {
  const before = await itemCount()
  await expect4xx('/conformance_items', { method: 'POST', body: '{"name": "x",' }, 'PGRST102', 400)
  assert.equal(await itemCount(), before)
})
test('an empty body on insert is 400 PGRST102', () =>
  expect4xx('/conformance_items', { method: 'POST', body: '' }, 'PGRST102', 400).then(() => {}))
test('a JSON scalar body on insert is 400 PGRST102', () =>
  expect4xx('/conformance_items', { method: 'POST', body: '42' }, 'PGRST102', 400).then(() => {}))
test('broken JSON on PATCH and rpc is 400 PGRST102', async () => {
  await expect4xx('/conformance_items?id=eq.1', { method: 'PATCH', body: '{nope' }, 'PGRST102', 400)
  await expect4xx('/rpc/conformance_add', { method: 'POST', body: '{"a":' }, 'PGRST102', 400)
})
test(`a body over ${MAX_BODY_BYTES} bytes is 413 and nothing is written`, async () => {
  const before = await itemCount()
  const big = JSON.stringify({ name: 'big', note: 'x'.repeat(MAX_BODY_BYTES) })
  await expect4xx('/conformance_items', { method: 'POST', body: big }, undefined, 413)
  assert.equal(await itemCount(), before)
})
test('an oversized chunked body (no Content-Length) is 413 too', async () => {
  const chunk = new TextEncoder().encode('x'.repeat(64 * 1024))
  let sent = 0
  const body = new ReadableStream<Uint8Array>({
    pull(c) {
      if (sent > MAX_BODY_BYTES * 2) return c.close()
      sent += chunk.byteLength
      c.enqueue(chunk)
    },
  })
  const r = await fetch(`${Deno.env.get('SUPABASE_URL')}/rest/v1/conformance_items`, {
    method: 'POST',
    body,
    headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
  })
  assert.equal(r.status, 413)
  assertPgrstError(await r.json())
})
test('supabase-js sees 413 as an error', async () => {
  const { error, status } = await anon.from('conformance_items').insert({
    name: 'x'.repeat(MAX_BODY_BYTES + 10),
  })
  assert.equal(status, 413)
  assert.ok(error)
})

// ---------------------------------------------------------------- injection
const INJECTIONS = [
  `id"; drop table conformance_items; --`,
  `id) from conformance_books; drop table conformance_items; --`,
  `"id"`,
  `id;select pg_sleep(5)`,
  `pg_catalog.pg_roles`,
]
for (const [i, evil] of INJECTIONS.entries()) {
  test(`injection in a select column is refused (${i})`, async () => {
    const r = await rest(`/conformance_books?select=${encodeURIComponent(evil)}`)
    if (evil === '"id"') {
      assert.equal(r.status, 200) // a quoted identifier is still just the column id
      return
    }
    assert.ok(r.status === 400 || r.status === 404, r.text)
    assertPgrstError(r.json())
    assert.ok(await tableExists('conformance_items'))
  })
}
test('injection in a filter column is refused', async () => {
  await expect4xx(
    `/conformance_books?${encodeURIComponent('id;delete from conformance_items')}=eq.1`,
  )
  await expect4xx(`/conformance_books?${encodeURIComponent('"id" or 1=1 --')}=eq.1`)
  assert.ok(await itemCount() >= 0)
})
test('injection in a table name is 404 and never executed', async () => {
  await expect4xx(
    `/${encodeURIComponent('conformance_items; drop table conformance_items')}`,
    {},
    'PGRST205',
    404,
  )
  await expect4xx(
    `/${encodeURIComponent('conformance_items"; drop table conformance_items; --')}`,
    { method: 'DELETE' },
    'PGRST205',
    404,
  )
  assert.ok(await tableExists('conformance_items'))
})
test('injection in a value is just a value', async () => {
  const { data, error } = await anon.from('conformance_books').select('id').eq(
    'title',
    "x' or '1'='1",
  )
  assert.equal(error, null)
  assert.deepEqual(data, [])
  const r = await rest(
    `/conformance_books?select=id&or=(title.eq.${encodeURIComponent(`"x') or (1=1"`)},id.eq.-1)`,
  )
  assert.deepEqual(r.json(), [])
})
test('injection in a JSON body value is stored verbatim', async () => {
  const evil = `'); drop table conformance_items; --`
  const { data, error } = await anon.from('conformance_items').insert({ name: evil }).select('name')
    .single()
  assert.equal(error, null)
  assert.equal(data!.name, evil)
  assert.ok(await tableExists('conformance_items'))
  await db`delete from conformance_items where name = ${evil}`
})
test('injection in a JSON body key is PGRST204 and nothing is written', async () => {
  const before = await itemCount()
  const r = await expect4xx(
    '/conformance_items',
    {
      method: 'POST',
      body: JSON.stringify({ "name\") values ('x'); drop table conformance_items; --": 'x' }),
    },
    'PGRST204',
    400,
  )
  void r
  assert.equal(await itemCount(), before)
})
test('injection in a JSON path key is a value', async () => {
  const r = await rest(
    `/conformance_authors?select=id&meta->>${encodeURIComponent("genre' or '1'='1")}=eq.sf`,
  )
  assert.equal(r.status, 200)
  assert.deepEqual(r.json(), [])
})
test('injection in an rpc argument name is 404 PGRST202', async () => {
  const { error, status } = await anon.rpc('conformance_add', {
    'a := 1); drop table conformance_items; --': 1,
  })
  assert.equal(status, 404)
  assert.equal(error!.code, 'PGRST202')
  assert.ok(await tableExists('conformance_items'))
})
test('injection in a cast is refused', () =>
  expect4xx(
    `/conformance_books?select=${
      encodeURIComponent('id::text); drop table conformance_items; --')
    }`,
    {},
    'PGRST100',
    400,
  ).then(() => {}))
test('injection in on_conflict and columns is refused', async () => {
  await expect4xx(
    `/conformance_items?columns=${encodeURIComponent('name; drop table x')}`,
    { method: 'POST', body: '{"name":"x"}' },
    'PGRST204',
    400,
  )
  await expect4xx(
    `/conformance_items?on_conflict=${encodeURIComponent('id) do nothing; --')}`,
    { method: 'POST', body: '{"name":"x"}', headers: { prefer: 'resolution=merge-duplicates' } },
    'PGRST100',
    400,
  )
  await expect4xx(
    `/conformance_items?on_conflict=${encodeURIComponent('id; drop table x')}`,
    { method: 'POST', body: '{"name":"x"}', headers: { prefer: 'resolution=merge-duplicates' } },
    'PGRST204',
    400,
  )
})
test('injection in an embed name or hint is refused', async () => {
  await expect4xx(
    `/conformance_books?select=${encodeURIComponent('id,conformance_reviews; drop table x(*)')}`,
    {},
    'PGRST200',
    400,
  )
  await expect4xx(
    `/conformance_books?select=${encodeURIComponent('id,conformance_reviews!x" or 1=1(*)')}`,
    {},
    'PGRST100',
    400,
  )
  await expect4xx(
    `/conformance_books?select=${encodeURIComponent('id,conformance_reviews!x or 1=1(*)')}`,
    {},
    'PGRST200',
    400,
  )
})

// ---------------------------------------------------------------- robustness
test('random query strings never produce a 5xx', async () => {
  const token = fc.oneof(
    fc.constantFrom(
      'id',
      'title',
      'tags',
      'meta',
      'nope',
      '*',
      '(',
      ')',
      ',',
      '.',
      ':',
      '::',
      '->',
      '->>',
      '!',
      '"',
      '\\',
      'eq',
      'not',
      'in',
      'or',
      'and',
      'is',
      'null',
      '{',
      '}',
      "'",
      ';',
      '%',
      ' ',
    ),
    fc.string({ maxLength: 4 }),
  )
  const piece = fc.array(token, { maxLength: 8 }).map((a) => a.join(''))
  const key = fc.constantFrom(
    'select',
    'order',
    'limit',
    'offset',
    'or',
    'and',
    'not.or',
    'id',
    'title',
    'tags',
    'conformance_reviews.stars',
    'columns',
  )
  await fc.assert(
    fc.asyncProperty(fc.array(fc.tuple(key, piece), { maxLength: 4 }), async (pairs) => {
      const qs = new URLSearchParams(pairs).toString()
      const r = await rest(`/conformance_books?${qs}`)
      assert.ok(r.status < 500, `GET /conformance_books?${qs} answered ${r.status}: ${r.text}`)
      if (r.status >= 400) assertPgrstError(r.json())
    }),
    { numRuns: 300 },
  )
})

test('an unreachable database is a 503 PGRST000, answered without hanging', async () => {
  const l = Deno.listen({ hostname: '127.0.0.1', port: 0 })
  const port = (l.addr as Deno.NetAddr).port
  l.close()
  const dead = postgres(`postgresql://authenticator:postgres@127.0.0.1:${port}/postgres`, {
    max: 1,
    connect_timeout: 2,
    onnotice: () => {},
  })
  const gw = createRestGateway({
    config: {
      apiPort: 0,
      dbPort: port,
      apiUrl: '',
      siteUrl: '',
      jwtSecret: 'super-secret-jwt-token-with-at-least-32-characters-long',
      anonKey: ANON_KEY,
      serviceRoleKey: SERVICE_KEY,
      dbUrl: '',
      env: {},
    },
    authenticator: dead,
    authAdmin: dead,
  })
  const url = new URL('http://127.0.0.1/rest/v1/conformance_books')
  const res = await gw.handle(new Request(url, { headers: { apikey: ANON_KEY } }), {
    path: '/conformance_books',
    url,
    remoteAddr: '127.0.0.1',
  })
  assert.equal(res.status, 503)
  assertPgrstError(await res.json(), 'PGRST000')
  // The refusal put the gateway in recovery mode: the next request is answered at once, with the
  // hint PostgREST gives while it reconnects.
  const again = await gw.handle(new Request(url, { headers: { apikey: ANON_KEY } }), {
    path: '/conformance_books',
    url,
    remoteAddr: '127.0.0.1',
  })
  assert.equal(again.status, 503)
  assert.equal(again.headers.get('retry-after'), '1')
  assertPgrstError(await again.json(), 'PGRST001')
  await gw.close?.()
  await dead.end({ timeout: 1 })
})

test('absurdly deep nesting in select or logic trees is 400 PGRST100, not a crash', async () => {
  const deepSelect = 'id,' + 'conformance_reviews(conformance_books('.repeat(40) + 'id' +
    '))'.repeat(40)
  await expect4xx(
    `/conformance_books?select=${encodeURIComponent(deepSelect)}`,
    {},
    'PGRST100',
    400,
  )
  const deepOr = 'or('.repeat(50) + 'id.eq.1' + ')'.repeat(50)
  await expect4xx(`/conformance_books?or=(${encodeURIComponent(deepOr)})`, {}, 'PGRST100', 400)
})

test('a Range header with lower > upper is 416 PGRST103', () =>
  expect4xx('/conformance_books', { headers: { range: '5-2' } }, 'PGRST103', 416).then(() => {}))

test('Prefer: handling=strict refuses unknown preferences with 400 PGRST122', () =>
  expect4xx(
    '/conformance_books',
    { headers: { prefer: 'handling=strict, frobnicate=yes' } },
    'PGRST122',
    400,
  ).then(() => {}))
