// Auth rate limits at their production values, read from supabase/config.toml (the test stack
// relaxes them in stack/tests/env.ts; each test here starts a gateway of its own without that).
// Shown on the sign-in paths the app uses: password sign-in and email one-time codes share the
// per-IP sign-in budget; guessing a code stops at the verification budget, even for the right
// code; one email per address per max_frequency and email_sent per hour (which GoTrue applies
// only while e-mail confirmations are on); and the stack's own per-recipient and per-IP e-mail
// limits, so that one visitor cannot spend everyone's e-mail; and, on one gateway in turn, the
// limits per address and per hour, sign-ins and sign-ups, token refreshes, verifications and MFA
// calls.
import assert from 'node:assert/strict'
import { parse as parseToml } from 'smol-toml'
import { paths } from '../../config.ts'
import {
  adminClient,
  authPost,
  client,
  db,
  outbox,
  ownGateway,
  PASSWORD,
  signedUpClient,
  uniqueEmail,
} from './helpers.ts'

const opts = { sanitizeOps: false, sanitizeResources: false }

interface AuthToml {
  auth: {
    rate_limit: {
      email_sent: number
      sign_in_sign_ups: number
      token_verifications: number
      token_refresh: number
    }
    email: { max_frequency: string }
  }
}
const production = (parseToml(Deno.readTextFileSync(paths.configToml)) as unknown as AuthToml).auth
const seconds = (d: string) =>
  [...d.matchAll(/(\d+)([hms])/g)].reduce(
    (s, [, n, u]) => s + Number(n) * ({ h: 3600, m: 60, s: 1 } as Record<string, number>)[u],
    0,
  )

const recoverFrom = (base: string, ip: string, email: string) =>
  authPost(base, '/recover', { email }, { ip })
const EMAIL_LIMITED = {
  status: 429,
  body: { code: 'over_email_send_rate_limit', message: 'email rate limit exceeded' },
}

async function confirmedUser(tag: string) {
  const email = uniqueEmail(tag)
  const { data, error } = await adminClient().auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
  })
  if (error) throw error
  return { email, id: data.user!.id }
}

const sessionsOf = async (id: string) =>
  (await db()`select count(*)::int as n from auth.sessions where user_id = ${id}`)[0].n as number

Deno.test('the production values are the ones config.toml sets for Supabase', () => {
  // Guards the tests below against a config.toml that stopped limiting anything.
  assert.ok(
    production.rate_limit.sign_in_sign_ups > 0 && production.rate_limit.sign_in_sign_ups <= 100,
  )
  assert.ok(
    production.rate_limit.token_verifications > 0 &&
      production.rate_limit.token_verifications <= 100,
  )
  assert.ok(production.rate_limit.email_sent > 0 && production.rate_limit.email_sent <= 100)
  assert.ok(seconds(production.email.max_frequency) >= 30)
})

Deno.test(
  'password sign-in and email codes share the per-IP sign-in budget; over it, even the right password gets 429',
  opts,
  async () => {
    const { url, gateway } = ownGateway()
    try {
      const user = await confirmedUser('rl-signin')
      const limit = production.rate_limit.sign_in_sign_ups
      for (let i = 0; i < limit; i++) {
        // Alternate a wrong-password guess and an email code for an unknown address (no email sent).
        const r = i % 2 === 0
          ? await authPost(url, '/token?grant_type=password', {
            email: user.email,
            password: `guess-${i}`,
          })
          : await authPost(url, '/otp', { email: uniqueEmail('rl-nobody'), create_user: false })
        assert.deepEqual(
          [r.status, r.body.code],
          i % 2 === 0 ? [400, 'invalid_credentials'] : [422, 'otp_disabled'],
          `attempt ${i + 1} of ${limit} is judged normally`,
        )
      }
      const right = await authPost(url, '/token?grant_type=password', {
        email: user.email,
        password: PASSWORD,
      })
      assert.equal(right.status, 429)
      assert.deepEqual(right.body, {
        code: 'over_request_rate_limit',
        message: 'Request rate limit reached',
      })
      const otpOver = await authPost(url, '/otp', { email: user.email })
      assert.deepEqual([otpOver.status, otpOver.body.code], [429, 'over_request_rate_limit'])
      // Clients without the API version header get the older shape.
      const old = await authPost(url, '/token?grant_type=password', {
        email: user.email,
        password: PASSWORD,
      }, { modern: false })
      assert.deepEqual(old, {
        status: 429,
        body: {
          code: 429,
          error_code: 'over_request_rate_limit',
          msg: 'Request rate limit reached',
        },
      })
      // supabase-js reports it as an AuthApiError with that code.
      const viaJs = await client(url).auth.signInWithPassword({
        email: user.email,
        password: PASSWORD,
      })
      assert.deepEqual([viaJs.error?.status, viaJs.error?.code], [429, 'over_request_rate_limit'])
      assert.equal(await sessionsOf(user.id), 0, 'no sign-in got through')
      assert.deepEqual(await outbox(user.email, url), [], 'no code was sent over the limit')
    } finally {
      await gateway.close()
    }
  },
)

