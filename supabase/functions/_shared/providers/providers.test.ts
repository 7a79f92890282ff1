// The real clients, against a fake HTTP server on 127.0.0.1: the requests they send (paths,
// headers, bodies, idempotency keys) and how they treat failures. No network.
import assert from 'node:assert/strict'
import { ActiveCampaign } from './campaigns.ts'
import { ResendEmail } from './email.ts'
import {
  parseEvent,
  SignatureError,
  signPayload,
  StripePayments,
  verifySignature,
} from './payments.ts'
import { ProviderError } from './record.ts'
import { emailDocument } from '../render.ts'

interface Seen {
  method: string
  path: string
  headers: Headers
  body: string
}

function fakeServer(answer: (s: Seen) => Response) {
  const seen: Seen[] = []
  const server = Deno.serve({ hostname: '127.0.0.1', port: 0, onListen: () => {} }, async (req) => {
    const s = {
      method: req.method,
      path: new URL(req.url).pathname,
      headers: req.headers,
      body: await req.text(),
    }
    seen.push(s)
    return answer(s)
  })
  return { url: `http://127.0.0.1:${server.addr.port}`, seen, close: () => server.shutdown() }
}

Deno.test('Stripe: a Checkout Session is created form-encoded, with the secret key, idempotency key and line items', async () => {
  const fake = await fakeServer(() =>
    Response.json({ id: 'cs_test_123', url: 'https://checkout.stripe.com/c/pay/cs_test_123' })
  )
  try {
    const stripe = new StripePayments({
      secretKey: 'sk_test_abc',
      webhookSecret: 'whsec_x',
      baseUrl: fake.url,
    })
    const s = await stripe.createCheckout({
      idempotencyKey: 'key-12345678',
      customerEmail: 'a@example.com',
      successUrl: 'https://x/ok?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'https://x/no',
      lineItems: [{ name: 'Gift voucher £25', amount_pence: 2500, quantity: 1 }, {
        name: 'Seeds',
        amount_pence: 899,
        quantity: 2,
      }],
      metadata: { kind: 'gift_voucher' },
    })
    assert.deepEqual(s, { id: 'cs_test_123', url: 'https://checkout.stripe.com/c/pay/cs_test_123' })
    const [req] = fake.seen
    assert.equal(req!.method, 'POST')
    assert.equal(req!.path, '/v1/checkout/sessions')
    assert.equal(req!.headers.get('authorization'), 'Bearer sk_test_abc')
    assert.equal(req!.headers.get('idempotency-key'), 'key-12345678')
    assert.equal(req!.headers.get('content-type'), 'application/x-www-form-urlencoded')
    assert.ok(req!.headers.get('stripe-version'))
    const form = new URLSearchParams(req!.body)
    assert.equal(form.get('mode'), 'payment')
    assert.equal(form.get('customer_email'), 'a@example.com')
    assert.equal(form.get('client_reference_id'), 'key-12345678')
    assert.equal(form.get('success_url'), 'https://x/ok?session_id={CHECKOUT_SESSION_ID}')
    assert.equal(form.get('line_items[0][price_data][unit_amount]'), '2500')
    assert.equal(form.get('line_items[0][price_data][currency]'), 'gbp')
    assert.equal(form.get('line_items[0][price_data][product_data][name]'), 'Gift voucher £25')
    assert.equal(form.get('line_items[1][quantity]'), '2')
    assert.equal(form.get('metadata[kind]'), 'gift_voucher')
  } finally {
    await fake.close()
  }
})

