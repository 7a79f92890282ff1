// Whether an address has an account must not show in Auth's answers: sign-up, magic links and
// password recovery answer alike for known and unknown addresses with confirmations on, also
// when the e-mail limits are spent, and a password sign-in runs bcrypt whoever asks. Where
// Supabase itself tells them apart (/otp with create_user: false), the test pins its answer and
// stack/gateway/auth/README.md says so.
import assert from 'node:assert/strict'
import { bcryptRuns } from '../../gateway/auth/users.ts'
import {
  adminClient,
  authPost,
  db,
  outbox,
  ownGateway,
  PASSWORD,
  uniqueEmail,
  uniquePhone,
} from './helpers.ts'

const opts = { sanitizeOps: false, sanitizeResources: false }

/** A hosted project's settings: confirmations on for e-mail and phone, the built-in mailer's
 *  email_sent = 2 an hour, the client's IP from X-Forwarded-For. */
const HOSTED = {
  GOTRUE_MAILER_AUTOCONFIRM: 'false',
  GOTRUE_SMS_AUTOCONFIRM: 'false',
  GOTRUE_RATE_LIMIT_EMAIL_SENT: '2',
  GOTRUE_RATE_LIMIT_HEADER: 'X-Forwarded-For',
}

const post = (url: string, path: string, body: unknown, ip = '192.0.2.1') =>
  authPost(url, path, body, { ip })

async function confirmedUser(url: string, tag: string, password: string | undefined = PASSWORD) {
  const email = uniqueEmail(tag)
  const { error } = await adminClient(url).auth.admin.createUser({
    email,
    password,
    email_confirm: true,
  })
  if (error) throw error
  return email
}

/** Runs `fn` while recording every bcrypt run the gateway makes for `password`. */
async function watchBcrypt(password: string, fn: () => Promise<unknown>) {
  const runs: { op: 'hash' | 'compare'; hash?: string }[] = []
  const { hash, compare } = bcryptRuns
  bcryptRuns.hash = (p, cost) => {
    if (p === password) runs.push({ op: 'hash' })
    return hash(p, cost)
  }
  bcryptRuns.compare = (p, h) => {
    if (p === password) runs.push({ op: 'compare', hash: h })
    return compare(p, h)
  }
  try {
    await fn()
  } finally {
    Object.assign(bcryptRuns, { hash, compare })
  }
  return runs
}

const cost = (hash: string | undefined) => /^\$2[abxy]\$(\d\d)\$/.exec(hash ?? '')?.[1]

Deno.test(
  'with confirmations on, sign-up answers a known address as it answers a new one',
  opts,
  async () => {
    const { url, gateway } = ownGateway({ ...HOSTED, GOTRUE_RATE_LIMIT_EMAIL_SENT: '100' })
    try {
      const known = await confirmedUser(url, 'enum-known')
      // An account with a history: none of it may show.
      await db()`update auth.users set recovery_sent_at = now(), last_sign_in_at = now(), phone = ${
        uniquePhone().slice(1)
      } where email = ${known}`
      const fresh = uniqueEmail('enum-new')
      const a = await post(url, '/signup', { email: known, password: 'someone-elses-password' })
      const b = await post(url, '/signup', { email: fresh, password: 'someone-elses-password' })
      assert.deepEqual([a.status, b.status], [200, 200])
      assert.deepEqual(
        Object.keys(a.body),
        Object.keys(b.body),
        'the same fields in the same order',
      )
      assert.equal(a.body.phone, '')
      assert.equal(a.body.email, known)
      assert.equal(a.body.access_token, undefined)
      // What still differs, as on Supabase (GoTrue's sanitizeUser): no role and no identities.
      assert.deepEqual([a.body.role, a.body.identities], ['', []])
      assert.deepEqual(await outbox(known, url), [], 'the account holder is not mailed')
      assert.equal((await outbox(fresh, url)).length, 1)
    } finally {
      await gateway.close()
    }
  },
)