Deno.test(
  'guessing an emailed sign-in code stops at the verification budget, and then the right code is refused too',
  opts,
  async () => {
    const { url, gateway } = ownGateway()
    try {
      const user = await confirmedUser('rl-code')
      assert.equal(
        (await authPost(url, '/otp', { email: user.email, create_user: false })).status,
        200,
      )
      const [message] = await outbox(user.email, url)
      const code = String(message.meta.code)
      assert.match(code, /^\d{6}$/)
      const wrong = code === '000000' ? '111111' : '000000'
      for (let i = 0; i < production.rate_limit.token_verifications; i++) {
        const r = await authPost(url, '/verify', { type: 'email', email: user.email, token: wrong })
        assert.deepEqual([r.status, r.body.code], [403, 'otp_expired'], `guess ${i + 1}`)
      }
      const right = await authPost(url, '/verify', {
        type: 'email',
        email: user.email,
        token: code,
      })
      assert.deepEqual([right.status, right.body.code], [429, 'over_request_rate_limit'])
      assert.equal(await sessionsOf(user.id), 0, 'the code did not sign anyone in over the limit')
    } finally {
      await gateway.close()
    }
  },
)

Deno.test(
  'email codes: one per address per max_frequency, and email_sent per hour across addresses',
  opts,
  async () => {
    // email_sent counts only while e-mail confirmations are on, as on a hosted project, and the
    // CLI passes config.toml's value on only with custom SMTP: set here as a project has it.
    const { url, gateway } = ownGateway({
      GOTRUE_MAILER_AUTOCONFIRM: 'false',
      GOTRUE_RATE_LIMIT_EMAIL_SENT: String(production.rate_limit.email_sent),
    })
    try {
      const users = []
      for (let i = 0; i <= production.rate_limit.email_sent; i++) {
        users.push(
          await confirmedUser(`rl-mail-${i}`),
        )
      }
      const c = client(url)
      assert.equal(
        (await c.auth.signInWithOtp({
          email: users[0].email,
          options: { shouldCreateUser: false },
        })).error,
        null,
      )
      const again = await c.auth.signInWithOtp({
        email: users[0].email,
        options: { shouldCreateUser: false },
      })
      assert.deepEqual([again.error?.status, again.error?.code], [
        429,
        'over_email_send_rate_limit',
      ])
      const wait = Number(/after (\d+) seconds/.exec(again.error!.message)?.[1])
      assert.ok(
        wait > 0 && wait <= seconds(production.email.max_frequency),
        `tells how long to wait: ${again.error!.message}`,
      )
      assert.equal((await outbox(users[0].email, url)).length, 1, 'one email to that address')

      // The hourly cap counts every address: the first `email_sent` go out, the next is refused.
      for (let i = 1; i < production.rate_limit.email_sent; i++) {
        assert.equal(
          (await c.auth.signInWithOtp({
            email: users[i].email,
            options: { shouldCreateUser: false },
          })).error,
          null,
        )
      }
      const last = users[production.rate_limit.email_sent]
      const capped = await c.auth.signInWithOtp({
        email: last.email,
        options: { shouldCreateUser: false },
      })
      assert.deepEqual([capped.error?.status, capped.error?.code], [
        429,
        'over_email_send_rate_limit',
      ])
      assert.deepEqual(await outbox(last.email, url), [], 'nothing sent over the hourly cap')
    } finally {
      await gateway.close()
    }
  },
)

