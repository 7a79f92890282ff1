// Rate limits with the production defaults of supabase/config.toml: a gateway of our own on the
// test database, started without the relaxed test settings.
import assert from 'node:assert/strict'
import { adminClient, authPost, client, ownGateway, PASSWORD, signedUpClient, uniqueEmail } from './helpers.ts'

const opts = { sanitizeOps: false, sanitizeResources: false }

const post = (url: string, path: string, body: unknown, token?: string) => authPost(url, path, body, { token })

Deno.test('default limits: emails per address and per hour, sign-ins, refreshes, verifies and MFA calls', opts, async () => {
  // With e-mail confirmations on, as deployed: GoTrue counts email_sent only then.
  const { url, gateway } = ownGateway({ GOTRUE_MAILER_AUTOCONFIRM: 'false' })
  try {
    const admin = adminClient().auth.admin
    const emails = [uniqueEmail('rl-a'), uniqueEmail('rl-b'), uniqueEmail('rl-c')]
    for (const email of emails) await admin.createUser({ email, password: PASSWORD, email_confirm: true })

    // 60 s between two emails to one address (max_frequency = "1m0s").
    const c = client(url)
    assert.equal((await c.auth.resetPasswordForEmail(emails[0])).error, null)
    const soon = await c.auth.resetPasswordForEmail(emails[0])
    assert.equal(soon.error?.status, 429)
    assert.equal(soon.error?.code, 'over_email_send_rate_limit')
    assert.match(soon.error!.message, /^For security purposes, you can only request this after \d+ seconds\.$/)

    // email_sent = 2 per hour in config.toml.
    assert.equal((await c.auth.resetPasswordForEmail(emails[1])).error, null)
    const third = await c.auth.resetPasswordForEmail(emails[2])
    assert.equal(third.error?.status, 429)
    assert.equal(third.error?.code, 'over_email_send_rate_limit')

    // Sign-in and sign-up share 30 per 5 minutes per IP; the four calls above counted.
    for (let i = 4; i < 30; i++) {
      const r = await post(url, '/token?grant_type=password', { email: emails[1], password: 'wrong-password' })
      assert.equal(r.status, 400, `attempt ${i + 1}`)
    }
    const over = await c.auth.signInWithPassword({ email: emails[1], password: PASSWORD })
    assert.equal(over.error?.status, 429)
    assert.equal(over.error?.code, 'over_request_rate_limit')
    assert.equal((await c.auth.signUp({ email: uniqueEmail('rl-new'), password: PASSWORD })).error?.code, 'over_request_rate_limit')
    // The main test gateway (relaxed explicitly) is unaffected.
    assert.equal((await client().auth.signInWithPassword({ email: emails[1], password: PASSWORD })).error, null)

    // Token refresh: 150 per 5 minutes.
    for (let i = 0; i < 150; i++) assert.equal((await post(url, '/token?grant_type=refresh_token', { refresh_token: 'nope' })).status, 400)
    const refreshOver = await post(url, '/token?grant_type=refresh_token', { refresh_token: 'nope' })
    assert.deepEqual([refreshOver.status, refreshOver.body.code], [429, 'over_request_rate_limit'])

    // Verify: 30 per 5 minutes.
    for (let i = 0; i < 30; i++) assert.equal((await post(url, '/verify', { type: 'email', email: emails[2], token: '123456' })).status, 403)
    const verifyOver = await post(url, '/verify', { type: 'email', email: emails[2], token: '123456' })
    assert.deepEqual([verifyOver.status, verifyOver.body.code], [429, 'over_request_rate_limit'])

    // MFA challenge and verify: 15 per hour.
    const { session, c: main } = await signedUpClient('rl-mfa')
    const { data: factor } = await main.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'App' })
    for (let i = 0; i < 15; i++) assert.equal((await post(url, `/factors/${factor!.id}/challenge`, {}, session.access_token)).status, 200)
    const mfaOver = await post(url, `/factors/${factor!.id}/challenge`, {}, session.access_token)
    assert.deepEqual([mfaOver.status, mfaOver.body.code], [429, 'over_request_rate_limit'])
  } finally {
    await gateway.close()
  }
})
