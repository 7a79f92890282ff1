// Writes: insert (single, bulk, columns=, missing=default), upsert (on_conflict, merge and
// ignore duplicates), update, delete, Prefer return=minimal|representation|headers-only,
// select= and embeds on writes, Location, Preference-Applied, and what ends up in the table.
import assert from 'node:assert/strict'
import { anon, assertPgrstError, db, rest, service, test } from './fixtures.ts'

const items = () => anon.from('conformance_items')
let n = 0
/** A name no other test uses, so tests never see each other's rows. */
const unique = (label: string) => `${label}-${Date.now()}-${++n}`
const rowsNamed = (name: string) =>
  db`select name, qty, note, code, tags, data from conformance_items where name = ${name} order by id`

test('insert without select answers 201 with no body (return=minimal)', async () => {
  const name = unique('minimal')
  const { data, error, status } = await items().insert({ name })
  assert.equal(error, null)
  assert.equal(status, 201)
  assert.equal(data, null)
  assert.equal((await rowsNamed(name)).length, 1)
})

test('insert().select() returns the row with defaults filled in', async () => {
  const name = unique('repr')
  const { data, error, status } = await items().insert({ name }).select().single()
  assert.equal(error, null)
  assert.equal(status, 201)
  assert.equal(data.name, name)
  assert.equal(data.qty, 1)
  assert.equal(data.note, 'none')
  assert.equal(typeof data.id, 'number')
})

test('insert().select(columns) returns only those columns', async () => {
  const name = unique('cols')
  const { data } = await items().insert({ name, qty: 3 }).select('name,qty')
  assert.deepEqual(data, [{ name, qty: 3 }])
})

test('bulk insert inserts every object in order', async () => {
  const a = unique('bulk')
  const { data, error } = await items().insert([{ name: a, qty: 1 }, { name: a, qty: 2 }, {
    name: a,
    qty: 3,
  }]).select('qty')
  assert.equal(error, null)
  assert.deepEqual(data, [{ qty: 1 }, { qty: 2 }, { qty: 3 }])
  assert.equal((await rowsNamed(a)).length, 3)
})

test('bulk insert with differing keys: missing keys are null by default (columns=)', async () => {
  const a = unique('sparse')
  const { error } = await items().insert([{ name: a, note: 'x' }, { name: a }], {
    defaultToNull: true,
  })
  assert.equal(error, null)
  assert.deepEqual((await rowsNamed(a)).map((r) => r.note), ['x', null])
})

test('bulk insert with differing keys and missing=default uses column defaults', async () => {
  const a = unique('defaults')
  const { data, error } = await items().insert([{ name: a, note: 'x', qty: 5 }, { name: a }], {
    defaultToNull: false,
  }).select('note,qty')
  assert.equal(error, null)
  assert.deepEqual(data, [{ note: 'x', qty: 5 }, { note: 'none', qty: 1 }])
})

test('raw POST with columns= inserts only those columns', async () => {
  const a = unique('columns')
  const r = await rest('/conformance_items?columns=name', {
    method: 'POST',
    body: JSON.stringify({ name: a, note: 'ignored' }),
    key: undefined,
  })
  assert.equal(r.status, 201)
  assert.deepEqual((await rowsNamed(a)).map((x) => x.note), ['none'])
})

test('raw bulk POST whose objects have different keys (no columns=) is 400 PGRST102', async () => {
  const a = unique('mismatch')
  const r = await rest('/conformance_items', {
    method: 'POST',
    body: JSON.stringify([{ name: a }, { name: a, qty: 2 }]),
  })
  assert.equal(r.status, 400)
  assertPgrstError(r.json(), 'PGRST102')
  assert.equal((await rowsNamed(a)).length, 0)
})

test('insert of arrays and json values', async () => {
  const a = unique('typed')
  const { data } = await items().insert({
    name: a,
    tags: ['a', 'b,c'],
    data: { nested: [1, { x: 'y' }] },
  }).select('tags,data').single()
  assert.deepEqual(data, { tags: ['a', 'b,c'], data: { nested: [1, { x: 'y' }] } })
})

test('insert of an empty array inserts nothing and answers 201', async () => {
  const { error, status, data } = await items().insert([]).select()
  assert.equal(error, null)
  assert.equal(status, 201)
  assert.deepEqual(data, [])
})

