// Refresh-token rotation and reuse detection, /user get and update, sign-out scopes, and
// expired or tampered access tokens refused by /auth/v1 and /rest/v1.
import assert from 'node:assert/strict'
import { isAuthApiError } from '@supabase/supabase-js'
import { signJwt } from '../../gateway/jwt.ts'
import {
  client,
  db,
  decodeJwt,
  env,
  JWT_SECRET,
  outbox,
  PASSWORD,
  signedUpClient,
  uniqueEmail,
  URL_,
} from './helpers.ts'

const opts = { sanitizeOps: false, sanitizeResources: false }

const refresh = (token: string) =>
  fetch(`${URL_()}/auth/v1/token?grant_type=refresh_token`, {
    method: 'POST',
    headers: {
      apikey: env('SUPABASE_ANON_KEY'),
      'content-type': 'application/json',
      'x-supabase-api-version': '2024-01-01',
    },
    body: JSON.stringify({ refresh_token: token }),
  })

Deno.test(
  'refresh rotates the token: a child with the old one as parent, the old one revoked',
  opts,
  async () => {
    const { c, session } = await signedUpClient('rotate')
    const { data, error } = await c.auth.refreshSession()
    assert.equal(error, null)
    const next = data.session!
    assert.notEqual(next.refresh_token, session.refresh_token)
    const claims = decodeJwt(next.access_token)
    assert.equal(claims.session_id, decodeJwt(session.access_token).session_id, 'same session')
    const rows =
      await db()`select token, parent, revoked from auth.refresh_tokens where session_id = ${claims
        .session_id as string} order by id`
    assert.deepEqual(rows.map((r) => [r.token, r.parent, r.revoked]), [
      [session.refresh_token, null, true],
      [next.refresh_token, session.refresh_token, false],
    ])
    const [s] = await db()`select refreshed_at from auth.sessions where id = ${claims
      .session_id as string}`
    assert.ok(s.refreshed_at)
  },
)

Deno.test(
  'reuse inside the reuse interval returns the same child; reuse after it revokes the family',
  opts,
  async () => {
    const { session } = await signedUpClient('reuse')
    const first = await (await refresh(session.refresh_token)).json()
    assert.ok(first.refresh_token)
    // A racing tab presents the parent again within refresh_token_reuse_interval (10 s).
    const raced = await refresh(session.refresh_token)
    assert.equal(raced.status, 200)
    assert.equal((await raced.json()).refresh_token, first.refresh_token)

    // Outside the interval the same reuse is an attack: the whole session family is revoked.
    await db()`update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = ${session.refresh_token}`
    const stolen = await refresh(session.refresh_token)
    assert.equal(stolen.status, 400)
    assert.deepEqual(await stolen.json(), {
      code: 'refresh_token_already_used',
      message: 'Invalid Refresh Token: Already Used',
    })
    const child = await refresh(first.refresh_token)
    assert.equal(child.status, 400, 'the child is revoked too')
    assert.equal((await child.json()).code, 'refresh_token_already_used')

    const unknown = await refresh('no-such-token')
    assert.equal(unknown.status, 400)
    assert.equal((await unknown.json()).code, 'refresh_token_not_found')
  },
)

Deno.test(
  'getUser and updateUser: metadata merges, a new password works and ends other sessions',
  opts,
  async () => {
    const { c, email } = await signedUpClient('update')
    const other = client()
    await other.auth.signInWithPassword({ email, password: PASSWORD })

    const got = await c.auth.getUser()
    assert.equal(got.data.user?.email, email)

    const up1 = await c.auth.updateUser({ data: { display_name: 'Grace', plot: 12 } })
    assert.equal(up1.error, null)
    const up2 = await c.auth.updateUser({ data: { plot: null, town: 'Leeds' } })
    assert.deepEqual(up2.data.user?.user_metadata, { display_name: 'Grace', town: 'Leeds' })

    const same = await c.auth.updateUser({ password: PASSWORD })
    assert.equal(same.error?.code, 'same_password')
    const weak = await c.auth.updateUser({ password: 'short' })
    assert.equal(weak.error?.code, 'weak_password')
    const newPassword = 'another-long-password'
    assert.equal((await c.auth.updateUser({ password: newPassword })).error, null)
    assert.equal(
      (await client().auth.signInWithPassword({ email, password: PASSWORD })).error?.code,
      'invalid_credentials',
    )
    assert.equal(
      (await client().auth.signInWithPassword({ email, password: newPassword })).error,
      null,
    )
    // The other device's session ended with the password change.
    const gone = await other.auth.getUser()
    assert.equal(gone.error?.name, 'AuthSessionMissingError')
    assert.equal(
      gone.error?.message,
      'Auth session missing!',
      "supabase-js's message for a missing session",
    )

    const newEmail = uniqueEmail('renamed')
    const moved = await c.auth.updateUser({ email: newEmail })
    assert.equal(moved.error, null)
    // With confirmations on the change waits for the links (email.test.ts follows them).
    assert.equal(moved.data.user?.email, email)
    assert.equal(moved.data.user?.new_email, newEmail)
    assert.equal((await outbox(newEmail)).length, 1)
  },
)