Deno.test('Stripe: a membership opens a subscription-mode session: recurring plan, one-off items, a voucher coupon', async () => {
  const fake = await fakeServer((s) =>
    s.path === '/v1/coupons'
      ? Response.json({ id: 'coupon_1', object: 'coupon' })
      : Response.json({ id: 'cs_test_9', url: 'https://checkout.stripe.com/c/pay/cs_test_9' })
  )
  try {
    const stripe = new StripePayments({
      secretKey: 'sk_test_abc',
      webhookSecret: 'x',
      baseUrl: fake.url,
    })
    const s = await stripe.createCheckout({
      idempotencyKey: 'order-key-123',
      customerEmail: 'a@example.com',
      successUrl: 'https://x/members',
      cancelUrl: 'https://x/setup',
      lineItems: [
        { name: 'Joining fee (once)', amount_pence: 3000, quantity: 1 },
        { name: 'Refundable deposit', amount_pence: 5000, quantity: 1 },
      ],
      metadata: { kind: 'membership', order_key: 'order-key-123' },
      subscription: {
        plan: { name: 'Half plot: Avon Views', amount_pence: 2500, interval: 'month' },
        discountPence: 1000,
        metadata: { kind: 'membership', order_key: 'order-key-123' },
      },
    })
    assert.equal(s.id, 'cs_test_9')
    const [coupon, session] = fake.seen
    assert.equal(coupon!.path, '/v1/coupons')
    assert.equal(coupon!.headers.get('idempotency-key'), 'order-key-123-voucher')
    const c = new URLSearchParams(coupon!.body)
    assert.equal(c.get('amount_off'), '1000')
    assert.equal(c.get('currency'), 'gbp')
    assert.equal(c.get('duration'), 'once')
    assert.equal(session!.path, '/v1/checkout/sessions')
    assert.equal(session!.headers.get('idempotency-key'), 'order-key-123')
    const f = new URLSearchParams(session!.body)
    assert.equal(f.get('mode'), 'subscription')
    assert.deepEqual(f.getAll('allowed_payment_method_types[0]'), ['card'])
    assert.deepEqual(f.getAll('allowed_payment_method_types[1]'), ['bacs_debit'])
    assert.equal(f.get('line_items[0][price_data][recurring][interval]'), 'month')
    assert.equal(f.get('line_items[0][price_data][unit_amount]'), '2500')
    assert.equal(f.get('line_items[1][price_data][unit_amount]'), '3000')
    assert.equal(f.get('line_items[1][price_data][recurring][interval]'), null, 'one-off')
    assert.equal(f.get('line_items[2][price_data][product_data][name]'), 'Refundable deposit')
    assert.equal(f.get('discounts[0][coupon]'), 'coupon_1')
    assert.equal(f.get('subscription_data[metadata][order_key]'), 'order-key-123')
    assert.equal(f.get('metadata[kind]'), 'membership')
  } finally {
    await fake.close()
  }
})

Deno.test('Stripe: a billing portal session for a customer', async () => {
  const fake = await fakeServer(() =>
    Response.json({ id: 'bps_1', url: 'https://billing.stripe.com/p/session/x' })
  )
  try {
    const stripe = new StripePayments({
      secretKey: 'sk_test_abc',
      webhookSecret: 'x',
      baseUrl: fake.url,
    })
    const p = await stripe.createPortalSession({
      customerRef: 'cus_1',
      returnUrl: 'https://x/members',
    })
    assert.equal(p.url, 'https://billing.stripe.com/p/session/x')
    assert.equal(fake.seen[0]!.path, '/v1/billing_portal/sessions')
    const f = new URLSearchParams(fake.seen[0]!.body)
    assert.equal(f.get('customer'), 'cus_1')
    assert.equal(f.get('return_url'), 'https://x/members')
  } finally {
    await fake.close()
  }
})

Deno.test('Stripe: an error answer or no answer is a ProviderError (the function answers 502)', async () => {
  const fake = await fakeServer(() =>
    Response.json({ error: { message: 'Invalid API Key provided' } }, { status: 401 })
  )
  const stripe = new StripePayments({ secretKey: 'sk_bad', webhookSecret: 'x', baseUrl: fake.url })
  const req = {
    idempotencyKey: 'key-12345678',
    customerEmail: 'a@example.com',
    successUrl: 'https://x',
    cancelUrl: 'https://x',
    lineItems: [],
    metadata: {},
  }
  await assert.rejects(
    stripe.createCheckout(req),
    (e) => e instanceof ProviderError && e.status === 401 && /Invalid API Key/.test(e.message),
  )
  await fake.close()
  await assert.rejects(
    stripe.createCheckout(req),
    (e) => e instanceof ProviderError && e.status === 0,
  )
})