Deno.test(
  "one visitor cannot spend everyone's e-mail: limits per IP and per recipient",
  opts,
  async () => {
    // config.toml as it is but for email_sent, raised as for a project with its own SMTP (with the
    // built-in sender's 2 an hour nobody gets to these limits), clients told apart by
    // X-Forwarded-For as GOTRUE_RATE_LIMIT_HEADER has it behind Supabase's proxy.
    const { url, gateway } = ownGateway({
      GOTRUE_RATE_LIMIT_HEADER: 'X-Forwarded-For',
      GOTRUE_RATE_LIMIT_EMAIL_SENT: '100',
    })
    try {
      const [a, b, c] = [
        await confirmedUser('rl-ip-a'),
        await confirmedUser('rl-ip-b'),
        await confirmedUser('rl-ip-c'),
      ]
      assert.deepEqual(await recoverFrom(url, '203.0.113.1', a.email), { status: 200, body: {} })
      assert.deepEqual(await recoverFrom(url, '203.0.113.1', b.email), { status: 200, body: {} })
      assert.deepEqual(
        await recoverFrom(url, '198.51.100.2', c.email),
        { status: 200, body: {} },
        'another visitor is not blocked',
      )
      assert.equal((await outbox(c.email, url)).length, 1)

      // The first visitor stops at 10 e-mails an hour, whatever the addresses (real or not).
      for (let i = 2; i < 10; i++) {
        assert.deepEqual(await recoverFrom(url, '203.0.113.1', uniqueEmail('rl-ip-more')), {
          status: 200,
          body: {},
        }, `e-mail ${i + 1}`)
      }
      const d = await confirmedUser('rl-ip-d')
      assert.deepEqual(await recoverFrom(url, '203.0.113.1', d.email), EMAIL_LIMITED)
      assert.deepEqual(await outbox(d.email, url), [])
      assert.deepEqual(
        await recoverFrom(url, '198.51.100.2', d.email),
        { status: 200, body: {} },
        'still not the other visitor',
      )
    } finally {
      await gateway.close()
    }

    // Per recipient: three an hour, from anyone (max_frequency off here to show the hourly count).
    const second = ownGateway({
      GOTRUE_RATE_LIMIT_HEADER: 'X-Forwarded-For',
      GOTRUE_RATE_LIMIT_EMAIL_SENT: '100',
      GOTRUE_SMTP_MAX_FREQUENCY: '0',
    })
    try {
      const known = await confirmedUser('rl-rcpt')
      const unknown = uniqueEmail('rl-rcpt-none')
      for (let i = 0; i < 3; i++) {
        assert.deepEqual(await recoverFrom(second.url, `192.0.2.${10 + i}`, known.email), {
          status: 200,
          body: {},
        })
        assert.deepEqual(await recoverFrom(second.url, `192.0.2.${20 + i}`, unknown), {
          status: 200,
          body: {},
        })
      }
      assert.deepEqual(await recoverFrom(second.url, '192.0.2.30', known.email), EMAIL_LIMITED)
      assert.deepEqual(
        await recoverFrom(second.url, '192.0.2.31', unknown),
        EMAIL_LIMITED,
        'an address without an account alike',
      )
      assert.equal((await outbox(known.email, second.url)).length, 3)
      assert.deepEqual(
        await recoverFrom(second.url, '192.0.2.30', (await confirmedUser('rl-rcpt-other')).email),
        { status: 200, body: {} },
      )
    } finally {
      await second.gateway.close()
    }
  },
)

Deno.test(
  'with confirmations on, email_sent still caps the project: raised for real SMTP, one visitor no longer blocks others',
  opts,
  async () => {
    for (
      const [emailSent, third] of [['2', EMAIL_LIMITED], ['100', {
        status: 200,
        body: {},
      }]] as const
    ) {
      const { url, gateway } = ownGateway({
        GOTRUE_MAILER_AUTOCONFIRM: 'false',
        GOTRUE_RATE_LIMIT_HEADER: 'X-Forwarded-For',
        GOTRUE_RATE_LIMIT_EMAIL_SENT: emailSent,
      })
      try {
        const [a, b, c] = [
          await confirmedUser('rl-cap-a'),
          await confirmedUser('rl-cap-b'),
          await confirmedUser('rl-cap-c'),
        ]
        assert.deepEqual(await recoverFrom(url, '203.0.113.5', a.email), { status: 200, body: {} })
        assert.deepEqual(await recoverFrom(url, '203.0.113.5', b.email), { status: 200, body: {} })
        assert.deepEqual(
          await recoverFrom(url, '198.51.100.6', c.email),
          third,
          `email_sent = ${emailSent}`,
        )
      } finally {
        await gateway.close()
      }
    }
  },
)

const post = (url: string, path: string, body: unknown, token?: string) =>
  authPost(url, path, body, { token })