test('POST return=headers-only answers 201 with a Location', async () => {
  const a = unique('location')
  const r = await rest('/conformance_items', {
    method: 'POST',
    body: JSON.stringify({ name: a }),
    headers: { prefer: 'return=headers-only' },
  })
  assert.equal(r.status, 201)
  assert.equal(r.text, '')
  const [{ id }] = await db`select id from conformance_items where name = ${a}`
  assert.equal(r.headers.get('location'), `/conformance_items?id=eq.${id}`)
  assert.equal(r.headers.get('preference-applied'), 'return=headers-only')
})

test('POST return=representation sets Preference-Applied and a JSON content type', async () => {
  const a = unique('applied')
  const r = await rest('/conformance_items?select=name', {
    method: 'POST',
    body: JSON.stringify({ name: a }),
    headers: { prefer: 'return=representation' },
  })
  assert.equal(r.status, 201)
  assert.equal(r.headers.get('preference-applied'), 'return=representation')
  assert.match(r.headers.get('content-type')!, /application\/json/)
  assert.deepEqual(r.json(), [{ name: a }])
})

test('insert returning an embed', async () => {
  const { data, error } = await service.from('conformance_reviews').insert({
    id: 900,
    book_id: 3,
    stars: 4,
  }).select('id,conformance_books(title)').single()
  assert.equal(error, null)
  assert.deepEqual(data, { id: 900, conformance_books: { title: 'Kindred' } })
  await db`delete from conformance_reviews where id = 900`
})

test('unique violation is 409 23505 and nothing changes', async () => {
  const code = unique('code')
  await items().insert({ name: 'first', code })
  const { error, status } = await items().insert({ name: 'second', code })
  assert.equal(status, 409)
  assert.equal(error!.code, '23505')
  assert.deepEqual(
    (await db`select name from conformance_items where code = ${code}`).map((r) => r.name),
    ['first'],
  )
})

test('foreign key violation is 409 23503', async () => {
  const { error, status } = await service.from('conformance_reviews').insert({
    id: 901,
    book_id: 999,
    stars: 1,
  })
  assert.equal(status, 409)
  assert.equal(error!.code, '23503')
})

test('not-null violation is 400 23502', async () => {
  const { error, status } = await items().insert({ qty: 1 })
  assert.equal(status, 400)
  assert.equal(error!.code, '23502')
})

test('check violation is 400 23514 and a bulk insert is all-or-nothing', async () => {
  const a = unique('check')
  const { error, status } = await items().insert([{ name: a, qty: 1 }, { name: a, qty: -1 }])
  assert.equal(status, 400)
  assert.equal(error!.code, '23514')
  assert.equal((await rowsNamed(a)).length, 0)
})

test('a value of the wrong type is 400 22P02', async () => {
  const { error, status } = await items().insert({ name: 'x', qty: 'many' })
  assert.equal(status, 400)
  assert.equal(error!.code, '22P02')
})

test('an unknown column on insert is 400 PGRST204', async () => {
  const { error, status } = await items().insert({ name: 'x', nope: 1 })
  assert.equal(status, 400)
  assert.equal(error!.code, 'PGRST204')
  assert.match(error!.message, /'nope' column of 'conformance_items'/)
})

// ---------------------------------------------------------------- upsert
test('upsert merges duplicates on the primary key', async () => {
  const a = unique('upsert')
  const { data: [row] } = await items().insert({ name: a, qty: 1 }).select('id') as {
    data: { id: number }[]
  }
  const { data, error, status } = await items().upsert({ id: row.id, name: a, qty: 9 }).select(
    'id,qty',
  )
  assert.equal(error, null)
  assert.equal(status, 201)
  assert.deepEqual(data, [{ id: row.id, qty: 9 }])
  assert.deepEqual((await rowsNamed(a)).map((r) => r.qty), [9])
})

