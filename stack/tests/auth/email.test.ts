// Email flows through the local outbox: password recovery by link, magic link, email OTP code,
// sign-up confirmation when confirmations are on, and the PKCE flow. Links lead to the web app.
import assert from 'node:assert/strict'
import {
  adminClient,
  client,
  db,
  decodeJwt,
  env,
  follow,
  fragment,
  latestMessage,
  outbox,
  ownGateway,
  PASSWORD,
  signedUpClient,
  uniqueEmail,
  URL_,
} from './helpers.ts'

const opts = { sanitizeOps: false, sanitizeResources: false }

Deno.test(
  'recovery: the emailed link signs the user in on the web app, who sets a new password',
  opts,
  async () => {
    const { email } = await signedUpClient('recover')
    const web = env('WEB_URL')
    const c = client()
    assert.equal(
      (await c.auth.resetPasswordForEmail(email, { redirectTo: `${web}/admin/confirm` })).error,
      null,
    )
    const { message, link } = await latestMessage(email)
    assert.equal(message.channel, 'email')
    assert.equal(message.subject, 'Reset your Roots Allotments password')
    assert.ok(link?.startsWith(`${URL_()}/auth/v1/verify?`), link ?? '')

    const { status, location } = await follow(link!)
    assert.equal(status, 303)
    assert.equal(`${location.origin}${location.pathname}`, `${web}/admin/confirm`)
    const f = fragment(location)
    assert.equal(f.get('type'), 'recovery')
    assert.equal(f.get('token_type'), 'bearer')
    const claims = decodeJwt(f.get('access_token')!)
    assert.deepEqual((claims.amr as { method: string }[]).map((a) => a.method), ['recovery'])

    // The app takes the session from the URL, then updates the password.
    const app = client()
    assert.equal(
      (await app.auth.setSession({
        access_token: f.get('access_token')!,
        refresh_token: f.get('refresh_token')!,
      })).error,
      null,
    )
    assert.equal((await app.auth.updateUser({ password: 'recovered-password' })).error, null)
    assert.equal(
      (await client().auth.signInWithPassword({ email, password: 'recovered-password' })).error,
      null,
    )

    // A used link is spent: the app is sent the error instead.
    const again = await follow(link!)
    assert.equal(again.status, 303)
    assert.equal(fragment(again.location).get('error_code'), 'otp_expired')
    assert.equal(fragment(again.location).get('error'), 'access_denied')

    // An unknown address answers the same as a known one and sends nothing.
    const nobody = uniqueEmail('nobody')
    assert.equal((await c.auth.resetPasswordForEmail(nobody)).error, null)
    assert.deepEqual(await outbox(nobody), [])
  },
)

Deno.test(
  'a redirect_to outside site_url and the allow list falls back to site_url',
  opts,
  async () => {
    const { email } = await signedUpClient('redirect')
    await client().auth.resetPasswordForEmail(email, {
      redirectTo: 'https://evil.example.com/steal',
    })
    const { link } = await latestMessage(email)
    const { location } = await follow(link!)
    assert.equal(location.origin, new URL(env('WEB_URL')).origin)
  },
)

