// Gift vouchers at checkout, refunds through the provider and staff checkout links,
// against the real stack.
import assert from 'node:assert/strict'
import {
  ANON_KEY,
  call,
  errorCode,
  SERVICE_KEY,
  sql,
  staff,
  SUPABASE_URL,
  test,
  tokenFor,
  uniqueEmail,
} from '../_shared/testing.ts'
import { LOCAL_WEBHOOK_SECRET, signPayload, StripePayments } from '../_shared/providers/payments.ts'
import { refundEvent } from './refunds.ts'
import { providerLines } from './shop.ts'

const STARTER = 1 // £29.99
const SALAD = 2 // £8.99

async function newVoucher(
  valuePence: number,
  opts: { status?: string; expires?: string } = {},
): Promise<string> {
  const raw = crypto.randomUUID().replaceAll('-', '').toUpperCase().slice(0, 12)
  const code = `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8)}`
  await sql()`insert into public.gift_vouchers (code, value_pence, buyer_email, status, expires_at)
    values (${code}, ${valuePence}, 'giver@example.com', ${opts.status ?? 'active'}, ${
    opts.expires ?? new Date(Date.now() + 86_400_000 * 30).toISOString()
  })`
  return code
}
const voucherRow = async (code: string) =>
  (await sql()`select status, balance_pence, value_pence, redeemed_at from public.gift_vouchers where code = ${code}`)[
    0
  ]!
const orderRow = async (id: number) =>
  (await sql()`select * from public.orders where id = ${id}`)[0]!
const shop = (body: Record<string, unknown>, key = `shop-${crypto.randomUUID()}`) =>
  call('payments/checkout', {
    body: { kind: 'shop', email: uniqueEmail('buyer'), ...body },
    headers: { 'idempotency-key': key },
  })

async function pay(url: string) {
  const res = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'card_number=4242424242424242',
  })
  await res.body?.cancel()
  assert.equal(res.status, 303)
}

async function deliverRefundEvent(
  type: string,
  paymentRef: string,
  amount: number,
  id = `evt_test_${crypto.randomUUID()}`,
  status = 'succeeded',
) {
  const body = JSON.stringify({
    id,
    type,
    data: {
      object: {
        id: `re_test_${crypto.randomUUID()}`,
        object: 'refund',
        payment_intent: paymentRef,
        amount,
        status,
      },
    },
  })
  return await call('payments/webhook', {
    body,
    token: null,
    headers: { 'stripe-signature': await signPayload(LOCAL_WEBHOOK_SECRET, body) },
  })
}

/** A paid shop order through the local provider. */
async function paidOrder(items = [{ product_id: SALAD, quantity: 1 }]) {
  const r = await shop({ items })
  assert.equal(r.status, 201, r.text)
  await pay(r.json.url)
  const [p] =
    await sql()`select provider_ref, amount_pence from public.payments where order_id = ${r.json.order_id}`
  return {
    orderId: r.json.order_id as number,
    paymentRef: p!.provider_ref as string,
    amount: p!.amount_pence as number,
  }
}

const refund = (orderId: number, token: string | null, reason = 'Customer changed their mind') =>
  call('payments/refund', { body: { order_id: orderId, reason }, token })