test('upsert with onConflict on a unique column inserts new and updates existing', async () => {
  const c1 = unique('oc')
  const c2 = unique('oc')
  await items().insert({ name: 'before', code: c1 })
  const { error } = await items().upsert([{ code: c1, name: 'after' }, { code: c2, name: 'new' }], {
    onConflict: 'code',
  })
  assert.equal(error, null)
  const rows =
    await db`select code, name from conformance_items where code in (${c1}, ${c2}) order by name`
  assert.deepEqual(rows.map((r) => r.name), ['after', 'new'])
})

test('upsert with ignoreDuplicates keeps the existing row', async () => {
  const c = unique('ignore')
  await items().insert({ name: 'kept', code: c })
  const { data, error } = await items().upsert({ code: c, name: 'dropped' }, {
    onConflict: 'code',
    ignoreDuplicates: true,
  }).select()
  assert.equal(error, null)
  assert.deepEqual(data, [])
  assert.deepEqual(
    (await db`select name from conformance_items where code = ${c}`).map((r) => r.name),
    ['kept'],
  )
})

test('a write with return=representation and a count lists each preference once', async () => {
  const a = unique('applied-count')
  const r = await rest('/conformance_items?select=name', {
    method: 'POST',
    body: JSON.stringify({ name: a }),
    headers: { prefer: 'return=representation, count=exact' },
  })
  assert.equal(r.status, 201)
  const applied = r.headers.get('preference-applied')!.split(/,\s*/).sort()
  assert.deepEqual(applied, ['count=exact', 'return=representation'])
})

test('upsert answers Preference-Applied with the resolution', async () => {
  const c = unique('pref')
  const r = await rest('/conformance_items?on_conflict=code', {
    method: 'POST',
    body: JSON.stringify({ code: c, name: 'x' }),
    headers: { prefer: 'resolution=merge-duplicates,return=minimal' },
  })
  assert.equal(r.status, 201)
  assert.match(r.headers.get('preference-applied')!, /resolution=merge-duplicates/)
})

test('upsert with an unknown on_conflict column is 400', async () => {
  const r = await rest('/conformance_items?on_conflict=nope', {
    method: 'POST',
    body: JSON.stringify({ name: 'x' }),
    headers: { prefer: 'resolution=merge-duplicates' },
  })
  assert.equal(r.status, 400)
  assertPgrstError(r.json(), 'PGRST204')
})

// ---------------------------------------------------------------- update
test('update without select answers 204 and changes matching rows only', async () => {
  const a = unique('upd')
  await items().insert([{ name: a, qty: 1 }, { name: a, qty: 2 }])
  const { error, status } = await items().update({ note: 'changed' }).eq('name', a).eq('qty', 2)
  assert.equal(error, null)
  assert.equal(status, 204)
  assert.deepEqual((await rowsNamed(a)).map((r) => r.note), ['none', 'changed'])
})

test('update().select() returns the changed rows with 200', async () => {
  const a = unique('updsel')
  await items().insert({ name: a, qty: 1 })
  const { data, status } = await items().update({ qty: 7 }).eq('name', a).select('qty')
  assert.equal(status, 200)
  assert.deepEqual(data, [{ qty: 7 }])
})

test('update().select().single() on no rows is 406 and rolls back', async () => {
  const { error, status } = await items().update({ qty: 7 }).eq('name', unique('none')).select()
    .single()
  assert.equal(status, 406)
  assert.equal(error!.code, 'PGRST116')
})

test('update with single object on two rows is 406 and nothing is written', async () => {
  const a = unique('two')
  await items().insert([{ name: a, qty: 1 }, { name: a, qty: 1 }])
  const r = await rest(`/conformance_items?name=eq.${a}`, {
    method: 'PATCH',
    body: JSON.stringify({ qty: 3 }),
    headers: { accept: 'application/vnd.pgrst.object+json', prefer: 'return=representation' },
  })
  assert.equal(r.status, 406)
  assert.deepEqual((await rowsNamed(a)).map((x) => x.qty), [1, 1])
})

test('update without any filter is refused (pg-safeupdate, as on Supabase)', async () => {
  const r = await rest('/conformance_items', {
    method: 'PATCH',
    body: JSON.stringify({ note: 'everything' }),
  })
  assert.equal(r.status, 400)
  assertPgrstError(r.json(), '21000')
  assert.equal(
    (await db`select count(*)::int as n from conformance_items where note = 'everything'`)[0].n,
    0,
  )
})

