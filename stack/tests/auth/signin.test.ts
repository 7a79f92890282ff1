// Sign-up and password sign-in through supabase-js: sessions and claims as Supabase Auth issues
// them, rows in the auth tables, and the error codes and messages the web client shows.
import assert from 'node:assert/strict'
import { AuthWeakPasswordError, isAuthApiError } from '@supabase/supabase-js'
import {
  adminClient,
  client,
  closeDb,
  db,
  decodeJwt,
  env,
  follow,
  latestMessage,
  ownGateway,
  PASSWORD,
  signedUpClient,
  totpCode,
  uniqueEmail,
  uniquePhone,
  URL_,
} from './helpers.ts'

const opts = { sanitizeOps: false, sanitizeResources: false }

Deno.test(
  'GET /settings reports email sign-up on and autoconfirm as configured',
  opts,
  async () => {
    const res = await fetch(`${URL_()}/auth/v1/settings`, {
      headers: { apikey: env('SUPABASE_ANON_KEY') },
    })
    assert.equal(res.status, 200)
    const s = await res.json()
    assert.equal(s.external.email, true)
    assert.equal(s.disable_signup, false)
    // Confirmations on, as on a hosted project (supabase/config.toml).
    assert.equal(s.mailer_autoconfirm, false)
    assert.equal(s.phone_autoconfirm, false)
  },
)

Deno.test(
  'a confirmed sign-up signs in to a session whose token carries Supabase claims, stored in the auth tables',
  opts,
  async () => {
    const email = uniqueEmail('signup')
    const signedUp = await client().auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { display_name: 'Ada' } },
    })
    assert.equal(signedUp.error, null)
    assert.equal(signedUp.data.session, null, 'no session until the address is confirmed')
    const [pending] = await db()`select email_confirmed_at from auth.users where id = ${
      signedUp.data.user!.id
    }`
    assert.equal(pending.email_confirmed_at, null)
    const { link } = await latestMessage(email)
    await follow(link!)

    const c = client()
    const { data, error } = await c.auth.signInWithPassword({ email, password: PASSWORD })
    assert.equal(error, null)
    assert.ok(data.session && data.user)
    assert.equal(data.user.email, email)
    assert.equal(data.user.user_metadata.display_name, 'Ada')
    assert.deepEqual(data.user.app_metadata, { provider: 'email', providers: ['email'] })
    assert.equal(data.user.identities?.[0].provider, 'email')
    assert.equal(data.session.token_type, 'bearer')
    assert.equal(data.session.expires_in, 3600)

    const claims = decodeJwt(data.session.access_token)
    assert.equal(claims.sub, data.user.id)
    assert.equal(claims.aud, 'authenticated')
    assert.equal(claims.role, 'authenticated')
    assert.equal(claims.email, email)
    assert.equal(claims.aal, 'aal1')
    assert.equal(claims.is_anonymous, false)
    assert.equal(claims.iss, `${URL_()}/auth/v1`)
    assert.equal((claims.exp as number) - (claims.iat as number), 3600)
    assert.deepEqual((claims.amr as { method: string }[]).map((a) => a.method), ['password'])
    assert.deepEqual((claims.user_metadata as Record<string, unknown>).display_name, 'Ada')

    const sql = db()
    const [u] =
      await sql`select encrypted_password, email_confirmed_at from auth.users where id = ${data.user.id}`
    assert.match(u.encrypted_password, /^\$2a\$10\$/)
    assert.ok(u.email_confirmed_at)
    const [check] =
      await sql`select crypt(${PASSWORD}, ${u.encrypted_password}) = ${u.encrypted_password} as ok`
    assert.equal(check.ok, true, 'pgcrypto crypt() accepts the stored hash')
    const [s] = await sql`select aal::text, user_id from auth.sessions where id = ${claims
      .session_id as string}`
    assert.equal(s.aal, 'aal1')
    assert.equal(s.user_id, data.user.id)
    const rts = await sql`select token, revoked from auth.refresh_tokens where session_id = ${claims
      .session_id as string}`
    assert.deepEqual(rts.map((r) => [r.token, r.revoked]), [[data.session.refresh_token, false]])
    const amr =
      await sql`select authentication_method from auth.mfa_amr_claims where session_id = ${claims
        .session_id as string}`
    assert.deepEqual(amr.map((r) => r.authentication_method), ['password'])
  },
)

