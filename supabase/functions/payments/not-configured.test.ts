// deno-lint-ignore-file no-explicit-any -- JSON answers are checked field by field
// A deployed payments function without its secrets (no ROOTS_LOCAL_STACK, no
// PAYMENTS_PROVIDER=stripe with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET) answers 503
// not_configured and changes nothing: no order written or marked paid, no provider call recorded,
// no local test checkout page. The handler runs in this process with that environment (asDeployed);
// the stack's own functions keep the local providers, for the "as before" half of each test.
import assert from 'node:assert/strict'
import {
  asDeployed,
  call,
  errorCode,
  invoke,
  sql,
  staff,
  test,
  tokenFor,
  uniqueEmail,
  withEnv,
} from '../_shared/testing.ts'
import { LOCAL_WEBHOOK_SECRET, signPayload } from '../_shared/providers/payments.ts'
import { handler } from './handler.ts'

const SALAD = 2 // £8.99

const orderOf = async (sessionId: string) =>
  (await sql()`select * from public.orders where checkout_session_id = ${sessionId}`)[0]
const ordersFor = async (email: string) =>
  (await sql()`select count(*)::int as n from public.orders where email = ${email}`)[0].n
const providerCallsFor = async (email: string) =>
  (await sql()`select count(*)::int as n from private.provider_calls where request ->> 'customer_email' = ${email} or request ->> 'to' = ${email}`)[
    0
  ].n

/** The documented 503: not_configured, a message naming what to set. */
function assertNotConfigured(r: { status: number; json: any; text: string }, names: RegExp) {
  assert.equal(r.status, 503, r.text)
  assert.equal(errorCode(r), 'not_configured')
  assert.match(r.json.error.message, names)
  assert.equal(r.json.error.details.service, 'payments')
}

async function completedEvent(sessionId: string, amount: number) {
  const body = JSON.stringify({
    id: `evt_test_${crypto.randomUUID()}`,
    type: 'checkout.session.completed',
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        amount_total: amount,
        payment_intent: `pi_test_${crypto.randomUUID()}`,
        payment_status: 'paid',
      },
    },
  })
  return { body, headers: { 'stripe-signature': await signPayload(LOCAL_WEBHOOK_SECRET, body) } }
}