Deno.test(
  'magic link and email OTP code both sign in; new addresses get an account',
  opts,
  async () => {
    const { email } = await signedUpClient('magic')
    const c = client()
    assert.equal((await c.auth.signInWithOtp({ email })).error, null)
    const { message, link } = await latestMessage(email)
    assert.equal(message.subject, 'Your Roots Allotments sign-in link')
    // config.toml's template words it: the HTML as sent, and its text with the link written out.
    assert.match(String(message.meta.html), /<h1[^>]*>Your sign-in link<\/h1>/)
    assert.ok(message.body.includes(`as ${email}. Follow the link to sign in`))
    assert.ok(message.body.includes(`Or open this link: ${link}`))
    const { location } = await follow(link!)
    const f = fragment(location)
    assert.equal(f.get('type'), 'magiclink')
    const app = client()
    await app.auth.setSession({
      access_token: f.get('access_token')!,
      refresh_token: f.get('refresh_token')!,
    })
    assert.equal((await app.auth.getUser()).data.user?.email, email)

    // The same email's code works through verifyOtp (a fresh one: the link above is spent).
    await c.auth.signInWithOtp({ email })
    const code = (await latestMessage(email)).message.meta.code as string
    assert.match(code, /^\d{6}$/)
    const wrong = await c.auth.verifyOtp({
      email,
      token: code === '000000' ? '111111' : '000000',
      type: 'email',
    })
    assert.equal(wrong.error?.code, 'otp_expired')
    assert.equal(wrong.error?.status, 403)
    const { data, error } = await c.auth.verifyOtp({ email, token: code, type: 'email' })
    assert.equal(error, null)
    assert.equal(data.user?.email, email)
    assert.deepEqual(
      (decodeJwt(data.session!.access_token).amr as { method: string }[]).map((a) => a.method),
      ['otp'],
    )

    // shouldCreateUser: false refuses unknown addresses; the default creates them.
    const fresh = uniqueEmail('otp-new')
    const refused = await c.auth.signInWithOtp({
      email: fresh,
      options: { shouldCreateUser: false },
    })
    assert.equal(refused.error?.code, 'otp_disabled')
    assert.equal((await c.auth.signInWithOtp({ email: fresh })).error, null)
    const created = await latestMessage(fresh)
    assert.equal(created.message.subject, 'Confirm your Roots Allotments account')
    const confirmed = await follow(created.link!)
    assert.equal(fragment(confirmed.location).get('type'), 'signup')
    const [u] = await db()`select email_confirmed_at from auth.users where email = ${fresh}`
    assert.ok(u.email_confirmed_at)
  },
)

// Confirmations on for e-mail and phone alike, as a hosted project has them (README, "Deploying
// to Supabase"): GoTrue hides existing accounts only when neither autoconfirms (signup.go).
const CONFIRMATIONS_ON = {
  GOTRUE_MAILER_AUTOCONFIRM: 'false',
  GOTRUE_SMS_AUTOCONFIRM: 'false',
  GOTRUE_SMTP_MAX_FREQUENCY: '0',
  GOTRUE_RATE_LIMIT_EMAIL_SENT: '100',
}

Deno.test(
  'with confirmations on: sign-up has no session until the emailed link is followed',
  opts,
  async () => {
    const { url, gateway } = ownGateway(CONFIRMATIONS_ON)
    try {
      const c = client(url)
      const email = uniqueEmail('confirm')
      const { data, error } = await c.auth.signUp({ email, password: PASSWORD })
      assert.equal(error, null)
      assert.equal(data.session, null)
      assert.equal(data.user?.email, email)
      assert.ok(data.user?.confirmation_sent_at)
      const blocked = await c.auth.signInWithPassword({ email, password: PASSWORD })
      assert.equal(blocked.error?.code, 'email_not_confirmed')
      assert.equal(blocked.error?.message, 'Email not confirmed')

      const { link } = await latestMessage(email, url)
      assert.ok(link?.startsWith(`${url}/auth/v1/verify?`))
      const { location } = await follow(link!)
      assert.equal(fragment(location).get('type'), 'signup')
      assert.deepEqual(
        (decodeJwt(fragment(location).get('access_token')!).amr as { method: string }[]).map((a) =>
          a.method
        ),
        ['email/signup'],
      )
      assert.equal((await c.auth.signInWithPassword({ email, password: PASSWORD })).error, null)

      // Signing up again with a confirmed address reveals nothing: a user-shaped answer, no session,
      // no e-mail, nothing changed (GoTrue's sanitizeUser: a new id, no role, no identities).
      const before = await outbox(email, url)
      const again = await client(url).auth.signUp({
        email,
        password: 'another-password',
        options: { data: { note: 'mine' } },
      })
      assert.equal(again.error, null)
      assert.equal(again.data.session, null)
      const fake = again.data.user!
      assert.notEqual(fake.id, data.user?.id)
      assert.equal(fake.email, email)
      assert.equal(fake.role, '')
      assert.deepEqual(fake.identities, [])
      assert.deepEqual(fake.user_metadata, { note: 'mine' })
      assert.deepEqual(fake.app_metadata, { provider: 'email', providers: ['email'] })
      assert.equal(fake.email_confirmed_at, undefined)
      assert.ok(fake.confirmation_sent_at)
      assert.equal(
        (await outbox(email, url)).length,
        before.length,
        'no e-mail for a repeated sign-up',
      )
      assert.equal(
        (await c.auth.signInWithPassword({ email, password: PASSWORD })).error,
        null,
        'the password is unchanged',
      )
      const [{ n }] = await db()`select count(*)::int as n from auth.users where email = ${email}`
      assert.equal(n, 1)
    } finally {
      await gateway.close()
    }
  },
)

