// The one decision about local providers and demo keys: ROOTS_LOCAL_STACK=1 (set by the local
// stack only) allows them; without it a service needs its real provider's secrets (else 503
// not_configured, naming them) and the stack refuses the published demo JWT secret and keys.
import assert from 'node:assert/strict'
import { DEMO_KEYS, stackKeys } from '../../../../stack/config.ts'
import { HttpError } from '../errors.ts'
import { asDeployed, withEnv } from '../testing.ts'
import { campaignProvider } from './campaigns.ts'
import { localWebhookSecret, providerChoice, type Service } from './config.ts'
import { emailProvider } from './email.ts'
import { siteUrl } from '../render.ts'
import { paymentProvider } from './payments.ts'

/** The 503 not_configured error `fn` throws, with its missing secrets. */
function refusal(fn: () => unknown): { message: string; missing: string[] } {
  try {
    fn()
  } catch (e) {
    assert.ok(e instanceof HttpError, `not an HttpError: ${e}`)
    assert.equal(e.status, 503)
    assert.equal(e.code, 'not_configured')
    return { message: e.message, missing: (e.details as { missing: string[] }).missing }
  }
  throw new Error('expected 503 not_configured, nothing was thrown')
}

Deno.test('without ROOTS_LOCAL_STACK and secrets, every provider factory refuses (503 not_configured naming the secrets)', async () => {
  await asDeployed(() => {
    const pay = refusal(paymentProvider)
    assert.deepEqual(pay.missing, [
      'PAYMENTS_PROVIDER',
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
    ])
    assert.match(
      pay.message,
      /^Payments are not configured on this server: set the secrets PAYMENTS_PROVIDER=stripe, STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET\./,
    )
    assert.match(pay.message, /ROOTS_LOCAL_STACK=1/)
    assert.deepEqual(refusal(emailProvider).missing, [
      'EMAIL_PROVIDER',
      'RESEND_API_KEY',
      'EMAIL_FROM',
    ])
    assert.deepEqual(refusal(campaignProvider).missing, [
      'CAMPAIGNS_PROVIDER',
      'ACTIVECAMPAIGN_URL',
      'ACTIVECAMPAIGN_API_TOKEN',
    ])
    assert.match(
      refusal(localWebhookSecret).message,
      /local payment provider and its published webhook secret run only in the local stack/,
    )
  })
  // Choosing `local` explicitly, or LOCAL_WEBHOOK_SECRET alone, does not make it local.
  await asDeployed(() => {
    assert.equal(refusal(paymentProvider).missing[0], 'PAYMENTS_PROVIDER')
    assert.equal(refusal(emailProvider).missing[0], 'EMAIL_PROVIDER')
  }, { PAYMENTS_PROVIDER: 'local', EMAIL_PROVIDER: 'local', LOCAL_WEBHOOK_SECRET: 'whsec_mine' })
})

Deno.test('a real provider without all its secrets names the missing ones; with them it is used; an unknown one is refused', async () => {
  await asDeployed(() => {
    const pay = refusal(paymentProvider)
    assert.deepEqual(pay.missing, ['STRIPE_WEBHOOK_SECRET'])
    assert.match(pay.message, /set the secret STRIPE_WEBHOOK_SECRET \(PAYMENTS_PROVIDER=stripe\)/)
    assert.deepEqual(refusal(emailProvider).missing, ['EMAIL_FROM'])
    assert.deepEqual(refusal(campaignProvider).missing, ['ACTIVECAMPAIGN_API_TOKEN'])
  }, {
    PAYMENTS_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_x',
    EMAIL_PROVIDER: 'resend',
    RESEND_API_KEY: 're_x',
    CAMPAIGNS_PROVIDER: 'activecampaign',
    ACTIVECAMPAIGN_URL: 'https://x.api-us1.com',
  })
  await asDeployed(() => {
    assert.equal(paymentProvider().name, 'stripe')
    assert.equal(emailProvider().name, 'resend')
    assert.equal(campaignProvider().name, 'activecampaign')
  }, {
    PAYMENTS_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_x',
    STRIPE_WEBHOOK_SECRET: 'whsec_x',
    EMAIL_PROVIDER: 'resend',
    RESEND_API_KEY: 're_x',
    EMAIL_FROM: 'Roots <hello@example.org>',
    CAMPAIGNS_PROVIDER: 'activecampaign',
    ACTIVECAMPAIGN_URL: 'https://x.api-us1.com',
    ACTIVECAMPAIGN_API_TOKEN: 't',
  })
  await asDeployed(() => {
    const r = refusal(paymentProvider)
    assert.deepEqual(r.missing, ['PAYMENTS_PROVIDER'])
    assert.match(r.message, /PAYMENTS_PROVIDER=paypal is not a provider/)
  }, { PAYMENTS_PROVIDER: 'paypal', ROOTS_LOCAL_STACK: '1' })
})

