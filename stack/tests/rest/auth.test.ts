// JWTs and row-level security through the gateway: apikey and Bearer tokens, anon without a
// token, PostgREST's 401 bodies for bad, expired and unknown-role tokens, and RLS policies
// that see auth.uid() and auth.jwt() — anon, two users and service_role see different rows.
import assert from 'node:assert/strict'
import { signJwt } from '../../gateway/jwt.ts'
import {
  ALICE,
  anon,
  ANON_KEY,
  assertPgrstError,
  BOB,
  clientAs,
  db,
  rest,
  service,
  SERVICE_KEY,
  test,
  tokenFor,
} from './fixtures.ts'

const noteIds = (rows: { id: number }[] | null) => (rows ?? []).map((r) => r.id).sort()

test('RLS: anon sees only public notes', async () => {
  const { data, error } = await anon.from('conformance_notes').select('id')
  assert.equal(error, null)
  assert.deepEqual(noteIds(data), [1])
})

test('RLS: an authenticated user sees public notes and their own (auth.uid())', async () => {
  const alice = await clientAs({ sub: ALICE })
  assert.deepEqual(noteIds((await alice.from('conformance_notes').select('id')).data), [1, 2])
  const bob = await clientAs({ sub: BOB })
  assert.deepEqual(noteIds((await bob.from('conformance_notes').select('id')).data), [1, 3])
})

test('RLS: a policy reading auth.jwt() sees the token claims', async () => {
  const carol = await clientAs({
    sub: '44444444-4444-4444-8444-444444444444',
    email: 'carol@example.com',
  })
  assert.deepEqual(noteIds((await carol.from('conformance_notes').select('id')).data), [1, 4])
})

test('RLS: service_role bypasses policies and sees every row', async () => {
  assert.deepEqual(noteIds((await service.from('conformance_notes').select('id')).data), [
    1,
    2,
    3,
    4,
  ])
})

test('RLS applies to counts too', async () => {
  const { count } = await anon.from('conformance_notes').select('*', { count: 'exact', head: true })
  assert.equal(count, 1)
  const r = await rest('/conformance_notes?select=id', { headers: { prefer: 'count=planned' } })
  assert.deepEqual(r.json(), [{ id: 1 }])
})

test('RLS: insert is checked (with check) and a refused row is not written', async () => {
  const alice = await clientAs({ sub: ALICE })
  const ok = await alice.from('conformance_notes').insert({ id: 100, owner: ALICE, body: 'mine' })
  assert.equal(ok.error, null)
  const { error, status } = await alice.from('conformance_notes').insert({
    id: 101,
    owner: BOB,
    body: 'forged',
  })
  assert.equal(status, 403)
  assert.equal(error!.code, '42501')
  assert.match(error!.message, /row-level security/)
  assert.deepEqual(
    (await db`select id from conformance_notes where id in (100, 101)`).map((r) => r.id),
    [100],
  )
  await db`delete from conformance_notes where id = 100`
})

test('RLS: anon refused by policy on insert is 401', async () => {
  const { error, status } = await anon.from('conformance_notes').insert({ id: 102, body: 'anon' })
  assert.equal(status, 401)
  assert.equal(error!.code, '42501')
  assert.equal((await db`select count(*)::int as n from conformance_notes where id = 102`)[0].n, 0)
})

test('RLS: update only touches rows the policy lets the user see', async () => {
  const bob = await clientAs({ sub: BOB })
  const { data } = await bob.from('conformance_notes').update({ body: 'bob edits' }).in('id', [
    2,
    3,
  ]).select('id')
  assert.deepEqual(noteIds(data), [3])
  assert.equal((await db`select body from conformance_notes where id = 2`)[0].body, 'alice private')
  await db`update conformance_notes set body = 'bob private' where id = 3`
})

test('no grant: anon gets 401 42501, an authenticated user gets 403', async () => {
  const a = await rest('/conformance_secret')
  assert.equal(a.status, 401)
  assertPgrstError(a.json(), '42501')
  const user = await rest('/conformance_secret', {
    headers: { authorization: `Bearer ${await tokenFor({ sub: ALICE })}` },
  })
  assert.equal(user.status, 403)
  assertPgrstError(user.json(), '42501')
  const svc = await rest('/conformance_secret?select=v', { key: SERVICE_KEY })
  assert.deepEqual(svc.json(), [{ v: 'hidden' }])
})

test('no token at all is the anon role', async () => {
  const r = await fetch(`${Deno.env.get('SUPABASE_URL')}/rest/v1/rpc/conformance_whoami`)
  assert.equal(r.status, 200)
  assert.equal((await r.json()).role, 'anon')
})

test('the apikey header alone authenticates (what Supabase turns into the bearer)', async () => {
  const r = await rest('/rpc/conformance_whoami', { key: SERVICE_KEY })
  assert.equal((r.json() as { role: string }).role, 'service_role')
})