Deno.test(
  'with confirmations on: signing up again before confirming resends the link and changes nothing',
  opts,
  async () => {
    const { url, gateway } = ownGateway(CONFIRMATIONS_ON)
    try {
      const email = uniqueEmail('unconfirmed')
      const first = await client(url).auth.signUp({
        email,
        password: PASSWORD,
        options: { data: { name: 'First' } },
      })
      assert.equal(first.error, null)
      const again = await client(url).auth.signUp({
        email,
        password: 'a-stranger-password',
        options: { data: { name: 'Stranger' } },
      })
      assert.equal(again.error, null)
      assert.equal(again.data.session, null)
      assert.equal(
        again.data.user?.id,
        first.data.user?.id,
        'the account waiting for confirmation, as GoTrue answers',
      )
      assert.equal((await outbox(email, url)).length, 2, 'the confirmation goes again')
      const [u] = await db()`select raw_user_meta_data from auth.users where email = ${email}`
      assert.deepEqual(
        u.raw_user_meta_data,
        { name: 'First' },
        "the metadata is not the second sender's",
      )
      const { link } = await latestMessage(email, url)
      await follow(link!)
      assert.equal(
        (await client(url).auth.signInWithPassword({ email, password: PASSWORD })).error,
        null,
        'the first password stands',
      )
      assert.equal(
        (await client(url).auth.signInWithPassword({ email, password: 'a-stranger-password' }))
          .error?.code,
        'invalid_credentials',
      )
    } finally {
      await gateway.close()
    }
  },
)

Deno.test(
  'e-mail confirmations on but phone confirmations off: GoTrue says user_already_exists',
  opts,
  async () => {
    // GoTrue hides accounts only when both autoconfirms are off: supabase/config.toml has phone
    // confirmations on beside e-mail's, and the deploy guide asks for both.
    const { url, gateway } = ownGateway({ ...CONFIRMATIONS_ON, GOTRUE_SMS_AUTOCONFIRM: 'true' })
    try {
      const email = uniqueEmail('smsauto')
      await adminClient(url).auth.admin.createUser({
        email,
        password: PASSWORD,
        email_confirm: true,
      })
      const again = await client(url).auth.signUp({ email, password: PASSWORD })
      assert.deepEqual([again.error?.status, again.error?.code], [422, 'user_already_exists'])
    } finally {
      await gateway.close()
    }
  },
)

Deno.test(
  'PKCE: the link comes back with ?code=, exchanged for a session with the verifier',
  opts,
  async () => {
    const { email } = await signedUpClient('pkce')
    const c = client(URL_(), env('SUPABASE_ANON_KEY'), { flowType: 'pkce' })
    assert.equal(
      (await c.auth.resetPasswordForEmail(email, { redirectTo: `${env('WEB_URL')}/admin/confirm` }))
        .error,
      null,
    )
    const { link } = await latestMessage(email)
    const { location } = await follow(link!)
    const code = location.searchParams.get('code')
    assert.ok(code, location.toString())
    assert.equal(location.hash, '')

    const stranger = client(URL_(), env('SUPABASE_ANON_KEY'), { flowType: 'pkce' })
    const noVerifier = await stranger.auth.exchangeCodeForSession(code!)
    assert.ok(noVerifier.error, 'another browser has no verifier')

    const { data, error } = await c.auth.exchangeCodeForSession(code!)
    assert.equal(error, null)
    assert.equal(data.user?.email, email)
    assert.deepEqual(
      (decodeJwt(data.session!.access_token).amr as { method: string }[]).map((a) => a.method),
      ['recovery'],
    )
    const replay = await fetch(`${URL_()}/auth/v1/token?grant_type=pkce`, {
      method: 'POST',
      headers: { apikey: env('SUPABASE_ANON_KEY'), 'content-type': 'application/json' },
      body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(43) }),
    })
    assert.equal(replay.status, 404, 'a used code is gone')
    await replay.body?.cancel()
  },
)