Deno.test('Stripe: a membership subscription is paused, resumed, ended at a date and kept', async () => {
  const fake = await fakeServer(() => Response.json({ id: 'sub_123', status: 'active' }))
  try {
    const stripe = new StripePayments({
      secretKey: 'sk_test_abc',
      webhookSecret: 'x',
      baseUrl: fake.url,
    })
    const base = { subscriptionRef: 'sub_123', metadata: { membership_id: '7' } }
    assert.deepEqual(
      await stripe.pauseSubscription({
        ...base,
        idempotencyKey: 'mc-1-pause',
        resumesOn: '2026-03-01',
      }),
      { id: 'sub_123', status: 'active' },
    )
    await stripe.resumeSubscription({ ...base, idempotencyKey: 'mc-2-resume' })
    await stripe.cancelSubscriptionAt({
      ...base,
      idempotencyKey: 'mc-3-cancel',
      cancelOn: '2026-02-01',
    })
    await stripe.keepSubscription({ ...base, idempotencyKey: 'mc-4-keep' })
    assert.deepEqual(fake.seen.map((r) => [r.method, r.path, r.headers.get('idempotency-key')]), [
      ['POST', '/v1/subscriptions/sub_123', 'mc-1-pause'],
      ['POST', '/v1/subscriptions/sub_123', 'mc-2-resume'],
      ['POST', '/v1/subscriptions/sub_123', 'mc-3-cancel'],
      ['POST', '/v1/subscriptions/sub_123', 'mc-4-keep'],
    ])
    assert.equal(fake.seen[0]!.headers.get('authorization'), 'Bearer sk_test_abc')
    const [pause, resume, cancel, keep] = fake.seen.map((r) => new URLSearchParams(r.body))
    assert.equal(pause!.get('pause_collection[behavior]'), 'void')
    assert.equal(pause!.get('pause_collection[resumes_at]'), String(Date.UTC(2026, 2, 1) / 1000))
    assert.equal(pause!.get('metadata[membership_id]'), '7')
    assert.equal(resume!.get('pause_collection'), '', 'an empty value clears the pause')
    assert.equal(cancel!.get('cancel_at'), String(Date.UTC(2026, 1, 1) / 1000))
    assert.equal(cancel!.get('proration_behavior'), 'none')
    assert.equal(keep!.get('cancel_at'), '', 'an empty value withdraws the end')
  } finally {
    await fake.close()
  }
})

Deno.test('Stripe: a refused subscription change is a ProviderError', async () => {
  const fake = await fakeServer(() =>
    Response.json({ error: { message: 'No such subscription' } }, { status: 404 })
  )
  try {
    const stripe = new StripePayments({ secretKey: 'sk', webhookSecret: 'x', baseUrl: fake.url })
    await assert.rejects(
      stripe.pauseSubscription({
        subscriptionRef: 'sub_gone',
        idempotencyKey: 'mc-9-pause',
        resumesOn: '2026-03-01',
        metadata: {},
      }),
      (e) =>
        e instanceof ProviderError && e.status === 404 && /No such subscription/.test(e.message),
    )
  } finally {
    await fake.close()
  }
})