test('a voucher is quoted, spent once at checkout, refused once used up, and given back on refund', async () => {
  const code = await newVoucher(2000)
  const quote = await call('payments/voucher', {
    body: {
      code: code.toLowerCase().replaceAll('-', ' '),
      items: [{ product_id: STARTER, quantity: 1 }],
    },
  })
  assert.equal(quote.status, 200, quote.text)
  assert.deepEqual([quote.json.subtotal_pence, quote.json.discount_pence, quote.json.total_pence], [
    2999,
    2000,
    999,
  ])
  assert.equal((await voucherRow(code)).balance_pence, 2000, 'a quote spends nothing')

  const r = await shop({ items: [{ product_id: STARTER, quantity: 1 }], voucher_code: code })
  assert.equal(r.status, 201, r.text)
  assert.deepEqual([r.json.subtotal_pence, r.json.discount_pence, r.json.total_pence], [
    2999,
    2000,
    999,
  ])
  const [session] =
    await sql()`select request from private.provider_calls where request ->> 'id' = ${r.json.session_id}`
  assert.equal(session!.request.amount_total, 999, 'the provider charges only what is left')
  const v = await voucherRow(code)
  assert.deepEqual([v.status, v.balance_pence], ['redeemed', 0])

  const again = await shop({ items: [{ product_id: SALAD, quantity: 1 }], voucher_code: code })
  assert.equal(again.status, 409)
  assert.equal(errorCode(again), 'voucher_not_usable')
  assert.deepEqual(again.json.error.details, [{
    path: 'voucher_code',
    message: 'That gift voucher has already been used in full.',
  }])

  await pay(r.json.url)
  assert.equal((await orderRow(r.json.order_id)).status, 'paid')
  const refunded = await refund(r.json.order_id, await tokenFor(staff.official))
  assert.equal(refunded.status, 202, refunded.text)
  const back = await voucherRow(code)
  assert.deepEqual(
    [back.status, back.balance_pence, back.redeemed_at],
    ['active', 2000, null],
    'a refund gives the voucher its amount back',
  )
})

test('two checkouts spending one voucher at once: never more than its value, the loser told why', async () => {
  const code = await newVoucher(1000)
  const results = await Promise.all(
    [1, 2].map(() => shop({ items: [{ product_id: SALAD, quantity: 1 }], voucher_code: code })),
  )
  const texts = results.map((r) => r.text).join(' | ')
  // Quoted together, one spends £8.99 and the other is told the balance changed (409); quoted
  // one after the other (a busy machine), the second spends the £1.01 left. Never both £8.99.
  const won = results.filter((r) => r.status === 201)
  assert.ok(won.length >= 1 && results.every((r) => r.status === 201 || r.status === 409), texts)
  for (const lost of results.filter((r) => r.status === 409)) {
    assert.match(errorCode(lost), /^voucher_(changed|not_usable)$/)
  }
  assert.deepEqual(
    won.map((r) => r.json.discount_pence).sort((a, b) => b - a),
    [899, 101].slice(0, won.length),
    texts,
  )
  const v = await voucherRow(code)
  assert.equal(
    v.balance_pence,
    1000 - won.reduce((n, r) => n + r.json.discount_pence, 0),
    'the balance went down by what was spent',
  )
  const [{ n }] =
    await sql()`select count(*)::int n from public.orders o join public.gift_vouchers g on g.id = o.redeemed_voucher_id where g.code = ${code}`
  assert.equal(n, won.length)
})

test('a voucher covering the whole order pays it at once; stock goes down; expiry of a held voucher gives it back', async () => {
  const code = await newVoucher(5000)
  const [before] = await sql()`select stock from public.products where id = ${STARTER}`
  const r = await shop({ items: [{ product_id: STARTER, quantity: 1 }], voucher_code: code })
  assert.equal(r.status, 201, r.text)
  assert.equal(r.json.total_pence, 0)
  assert.match(r.json.session_id, /^cs_voucher_/)
  assert.ok(r.json.url.endsWith(`/checkout/success?session_id=${r.json.session_id}`))
  const st = await call('payments/status', { query: { session_id: r.json.session_id } })
  assert.deepEqual([
    st.json.status,
    st.json.kind,
    st.json.total_pence,
    st.json.discount_pence,
    st.json.items[0].description,
  ], ['paid', 'shop', 0, 2999, 'Starter Bundle'])
  const [after] = await sql()`select stock from public.products where id = ${STARTER}`
  assert.equal(after!.stock, before!.stock - 1)
  const [receipt] =
    await sql()`select c.request from private.provider_calls c join public.orders o on o.email = c.request ->> 'to'
    where o.id = ${r.json.order_id} and c.provider = 'email' and c.request ->> 'tag' = 'receipt'`
  assert.match(
    receipt!.request.text,
    /is paid in full with your gift voucher \(£29\.99\)/,
    'no webhook, yet a receipt',
  )
  assert.deepEqual([(await voucherRow(code)).balance_pence, (await voucherRow(code)).status], [
    2001,
    'active',
  ])

  const held = await shop({ items: [{ product_id: STARTER, quantity: 1 }], voucher_code: code })
  assert.equal(held.json.discount_pence, 2001)
  assert.equal((await voucherRow(code)).balance_pence, 0)
  const body = JSON.stringify({
    id: `evt_test_${crypto.randomUUID()}`,
    type: 'checkout.session.expired',
    data: {
      object: {
        id: held.json.session_id,
        object: 'checkout.session',
        amount_total: held.json.total_pence,
      },
    },
  })
  const expired = await call('payments/webhook', {
    body,
    token: null,
    headers: { 'stripe-signature': await signPayload(LOCAL_WEBHOOK_SECRET, body) },
  })
  assert.equal(expired.json.outcome, 'cancelled')
  assert.deepEqual([(await voucherRow(code)).balance_pence, (await voucherRow(code)).status], [
    2001,
    'active',
  ])
})

