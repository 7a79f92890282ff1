// Tokens from /auth/v1 make auth.uid() and auth.jwt()->>'aal' right inside Postgres: first as
// PostgREST sets them (role and request.jwt.claims in one transaction), then through /rest/v1
// against a fixture table whose policies use both.
import assert from 'node:assert/strict'
import { testGatewayEnv } from '../env.ts'
import { client, db, decodeJwt, ownGateway, PASSWORD, signedUpClient, totpCode } from './helpers.ts'

const opts = { sanitizeOps: false, sanitizeResources: false }

Deno.test(
  'claims from /auth/v1 give auth.uid(), auth.role() and aal inside a PostgREST-style transaction',
  opts,
  async () => {
    const { session, user } = await signedUpClient('claims')
    const claims = decodeJwt(session.access_token)
    const [row] = await db().begin(async (tx) => {
      await tx.unsafe(`set local role ${claims.role}`)
      await tx`select set_config('request.jwt.claims', ${JSON.stringify(claims)}, true)`
      return await tx`select auth.uid() as uid, auth.role() as role, auth.jwt()->>'aal' as aal, auth.jwt()->>'session_id' as sid, current_user as who`
    })
    assert.equal(row.uid, user.id)
    assert.equal(row.role, 'authenticated')
    assert.equal(row.who, 'authenticated')
    assert.equal(row.aal, 'aal1')
    assert.equal(row.sid, claims.session_id)
  },
)

const FIXTURE = `
  create table public.auth_conformance_notes (
    id int primary key,
    owner uuid not null,
    needs_aal2 boolean not null,
    body text not null
  );
  alter table public.auth_conformance_notes enable row level security;
  grant select on public.auth_conformance_notes to authenticated;
  create policy "Owners can read their notes, the secret ones at aal2" on public.auth_conformance_notes
    for select to authenticated
    using (owner = (select auth.uid()) and (not needs_aal2 or (select auth.jwt()->>'aal') = 'aal2'));
`

Deno.test(
  'through /rest/v1, RLS sees the caller as auth.uid() and its aal from the token',
  opts,
  async () => {
    await db().unsafe('drop table if exists public.auth_conformance_notes')
    await db().unsafe(FIXTURE)
    const { url, gateway } = ownGateway(testGatewayEnv)
    try {
      await gateway.rest.reloadSchema()
      const owner = await signedUpClient('rls-owner', url)
      const stranger = await signedUpClient('rls-stranger', url)
      await db()`insert into public.auth_conformance_notes values
      (1, ${owner.user.id}, false, 'plot notes'), (2, ${owner.user.id}, true, 'gate code'), (3, ${stranger.user.id}, false, 'not yours')`
      const read = async (c: typeof owner.c) => {
        const { data, error } = await c.from('auth_conformance_notes').select('body').order('id')
        assert.equal(error, null)
        return data!.map((r) => r.body)
      }
      assert.deepEqual(await read(owner.c), ['plot notes'], 'aal1 sees only the plain note')
      assert.deepEqual(await read(stranger.c), ['not yours'])

      const { data: factor } = await owner.c.auth.mfa.enroll({
        factorType: 'totp',
        friendlyName: 'App',
      })
      assert.ok(factor && factor.type === 'totp')
      const verified = await owner.c.auth.mfa.challengeAndVerify({
        factorId: factor.id,
        code: await totpCode(factor.totp.secret),
      })
      assert.equal(verified.error, null)
      assert.deepEqual(
        await read(owner.c),
        ['plot notes', 'gate code'],
        'aal2 sees the secret note',
      )

      // A new password sign-in is aal1 again; signed out is anon, with no grant at all.
      const again = client(url)
      assert.equal(
        (await again.auth.signInWithPassword({ email: owner.email, password: PASSWORD })).error,
        null,
      )
      assert.deepEqual(await read(again), ['plot notes'])
      const anon = await client(url).from('auth_conformance_notes').select('body')
      assert.ok(anon.error, 'anon has no grant on the fixture')
    } finally {
      await gateway.close()
      await db().unsafe('drop table if exists public.auth_conformance_notes')
    }
  },
)
