// The schema cache: built from the catalog, reloaded on NOTIFY pgrst 'reload schema' (a new
// table appears, a dropped column disappears) and limited to the exposed schema.
import assert from 'node:assert/strict'
import { assertPgrstError, db, rest, SERVICE_KEY, test, waitForSchema } from './fixtures.ts'

test('a table created after startup is served once the cache reloads on NOTIFY', async () => {
  const table = `conformance_late_${Date.now()}`
  await db.unsafe(
    `create table ${table} (id int primary key, label text); insert into ${table} values (1, 'late'); grant select on ${table} to anon`,
  )
  const before = await rest(`/${table}`)
  assert.equal(before.status, 404)
  assertPgrstError(before.json(), 'PGRST205')
  await db`select pg_notify('pgrst', 'reload schema')`
  await waitForSchema(`/${table}`)
  assert.deepEqual((await rest(`/${table}?select=label`)).json(), [{ label: 'late' }])
  await db.unsafe(`drop table ${table}`)
})

test('a dropped column is unknown after the reload', async () => {
  const table = `conformance_shrink_${Date.now()}`
  await db.unsafe(
    `create table ${table} (id int primary key, gone text); grant select on ${table} to anon; select pg_notify('pgrst', 'reload schema')`,
  )
  await waitForSchema(`/${table}?select=gone`)
  await db.unsafe(
    `alter table ${table} drop column gone; select pg_notify('pgrst', 'reload schema')`,
  )
  const until = Date.now() + 60_000 // a harness allowance, as in waitForSchema
  for (;;) {
    const r = await rest(`/${table}?select=gone`)
    if (r.status === 400) {
      assertPgrstError(r.json(), '42703')
      break
    }
    assert.ok(Date.now() < until, `the dropped column is still served after 60 s: ${r.status}`)
    await new Promise((res) => setTimeout(res, 50))
  }
  await db.unsafe(`drop table ${table}`)
})

test('a new function is callable after the reload', async () => {
  const fn = `conformance_fn_${Date.now()}`
  await db.unsafe(
    `create function ${fn}() returns int language sql as 'select 7'; grant execute on function ${fn}() to anon; select pg_notify('pgrst', 'reload schema')`,
  )
  await waitForSchema(`/rpc/${fn}`)
  assert.equal((await rest(`/rpc/${fn}`)).text, '7')
  await db.unsafe(`drop function ${fn}()`)
})

test('tables in schemas that are not exposed are not served', async () => {
  await db.unsafe(
    `create schema if not exists conformance_private; create table if not exists conformance_private.hidden (id int)`,
  )
  await db`select pg_notify('pgrst', 'reload schema')`
  await waitForSchema('/conformance_books?limit=0')
  const r = await rest('/hidden', { key: SERVICE_KEY })
  assert.equal(r.status, 404)
  assertPgrstError(r.json(), 'PGRST205')
})

test('the root lists the exposed tables', async () => {
  const r = await rest('/')
  assert.equal(r.status, 200)
  const paths = Object.keys((r.json() as { paths: Record<string, unknown> }).paths)
  assert.ok(paths.includes('/conformance_books'))
  assert.ok(!paths.some((p) => p.includes('users')))
})