Deno.test(
  'with autoconfirm, signing up twice is user_already_exists; a short password is weak_password with reasons',
  opts,
  async () => {
    // A project with confirmations off (not this one: email.test.ts has the answer with them on).
    const { url, gateway } = ownGateway({
      GOTRUE_MAILER_AUTOCONFIRM: 'true',
      GOTRUE_SMS_AUTOCONFIRM: 'true',
    })
    try {
      const auto = client(url)
      const email = uniqueEmail('twice')
      const first = await auto.auth.signUp({ email, password: PASSWORD })
      assert.equal(first.error, null)
      assert.ok(first.data.session, 'autoconfirm signs in at once')
      const again = await auto.auth.signUp({ email, password: PASSWORD })
      assert.ok(isAuthApiError(again.error))
      assert.equal(again.error.status, 422)
      assert.equal(again.error.code, 'user_already_exists')
      assert.equal(again.error.message, 'User already registered')
    } finally {
      await gateway.close()
    }

    const c = client()
    const weak = await c.auth.signUp({ email: uniqueEmail('weak'), password: 'short7!' })
    assert.ok(weak.error instanceof AuthWeakPasswordError)
    assert.equal(weak.error.status, 422)
    assert.equal(weak.error.code, 'weak_password')
    assert.deepEqual(weak.error.reasons, ['length'])
    assert.equal(weak.error.message, 'Password should be at least 8 characters.')
  },
)

Deno.test(
  'password sign-in with email; a wrong password is invalid_credentials',
  opts,
  async () => {
    const { email } = await signedUpClient('signin')
    const c = client()
    const ok = await c.auth.signInWithPassword({ email: email.toUpperCase(), password: PASSWORD })
    assert.equal(ok.error, null)
    assert.equal(ok.data.user?.email, email)
    assert.ok(ok.data.user?.last_sign_in_at)

    const bad = await c.auth.signInWithPassword({ email, password: 'not-the-password' })
    assert.ok(isAuthApiError(bad.error))
    assert.equal(bad.error.status, 400)
    assert.equal(bad.error.code, 'invalid_credentials')
    assert.equal(bad.error.message, 'Invalid login credentials')
    const nobody = await c.auth.signInWithPassword({
      email: uniqueEmail('nobody'),
      password: PASSWORD,
    })
    assert.equal(nobody.error?.code, 'invalid_credentials')
  },
)

Deno.test(
  'sign-in without credentials gives one message, in the client and from the server',
  opts,
  async () => {
    const c = client()
    // deno-lint-ignore no-explicit-any
    const { error } = await c.auth.signInWithPassword({ password: PASSWORD } as any)
    assert.equal(error?.message, 'You must provide either an email or phone number and a password')

    const res = await fetch(`${URL_()}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: {
        apikey: env('SUPABASE_ANON_KEY'),
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
      },
      body: JSON.stringify({ email: uniqueEmail('x') }),
    })
    assert.equal(res.status, 400)
    assert.equal(res.headers.get('x-supabase-api-version'), '2024-01-01')
    assert.deepEqual(await res.json(), {
      code: 'validation_failed',
      message: 'You must provide either an email or phone number and a password',
    })

    // Older clients get the legacy shape.
    const legacy = await fetch(`${URL_()}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: env('SUPABASE_ANON_KEY'), 'content-type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail('x'), password: PASSWORD }),
    })
    assert.deepEqual(await legacy.json(), {
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    })
  },
)

