// /rpc/<fn>: POST with named JSON arguments, GET with query arguments, scalar, composite and
// set-returning results (with filters, order, limit), a single unnamed json parameter,
// Prefer: params=single-object, overloading by argument names, read-only GET, errors.
import assert from 'node:assert/strict'
import { anon, assertPgrstError, clientAs, db, rest, test } from './fixtures.ts'

test('scalar result from POST with named arguments', async () => {
  const { data, error, status } = await anon.rpc('conformance_add', { a: 2, b: 3 })
  assert.equal(error, null)
  assert.equal(status, 200)
  assert.equal(data, 5)
})

test('an argument with a default may be left out', async () => {
  assert.equal((await anon.rpc('conformance_add', { a: 2 })).data, 12)
})

test('scalar result from GET with query arguments', async () => {
  const { data, error } = await anon.rpc('conformance_add', { a: 4, b: 1 }, { get: true })
  assert.equal(error, null)
  assert.equal(data, 5)
  const r = await rest('/rpc/conformance_add?a=1&b=1')
  assert.equal(r.text, '2')
})

test('function without arguments, GET and POST', async () => {
  assert.equal((await anon.rpc('conformance_hello')).data, 'hello')
  assert.equal((await rest('/rpc/conformance_hello')).text, '"hello"')
})

test('set-returning function returns an array of rows', async () => {
  const { data } = await anon.rpc('conformance_books_by', { author: 2 })
  assert.deepEqual(data.map((b: { id: number }) => b.id), [2, 4])
})

test('filters, order and limit apply to set results', async () => {
  const { data } = await anon.rpc('conformance_books_by', { author: 2 }).select('id,title').eq(
    'published',
    false,
  )
  assert.deepEqual(data, [{ id: 4, title: 'Guards! Guards!' }])
  const ordered = await anon.rpc('conformance_books_by', { author: 2 }).select('id').order('id', {
    ascending: false,
  }).limit(1)
  assert.deepEqual(ordered.data, [{ id: 4 }])
})

test('GET rpc with arguments and filters in the same query string', async () => {
  const r = await rest('/rpc/conformance_pairs?n=5&k=gt.3&select=label&order=k.desc')
  assert.equal(r.status, 200)
  assert.deepEqual(r.json(), [{ label: 'item 5' }, { label: 'item 4' }])
})

test('RETURNS TABLE gives rows with the table columns', async () => {
  const { data } = await anon.rpc('conformance_pairs', { n: 2 })
  assert.deepEqual(data, [{ k: 1, label: 'item 1' }, { k: 2, label: 'item 2' }])
})

test('set of scalars gives an array of values, filterable by the function name', async () => {
  assert.deepEqual((await anon.rpc('conformance_numbers', { n: 4 })).data, [1, 2, 3, 4])
  const r = await rest('/rpc/conformance_numbers?n=6&conformance_numbers=gte.5')
  assert.deepEqual(r.json(), [5, 6])
})

test('count on a set-returning rpc', async () => {
  const { count, data } = await anon.rpc('conformance_numbers', { n: 10 }, { count: 'exact' })
    .limit(3)
  assert.equal(count, 10)
  assert.deepEqual(data, [1, 2, 3])
})

test('composite (non-set) result is one object', async () => {
  const { data } = await anon.rpc('conformance_author_of', { book: 3 })
  assert.equal(data.name, 'Octavia')
  assert.equal(data.id, 3)
})

test('rpc result with single()', async () => {
  const { data, error } = await anon.rpc('conformance_books_by', { author: 3 }).select('title')
    .single()
  assert.equal(error, null)
  assert.deepEqual(data, { title: 'Kindred' })
})

test('embedding from a function returning a table type', async () => {
  const { data } = await anon.rpc('conformance_books_by', { author: 1 }).select(
    'id,conformance_reviews(stars)',
  )
  assert.deepEqual(data, [{ id: 1, conformance_reviews: [{ stars: 5 }, { stars: 4 }] }])
})

test('a single unnamed json parameter takes the whole body', async () => {
  const { data, error } = await anon.rpc('conformance_echo', { any: ['shape', 1] })
  assert.equal(error, null)
  assert.deepEqual(data, { any: ['shape', 1] })
})

test('Prefer: params=single-object passes the body to a one-json-parameter function', async () => {
  const r = await rest('/rpc/conformance_single', {
    method: 'POST',
    body: JSON.stringify({ a: 1, b: [2] }),
    headers: { prefer: 'params=single-object' },
  })
  assert.equal(r.status, 200)
  assert.deepEqual(r.json(), { got: { a: 1, b: [2] } })
  assert.equal(r.headers.get('preference-applied'), 'params=single-object')
})

test('overloads are chosen by argument names', async () => {
  assert.equal((await anon.rpc('conformance_over', { x: 5 })).data, 'int 5')
  assert.equal((await anon.rpc('conformance_over', { y: 'five' })).data, 'text five')
})

test('array arguments: JSON arrays on POST and {a,b} on GET', async () => {
  assert.equal((await anon.rpc('conformance_tags', { t: ['a', 'b', 'c'] })).data, 3)
  assert.equal((await anon.rpc('conformance_tags', { t: ['a', 'b'] }, { get: true })).data, 2)
})

