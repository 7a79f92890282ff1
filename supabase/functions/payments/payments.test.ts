import assert from 'node:assert/strict'
import {
  call,
  errorCode,
  sql,
  staff,
  SUPABASE_URL,
  test,
  tokenFor,
  uniqueEmail,
} from '../_shared/testing.ts'
import { LOCAL_WEBHOOK_SECRET, signPayload } from '../_shared/providers/payments.ts'
import { cardOutcome, handler } from './handler.ts'

const checkout = (body: Record<string, unknown>, opts: { key?: string; token?: string } = {}) =>
  call('payments/checkout', {
    body,
    token: opts.token,
    headers: opts.key ? { 'idempotency-key': opts.key } : {},
  })
const orderOf = async (sessionId: string) =>
  (await sql()`select * from public.orders where checkout_session_id = ${sessionId}`)[0]

async function signedEvent(
  type: string,
  sessionId: string,
  amount: number,
  opts: { id?: string; secret?: string; t?: number; paymentStatus?: string } = {},
) {
  const body = JSON.stringify({
    id: opts.id ?? `evt_test_${crypto.randomUUID()}`,
    type,
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        amount_total: amount,
        payment_intent: `pi_test_${crypto.randomUUID()}`,
        payment_status: opts.paymentStatus ?? 'paid',
      },
    },
  })
  return { body, signature: await signPayload(opts.secret ?? LOCAL_WEBHOOK_SECRET, body, opts.t) }
}
const deliver = (e: { body: string; signature: string }) =>
  call('payments/webhook', {
    body: e.body,
    token: null,
    headers: { 'stripe-signature': e.signature },
  })

/** Submits the local hosted checkout page's form. */
async function pay(url: string, card: string) {
  const res = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card_number: card }).toString(),
  })
  return { status: res.status, location: res.headers.get('location'), text: await res.text() }
}

test('a gift voucher: checkout writes it pending; the hosted page declines a declined card and pays with 4242', async () => {
  const email = uniqueEmail('buyer')
  const r = await checkout({
    kind: 'gift_voucher',
    email,
    value_pence: 2500,
    recipient_name: 'Jo',
    message: 'Grow!',
  })
  assert.equal(r.status, 201, r.text)
  assert.ok(
    r.json.url.startsWith(`${SUPABASE_URL()}/functions/v1/payments/local-checkout/cs_local_`),
  )
  const o = await orderOf(r.json.session_id)
  assert.equal(o.status, 'pending')
  assert.equal(o.total_pence, 2500)
  const [v] = await sql()`select * from public.gift_vouchers where order_id = ${o.id}`
  assert.equal(v.status, 'pending')
  assert.match(v.code, /^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/)
  const [call0] =
    await sql()`select request from private.provider_calls where provider = 'payments' and request ->> 'id' = ${r.json.session_id}`
  assert.equal(call0.request.amount_total, 2500)

  const pageRes = await fetch(r.json.url)
  assert.equal(pageRes.status, 200)
  assert.match(await pageRes.text(), /£25\.00/)
  const declined = await pay(r.json.url, '4000 0000 0000 0002')
  assert.equal(declined.status, 402)
  assert.match(declined.text, /Your card was declined/)
  assert.equal((await orderOf(r.json.session_id)).status, 'pending', 'a decline changes nothing')

  const paid = await pay(r.json.url, '4242 4242 4242 4242')
  assert.equal(paid.status, 303, paid.text)
  assert.ok(paid.location?.endsWith(`/gift-vouchers/success?session_id=${r.json.session_id}`))
  assert.equal((await orderOf(r.json.session_id)).status, 'paid')
  const [v2] = await sql()`select status from public.gift_vouchers where order_id = ${o.id}`
  assert.equal(v2.status, 'active')
  const payments = await sql()`select * from public.payments where order_id = ${o.id}`
  assert.equal(payments.length, 1)
  assert.equal(payments[0].provider, 'local')
  assert.equal(payments[0].status, 'succeeded')
  const [receipt] =
    await sql()`select request from private.provider_calls where provider = 'email' and request ->> 'to' = ${email} and request ->> 'tag' = 'receipt'`
  assert.ok(receipt.request.text.includes(v.code), 'the receipt carries the voucher code')
  const st = await call('payments/status', { query: { session_id: r.json.session_id } })
  assert.deepEqual([st.json.status, st.json.kind, st.json.total_pence], [
    'paid',
    'gift_voucher',
    2500,
  ])
  assert.deepEqual([
    st.json.voucher.recipient_name,
    st.json.voucher.recipient_email,
    'code' in st.json.voucher,
  ], ['Jo', null, false])
  const again = await fetch(r.json.url)
  assert.match(await again.text(), /Already paid/)
})