test('vouchers that cannot be used are refused beside the field, and nothing is written', async () => {
  const pendingCode = await newVoucher(1000, { status: 'pending' })
  const expiredCode = await newVoucher(1000, {
    expires: new Date(Date.now() - 86_400_000).toISOString(),
  })
  const [{ n: ordersBefore }] = await sql()`select count(*)::int n from public.orders`
  for (
    const [code, message] of [['ZZZZ-ZZZZ-ZZZZ', /not valid/], [pendingCode, /not been paid/], [
      expiredCode,
      /expired on/,
    ]] as const
  ) {
    const r = await shop({ items: [{ product_id: SALAD, quantity: 1 }], voucher_code: code })
    assert.equal(r.status, 409, r.text)
    assert.match(r.json.error.details[0].message, message)
  }
  const bad = await shop({ items: [{ product_id: SALAD, quantity: 1 }], voucher_code: 'nope' })
  assert.equal(bad.status, 400)
  assert.equal(bad.json.error.details[0].path, 'voucher_code')
  const [{ n: ordersAfter }] = await sql()`select count(*)::int n from public.orders`
  assert.equal(ordersAfter, ordersBefore)
})

test('refunds: admins only (role from the database), through the provider once, the refund event idempotent', async () => {
  const { orderId, paymentRef, amount } = await paidOrder()
  assert.equal((await refund(orderId, null)).status, 401)
  assert.equal((await refund(orderId, ANON_KEY())).status, 401)
  assert.equal((await refund(orderId, await tokenFor(staff.member))).status, 403)
  assert.equal((await refund(orderId, await tokenFor(staff.patch))).status, 403)
  const tooShort = await refund(orderId, await tokenFor(staff.official), 'x')
  assert.equal(tooShort.status, 400)
  assert.equal(errorCode(tooShort), 'validation_failed')
  assert.equal((await orderRow(orderId)).status, 'paid', 'refusals change nothing')

  const r = await refund(orderId, await tokenFor(staff.founder))
  assert.equal(r.status, 202, r.text)
  assert.equal(r.json.status, 'refunded')
  const calls =
    await sql()`select request from private.provider_calls where operation = 'refund.create' and request ->> 'payment_intent' = ${paymentRef}`
  assert.equal(calls.length, 1)
  assert.equal(calls[0]!.request.amount, amount)
  const o = await orderRow(orderId)
  assert.equal(o.status, 'refunded')
  assert.equal(o.refund_reason, 'Customer changed their mind')
  const [p] =
    await sql()`select id, status, refund_ref from public.payments where provider_ref = ${paymentRef}`
  assert.deepEqual([p!.status, p!.refund_ref], ['refunded', r.json.refund_id])
  const [audit] =
    await sql()`select actor_role from public.audit_log where table_name = 'orders' and row_id = ${
      String(orderId)
    } and after ->> 'refund_reason' is not null order by id limit 1`
  assert.equal(audit!.actor_role, 'founder', 'the refund request is audited with the staff role')
  // The refund itself is written with the service role for the founder: the log names them.
  const [founder] =
    await sql()`select id, email from public.profiles where email = ${staff.founder}`
  for (const table of ['orders', 'payments']) {
    const id = table === 'orders' ? String(orderId) : String(p!.id)
    const [done] = await sql()`select actor_id, actor_role, actor_email, via from public.audit_log
      where table_name = ${table} and row_id = ${id} and action = 'update' and after ->> 'status' = 'refunded' and before ->> 'status' <> 'refunded'`
    assert.deepEqual([String(done!.actor_id), done!.actor_role, done!.actor_email, done!.via], [
      founder!.id,
      'founder',
      founder!.email,
      'payments',
    ], `the ${table} refund names the admin`)
  }

  const repeat = await refund(orderId, await tokenFor(staff.official))
  assert.equal(repeat.status, 200)
  assert.equal(repeat.json.repeated, true)
  const provider = await deliverRefundEvent('refund.updated', paymentRef, amount)
  assert.equal(provider.json.outcome, 'ignored: already refunded')
  assert.equal(
    (await sql()`select count(*)::int n from private.provider_calls where operation = 'refund.create' and request ->> 'payment_intent' = ${paymentRef}`)[
      0
    ]!.n,
    1,
  )
})