test('deployed without payment secrets: every kind of checkout answers 503 naming them and writes nothing; in the local stack it works', async () => {
  const emails = {
    gift: uniqueEmail('gift'),
    deposit: uniqueEmail('deposit'),
    shop: uniqueEmail('shop'),
  }
  const bodies = [
    { kind: 'gift_voucher', email: emails.gift, value_pence: 2500 },
    { kind: 'deposit', site: 'avon-views', email: emails.deposit },
    { kind: 'shop', email: emails.shop, items: [{ product_id: SALAD, quantity: 1 }] },
  ]
  await asDeployed(async () => {
    for (const body of bodies) {
      const r = await invoke(handler, 'payments/checkout', {
        body,
        headers: { 'idempotency-key': `deployed-${crypto.randomUUID()}` },
      })
      assertNotConfigured(
        r,
        /PAYMENTS_PROVIDER=stripe, STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/,
      )
      assert.deepEqual(r.json.error.details.missing, [
        'PAYMENTS_PROVIDER',
        'STRIPE_SECRET_KEY',
        'STRIPE_WEBHOOK_SECRET',
      ])
    }
  })
  for (const email of Object.values(emails)) {
    assert.equal(await ordersFor(email), 0, `no order for ${email}`)
    assert.equal(await providerCallsFor(email), 0, `no provider call for ${email}`)
  }
  // Stripe chosen but half configured: still 503, naming only what is missing.
  await asDeployed(async () => {
    const r = await invoke(handler, 'payments/checkout', { body: bodies[0] })
    assertNotConfigured(r, /set the secret STRIPE_WEBHOOK_SECRET/)
    assert.deepEqual(r.json.error.details.missing, ['STRIPE_WEBHOOK_SECRET'])
  }, { PAYMENTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x' })
  assert.equal(await ordersFor(emails.gift), 0)
  // The same handler in the local stack: the local provider, as before.
  await withEnv({ ROOTS_LOCAL_STACK: '1' }, async () => {
    const r = await invoke(handler, 'payments/checkout', { body: bodies[0] })
    assert.equal(r.status, 201, r.text)
    assert.match(r.json.session_id, /^cs_local_/)
  })
  assert.equal(await ordersFor(emails.gift), 1)
})

test('deployed without payment secrets: a webhook signed with the local secret and the test card page mark nothing paid', async () => {
  // A pending order, through the stack (local provider).
  const email = uniqueEmail('webhook')
  const r = await call('payments/checkout', {
    body: { kind: 'gift_voucher', email, value_pence: 2000 },
  })
  assert.equal(r.status, 201, r.text)
  const sessionId = r.json.session_id as string
  const event = await completedEvent(sessionId, 2000)
  const pageUrl = new URL(r.json.url).pathname.replace(/^\/functions\/v1\//, '')

  await asDeployed(async () => {
    const hook = await invoke(handler, 'payments/webhook', {
      body: event.body,
      token: null,
      headers: event.headers,
    })
    assertNotConfigured(hook, /STRIPE_WEBHOOK_SECRET/)
    const page = await invoke(handler, pageUrl, { token: null })
    assertNotConfigured(page, /PAYMENTS_PROVIDER/)
    const card = await invoke(handler, pageUrl, {
      token: null,
      body: 'card_number=4242424242424242',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    assertNotConfigured(card, /PAYMENTS_PROVIDER/)
    // Status needs no provider: it keeps working.
    const status = await invoke(handler, 'payments/status', { query: { session_id: sessionId } })
    assert.equal(status.status, 200, status.text)
  }, { LOCAL_WEBHOOK_SECRET })
  // Stripe configured: the local secret's signature is not Stripe's.
  await asDeployed(async () => {
    const hook = await invoke(handler, 'payments/webhook', {
      body: event.body,
      token: null,
      headers: event.headers,
    })
    assert.equal(hook.status, 400, hook.text)
    assert.equal(errorCode(hook), 'invalid_signature')
  }, {
    PAYMENTS_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_x',
    STRIPE_WEBHOOK_SECRET: 'whsec_production_x',
  })

  const o = await orderOf(sessionId)
  assert.equal(o.status, 'pending', 'nothing marked paid')
  assert.equal(
    (await sql()`select count(*)::int as n from public.payments where order_id = ${o.id}`)[0].n,
    0,
  )
  assert.equal(
    (await sql()`select count(*)::int as n from private.webhook_events where session_id = ${sessionId}`)[
      0
    ].n,
    0,
  )
  assert.equal(
    (await sql()`select status from public.gift_vouchers where order_id = ${o.id}`)[0].status,
    'pending',
  )

  // In the local stack the same event pays the order, as before.
  const paid = await call('payments/webhook', {
    body: event.body,
    token: null,
    headers: event.headers,
  })
  assert.equal(paid.json?.outcome, 'paid', paid.text)
  assert.equal((await orderOf(sessionId)).status, 'paid')
})

test('deployed without secrets: a refund is refused before it is recorded; a checkout link to e-mail before the order is written', async () => {
  // A paid order, through the stack.
  const email = uniqueEmail('refund')
  const r = await call('payments/checkout', {
    body: { kind: 'shop', email, items: [{ product_id: SALAD, quantity: 1 }] },
  })
  assert.equal(r.status, 201, r.text)
  const event = await completedEvent(r.json.session_id, 899)
  assert.equal(
    (await call('payments/webhook', { body: event.body, token: null, headers: event.headers })).json
      ?.outcome,
    'paid',
  )
  const founder = await tokenFor(staff.founder)

  await asDeployed(async () => {
    const refund = await invoke(handler, 'payments/refund', {
      body: { order_id: r.json.order_id, reason: 'Customer changed their mind' },
      token: founder,
    })
    assertNotConfigured(refund, /PAYMENTS_PROVIDER/)
  })
  const o = await orderOf(r.json.session_id)
  assert.deepEqual(
    [o.status, o.refund_requested_at, o.refund_reason],
    ['paid', null, null],
    'the request was not recorded',
  )
  assert.equal(
    (await sql()`select count(*)::int as n from private.provider_calls where operation = 'refund.create' and request ->> 'idempotency_key' = ${`refund-order-${o.id}`}`)[
      0
    ].n,
    0,
  )

  // Payments local (flag set) but e-mail chosen without its secrets: a link to e-mail is refused
  // before the order and the provider session exist.
  const to = uniqueEmail('link')
  await asDeployed(async () => {
    const link = await invoke(handler, 'payments/checkout-link', {
      body: {
        email: to,
        name: 'Pat Phone',
        items: [{ product_id: SALAD, quantity: 1 }],
        send_email: true,
      },
      token: founder,
      headers: { 'idempotency-key': `link-${crypto.randomUUID()}` },
    })
    assert.equal(link.status, 503, link.text)
    assert.equal(errorCode(link), 'not_configured')
    assert.equal(link.json.error.details.service, 'email')
    assert.deepEqual(link.json.error.details.missing, ['RESEND_API_KEY', 'EMAIL_FROM'])
  }, { ROOTS_LOCAL_STACK: '1', EMAIL_PROVIDER: 'resend' })
  assert.equal(await ordersFor(to), 0)
  assert.equal(await providerCallsFor(to), 0)
})