test('the webhook verifies signatures; a replayed event changes nothing; expiry releases the order', async () => {
  const r = await checkout({ kind: 'deposit', site: 'avon-views', email: uniqueEmail() })
  assert.equal(r.status, 201, r.text)
  const o = await orderOf(r.json.session_id)
  assert.equal(o.total_pence, 5000)
  const [d] = await sql()`select status, site_id from public.deposits where order_id = ${o.id}`
  assert.deepEqual([d.status, d.site_id], ['pending', '2'])

  const forged = await signedEvent('checkout.session.completed', r.json.session_id, 5000, {
    secret: 'whsec_wrong',
  })
  assert.equal((await deliver(forged)).status, 400)
  const stale = await signedEvent('checkout.session.completed', r.json.session_id, 5000, {
    t: Math.floor(Date.now() / 1000) - 3600,
  })
  const staleRes = await deliver(stale)
  assert.equal(staleRes.status, 400)
  assert.equal(errorCode(staleRes), 'invalid_signature')
  const huge = await call('payments/webhook', {
    body: 'x'.repeat(300 * 1024),
    token: null,
    headers: { 'stripe-signature': 't=1,v1=00' },
  })
  assert.equal(huge.status, 413)
  const unsigned = await call('payments/webhook', { body: forged.body, token: null })
  assert.equal(unsigned.status, 400)
  const tampered = await signedEvent('checkout.session.completed', r.json.session_id, 5000)
  assert.equal(
    (await deliver({ body: tampered.body.replace('5000', '1'), signature: tampered.signature }))
      .status,
    400,
  )
  const short = await deliver(
    await signedEvent('checkout.session.completed', r.json.session_id, 100),
  )
  assert.equal(short.status, 400, 'an amount that does not match the order is refused')
  assert.equal((await orderOf(r.json.session_id)).status, 'pending', 'nothing changed')

  const good = await signedEvent('checkout.session.completed', r.json.session_id, 5000, {
    id: `evt_${crypto.randomUUID()}`,
  })
  const ok = await deliver(good)
  assert.equal(ok.status, 200, ok.text)
  assert.equal(ok.json.outcome, 'paid')
  const replay = await deliver(good)
  assert.equal(replay.json.outcome, 'duplicate')
  assert.equal(
    (await sql()`select count(*)::int as n from public.payments where order_id = ${o.id}`)[0].n,
    1,
  )
  assert.equal(
    (await sql()`select status from public.deposits where order_id = ${o.id}`)[0].status,
    'paid',
  )

  const r2 = await checkout({ kind: 'gift_voucher', email: uniqueEmail(), value_pence: 1000 })
  const exp = await deliver(await signedEvent('checkout.session.expired', r2.json.session_id, 1000))
  assert.equal(exp.json.outcome, 'cancelled')
  assert.equal((await orderOf(r2.json.session_id)).status, 'cancelled')
  assert.equal(
    (await sql()`select status from public.gift_vouchers where order_id = ${
      (await orderOf(r2.json.session_id)).id
    }`)[0].status,
    'cancelled',
  )
  const unknown = await deliver(
    await signedEvent('checkout.session.completed', 'cs_unknown_123', 1),
  )
  assert.equal(unknown.status, 200)
  assert.match(unknown.json.outcome, /unknown session/)
})