test('a refund made at the provider reaches us by webhook: applied once, a redelivery is a duplicate', async () => {
  const { orderId, paymentRef, amount } = await paidOrder()
  const partial = await deliverRefundEvent('refund.created', paymentRef, amount - 100)
  assert.equal(partial.json.outcome, 'ignored: partial refund')
  const id = `evt_test_${crypto.randomUUID()}`
  const first = await deliverRefundEvent('refund.created', paymentRef, amount, id)
  assert.equal(first.json.outcome, 'refunded')
  assert.equal((await orderRow(orderId)).status, 'refunded')
  const second = await deliverRefundEvent('refund.created', paymentRef, amount, id)
  assert.equal(second.json.outcome, 'duplicate')
  const unknown = await deliverRefundEvent('refund.created', 'pi_nobody', 100)
  assert.equal(unknown.json.outcome, 'ignored: unknown payment')
})

test('a refund of an order that is not paid is refused with the reason', async () => {
  const r = await shop({ items: [{ product_id: SALAD, quantity: 1 }] })
  const refused = await refund(r.json.order_id, await tokenFor(staff.official))
  assert.equal(refused.status, 409)
  assert.match(refused.json.error.message, /Only a paid order can be refunded; this one is pending/)
  const missing = await refund(999999999, await tokenFor(staff.official))
  assert.equal(missing.status, 404)
})