Deno.test('malformed bodies and unknown grants are 400s, never 500s', opts, async () => {
  const post = (path: string, body: string) =>
    fetch(`${URL_()}/auth/v1${path}`, {
      method: 'POST',
      headers: { apikey: env('SUPABASE_ANON_KEY'), 'content-type': 'application/json' },
      body,
    })
  for (
    const [path, body] of [
      ['/signup', '{not json'],
      ['/signup', '[]'],
      ['/token?grant_type=password', '"x"'],
      ['/token?grant_type=nope', '{}'],
      ['/signup', '{"email": 5, "password": 5}'],
      ['/signup', '{"email":"not-an-email","password":"long-enough-1"}'],
      ['/otp', '{}'],
      ['/verify', '{"type":"bogus"}'],
    ]
  ) {
    const res = await post(path, body)
    await res.body?.cancel()
    assert.ok(res.status >= 400 && res.status < 500, `${path} ${body} -> ${res.status}`)
  }
})

Deno.test('password sign-in with phone, for a user with a confirmed phone', opts, async () => {
  const phone = uniquePhone()
  const admin = adminClient()
  const created = await admin.auth.admin.createUser({
    phone,
    password: PASSWORD,
    phone_confirm: true,
  })
  assert.equal(created.error, null)
  assert.equal(created.data.user?.phone, phone.slice(1))
  const c = client()
  const { data, error } = await c.auth.signInWithPassword({ phone, password: PASSWORD })
  assert.equal(error, null)
  assert.equal(data.user?.id, created.data.user?.id)
  assert.equal(decodeJwt(data.session!.access_token).phone, phone.slice(1))
  const wrong = await c.auth.signInWithPassword({ phone, password: 'wrong-password' })
  assert.equal(wrong.error?.code, 'invalid_credentials')
})

Deno.test('a user seeded with pgcrypto crypt() and NULL token columns signs in', opts, async () => {
  const sql = db()
  const id = crypto.randomUUID()
  const email = uniqueEmail('seeded')
  await sql`
    insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
      raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
      confirmation_token, recovery_token, email_change_token_new, email_change)
    values ('00000000-0000-0000-0000-000000000000', ${id}, 'authenticated', 'authenticated', ${email},
      crypt('allotments-demo', gen_salt('bf')), now(), '{"provider":"email","providers":["email"]}', '{"role":"founder"}',
      now(), now(), null, null, null, null)`
  await sql`
    insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
    values (${id}, ${id}, ${JSON.stringify({ sub: id, email })}::jsonb, 'email', now(), now())`
  const c = client()
  const { data, error } = await c.auth.signInWithPassword({ email, password: 'allotments-demo' })
  assert.equal(error, null)
  assert.equal(data.user?.id, id)
  assert.equal(data.user?.user_metadata.role, 'founder')
  const user = await c.auth.getUser()
  assert.equal(user.data.user?.email, email)
  // The recovery flow treats the NULL token columns as empty.
  assert.equal((await c.auth.resetPasswordForEmail(email)).error, null)

  // Staff enrol TOTP with an authenticator app's code and reach aal2.
  const { data: factor } = await c.auth.mfa.enroll({
    factorType: 'totp',
    friendlyName: 'Authenticator',
  })
  assert.ok(factor && factor.type === 'totp')
  const verified = await c.auth.mfa.challengeAndVerify({
    factorId: factor.id,
    code: await totpCode(factor.totp.secret),
  })
  assert.equal(verified.error, null)
  const level = await c.auth.mfa.getAuthenticatorAssuranceLevel()
  assert.deepEqual([level.data?.currentLevel, level.data?.nextLevel], ['aal2', 'aal2'])
  await closeDb()
})

Deno.test(
  'a password older than the length rule still signs in, and the answer says it is weak',
  opts,
  async () => {
    const email = uniqueEmail('oldpw')
    const admin = adminClient()
    const { data: created } = await admin.auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
    })
    await db()`update auth.users set encrypted_password = crypt('short', gen_salt('bf')) where id = ${
      created.user!.id
    }`
    const { data, error } = await client().auth.signInWithPassword({ email, password: 'short' })
    assert.equal(error, null)
    assert.ok(data.session)
    assert.deepEqual((data as { weakPassword?: { reasons: string[] } }).weakPassword?.reasons, [
      'length',
    ])
    const strong = await client().auth.signInWithPassword({
      email: uniqueEmail('none'),
      password: PASSWORD,
    })
    assert.equal((strong.data as { weakPassword?: unknown }).weakPassword, undefined)
  },
)