Deno.test('reauthenticate sends a nonce that authorises a password change', opts, async () => {
  const { c, email } = await signedUpClient('reauth')
  assert.equal((await c.auth.reauthenticate()).error, null)
  const { message } = await latestMessage(email)
  assert.equal(message.subject, 'Confirm reauthentication')
  const nonce = message.meta.code as string
  const bad = await c.auth.updateUser({
    password: 'nonce-checked-password',
    nonce: '000000' === nonce ? '111111' : '000000',
  })
  assert.equal(bad.error?.code, 'reauthentication_not_valid')
  assert.equal((await c.auth.updateUser({ password: 'nonce-checked-password', nonce })).error, null)
  assert.equal(
    (await client().auth.signInWithPassword({ email, password: 'nonce-checked-password' })).error,
    null,
  )
})

Deno.test('the outbox page lists messages as HTML with working links', opts, async () => {
  const { email } = await signedUpClient('page')
  await client().auth.resetPasswordForEmail(email)
  const res = await fetch(`${URL_()}/_outbox?to=${encodeURIComponent(email)}`)
  assert.equal(res.status, 200)
  assert.match(res.headers.get('content-type') ?? '', /text\/html/)
  const html = await res.text()
  assert.match(html, /Reset your Roots Allotments password/)
  assert.match(html, /<a href="http:\/\/127\.0\.0\.1:\d+\/auth\/v1\/verify\?token=/)
  const json = await fetch(`${URL_()}/_outbox?format=json&to=${encodeURIComponent(email)}`)
  assert.equal((await json.json()).messages[0].recipient, email)
})

Deno.test(
  'with confirmations on: email change needs both links; resend repeats a confirmation; invites confirm',
  opts,
  async () => {
    const { url, gateway } = ownGateway({
      GOTRUE_MAILER_AUTOCONFIRM: 'false',
      GOTRUE_SMTP_MAX_FREQUENCY: '0',
      GOTRUE_RATE_LIMIT_EMAIL_SENT: '100',
    })
    try {
      // Resend: a second confirmation email whose link works (the first one is replaced).
      const email = uniqueEmail('resend')
      const c = client(url)
      await c.auth.signUp({ email, password: PASSWORD })
      const first = await latestMessage(email, url)
      assert.equal((await c.auth.resend({ type: 'signup', email })).error, null)
      const second = await latestMessage(email, url)
      assert.notEqual(second.message.id, first.message.id)
      assert.equal(fragment((await follow(first.link!)).location).get('error_code'), 'otp_expired')
      assert.equal(fragment((await follow(second.link!)).location).get('type'), 'signup')

      // Email change: links go to the current and the new address; the change lands after both.
      assert.equal((await c.auth.signInWithPassword({ email, password: PASSWORD })).error, null)
      const newEmail = uniqueEmail('changed')
      const up = await c.auth.updateUser({ email: newEmail })
      assert.equal(up.error, null)
      assert.equal(up.data.user?.email, email)
      assert.equal(up.data.user?.new_email, newEmail)
      const toCurrent = await latestMessage(email, url)
      const toNew = await latestMessage(newEmail, url)
      assert.equal(
        toCurrent.message.subject,
        'Confirm your new e-mail address for Roots Allotments',
      )
      for (const m of [toCurrent, toNew]) {
        assert.ok(m.message.body.includes(`account ${email} is moving to ${newEmail}`))
      }
      const half = await follow(toCurrent.link!)
      assert.match(fragment(half.location).get('message') ?? '', /^Confirmation link accepted/)
      const [still] = await db()`select email from auth.users where email = ${email}`
      assert.ok(still, 'not changed after one link')
      const done = await follow(toNew.link!)
      assert.equal(fragment(done.location).get('type'), 'email_change')
      const app = client(url)
      await app.auth.setSession({
        access_token: fragment(done.location).get('access_token')!,
        refresh_token: fragment(done.location).get('refresh_token')!,
      })
      assert.equal((await app.auth.getUser()).data.user?.email, newEmail)
      assert.equal(
        (await client(url).auth.signInWithPassword({ email: newEmail, password: PASSWORD })).error,
        null,
      )

      // Invite: generate_link makes the user; the link confirms and signs in.
      const invited = uniqueEmail('invited')
      const { data, error } = await adminClient(url).auth.admin.generateLink({
        type: 'invite',
        email: invited,
      })
      assert.equal(error, null)
      const inv = await follow(data.properties.action_link)
      assert.equal(fragment(inv.location).get('type'), 'invite')
      const [row] =
        await db()`select email_confirmed_at, invited_at from auth.users where email = ${invited}`
      assert.ok(row.email_confirmed_at && row.invited_at)
    } finally {
      await gateway.close()
    }
  },
)