test('update with an unknown column is 400 PGRST204', async () => {
  const { error, status } = await items().update({ nope: 1 }).eq('id', 1)
  assert.equal(status, 400)
  assert.equal(error!.code, 'PGRST204')
})

test('update with an or filter', async () => {
  const a = unique('orupd')
  await items().insert([{ name: a, qty: 1 }, { name: a, qty: 2 }, { name: a, qty: 3 }])
  await items().update({ note: 'hit' }).eq('name', a).or('qty.eq.1,qty.eq.3')
  assert.deepEqual((await rowsNamed(a)).map((r) => r.note), ['hit', 'none', 'hit'])
})

test('update with count=exact reports the affected rows', async () => {
  const a = unique('cnt')
  await items().insert([{ name: a }, { name: a }])
  const { count, error } = await items().update({ qty: 2 }, { count: 'exact' }).eq('name', a)
  assert.equal(error, null)
  assert.equal(count, 2)
})

// ---------------------------------------------------------------- delete
test('delete answers 204 and removes matching rows only', async () => {
  const a = unique('del')
  await items().insert([{ name: a, qty: 1 }, { name: a, qty: 2 }])
  const { error, status } = await items().delete().eq('name', a).eq('qty', 1)
  assert.equal(error, null)
  assert.equal(status, 204)
  assert.deepEqual((await rowsNamed(a)).map((r) => r.qty), [2])
})

test('delete().select() returns the deleted rows', async () => {
  const a = unique('delsel')
  await items().insert({ name: a, qty: 4 })
  const { data, status } = await items().delete().eq('name', a).select('name,qty')
  assert.equal(status, 200)
  assert.deepEqual(data, [{ name: a, qty: 4 }])
  assert.equal((await rowsNamed(a)).length, 0)
})

test('delete without any filter is refused and deletes nothing', async () => {
  const before = (await db`select count(*)::int as n from conformance_items`)[0].n
  const r = await rest('/conformance_items', { method: 'DELETE' })
  assert.equal(r.status, 400)
  assertPgrstError(r.json(), '21000')
  assert.equal((await db`select count(*)::int as n from conformance_items`)[0].n, before)
})

test('delete with in filter', async () => {
  const a = unique('delin')
  await items().insert([{ name: a, qty: 1 }, { name: a, qty: 2 }, { name: a, qty: 3 }])
  await items().delete().eq('name', a).in('qty', [1, 3])
  assert.deepEqual((await rowsNamed(a)).map((r) => r.qty), [2])
})

test('PUT and other methods are refused with 405', async () => {
  const r = await rest('/conformance_items?id=eq.1', {
    method: 'PUT',
    body: JSON.stringify({ id: 1, name: 'x' }),
  })
  assert.equal(r.status, 405)
  assertPgrstError(r.json())
})

test('missing=default is echoed in Preference-Applied', async () => {
  const a = unique('applied-missing')
  const r = await rest('/conformance_items?columns=name,note', {
    method: 'POST',
    body: JSON.stringify([{ name: a }]),
    headers: { prefer: 'missing=default, return=representation' },
  })
  assert.equal(r.status, 201)
  assert.match(r.headers.get('preference-applied')!, /missing=default/)
  assert.deepEqual((r.json() as { note: string }[]).map((x) => x.note), ['none'])
})

test('handling=strict, max-affected (supabase-js maxAffected()): more rows fail with PGRST124 and roll back', async () => {
  const a = unique('max')
  await items().insert([{ name: a, qty: 1 }, { name: a, qty: 1 }])
  const strict = (n: number) => ({ prefer: `handling=strict,max-affected=${n}` })
  const r = await rest(`/conformance_items?name=eq.${a}`, {
    method: 'PATCH',
    body: JSON.stringify({ qty: 5 }),
    headers: strict(1),
  })
  assert.equal(r.status, 400)
  assertPgrstError(r.json(), 'PGRST124')
  assert.deepEqual((await rowsNamed(a)).map((x) => x.qty), [1, 1])
  const ok = await rest(`/conformance_items?name=eq.${a}`, { method: 'DELETE', headers: strict(2) })
  assert.equal(ok.status, 204)
  assert.equal((await rowsNamed(a)).length, 0)
})