test('void function answers 204 No Content', async () => {
  const r = await rest('/rpc/conformance_noop', { method: 'POST', body: '{}' })
  assert.equal(r.status, 204)
  assert.equal(r.text, '')
  const { data, error } = await anon.rpc('conformance_noop')
  assert.equal(error, null)
  assert.equal(data, null)
})

test('a volatile function writes on POST', async () => {
  const name = `rpc-${Date.now()}`
  const { data, error } = await anon.rpc('conformance_add_item', { item_name: name })
  assert.equal(error, null)
  assert.equal(typeof data, 'number')
  assert.equal(
    (await db`select count(*)::int as n from conformance_items where name = ${name}`)[0].n,
    1,
  )
})

test('GET runs in a read-only transaction: a writing function is 405 25006 and writes nothing', async () => {
  const name = `rpc-get-${Date.now()}`
  const { error, status } = await anon.rpc('conformance_add_item', { item_name: name }, {
    get: true,
  })
  assert.equal(status, 405)
  assert.equal(error!.code, '25006')
  assert.equal(
    (await db`select count(*)::int as n from conformance_items where name = ${name}`)[0].n,
    0,
  )
})

test('stable functions run read-only even on POST', async () => {
  const { data } = await anon.rpc('conformance_whoami')
  assert.equal(data.read_only, 'on')
  const w = await rest('/rpc/conformance_whoami', { method: 'POST', body: '{}' })
  assert.equal((w.json() as { read_only: string }).read_only, 'on')
})

test('raise exception is 400 P0001 with message, detail and hint', async () => {
  const { error, status } = await anon.rpc('conformance_fail', { msg: 'Plot already taken' })
  assert.equal(status, 400)
  assert.deepEqual(error, {
    code: 'P0001',
    message: 'Plot already taken',
    details: 'conformance detail',
    hint: 'conformance hint',
  })
})

test('unknown function is 404 PGRST202 with a hint', async () => {
  const r = await rest('/rpc/conformance_helo', { method: 'POST', body: '{}' })
  assert.equal(r.status, 404)
  const body = r.json() as { code: string; hint: string }
  assertPgrstError(body, 'PGRST202')
  assert.match(body.hint, /conformance_hello/)
})

test('unknown argument name is 404 PGRST202', async () => {
  const { error, status } = await anon.rpc('conformance_add', { a: 1, zzz: 2 })
  assert.equal(status, 404)
  assert.equal(error!.code, 'PGRST202')
})

test('missing required argument is 404 PGRST202', async () => {
  const { error, status } = await anon.rpc('conformance_add', { b: 1 })
  assert.equal(status, 404)
  assert.equal(error!.code, 'PGRST202')
})

test('an argument of the wrong type is 400 22P02', async () => {
  const { error, status } = await anon.rpc('conformance_add', { a: 'one' })
  assert.equal(status, 400)
  assert.equal(error!.code, '22P02')
})

test('response.status and response.headers set by a function are honoured', async () => {
  const r = await rest('/rpc/conformance_status')
  assert.equal(r.status, 418)
  assert.equal(r.headers.get('x-conformance'), 'teapot')
  assert.equal(r.text, '"short and stout"')
})

test('PATCH on /rpc is 405', async () => {
  const r = await rest('/rpc/conformance_hello', { method: 'PATCH', body: '{}' })
  assert.equal(r.status, 405)
  assertPgrstError(r.json())
})

test('HEAD on a function gives headers and no body', async () => {
  const { error, status, data } = await anon.rpc('conformance_numbers', { n: 3 }, {
    head: true,
    count: 'exact',
  })
  assert.equal(error, null)
  assert.equal(status, 200)
  assert.equal(data, null)
})

test('the function sees the request: role, claims, method, path, headers, cookies, search_path', async () => {
  const client = await clientAs({
    sub: '33333333-3333-4333-8333-333333333333',
    email: 'who@example.com',
  })
  const { data, error } = await client.rpc('conformance_whoami')
  assert.equal(error, null)
  assert.equal(data.role, 'authenticated')
  assert.equal(data.uid, '33333333-3333-4333-8333-333333333333')
  assert.equal(data.claims.email, 'who@example.com')
  assert.equal(data.method, 'POST')
  assert.equal(data.path, '/rest/v1/rpc/conformance_whoami')
  assert.equal(data.headers['content-profile'], 'public')
  // PostgREST's: the request's schema, then config.toml's extra_search_path, each quoted.
  assert.equal(data.search_path, '"public", "public"')
  const r = await rest('/rpc/conformance_whoami', { headers: { cookie: 'a=1; sb=two' } })
  const body = r.json() as { cookies: Record<string, string>; method: string; role: string }
  assert.deepEqual(body.cookies, { a: '1', sb: 'two' })
  assert.equal(body.method, 'GET')
  assert.equal(body.role, 'anon')
})

test("a cancelled statement (57014, as statement_timeout raises) is 500 with PostgREST's body", async () => {
  const { error, status } = await anon.rpc('conformance_cancelled')
  assert.equal(status, 500)
  assert.equal(error!.code, '57014')
  assert.equal(error!.message, 'canceling statement due to statement timeout')
})

test('a JSON array body goes whole to the single unnamed json parameter', async () => {
  const r = await rest('/rpc/conformance_echo', { method: 'POST', body: '[1,{"two":2}]' })
  assert.equal(r.status, 200)
  assert.deepEqual(r.json(), [1, { two: 2 }])
})