test('Authorization: Bearer wins over apikey', async () => {
  const token = await tokenFor({ sub: ALICE })
  const r = await rest('/rpc/conformance_whoami', {
    key: SERVICE_KEY,
    headers: { authorization: `Bearer ${token}` },
  })
  const body = r.json() as { role: string; uid: string }
  assert.equal(body.role, 'authenticated')
  assert.equal(body.uid, ALICE)
})

test('a JWT without a role claim is anon', async () => {
  const token = await signJwt(
    { sub: ALICE, exp: Math.floor(Date.now() / 1000) + 60 },
    Deno.env.get('JWT_SECRET') ?? 'super-secret-jwt-token-with-at-least-32-characters-long',
  )
  const r = await rest('/rpc/conformance_whoami', { headers: { authorization: `Bearer ${token}` } })
  assert.equal((r.json() as { role: string }).role, 'anon')
})

test('an expired JWT is 401 PGRST303 "JWT expired" with WWW-Authenticate', async () => {
  const token = await tokenFor({ sub: ALICE, exp: Math.floor(Date.now() / 1000) - 10 })
  const r = await rest('/conformance_books', { headers: { authorization: `Bearer ${token}` } })
  assert.equal(r.status, 401)
  assertPgrstError(r.json(), 'PGRST303')
  assert.equal((r.json() as { message: string }).message, 'JWT expired')
  assert.match(r.headers.get('www-authenticate')!, /^Bearer error="invalid_token"/)
})

test('a JWT signed with another secret is 401 PGRST301', async () => {
  const token = await signJwt(
    { role: 'service_role' },
    'another-secret-another-secret-another-secret',
  )
  const r = await rest('/conformance_secret', { headers: { authorization: `Bearer ${token}` } })
  assert.equal(r.status, 401)
  assertPgrstError(r.json(), 'PGRST301')
  assert.match(r.headers.get('www-authenticate')!, /invalid_token/)
})

test('a malformed JWT is 401 PGRST301', async () => {
  const r = await rest('/conformance_books', { headers: { authorization: 'Bearer not-a-jwt' } })
  assert.equal(r.status, 401)
  assertPgrstError(r.json(), 'PGRST301')
  const garbage = await rest('/conformance_books', { headers: { authorization: 'Bearer a.b.c' } })
  assert.equal(garbage.status, 401)
  assertPgrstError(garbage.json(), 'PGRST301')
})

test('a bad apikey (no Authorization) is 401 too', async () => {
  const r = await rest('/conformance_books', { key: 'eyJhbGciOiJIUzI1NiJ9.e30.bad' })
  assert.equal(r.status, 401)
  assertPgrstError(r.json(), 'PGRST301')
})

test('a JWT with alg none is refused', async () => {
  const b64 = (o: unknown) =>
    btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')
  const token = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ role: 'service_role' })}.`
  const r = await rest('/conformance_secret', { headers: { authorization: `Bearer ${token}` } })
  assert.equal(r.status, 401)
  assertPgrstError(r.json(), 'PGRST301')
})

test('a role that does not exist is 401 22023', async () => {
  const token = await tokenFor({ role: 'no_such_role' })
  const r = await rest('/conformance_books', { headers: { authorization: `Bearer ${token}` } })
  assert.equal(r.status, 401)
  assertPgrstError(r.json(), '22023')
  assert.match((r.json() as { message: string }).message, /role "no_such_role" does not exist/)
})

test('a role authenticator may not switch to (postgres) is refused, never run as superuser', async () => {
  const token = await tokenFor({ role: 'postgres' })
  const r = await rest('/conformance_secret', { headers: { authorization: `Bearer ${token}` } })
  assert.equal(r.status, 403)
  assertPgrstError(r.json(), '42501')
})

test("supabase-js with an expired token surfaces PostgREST's error", async () => {
  const client = await clientAs({ sub: ALICE, exp: 1 })
  const { error, status } = await client.from('conformance_books').select('id')
  assert.equal(status, 401)
  assert.equal(error!.code, 'PGRST303')
})

test('the anon key used as a bearer is the anon role', async () => {
  const r = await rest('/rpc/conformance_whoami', {
    headers: { authorization: `Bearer ${ANON_KEY}` },
  })
  assert.equal((r.json() as { role: string }).role, 'anon')
})

test("each role gets its own ALTER ROLE settings (anon's statement_timeout), as PostgREST applies them", async () => {
  const anonSees = (await rest('/rpc/conformance_whoami')).json() as { statement_timeout: string }
  assert.equal(anonSees.statement_timeout, '3s')
  const user = await clientAs({ sub: ALICE })
  assert.equal((await user.rpc('conformance_whoami')).data.statement_timeout, '8s')
})

test("authenticator's own lock_timeout (8 s, as on Supabase) holds for every role it switches to", async () => {
  const anonSees = (await rest('/rpc/conformance_whoami')).json() as { lock_timeout: string }
  assert.equal(anonSees.lock_timeout, '8s')
  const user = await clientAs({ sub: ALICE })
  assert.equal((await user.rpc('conformance_whoami')).data.lock_timeout, '8s')
})
