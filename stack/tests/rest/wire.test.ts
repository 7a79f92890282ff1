// Reads on the gateway's own Postgres client (stack/gateway/rest/wire.ts): the same answers as
// PostgREST's, one implicit read-only transaction per read, and a pooled connection the server
// ended while idle replaced without the caller noticing.
import assert from 'node:assert/strict'
import { parseQuery } from '../../gateway/rest/parse.ts'
import { planRead } from '../../gateway/rest/plan.ts'
import { loadSchemaCache } from '../../gateway/rest/schema.ts'
import { wrapResult } from '../../gateway/rest/sql.ts'
import { WirePool } from '../../gateway/rest/wire.ts'
import { ANON_KEY, db, DB_URL, rest, SERVICE_KEY, test } from './fixtures.ts'

/** A pool of one connection as the gateway's reads use, for looking at what it prepared. */
function onePool(statementsMax?: number) {
  return new WirePool({
    hostname: '127.0.0.1',
    port: Number(new URL(DB_URL).port),
    user: 'authenticator',
    password: 'postgres',
    database: 'postgres',
    max: 1,
    params: { application_name: 'wire-test' },
    statementsMax,
  })
}
const text = (b: Uint8Array | null) => b === null ? null : new TextDecoder().decode(b)

test('a read runs on a gateway-rest connection, read-only, with its settings, which end with it', async () => {
  const r = await rest('/rpc/conformance_whoami')
  assert.equal(r.status, 200, r.text)
  const who = r.json() as Record<string, unknown>
  assert.equal(who.role, 'anon')
  assert.equal(who.read_only, 'on')
  assert.equal(who.method, 'GET')
  assert.equal(who.path, '/rest/v1/rpc/conformance_whoami')
  const [{ n }] = await db`select count(*)::int as n from pg_stat_activity
    where application_name = 'gateway-rest' and usename = 'authenticator'`
  assert.ok(n >= 1, 'no connection of the wire client')
  // Reads that follow on the pool, as other roles, see their own settings only.
  for (const [key, role] of [[SERVICE_KEY, 'service_role'], [ANON_KEY, 'anon']]) {
    const next = await rest('/rpc/conformance_whoami', { key })
    assert.equal(next.status, 200, next.text)
    assert.equal((next.json() as Record<string, unknown>).role, role)
  }
})

test('a pooled read connection the server ended while idle is replaced: the read succeeds', async () => {
  for (let i = 0; i < 3; i++) {
    const warm = await rest('/conformance_books?select=id&order=id&limit=1')
    assert.equal(warm.status, 200, warm.text)
  }
  const ended = await db`select pg_terminate_backend(pid) as ok from pg_stat_activity
    where application_name = 'gateway-rest' and state = 'idle'`
  assert.ok(ended.length >= 1, 'no idle connection to end')
  for (let i = 0; i < ended.length + 1; i++) {
    const r = await rest('/conformance_books?select=id&order=id&limit=1')
    assert.equal(r.status, 200, r.text)
    assert.deepEqual(r.json(), [{ id: 1 }])
  }
})

test('one connection sends requests of every size in turn: multi-byte text, a value past its buffer, then a short one', async () => {
  // One connection, so each request reuses the buffer the one before it wrote (and grew).
  const pool = onePool()
  const echo = async (...values: (string | null)[]) => {
    const text = `select ${values.map((_, i) => `$${i + 1}::text as v${i}`).join(', ')}`
    const r = await pool.run([{ text, values }])
    return r.rows[0].map((b) => b === null ? null : new TextDecoder().decode(b))
  }
  try {
    // UTF-8 longer than the string's length: 2-, 3- and 4-byte characters.
    const multi = 'Ñandú ✓ 🌱 Prüfung — £5'
    assert.deepEqual(await echo(multi, 'plain', null), [multi, 'plain', null])
    // Past the 8 KB the writer starts with, in 4-byte characters (its length is 2 code units each).
    const long = '🌱'.repeat(5000) + 'end'
    assert.deepEqual(await echo(long, multi), [long, multi])
    // Nothing of the longer request is left in what the next one sends.
    assert.deepEqual(await echo('a', ''), ['a', ''])
    assert.deepEqual(await echo(multi), [multi])
  } finally {
    pool.close()
  }
})

test('a paged read keeps one plan: its limit is in the SQL, so Postgres stops planning each run', async () => {
  await rest('/conformance_books?select=id&limit=1')
  const cache = await loadSchemaCache(db, ['public'])
  const query = 'select=id&order=id&limit=2&offset=1'
  const plan = planRead(
    cache,
    cache.relations.get('public.conformance_books')!,
    parseQuery(new URLSearchParams(query)),
    null,
  )
  const sql = wrapResult(plan.sql, 'null::bigint', false)
  assert.match(sql, / limit 2 offset \$\d+/)
  const pool = onePool()
  try {
    for (let i = 0; i < 8; i++) {
      const r = await pool.run([
        { text: `select set_config('role', 'anon', true)`, values: [] },
        { text: sql, values: plan.params.values },
      ])
      assert.deepEqual(JSON.parse(text(r.rows[0][r.columns.indexOf('body')])!), [{ id: 2 }, {
        id: 3,
      }])
    }
    // Postgres tries five custom plans, then keeps the generic one if it is no dearer. With the
    // limit a parameter, its generic plan looked dearer and every run was planned anew.
    const r = await pool.run([{
      text: 'select generic_plans, custom_plans from pg_prepared_statements where statement = $1',
      values: [sql],
    }])
    const [generic, custom] = r.rows[0].map((b) => Number(text(b)))
    assert.equal(custom, 5)
    assert.equal(generic, 3)
  } finally {
    pool.close()
  }
})

test('a connection keeps at most its number of prepared statements, closing the oldest', async () => {
  const pool = onePool(3)
  const prepared = async (): Promise<string[]> => {
    const r = await pool.run([{
      text: `select coalesce(json_agg(statement order by prepare_time), '[]')::text
        from pg_prepared_statements`,
      values: [],
    }])
    return JSON.parse(text(r.rows[0][0])!)
  }
  try {
    for (const n of [1, 2, 3, 4, 5]) {
      const r = await pool.run([{ text: `select ${n}::int + $1::int as n`, values: ['10'] }])
      assert.equal(text(r.rows[0][0]), String(n + 10))
    }
    // Three at most: the oldest went as the newer ones came (the probe itself is one of them).
    const now = await prepared()
    assert.equal(now.length, 3, now.join('\n'))
    assert.deepEqual(now.slice(0, 2), [
      'select 4::int + $1::int as n',
      'select 5::int + $1::int as n',
    ])
    // One that was closed is prepared again when it comes back, and answers as before.
    const again = await pool.run([{ text: 'select 1::int + $1::int as n', values: ['10'] }])
    assert.equal(text(again.rows[0][0]), '11')
    // Two statements of one request are never closed for each other.
    const both = await pool.run([
      { text: `select set_config('request.method', $1, true)`, values: ['GET'] },
      { text: `select current_setting('request.method') || $1 as m`, values: ['!'] },
    ])
    assert.equal(text(both.rows[0][0]), 'GET!')
    assert.ok((await prepared()).length <= 3)
  } finally {
    pool.close()
  }
})