Deno.test('with ROOTS_LOCAL_STACK=1 the local providers are used as before; an empty secret counts as missing', async () => {
  await asDeployed(async () => {
    assert.equal(paymentProvider().name, 'local')
    assert.equal(emailProvider().name, 'local')
    assert.equal(campaignProvider().name, 'local')
    for (const s of ['payments', 'email', 'campaigns'] as Service[]) {
      assert.deepEqual(providerChoice(s), { kind: 'local' })
    }
    assert.equal(localWebhookSecret(), 'whsec_local_roots_allotments_test_secret')
    await withEnv(
      { LOCAL_WEBHOOK_SECRET: 'whsec_other' },
      () => assert.equal(localWebhookSecret(), 'whsec_other'),
    )
    await withEnv({
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: ' ',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    }, () => {
      assert.deepEqual(
        refusal(paymentProvider).missing,
        ['STRIPE_SECRET_KEY'],
        'an explicit real provider never falls back to local',
      )
    })
  }, { ROOTS_LOCAL_STACK: '1' })
})

Deno.test('ROOTS_LOCAL_STACK is ignored on a hosted project URL, and only the value 1 counts', async () => {
  await asDeployed(() => {
    assert.equal(refusal(paymentProvider).missing[0], 'PAYMENTS_PROVIDER')
    assert.equal(refusal(emailProvider).missing[0], 'EMAIL_PROVIDER')
  }, { ROOTS_LOCAL_STACK: '1', SUPABASE_URL: 'https://abcdefghijklmnop.supabase.co' })
  await asDeployed(() => assert.equal(refusal(paymentProvider).missing[0], 'PAYMENTS_PROVIDER'), {
    ROOTS_LOCAL_STACK: 'true',
  })
})

Deno.test('links use SITE_URL; only the local stack falls back to the dev server, a deployment without it is refused', async () => {
  const unset = { SITE_URL: undefined, SB_SITE_URL: undefined }
  await asDeployed(() => {
    const r = refusal(siteUrl)
    assert.deepEqual(r.missing, ['SITE_URL'])
    assert.match(r.message, /set the secret SITE_URL/)
  }, unset)
  await asDeployed(
    () => assert.equal(siteUrl(), 'https://roots.example'),
    { SITE_URL: 'https://roots.example/ ' },
  )
  await withEnv(
    { ...unset, ROOTS_LOCAL_STACK: '1', SUPABASE_URL: 'http://127.0.0.1:54321' },
    () => assert.equal(siteUrl(), 'http://127.0.0.1:5173'),
  )
  await withEnv(
    { SITE_URL: undefined, SB_SITE_URL: 'http://127.0.0.1:4000/' },
    () => assert.equal(siteUrl(), 'http://127.0.0.1:4000'),
  )
})

Deno.test('the stack refuses the demo JWT secret and keys unless ROOTS_LOCAL_STACK=1', () => {
  assert.throws(
    () => stackKeys({}),
    /Refusing the demo JWT_SECRET, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY .*ROOTS_LOCAL_STACK is not set/,
  )
  assert.throws(() => stackKeys({ ROOTS_LOCAL_STACK: '0' }), /Refusing the demo/)
  assert.throws(
    () =>
      stackKeys({
        JWT_SECRET: DEMO_KEYS.jwtSecret,
        SUPABASE_ANON_KEY: 'a',
        SUPABASE_SERVICE_ROLE_KEY: 's',
      }),
    /Refusing the demo JWT_SECRET \(/,
    'set explicitly, still the demo secret',
  )
  assert.throws(
    () => stackKeys({ JWT_SECRET: 'x'.repeat(40), SUPABASE_SERVICE_ROLE_KEY: 's' }),
    /Refusing the demo SUPABASE_ANON_KEY \(/,
    'a demo key signed with the demo secret',
  )
  assert.deepEqual(stackKeys({ ROOTS_LOCAL_STACK: '1' }), { ...DEMO_KEYS })
  const own = {
    JWT_SECRET: 'x'.repeat(40),
    SUPABASE_ANON_KEY: 'anon',
    SUPABASE_SERVICE_ROLE_KEY: 'service',
  }
  assert.deepEqual(stackKeys(own), {
    jwtSecret: 'x'.repeat(40),
    anonKey: 'anon',
    serviceRoleKey: 'service',
  })
})