Deno.test(
  'default limits: emails per address and per hour, sign-ins, refreshes, verifies and MFA calls',
  opts,
  async () => {
    // With e-mail confirmations on, as deployed: GoTrue counts email_sent only then (config.toml's
    // value, as a hosted project has it).
    const { url, gateway } = ownGateway({
      GOTRUE_MAILER_AUTOCONFIRM: 'false',
      GOTRUE_RATE_LIMIT_EMAIL_SENT: String(production.rate_limit.email_sent),
    })
    try {
      const admin = adminClient().auth.admin
      const emails = [uniqueEmail('rl-a'), uniqueEmail('rl-b'), uniqueEmail('rl-c')]
      for (const email of emails) {
        await admin.createUser({
          email,
          password: PASSWORD,
          email_confirm: true,
        })
      }

      // max_frequency between two emails to one address.
      const c = client(url)
      assert.equal((await c.auth.resetPasswordForEmail(emails[0])).error, null)
      const soon = await c.auth.resetPasswordForEmail(emails[0])
      assert.equal(soon.error?.status, 429)
      assert.equal(soon.error?.code, 'over_email_send_rate_limit')
      assert.match(
        soon.error!.message,
        /^For security purposes, you can only request this after \d+ seconds\.$/,
      )

      // email_sent per hour: the second address is the last one it lets through.
      assert.equal(production.rate_limit.email_sent, 2, 'the steps below count on email_sent = 2')
      assert.equal((await c.auth.resetPasswordForEmail(emails[1])).error, null)
      const third = await c.auth.resetPasswordForEmail(emails[2])
      assert.equal(third.error?.status, 429)
      assert.equal(third.error?.code, 'over_email_send_rate_limit')

      // Sign-in and sign-up share sign_in_sign_ups per 5 minutes per IP; the four calls above counted.
      for (let i = 4; i < production.rate_limit.sign_in_sign_ups; i++) {
        const r = await post(url, '/token?grant_type=password', {
          email: emails[1],
          password: 'wrong-password',
        })
        assert.equal(r.status, 400, `attempt ${i + 1}`)
      }
      const over = await c.auth.signInWithPassword({ email: emails[1], password: PASSWORD })
      assert.equal(over.error?.status, 429)
      assert.equal(over.error?.code, 'over_request_rate_limit')
      assert.equal(
        (await c.auth.signUp({ email: uniqueEmail('rl-new'), password: PASSWORD })).error?.code,
        'over_request_rate_limit',
      )
      // The main test gateway (relaxed explicitly) is unaffected.
      assert.equal(
        (await client().auth.signInWithPassword({ email: emails[1], password: PASSWORD })).error,
        null,
      )

      // Token refresh: token_refresh per 5 minutes.
      for (let i = 0; i < production.rate_limit.token_refresh; i++) {
        assert.equal(
          (await post(url, '/token?grant_type=refresh_token', { refresh_token: 'nope' })).status,
          400,
        )
      }
      const refreshOver = await post(url, '/token?grant_type=refresh_token', {
        refresh_token: 'nope',
      })
      assert.deepEqual([refreshOver.status, refreshOver.body.code], [
        429,
        'over_request_rate_limit',
      ])

      // Verify: token_verifications per 5 minutes.
      for (let i = 0; i < production.rate_limit.token_verifications; i++) {
        assert.equal(
          (await post(url, '/verify', { type: 'email', email: emails[2], token: '123456' })).status,
          403,
        )
      }
      const verifyOver = await post(url, '/verify', {
        type: 'email',
        email: emails[2],
        token: '123456',
      })
      assert.deepEqual([verifyOver.status, verifyOver.body.code], [429, 'over_request_rate_limit'])

      // MFA challenge and verify: 15 per hour (GoTrue's fixed limit; config.toml has no setting).
      const { session, c: main } = await signedUpClient('rl-mfa')
      const { data: factor } = await main.auth.mfa.enroll({
        factorType: 'totp',
        friendlyName: 'App',
      })
      for (let i = 0; i < 15; i++) {
        assert.equal(
          (await post(url, `/factors/${factor!.id}/challenge`, {}, session.access_token)).status,
          200,
        )
      }
      const mfaOver = await post(url, `/factors/${factor!.id}/challenge`, {}, session.access_token)
      assert.deepEqual([mfaOver.status, mfaOver.body.code], [429, 'over_request_rate_limit'])
    } finally {
      await gateway.close()
    }
  },
)