test('only the webhook changes money tables: signed-in users cannot write orders or vouchers through the API', async () => {
  const token = await tokenFor(staff.member)
  const res = await fetch(
    `${SUPABASE_URL()}/rest/v1/orders?checkout_session_id=eq.cs_local_seed_0001`,
    {
      method: 'PATCH',
      headers: {
        apikey: Deno.env.get('SUPABASE_ANON_KEY')!,
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        prefer: 'return=representation',
      },
      body: JSON.stringify({ status: 'refunded' }),
    },
  )
  const text = await res.text()
  assert.ok(
    res.status === 401 || res.status === 403 || (res.status === 200 && text === '[]'),
    `${res.status} ${text}`,
  )
  for (const table of ['orders', 'payments', 'gift_vouchers', 'memberships', 'deposits']) {
    const r = await fetch(`${SUPABASE_URL()}/rest/v1/${table}`, {
      method: 'POST',
      headers: {
        apikey: Deno.env.get('SUPABASE_ANON_KEY')!,
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({}),
    })
    await r.body?.cancel()
    assert.ok(r.status === 401 || r.status === 403, `${table}: ${r.status}`)
  }
  assert.equal(
    (await sql()`select status from public.orders where checkout_session_id = 'cs_local_seed_0001'`)[
      0
    ].status,
    'paid',
  )
})

test('membership: signed-in only; plan, joining fee and deposit priced by the database; active once paid', async () => {
  const anon = await checkout({
    kind: 'membership',
    site: 'tuckers-meadow',
    plan_id: 2,
    first_name: 'Mo',
    last_name: 'Member',
  })
  assert.equal(anon.status, 401)
  // A site with free plots and nobody waiting (the queue rule: membership.test.ts).
  const tag = crypto.randomUUID().slice(0, 8)
  await sql()`insert into public.global_sites (city, city_slug, location, slug, status, allotments)
    values ('Freeton', 'freeton', ${'Free ' + tag}, ${'free-' + tag}, 'active', 5)`
  const token = await tokenFor(staff.member)
  const r = await checkout({
    kind: 'membership',
    site: 'free-' + tag,
    plan_id: 2,
    first_name: 'Morgan',
    last_name: 'Member',
  }, { token })
  assert.equal(r.status, 201, r.text)
  const o = await orderOf(r.json.session_id)
  assert.equal(o.total_pence, 2999 + 2500 + 5000)
  assert.equal(o.user_id, '00000000-0000-4000-a000-000000000005')
  const items =
    await sql()`select description, unit_price_pence from public.order_items where order_id = ${o.id} order by id`
  assert.deepEqual(items.map((i) => i.unit_price_pence), [2999, 2500, 5000])
  const [m] =
    await sql()`select m.status, s.slug from public.memberships m join public.global_sites s on s.id = m.site_id where m.order_id = ${o.id}`
  assert.deepEqual([m.status, m.slug], ['pending', 'free-' + tag])
  const paid = await deliver(
    await signedEvent('checkout.session.completed', r.json.session_id, 10499),
  )
  assert.equal(paid.json?.outcome, 'paid', paid.text)
  assert.equal(
    (await sql()`select status from public.memberships where order_id = ${o.id}`)[0].status,
    'active',
  )
  assert.equal(
    (await sql()`select status from public.deposits where order_id = ${o.id}`)[0].status,
    'paid',
  )
  const upcoming = await checkout({
    kind: 'membership',
    site: 'daffodil-views',
    plan_id: 2,
    first_name: 'M',
    last_name: 'M',
  }, { token })
  assert.equal(upcoming.status, 409)
  assert.equal(errorCode(upcoming), 'not_open')
  const again = await checkout({
    kind: 'membership',
    site: 'free-' + tag,
    plan_id: 2,
    first_name: 'M',
    last_name: 'M',
  }, { token })
  assert.equal(errorCode(again), 'already_member')
  await sql()`insert into public.global_sites (city, city_slug, location, slug, status, allotments)
    values ('Freeton', 'freeton', ${'Other ' + tag}, ${'other-' + tag}, 'active', 5)`
  const noPlan = await checkout({
    kind: 'membership',
    site: 'other-' + tag,
    plan_id: 99999,
    first_name: 'M',
    last_name: 'M',
  }, { token })
  assert.equal(noPlan.status, 404)
  const queued = await checkout({
    kind: 'membership',
    site: 'avon-views',
    plan_id: 99999,
    first_name: 'M',
    last_name: 'M',
  }, { token })
  assert.equal(errorCode(queued), 'waiting_list')
})

test('shop: prices and stock from the database; unknown products 404; over stock 409', async () => {
  const r = await checkout({
    kind: 'shop',
    email: uniqueEmail(),
    items: [{ product_id: 2, quantity: 2 }, { product_id: 3, quantity: 1 }],
  })
  assert.equal(r.status, 201, r.text)
  assert.equal((await orderOf(r.json.session_id)).total_pence, 899 * 2 + 650)
  const priceSent = await checkout({
    kind: 'shop',
    email: uniqueEmail(),
    items: [{ product_id: 2, quantity: 1, price_pence: 1 }],
  })
  assert.equal(priceSent.status, 400, 'a client cannot send a price')
  const unknown = await checkout({
    kind: 'shop',
    email: uniqueEmail(),
    items: [{ product_id: 99999, quantity: 1 }],
  })
  assert.equal(unknown.status, 404)
  const slug = `last-one-${crypto.randomUUID().slice(0, 8)}`
  const [p] =
    await sql()`insert into public.products (name, slug, price_pence, stock) values ('Last one', ${slug}, 500, 1) returning id`
  const over = await checkout({
    kind: 'shop',
    email: uniqueEmail(),
    items: [{ product_id: Number(p.id), quantity: 2 }],
  })
  assert.equal(over.status, 409)
  assert.equal(errorCode(over), 'out_of_stock')
  assert.equal(
    (await checkout({
      kind: 'shop',
      email: uniqueEmail(),
      items: [{ product_id: Number(p.id), quantity: 1 }],
    })).status,
    201,
  )
  await sql()`update public.products set active = false where id = ${p.id}`
  assert.equal(
    (await checkout({
      kind: 'shop',
      email: uniqueEmail(),
      items: [{ product_id: Number(p.id), quantity: 1 }],
    })).status,
    404,
    'inactive products are not sold',
  )
})

test('the same Idempotency-Key returns the same order and session; a deposit link on the site is honoured', async () => {
  const key = `idem-${crypto.randomUUID()}`
  const body = { kind: 'gift_voucher', email: uniqueEmail(), value_pence: 3000 }
  const [a, b] = await Promise.all([checkout(body, { key }), checkout(body, { key })])
  const first = a.status === 201 ? a : b
  const second = a.status === 201 ? b : a
  assert.equal(first.status, 201, first.text)
  assert.equal(second.status, 200, second.text)
  assert.equal(second.json.order_id, first.json.order_id)
  assert.equal(second.json.session_id, first.json.session_id)
  assert.equal(
    (await sql()`select count(*)::int as n from public.orders where idempotency_key = ${key}`)[0].n,
    1,
  )
  const bad = await checkout(body, { key: 'no' })
  assert.equal(bad.status, 400)

  const tag = crypto.randomUUID().slice(0, 8)
  await sql()`insert into public.global_sites (city, city_slug, location, slug, status, stripe_deposit_link)
    values ('Linkton', 'linkton', ${'Link ' + tag}, ${
    'link-' + tag
  }, 'open', 'https://buy.stripe.com/test_deposit')`
  const link = await checkout({ kind: 'deposit', site: 'link-' + tag, email: uniqueEmail() })
  assert.equal(link.status, 200)
  assert.deepEqual([link.json.external, link.json.url, link.json.order_id], [
    true,
    'https://buy.stripe.com/test_deposit',
    null,
  ])
})

test('bad input: 400 for bodies, 404 for unknown sites, sessions and routes, 405 for methods', async () => {
  for (
    const body of [
      { kind: 'gift_voucher', email: 'x', value_pence: 2500 },
      { kind: 'gift_voucher', email: uniqueEmail(), value_pence: 999 },
      { kind: 'gift_voucher', email: uniqueEmail(), value_pence: 2550 },
      { kind: 'refund', email: uniqueEmail() },
      { kind: 'shop', email: uniqueEmail(), items: [] },
    ]
  ) {
    const r = await checkout(body)
    assert.equal(r.status, 400, JSON.stringify(body))
    assert.equal(errorCode(r), 'validation_failed')
  }
  assert.equal(
    (await checkout({ kind: 'deposit', site: 'nowhere-at-all', email: uniqueEmail() })).status,
    404,
  )
  assert.equal(
    (await call('payments/status', { query: { session_id: 'cs_local_' + 'a'.repeat(32) } })).status,
    404,
  )
  assert.equal((await call('payments/status', { query: { session_id: 'x' } })).status, 400)
  const page = await fetch(
    `${SUPABASE_URL()}/functions/v1/payments/local-checkout/cs_local_${'0'.repeat(32)}`,
  )
  assert.equal(page.status, 404)
  await page.body?.cancel()
  assert.equal((await call('payments/nope', { body: {} })).status, 404)
  assert.equal((await call('payments/checkout')).status, 405)
  const forged = await checkout({ kind: 'deposit', site: 'avon-views', email: uniqueEmail() }, {
    token: 'not.a.jwt',
  })
  assert.equal(forged.status, 401, "a bad token is the caller's problem, not an outage")
})

test('a provider outage is 502 and writes nothing', async () => {
  const server = Deno.serve(
    { hostname: '127.0.0.1', port: 0, onListen: () => {} },
    () => Response.json({ error: { message: 'down' } }, { status: 500 }),
  )
  const env = {
    PAYMENTS_PROVIDER: 'stripe',
    STRIPE_API_URL: `http://127.0.0.1:${server.addr.port}`,
    STRIPE_SECRET_KEY: 'sk_test_x',
    STRIPE_WEBHOOK_SECRET: 'whsec_x',
  }
  for (const [k, v] of Object.entries(env)) Deno.env.set(k, v)
  const email = uniqueEmail()
  try {
    const res = await handler(
      new Request('http://x/payments/checkout', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ kind: 'gift_voucher', email, value_pence: 2000 }),
      }),
    )
    assert.equal(res.status, 502)
    assert.equal((await res.json()).error.code, 'upstream_failed')
    assert.equal(
      (await sql()`select count(*)::int as n from public.orders where email = ${email}`)[0].n,
      0,
    )
  } finally {
    for (const k of Object.keys(env)) Deno.env.delete(k)
    await server.shutdown()
  }
})