Deno.test(
  'sign-out scopes: local ends one session, others the rest, global all of them',
  opts,
  async () => {
    const { email } = await signedUpClient('scopes')
    const sign = async () => {
      const c = client()
      const { error } = await c.auth.signInWithPassword({ email, password: PASSWORD })
      assert.equal(error, null)
      return c
    }
    const [a, b, cc] = [await sign(), await sign(), await sign()]
    const refreshA = (await a.auth.getSession()).data.session!.refresh_token

    assert.equal((await a.auth.signOut({ scope: 'local' })).error, null)
    assert.equal((await a.auth.getSession()).data.session, null)
    assert.equal((await refresh(refreshA)).status, 400, 'the signed-out refresh token is dead')
    assert.equal((await b.auth.getUser()).error, null, 'other sessions live on')

    assert.equal((await b.auth.signOut({ scope: 'others' })).error, null)
    assert.equal((await b.auth.getUser()).error, null, 'the caller keeps its session')
    const cUser = await cc.auth.getUser()
    assert.ok(isAuthApiError(cUser.error) || cUser.error?.name === 'AuthSessionMissingError')

    const d = await sign()
    const dRefresh = (await d.auth.getSession()).data.session!.refresh_token
    assert.equal((await b.auth.signOut()).error, null)
    assert.equal((await refresh(dRefresh)).status, 400, 'global sign-out ends every session')
    const uid = decodeJwt(
      (await sign().then((c) => c.auth.getSession())).data.session!.access_token,
    ).sub as string
    const [{ n }] = await db()`select count(*)::int as n from auth.sessions where user_id = ${uid}`
    assert.equal(n, 1)
  },
)

Deno.test(
  'expired, tampered and unsigned tokens are refused by /auth/v1 and /rest/v1',
  opts,
  async () => {
    const { session, user } = await signedUpClient('tamper')
    const claims = decodeJwt(session.access_token)
    const expired = await signJwt(
      { ...claims, exp: Math.floor(Date.now() / 1000) - 10 },
      JWT_SECRET,
    )
    const [h, p, s] = session.access_token.split('.')
    const forgedPayload = btoa(JSON.stringify({ ...claims, role: 'service_role' })).replace(
      /=+$/,
      '',
    ).replace(/\+/g, '-').replace(/\//g, '_')
    const tampered = `${h}.${forgedPayload}.${s}`
    const wrongKey = await signJwt(claims, 'another-secret-another-secret-another-secret')
    const none = `${btoa(JSON.stringify({ alg: 'none', typ: 'JWT' })).replace(/=+$/, '')}.${p}.`

    const apikey = env('SUPABASE_ANON_KEY')
    const ok = await fetch(`${URL_()}/auth/v1/user`, {
      headers: { apikey, authorization: `Bearer ${session.access_token}` },
    })
    assert.equal(ok.status, 200)
    assert.equal((await ok.json()).id, user.id)
    const restOk = await fetch(`${URL_()}/rest/v1/`, {
      headers: { apikey, authorization: `Bearer ${session.access_token}` },
    })
    await restOk.body?.cancel()
    assert.equal(restOk.status, 200, 'the genuine token is accepted by /rest/v1')
    for (
      const [name, token] of [
        ['expired', expired],
        ['tampered', tampered],
        ['wrong key', wrongKey],
        ['alg none', none],
      ]
    ) {
      const res = await fetch(`${URL_()}/auth/v1/user`, {
        headers: {
          apikey,
          authorization: `Bearer ${token}`,
          'x-supabase-api-version': '2024-01-01',
        },
      })
      assert.equal(res.status, 403, `${name} on /auth/v1/user`)
      assert.equal((await res.json()).code, 'bad_jwt')
      const rest = await fetch(`${URL_()}/rest/v1/`, {
        headers: { apikey, authorization: `Bearer ${token}` },
      })
      const restBody = await rest.json()
      assert.equal(rest.status, 401, `${name} on /rest/v1`)
      assert.match(
        restBody.code,
        /^PGRST30[13]$/,
        `${name} on /rest/v1: ${JSON.stringify(restBody)}`,
      )
    }
    const missing = await fetch(`${URL_()}/auth/v1/user`, { headers: { apikey } })
    assert.equal(missing.status, 401)
    await missing.body?.cancel()

    // A token whose session has ended is session_not_found, which supabase-js treats as signed out.
    await db()`delete from auth.sessions where id = ${claims.session_id as string}`
    const ended = await fetch(`${URL_()}/auth/v1/user`, {
      headers: {
        apikey,
        authorization: `Bearer ${session.access_token}`,
        'x-supabase-api-version': '2024-01-01',
      },
    })
    assert.equal(ended.status, 403)
    assert.equal((await ended.json()).code, 'session_not_found')
  },
)

Deno.test(
  'getClaims() verifies the HS256 token through /auth/v1 and returns its claims',
  opts,
  async () => {
    const { c, user } = await signedUpClient('claims')
    const { data, error } = await c.auth.getClaims()
    assert.equal(error, null)
    assert.equal(data?.claims.sub, user.id)
    assert.equal(data?.claims.aal, 'aal1')
    const jwks = await fetch(`${URL_()}/auth/v1/.well-known/jwks.json`)
    assert.deepEqual(await jwks.json(), { keys: [] })
  },
)

Deno.test(
  'sign-up, sign-in, refresh and sign-out are written to auth.audit_log_entries',
  opts,
  async () => {
    const { c, user, email } = await signedUpClient('audited')
    await c.auth.refreshSession()
    await c.auth.signOut()
    const rows = await db()`
    select payload->>'action' as action, payload->>'log_type' as log_type, payload->>'actor_username' as who, ip_address
    from auth.audit_log_entries where payload->>'actor_id' = ${user.id} order by created_at`
    // As GoTrue writes them: the sign-up, its confirmation e-mail, the sign-up again when the
    // link confirms the address, and the session the link starts.
    assert.deepEqual(rows.map((r) => [r.action, r.log_type]), [
      ['user_signedup', 'team'],
      ['user_confirmation_requested', 'user'],
      ['user_signedup', 'team'],
      ['login', 'account'],
      ['token_refreshed', 'token'],
      ['logout', 'account'],
    ])
    assert.ok(rows.every((r) => r.who === email && r.ip_address === '127.0.0.1'))
  },
)
