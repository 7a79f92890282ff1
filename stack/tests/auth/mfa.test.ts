// MFA through supabase.auth.mfa: TOTP enrol (secret, otpauth URI, SVG QR code) → challenge →
// verify with a code computed here as an authenticator app would → aal2 → unenrol; the phone
// factor with its code read from the outbox; assurance levels as the client reports them.
import assert from 'node:assert/strict'
import {
  client,
  db,
  decodeJwt,
  latestMessage,
  PASSWORD,
  signedUpClient,
  totpCode,
  uniquePhone,
} from './helpers.ts'

const opts = { sanitizeOps: false, sanitizeResources: false }
const methods = (token: string) =>
  (decodeJwt(token).amr as { method: string }[]).map((a) => a.method)

Deno.test(
  'TOTP: enrol, challenge, verify → aal2 with a totp amr entry; codes are single-use; unenrol needs aal2',
  opts,
  async () => {
    const { c, email, user } = await signedUpClient('totp')
    const before = await c.auth.mfa.getAuthenticatorAssuranceLevel()
    assert.deepEqual([before.data?.currentLevel, before.data?.nextLevel], ['aal1', 'aal1'])

    const { data: factor, error } = await c.auth.mfa.enroll({
      factorType: 'totp',
      friendlyName: 'Phone app',
      issuer: 'Roots Allotments',
    })
    assert.equal(error, null)
    assert.ok(factor && factor.type === 'totp')
    assert.equal(factor.friendly_name, 'Phone app')
    assert.match(factor.totp.secret, /^[A-Z2-7]{32}$/)
    assert.match(factor.totp.qr_code, /^data:image\/svg\+xml;utf-8,<svg[\s\S]*<\/svg>\s*$/)
    const uri = new URL(factor.totp.uri)
    assert.equal(
      decodeURIComponent(factor.totp.uri.split('?')[0]),
      `otpauth://totp/Roots Allotments:${email}`,
    )
    assert.equal(uri.searchParams.get('secret'), factor.totp.secret)
    assert.equal(uri.searchParams.get('issuer'), 'Roots Allotments')
    const [row] =
      await db()`select status::text, factor_type::text from auth.mfa_factors where id = ${factor.id}`
    assert.deepEqual([row.status, row.factor_type], ['unverified', 'totp'])

    const challenge = await c.auth.mfa.challenge({ factorId: factor.id })
    assert.equal(challenge.error, null)
    assert.ok(challenge.data!.expires_at > Date.now() / 1000)

    const wrongCode = (await totpCode(factor.totp.secret)) === '000000' ? '111111' : '000000'
    const wrong = await c.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data!.id,
      code: wrongCode,
    })
    assert.equal(wrong.error?.code, 'mfa_verification_failed')
    assert.equal(wrong.error?.status, 422)

    const now = Date.now()
    const code = await totpCode(factor.totp.secret, now)
    const verified = await c.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data!.id,
      code,
    })
    assert.equal(verified.error, null)
    const claims = decodeJwt(verified.data!.access_token)
    assert.equal(claims.aal, 'aal2')
    assert.equal(claims.sub, user.id)
    // The session began at the sign-up's confirmation link: its amr entry stays beside totp's.
    assert.deepEqual(methods(verified.data!.access_token).sort(), ['email/signup', 'totp'])
    const aal = await c.auth.mfa.getAuthenticatorAssuranceLevel()
    assert.deepEqual([aal.data?.currentLevel, aal.data?.nextLevel], ['aal2', 'aal2'])
    const [s] = await db()`select aal::text, factor_id from auth.sessions where id = ${claims
      .session_id as string}`
    assert.deepEqual([s.aal, s.factor_id], ['aal2', factor.id])
    const [f] = await db()`select status::text from auth.mfa_factors where id = ${factor.id}`
    assert.equal(f.status, 'verified')
    // The refreshed session keeps aal2.
    const refreshed = await c.auth.refreshSession()
    assert.equal(decodeJwt(refreshed.data.session!.access_token).aal, 'aal2')

    // A code is good once: the same code on a new challenge is refused.
    const second = await c.auth.mfa.challenge({ factorId: factor.id })
    const replay = await c.auth.mfa.verify({
      factorId: factor.id,
      challengeId: second.data!.id,
      code,
    })
    assert.equal(replay.error?.code, 'mfa_verification_failed')

    // A new sign-in is aal1 with aal2 available, and may not remove the factor.
    const other = client()
    await other.auth.signInWithPassword({ email, password: PASSWORD })
    const level = await other.auth.mfa.getAuthenticatorAssuranceLevel()
    assert.deepEqual([level.data?.currentLevel, level.data?.nextLevel], ['aal1', 'aal2'])
    const factors = await other.auth.mfa.listFactors()
    assert.deepEqual(factors.data?.totp.map((x) => x.id), [factor.id])
    const refused = await other.auth.mfa.unenroll({ factorId: factor.id })
    assert.equal(refused.error?.code, 'insufficient_aal')
    assert.equal(refused.error?.status, 422)
    // Nor enrol another one at aal1.
    const enrolAal1 = await other.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Second' })
    assert.equal(enrolAal1.error?.code, 'insufficient_aal')

    // Stepping up with the next time step's code (still inside ±1 step) reaches aal2.
    const step = await other.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: await totpCode(factor.totp.secret, now + 30_000),
    })
    assert.equal(step.error, null)
    assert.equal(decodeJwt(step.data!.access_token).aal, 'aal2')
    const removed = await other.auth.mfa.unenroll({ factorId: factor.id })
    assert.equal(removed.error, null)
    assert.deepEqual(removed.data, { id: factor.id })
    assert.equal((await db()`select 1 from auth.mfa_factors where id = ${factor.id}`).length, 0)
    // The session that stepped up with the factor is aal1 again once refreshed.
    const after = await other.auth.refreshSession()
    assert.equal(decodeJwt(after.data.session!.access_token).aal, 'aal1')
    assert.deepEqual(methods(after.data.session!.access_token), ['password'])
    const levelAfter = await other.auth.mfa.getAuthenticatorAssuranceLevel()
    assert.deepEqual([levelAfter.data?.currentLevel, levelAfter.data?.nextLevel], ['aal1', 'aal1'])
  },
)

