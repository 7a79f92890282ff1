// Reads on the gateway's own Postgres client (stack/gateway/rest/wire.ts): the same answers as
// PostgREST's, one implicit read-only transaction per read, and a pooled connection the server
// ended while idle replaced without the caller noticing.
import assert from 'node:assert/strict'
import { WirePool } from '../../gateway/rest/wire.ts'
import { ANON_KEY, db, DB_URL, rest, SERVICE_KEY, test } from './fixtures.ts'

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
  const port = Number(new URL(DB_URL).port)
  const pool = new WirePool({
    hostname: '127.0.0.1',
    port,
    user: 'authenticator',
    password: 'postgres',
    database: 'postgres',
    max: 1,
    params: { application_name: 'wire-test' },
  })
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