Deno.test(
  'with the hourly e-mail quota spent, known and unknown addresses get the same 429',
  opts,
  async () => {
    const { url, gateway } = ownGateway(HOSTED)
    try {
      // Two real recoveries from one visitor spend email_sent = 2 (the built-in mailer's cap).
      for (const tag of ['enum-spend-a', 'enum-spend-b']) {
        assert.equal(
          (await post(url, '/recover', { email: await confirmedUser(url, tag) }, '198.51.100.7'))
            .status,
          200,
        )
      }
      const known = await confirmedUser(url, 'enum-quota-known')
      const unknown = uniqueEmail('enum-quota-unknown')
      const limited = {
        status: 429,
        body: { code: 'over_email_send_rate_limit', message: 'email rate limit exceeded' },
      }
      for (
        const [path, body] of [
          ['/recover', {}],
          ['/otp', {}],
          ['/signup', { password: 'someone-elses-password' }],
          ['/resend', { type: 'signup' }],
        ] as const
      ) {
        assert.deepEqual(
          await post(url, path, { ...body, email: known }),
          limited,
          `${path}: a real account`,
        )
        assert.deepEqual(
          await post(url, path, { ...body, email: unknown }),
          limited,
          `${path}: no account`,
        )
      }
      // Supabase answers create_user: false for an address without an account with otp_disabled
      // before it looks at any limit, so this one still tells them apart (README, known differences).
      assert.deepEqual(await post(url, '/otp', { email: known, create_user: false }), limited)
      const otpUnknown = await post(url, '/otp', { email: unknown, create_user: false })
      assert.deepEqual([otpUnknown.status, otpUnknown.body.code], [422, 'otp_disabled'])
      const [{ n }] = await db()`select count(*)::int as n from auth.users where email = ${unknown}`
      assert.equal(n, 0, 'nothing was created for the unknown address')
    } finally {
      await gateway.close()
    }
  },
)

Deno.test(
  '/otp with create_user: false: a link for an account, otp_disabled without one, as Supabase answers',
  opts,
  async () => {
    const { url, gateway } = ownGateway({ ...HOSTED, GOTRUE_RATE_LIMIT_EMAIL_SENT: '100' })
    try {
      const known = await confirmedUser(url, 'enum-otp-known')
      const unknown = uniqueEmail('enum-otp-unknown')
      assert.deepEqual(await post(url, '/otp', { email: known, create_user: false }), {
        status: 200,
        body: {},
      })
      assert.equal((await outbox(known, url)).length, 1)
      const r = await post(url, '/otp', { email: unknown, create_user: false })
      assert.deepEqual(r, {
        status: 422,
        body: { code: 'otp_disabled', message: 'Signups not allowed for otp' },
      })
      assert.deepEqual(await outbox(unknown, url), [])
      // With create_user left on, both answer {} (a link, or a confirmation for a new account).
      const other = uniqueEmail('enum-otp-new')
      assert.deepEqual(await post(url, '/otp', { email: other }, '192.0.2.9'), {
        status: 200,
        body: {},
      })
    } finally {
      await gateway.close()
    }
  },
)

Deno.test(
  'password sign-in compares a bcrypt hash of the same cost whether or not the address has an account',
  opts,
  async () => {
    const { url, gateway } = ownGateway()
    try {
      const known = await confirmedUser(url, 'enum-signin')
      const passwordless = await confirmedUser(url, 'enum-nopass', undefined)
      const [{ encrypted_password: stored }] =
        await db()`select encrypted_password from auth.users where email = ${known}`
      const guess = `guess-${crypto.randomUUID()}`
      const refusals: Record<string, unknown> = {}
      const runs: Record<string, { op: string; hash?: string }[]> = {}
      for (
        const [name, email] of [['known', known], ['unknown', uniqueEmail('enum-nobody')], [
          'passwordless',
          passwordless,
        ]]
      ) {
        runs[name] = await watchBcrypt(guess, async () => {
          refusals[name] = await post(url, '/token?grant_type=password', { email, password: guess })
        })
      }
      const refused = {
        status: 400,
        body: { code: 'invalid_credentials', message: 'Invalid login credentials' },
      }
      assert.deepEqual(refusals, { known: refused, unknown: refused, passwordless: refused })
      for (const name of ['known', 'unknown', 'passwordless']) {
        assert.deepEqual(runs[name].map((r) => r.op), ['compare'], `${name}: one bcrypt comparison`)
        assert.equal(
          cost(runs[name][0].hash),
          cost(stored),
          `${name}: at the cost real passwords have`,
        )
      }
      assert.equal(runs.known[0].hash, stored)
      assert.notEqual(runs.unknown[0].hash, stored)
    } finally {
      await gateway.close()
    }
  },
)

Deno.test(
  'sign-up with a known address hashes the password as a new sign-up does',
  opts,
  async () => {
    const { url, gateway } = ownGateway({ ...HOSTED, GOTRUE_RATE_LIMIT_EMAIL_SENT: '100' })
    try {
      const known = await confirmedUser(url, 'enum-hash-known')
      const password = `pw-${crypto.randomUUID()}`
      const forKnown = await watchBcrypt(
        password,
        () => post(url, '/signup', { email: known, password }),
      )
      const forNew = await watchBcrypt(
        password,
        () => post(url, '/signup', { email: uniqueEmail('enum-hash-new'), password }),
      )
      assert.deepEqual(forKnown.map((r) => r.op), ['hash'])
      assert.deepEqual(forNew.map((r) => r.op), ['hash'])
    } finally {
      await gateway.close()
    }
  },
)