Deno.test('TOTP codes outside ±1 step are refused; unknown factors are 404', opts, async () => {
  const { c } = await signedUpClient('skew')
  const { data: factor } = await c.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Skewed' })
  assert.ok(factor && factor.type === 'totp')
  const ch = await c.auth.mfa.challenge({ factorId: factor.id })
  const stale = await c.auth.mfa.verify({
    factorId: factor.id,
    challengeId: ch.data!.id,
    code: await totpCode(factor.totp.secret, Date.now() - 120_000),
  })
  assert.equal(stale.error?.code, 'mfa_verification_failed')
  const ahead = await c.auth.mfa.verify({
    factorId: factor.id,
    challengeId: ch.data!.id,
    code: await totpCode(factor.totp.secret, Date.now() + 120_000),
  })
  assert.equal(ahead.error?.code, 'mfa_verification_failed')
  const missing = await c.auth.mfa.challenge({ factorId: crypto.randomUUID() })
  assert.equal(missing.error?.status, 404)
  assert.equal(missing.error?.code, 'mfa_factor_not_found')
  // An unverified factor can be removed at aal1, and is.
  assert.equal((await c.auth.mfa.unenroll({ factorId: factor.id })).error, null)
})

Deno.test(
  'phone factor: the challenge texts a code to the outbox; verifying it gives aal2',
  opts,
  async () => {
    const { c } = await signedUpClient('phone-mfa')
    const phone = uniquePhone()
    const { data: factor, error } = await c.auth.mfa.enroll({
      factorType: 'phone',
      phone,
      friendlyName: 'Mobile',
    })
    assert.equal(error, null)
    assert.ok(factor && factor.type === 'phone')
    assert.equal(factor.phone, phone)
    const ch = await c.auth.mfa.challenge({ factorId: factor.id, channel: 'sms' })
    assert.equal(ch.error, null)
    const { message } = await latestMessage(phone.slice(1))
    assert.equal(message.channel, 'sms')
    const code = /(\d{6})/.exec(message.body)?.[1]
    assert.ok(code, message.body)
    assert.match(message.body, /^Your Roots Allotments code is \d{6}$/)
    const wrong = await c.auth.mfa.verify({
      factorId: factor.id,
      challengeId: ch.data!.id,
      code: code === '000000' ? '111111' : '000000',
    })
    assert.equal(wrong.error?.code, 'mfa_verification_failed')
    const ok = await c.auth.mfa.verify({
      factorId: factor.id,
      challengeId: ch.data!.id,
      code: code!,
    })
    assert.equal(ok.error, null)
    assert.equal(decodeJwt(ok.data!.access_token).aal, 'aal2')
    assert.ok(methods(ok.data!.access_token).includes('mfa/phone'))
    const user = await c.auth.getUser()
    assert.deepEqual(user.data.user?.factors?.map((f) => [f.factor_type, f.status]), [[
      'phone',
      'verified',
    ]])
    // A verified challenge cannot be replayed.
    const replay = await c.auth.mfa.verify({
      factorId: factor.id,
      challengeId: ch.data!.id,
      code: code!,
    })
    assert.equal(replay.error?.status, 422)
  },
)