Deno.test('Stripe webhook signatures: valid, tampered, wrong secret, stale, malformed, several v1 values', async () => {
  const body = JSON.stringify({
    id: 'evt_1',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: 'cs_test_1',
        object: 'checkout.session',
        amount_total: 2500,
        payment_intent: 'pi_1',
      },
    },
  })
  const now = Math.floor(Date.now() / 1000)
  const sig = await signPayload('whsec_right', body, now)
  await verifySignature('whsec_right', body, sig, now)
  const stripe = new StripePayments({ secretKey: 'sk', webhookSecret: 'whsec_right' })
  // The SDK's check (constructEventAsync, SubtleCrypto) accepts what signPayload signs…
  const e = await stripe.verifyWebhook(body, new Headers({ 'stripe-signature': sig }))
  assert.equal(e.id, 'evt_1')
  assert.equal(e.type, 'checkout.session.completed')
  assert.equal(e.data.object.id, 'cs_test_1')
  assert.deepEqual(parseEvent(body), {
    id: 'evt_1',
    type: 'checkout.session.completed',
    sessionId: 'cs_test_1',
    paymentRef: 'pi_1',
    amountPence: 2500,
    paymentStatus: null,
  })
  // …and refuses a wrong secret, a changed body and no header, as SignatureError.
  for (
    const [b, h] of [
      [body, await signPayload('whsec_wrong', body, now)],
      [body.replace('2500', '1'), sig],
      [body, null],
    ] as const
  ) {
    await assert.rejects(
      stripe.verifyWebhook(b, new Headers(h ? { 'stripe-signature': h } : {})),
      SignatureError,
    )
  }
  await assert.rejects(
    verifySignature('whsec_right', body.replace('2500', '1'), sig, now),
    SignatureError,
  )
  await assert.rejects(verifySignature('whsec_wrong', body, sig, now), SignatureError)
  await assert.rejects(verifySignature('whsec_right', body, sig, now + 301), /tolerance/)
  await assert.rejects(verifySignature('whsec_right', body, 'v1=abc', now), /Malformed/)
  await assert.rejects(verifySignature('whsec_right', body, null, now), /Missing/)
  await assert.rejects(verifySignature('', body, sig, now), /No webhook secret/)
  const both = `t=${now},v1=${'0'.repeat(64)},${sig.split(',')[1]}`
  await verifySignature('whsec_right', body, both, now)
  assert.equal(
    parseEvent(
      JSON.stringify({
        id: 'evt_2',
        type: 'invoice.paid',
        data: { object: { id: 'in_1', object: 'invoice' } },
      }),
    ).sessionId,
    null,
  )
})

Deno.test('ActiveCampaign: contact sync then list subscription, with the Api-Token header', async () => {
  const fake = await fakeServer((s) =>
    s.path === '/api/3/contact/sync'
      ? Response.json({ contact: { id: '42' } }, { status: 201 })
      : Response.json({ contactList: { id: '7' } }, { status: 201 })
  )
  try {
    const ac = new ActiveCampaign({ baseUrl: fake.url + '/', apiToken: 'ac-token' })
    const r = await ac.subscribe('11', {
      email: 'a@example.com',
      first_name: 'Ada',
      last_name: 'Grower',
      phone: '07700 900123',
    })
    assert.deepEqual(r, { contactId: '42' })
    assert.deepEqual(fake.seen.map((s) => [s.method, s.path]), [['POST', '/api/3/contact/sync'], [
      'POST',
      '/api/3/contactLists',
    ]])
    for (const s of fake.seen) assert.equal(s.headers.get('api-token'), 'ac-token')
    assert.deepEqual(JSON.parse(fake.seen[0]!.body), {
      contact: {
        email: 'a@example.com',
        firstName: 'Ada',
        lastName: 'Grower',
        phone: '07700 900123',
      },
    })
    assert.deepEqual(JSON.parse(fake.seen[1]!.body), {
      contactList: { list: '11', contact: '42', status: 1 },
    })
  } finally {
    await fake.close()
  }
})

Deno.test('ActiveCampaign: a failing list is a ProviderError with its status', async () => {
  const fake = await fakeServer(() =>
    Response.json({ message: 'No Result found for List with id 999' }, { status: 404 })
  )
  try {
    const ac = new ActiveCampaign({ baseUrl: fake.url, apiToken: 't' })
    await assert.rejects(
      ac.subscribe('999', { email: 'a@example.com', first_name: 'A', last_name: 'B' }),
      (e) => e instanceof ProviderError && e.status === 404,
    )
  } finally {
    await fake.close()
  }
})