test('staff checkout links: admins only, by the database role; the person gets the link; a repeated key makes one order', async () => {
  const email = uniqueEmail('phone')
  const impostorEmail = uniqueEmail('impostor')
  const created = await fetch(`${SUPABASE_URL()}/auth/v1/admin/users`, {
    method: 'POST',
    headers: {
      apikey: SERVICE_KEY(),
      authorization: `Bearer ${SERVICE_KEY()}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      email: impostorEmail,
      password: 'allotments-demo',
      email_confirm: true,
      user_metadata: { role: 'founder' },
    }),
  })
  assert.equal(created.status, 200, await created.clone().text())
  await created.body?.cancel()
  const body = {
    email,
    name: 'Pat Phone',
    items: [{ product_id: STARTER, quantity: 2 }],
    send_email: true,
  }
  const link = (token: string | null, key = 'link-key-0001') =>
    call('payments/checkout-link', { body, token, headers: { 'idempotency-key': key } })
  assert.equal((await link(await tokenFor(impostorEmail))).status, 403)
  assert.equal((await link(await tokenFor(staff.patch))).status, 403)
  assert.equal((await link(null)).status, 401)
  const key = `phone-${crypto.randomUUID()}`
  const r = await link(await tokenFor(staff.team), key)
  assert.equal(r.status, 201, r.text)
  assert.equal(r.json.total_pence, 5998)
  assert.equal(r.json.emailed, true)
  const o = await orderRow(r.json.order_id)
  const [team] = await sql()`select id from auth.users where email = ${staff.team}`
  assert.deepEqual([o.created_by, o.email, o.status], [team!.id, email, 'pending'])
  const [made] =
    await sql()`select actor_id, actor_role, via from public.audit_log where table_name = 'orders' and row_id = ${
      String(o.id)
    } and action = 'insert'`
  assert.deepEqual([String(made!.actor_id), made!.actor_role, made!.via], [
    team!.id,
    'roots_team',
    'payments',
  ], 'the order is audited as the admin’s, through payments')
  const [logged] =
    await sql()`select a.actor_id, a.via from public.audit_log a join public.message_log m on a.table_name = 'message_log' and a.row_id = m.id::text
    where m.recipient = ${email} and a.action = 'insert'`
  assert.deepEqual(
    [String(logged!.actor_id), logged!.via],
    [team!.id, 'payments'],
    'the e-mail’s log line is theirs too',
  )
  const [mail] =
    await sql()`select request from private.provider_calls where provider = 'email' and request ->> 'to' = ${email}`
  assert.ok(String(mail!.request.text).includes(r.json.url))
  const repeat = await link(await tokenFor(staff.team), key)
  assert.equal(repeat.status, 200)
  assert.equal(repeat.json.order_id, r.json.order_id)
  assert.equal(repeat.json.url, r.json.url)
  const noKey = await call('payments/checkout-link', { body, token: await tokenFor(staff.team) })
  assert.equal(noKey.status, 400)
})

test('unit: provider lines and refund events', () => {
  assert.deepEqual(providerLines([{ name: 'A', amount_pence: 500, quantity: 2 }], 0), [{
    name: 'A',
    amount_pence: 500,
    quantity: 2,
  }])
  assert.deepEqual(
    providerLines([{ name: 'A', amount_pence: 500, quantity: 2 }, {
      name: 'B',
      amount_pence: 300,
      quantity: 1,
    }], 450),
    [{ name: 'A × 2, B (gift voucher −£4.50)', amount_pence: 850, quantity: 1 }],
  )
  const charge = JSON.stringify({
    id: 'evt_1',
    type: 'charge.refunded',
    data: {
      object: {
        id: 'ch_1',
        payment_intent: 'pi_1',
        amount: 900,
        amount_refunded: 900,
        refunded: true,
        refunds: { data: [{ id: 're_1' }] },
      },
    },
  })
  assert.deepEqual(refundEvent(charge), {
    eventId: 'evt_1',
    paymentRef: 'pi_1',
    refundRef: 're_1',
    amountPence: 900,
    status: 'succeeded',
  })
  assert.equal(
    refundEvent('{"id":"evt_2","type":"refund.created","data":{"object":{"id":"re_2"}}}'),
    null,
    'no payment: nothing to apply',
  )
})

test('the Stripe provider asks for a refund of the PaymentIntent with the idempotency key', async () => {
  const seen: { path: string; key: string | null; auth: string | null; body: string }[] = []
  const server = Deno.serve({ hostname: '127.0.0.1', port: 0, onListen: () => {} }, async (req) => {
    seen.push({
      path: new URL(req.url).pathname,
      key: req.headers.get('idempotency-key'),
      auth: req.headers.get('authorization'),
      body: await req.text(),
    })
    return Response.json({ id: 're_123', object: 'refund', status: 'succeeded' })
  })
  try {
    const stripe = new StripePayments({
      secretKey: 'sk_test_x',
      webhookSecret: 'whsec_x',
      baseUrl: `http://127.0.0.1:${server.addr.port}`,
    })
    const r = await stripe.refund({
      idempotencyKey: 'refund-order-7',
      paymentRef: 'pi_7',
      amountPence: 1798,
      metadata: { order_id: '7' },
    })
    assert.deepEqual(r, { id: 're_123', status: 'succeeded' })
    assert.equal(seen.length, 1)
    assert.equal(seen[0]!.path, '/v1/refunds')
    assert.equal(seen[0]!.key, 'refund-order-7')
    assert.equal(seen[0]!.auth, 'Bearer sk_test_x')
    assert.deepEqual(Object.fromEntries(new URLSearchParams(seen[0]!.body)), {
      payment_intent: 'pi_7',
      amount: '1798',
      'metadata[order_id]': '7',
    })
  } finally {
    await server.shutdown()
  }
})