test('test cards as Stripe documents them', () => {
  assert.equal(cardOutcome('4242424242424242'), null)
  assert.equal(cardOutcome('5555 5555 5555 4444'), null)
  assert.match(cardOutcome('4000000000009995')!, /insufficient funds/)
  assert.match(cardOutcome('4000000000000069')!, /expired/)
  assert.match(cardOutcome('4242424242424241')!, /invalid/)
  assert.match(cardOutcome('4111111111111111')!, /test card/)
})

test('a payment that settles later: completed-but-unpaid waits; async_payment_succeeded pays; async_payment_failed releases', async () => {
  const r = await checkout({ kind: 'deposit', site: 'tuckers-meadow', email: uniqueEmail() })
  const waiting = await deliver(
    await signedEvent('checkout.session.completed', r.json.session_id, 5000, {
      paymentStatus: 'unpaid',
    }),
  )
  assert.equal(waiting.json.outcome, 'awaiting payment')
  assert.equal((await orderOf(r.json.session_id)).status, 'pending')
  const settled = await deliver(
    await signedEvent('checkout.session.async_payment_succeeded', r.json.session_id, 5000),
  )
  assert.equal(settled.json.outcome, 'paid')
  assert.equal((await orderOf(r.json.session_id)).status, 'paid')
  const r2 = await checkout({ kind: 'deposit', site: 'tuckers-meadow', email: uniqueEmail() })
  const failed = await deliver(
    await signedEvent('checkout.session.async_payment_failed', r2.json.session_id, 5000),
  )
  assert.equal(failed.json.outcome, 'failed')
  const o2 = await orderOf(r2.json.session_id)
  assert.equal(o2.status, 'failed')
  assert.equal(
    (await sql()`select status from public.deposits where order_id = ${o2.id}`)[0].status,
    'failed',
  )
})