Deno.test('E-mail API: POST /emails with the bearer key, the idempotency key and both bodies', async () => {
  const fake = await fakeServer(() => Response.json({ id: 'msg_1' }))
  try {
    const mail = new ResendEmail({
      apiKey: 're_test',
      from: 'Roots <hello@example.com>',
      baseUrl: fake.url,
    })
    const r = await mail.send({
      to: 'a@example.com',
      subject: 'Hi',
      html: '<p>Hi</p>',
      text: 'Hi',
      tag: 'test',
      idempotencyKey: 'mail-1',
    })
    assert.deepEqual(r, { id: 'msg_1' })
    const [s] = fake.seen
    assert.equal(s!.path, '/emails')
    assert.equal(s!.headers.get('authorization'), 'Bearer re_test')
    assert.equal(s!.headers.get('idempotency-key'), 'mail-1')
    assert.deepEqual(JSON.parse(s!.body), {
      from: 'Roots <hello@example.com>',
      to: ['a@example.com'],
      subject: 'Hi',
      // The HTML leaves as a whole document with its language and the subject as its title.
      html: emailDocument('<p>Hi</p>', 'Hi'),
      text: 'Hi',
      tags: [{ name: 'category', value: 'test' }],
    })
  } finally {
    await fake.close()
  }
})

Deno.test('E-mail API: a batch is one POST /emails/batch, each message whole, ids back in order', async () => {
  const fake = await fakeServer(() => Response.json({ data: [{ id: 'b_1' }, { id: 'b_2' }] }))
  try {
    const mail = new ResendEmail({
      apiKey: 're_test',
      from: 'Roots <hello@example.com>',
      baseUrl: fake.url,
    })
    const m = (to: string) => ({
      to,
      subject: `Hi ${to}`,
      html: '<p>Hi</p>',
      text: 'Hi',
      tag: 'list',
    })
    const ids = await mail.sendBatch([m('a@example.com'), m('b@example.com')], 'batch-1')
    assert.deepEqual(ids, [{ id: 'b_1' }, { id: 'b_2' }])
    assert.equal(fake.seen.length, 1)
    const [s] = fake.seen
    assert.equal(s!.path, '/emails/batch')
    assert.equal(s!.headers.get('authorization'), 'Bearer re_test')
    assert.equal(s!.headers.get('idempotency-key'), 'batch-1')
    assert.deepEqual(
      JSON.parse(s!.body),
      ['a@example.com', 'b@example.com'].map((to) => ({
        from: 'Roots <hello@example.com>',
        to: [to],
        subject: `Hi ${to}`,
        html: emailDocument('<p>Hi</p>', `Hi ${to}`),
        text: 'Hi',
        tags: [{ name: 'category', value: 'list' }],
      })),
    )
    // Nothing to send: no call at all.
    assert.deepEqual(await mail.sendBatch([]), [])
    assert.equal(fake.seen.length, 1)
  } finally {
    await fake.close()
  }
})

Deno.test('E-mail API: a refused batch is an error with its status; an answer short of ids is too', async () => {
  let answer = () => Response.json({ message: 'Invalid `to` field' }, { status: 422 })
  const fake = await fakeServer(() => answer())
  try {
    const mail = new ResendEmail({
      apiKey: 're_test',
      from: 'Roots <hello@example.com>',
      baseUrl: fake.url,
    })
    const m = { to: 'a@example.com', subject: 'Hi', html: '<p>Hi</p>', text: 'Hi', tag: 'list' }
    await assert.rejects(
      mail.sendBatch([m, m]),
      (e) => e instanceof ProviderError && e.status === 422 && /Invalid `to` field/.test(e.message),
    )
    answer = () => Response.json({ data: [{ id: 'b_1' }] })
    await assert.rejects(
      mail.sendBatch([m, m]),
      (e) => e instanceof ProviderError && e.status === 502,
    )
    await assert.rejects(mail.sendBatch(Array(101).fill(m)), RangeError)
  } finally {
    await fake.close()
  }
})
