// /functions/v1/payments (verify_jwt off: the provider's webhook carries no JWT; each route
// checks what it needs). The payment provider sits behind _shared/providers/payments.ts:
// Stripe Checkout in production (PAYMENTS_PROVIDER=stripe), the local provider in the local stack
// only (ROOTS_LOCAL_STACK=1). Unconfigured, every route that needs the provider (checkout, webhook,
// refund, checkout-link, the local page) answers 503 not_configured and writes nothing; status and
// voucher keep working.
//
//   POST /payments/checkout   header Idempotency-Key (recommended; the same key returns the same
//                             order and session)
//     { kind: 'deposit', site, email }                    a site's deposit; a site with
//                                                         stripe_deposit_link answers that link
//     { kind: 'membership', site, plan_id, first_name, last_name, phone?, offer?, voucher_code? }   signed-in users
//                                                         only, where the queue rule allows (see
//                                                         membership.ts); plan, joining fee, deposit,
//                                                         less a gift voucher as for shop orders
//     { kind: 'gift_voucher', email, value_pence, buyer_name?, recipient_name?, recipient_email?, message?,
//       deliver_on? }                                     buyer_name with a recipient; deliver_on
//                                                         (YYYY-MM-DD) today to a year ahead, UK time;
//                                                         success: /gift-vouchers/success (vouchers.ts)
//     { kind: 'shop', email, items: [{ product_id, quantity }], voucher_code? }   prices and stock from
//                                                         the database; a gift voucher pays part or all
//                                                         (→ total_pence, discount_pence; all: paid at
//                                                         once, url is the success page)
//     → 201 { order_id, session_id, url }  (order, items and what it pays for written pending)
//     → 200 { …, repeated: true } for a repeated key; 200 { external: true, url } for a deposit link
//   POST /payments/webhook    Stripe-Signature verified, else 400. The only path that changes
//                             orders, payments, vouchers, deposits and memberships (one
//                             transaction, apply_payment_event); a redelivered event changes nothing.
//   GET  /payments/status?session_id=…   → { status, kind, total_pence, subtotal_pence, discount_pence,
//                             items, site, voucher: { value_pence, status, recipient_name,
//                             recipient_email, deliver_on, sent_at, expires_at } | null }; 404 unknown
//   POST /payments/deliver-vouchers   the scheduler (service role) or admins: gift vouchers that are
//                             due go to their recipients, once (vouchers.ts)
//   GET  /payments/membership?site=…&offer=…, GET /payments/membership-sites   who may set up where,
//                             and what it costs (membership.ts)
//   POST /payments/voucher    { code, items } or { code, plan_id } (a membership's first payment):
//                             what a gift voucher would take off (nothing spent)
//                             → { code, balance_pence, discount_pence, subtotal_pence, total_pence, expires_at };
//                             409 voucher_not_usable with the reason beside voucher_code
//   POST /payments/refund     { order_id, reason }   admins (role from the database): a full refund
//                             through the provider → 202 { status: 'refunded', refund_id, … }
//   POST /payments/checkout-link   header Idempotency-Key; { email, name, items, send_email }
//                             admins: a shop order for a person (phone sale) → 201 { order_id, url, … }
//   POST /payments/membership-change   header Idempotency-Key; { membership_id, action, months?, reason? }
//                             a member pauses, resumes, cancels or keeps their own membership under
//                             the database's rules; provider told, then e-mail (self-service.ts)
//   The webhook also takes refund.* and charge.refunded events (payment and order refunded once).
//   GET|POST /payments/local-checkout/<session>   the local provider's hosted checkout page: takes
//                             Stripe's test cards (4242 4242 4242 4242 pays; 4000 0000 0000 0002
//                             declines, …9995 insufficient funds, …0069 expired, …0127 bad CVC)
//                             and posts a signed checkout.session.completed to the webhook path.
// Provider down → 502, nothing written; provider not configured → 503, nothing written.
import { z } from 'npm:zod@3'
import { dbError, must } from '../_shared/db.ts'
import { HttpError, notFound, upstream } from '../_shared/errors.ts'
import { json, readJson, readText, serve } from '../_shared/http.ts'
import { sendAndLog } from '../_shared/notify.ts'
import { escapeHtml, simpleEmail, siteUrl } from '../_shared/render.ts'
import { ProviderError } from '../_shared/providers/record.ts'
import {
  functionsUrl,
  type LineItem,
  localSession,
  paymentProvider,
  SignatureError,
  signPayload,
} from '../_shared/providers/payments.ts'
import { localWebhookSecret } from '../_shared/providers/config.ts'
import { adminClient, authUser, userClient } from '../_shared/supabase.ts'
import type { JsonObject } from '../_shared/common/database.ts'
import { applyRefund, isRefundEventType, refund, refundEvent } from './refunds.ts'
import {
  email,
  placeShopOrder,
  priceItems,
  quoteVoucher,
  shopItems,
  subtotalOf,
  voucherCode,
} from './shop.ts'
import { checkoutLink } from './staff.ts'
import { membershipChange } from './self-service.ts'
import {
  deliverPaidVoucher,
  deliverVouchersRoute,
  giftVoucherCheckout,
  placeVoucherOrder,
  sessionStatus,
  voucherReceiptLines,
} from './vouchers.ts'
import {
  depositPence,
  membershipInfo,
  membershipPaid,
  membershipSchema,
  membershipSites,
  placeMembershipOrder,
  priceMembership,
  quoteMembershipVoucher,
} from './membership.ts'

export const DEPOSIT_PENCE = depositPence

const slug = z.string().trim().toLowerCase().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Not a site slug.')
  .max(100)

export const checkoutSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('deposit'), site: slug, email }).strict(),
  membershipSchema,
  giftVoucherCheckout,
  z.object({
    kind: z.literal('shop'),
    email,
    items: shopItems,
    voucher_code: voucherCode.nullish(),
  }).strict(),
])
type Checkout = z.infer<typeof checkoutSchema>

interface Priced {
  items: (LineItem & { product_id?: number; plan_id?: number })[]
  email: string
  siteId?: number
  planId?: number
  voucher?: JsonObject
  member?: JsonObject
}

async function siteBySlug(req: Request, s: string) {
  const site = must(
    await userClient(req).from('global_sites').select('id, location, status, stripe_deposit_link')
      .eq('slug', s).maybeSingle(),
  )
  if (!site) throw new HttpError(404, 'not_found', 'Page not found', { site: s })
  return site
}

async function price(
  req: Request,
  b: Exclude<Checkout, { kind: 'gift_voucher' | 'membership' }>,
): Promise<Priced | { external: string }> {
  const db = userClient(req)
  switch (b.kind) {
    case 'deposit': {
      const site = await siteBySlug(req, b.site)
      if (site.stripe_deposit_link) return { external: site.stripe_deposit_link }
      return {
        email: b.email,
        siteId: site.id,
        items: [{ name: `Deposit: ${site.location}`, amount_pence: DEPOSIT_PENCE(), quantity: 1 }],
      }
    }
    case 'shop':
      return { email: b.email, items: await priceItems(db, b.items) }
  }
}

async function checkout(req: Request): Promise<Response> {
  const b = await readJson(req, checkoutSchema)
  const keyHeader = req.headers.get('idempotency-key')
  if (keyHeader !== null && !/^[A-Za-z0-9_.:-]{8,200}$/.test(keyHeader)) {
    throw new HttpError(400, 'validation_failed', 'Some fields need attention.', [{
      path: 'Idempotency-Key',
      message: 'Use 8 to 200 letters, digits, _ . : or -.',
    }])
  }
  const key = keyHeader ?? crypto.randomUUID()
  const user = await authUser(req)
  if (b.kind === 'shop') {
    const order = await placeShopOrder({
      key,
      email: b.email,
      userId: user?.id ?? null,
      createdBy: null,
      items: await priceItems(userClient(req), b.items),
      voucher: b.voucher_code ?? undefined,
    })
    // Paid in full by a gift voucher: no provider, so no webhook to send the receipt.
    if (order.status === 'paid' && !order.repeated) await receipt(order.session_id)
    return json(order, { status: order.repeated ? 200 : 201 })
  }
  if (b.kind === 'gift_voucher') {
    const order = await placeVoucherOrder({ key, userId: user?.id ?? null, body: b })
    return json(order, { status: order.repeated ? 200 : 201 })
  }
  if (b.kind === 'membership') {
    const order = await placeMembershipOrder(
      key,
      await priceMembership(b, user),
      user!.id,
      b.voucher_code ?? null,
    )
    // Paid in full by a gift voucher: no provider, so no webhook for the receipt and the welcome.
    if (order.status === 'paid' && !order.repeated) {
      await receipt(order.session_id)
      await membershipPaid(order.session_id)
    }
    return json(order, { status: order.repeated ? 200 : 201 })
  }
  const priced = await price(req, b)
  if ('external' in priced) {
    return json({ kind: b.kind, external: true, url: priced.external, order_id: null })
  }
  const total = priced.items.reduce((s, i) => s + i.amount_pence * i.quantity, 0)
  const admin = adminClient()
  const existing = must(
    await admin.from('orders').select('id, checkout_session_id').eq('idempotency_key', key)
      .maybeSingle(),
  )
  const request = {
    idempotencyKey: key,
    customerEmail: priced.email,
    lineItems: priced.items.map(({ name, amount_pence, quantity }) => ({
      name,
      amount_pence,
      quantity,
    })),
    successUrl: `${siteUrl()}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${siteUrl()}/checkout`,
    metadata: { kind: b.kind, idempotency_key: key },
  }
  let session
  try {
    session = await paymentProvider().createCheckout(request)
  } catch (e) {
    if (e instanceof ProviderError) {
      throw upstream(
        'The payment provider is not available. Nothing was charged; please try again.',
        { provider_status: e.status },
      )
    }
    throw e
  }
  if (existing) {
    return json({
      order_id: existing.id,
      session_id: existing.checkout_session_id,
      url: session.url,
      repeated: true,
    })
  }
  const res = await admin.rpc('create_checkout_order', {
    p_kind: b.kind,
    p_email: priced.email,
    p_user_id: user?.id ?? null,
    p_idempotency_key: key,
    p_session_id: session.id,
    p_total_pence: total,
    p_items: priced.items.map((i) => ({
      product_id: i.product_id ?? null,
      plan_id: i.plan_id ?? null,
      description: i.name,
      quantity: i.quantity,
      unit_price_pence: i.amount_pence,
    })),
    p_site_id: priced.siteId ?? null,
    p_plan_id: priced.planId ?? null,
    p_voucher: priced.voucher ?? null,
    p_member: priced.member ?? null,
  })
  if (res.error?.code === '23505') {
    // The same key at the same moment: the other request wrote the order.
    const o = must(
      await admin.from('orders').select('id, checkout_session_id').eq('idempotency_key', key)
        .single(),
    )
    return json({
      order_id: o.id,
      session_id: o.checkout_session_id,
      url: session.url,
      repeated: true,
    })
  }
  const orderId = must(res)
  return json({ order_id: orderId, session_id: session.id, url: session.url }, { status: 201 })
}

async function webhook(req: Request): Promise<Response> {
  const raw = await readText(req, 256 * 1024)
  let event
  try {
    event = await paymentProvider().verifyWebhook(raw, req.headers)
  } catch (e) {
    if (e instanceof SignatureError) {
      throw new HttpError(
        400,
        'invalid_signature',
        'The webhook signature could not be verified.',
        { reason: e.message },
      )
    }
    throw e
  }
  if (isRefundEventType(event.type)) {
    const r = refundEvent(raw)
    return json({
      received: true,
      outcome: r ? await applyRefund(r) : 'ignored: not a refund of a payment',
    })
  }
  if (!event.sessionId) return json({ received: true, outcome: 'ignored: not a checkout session' })
  // A session completed with a payment method that settles later (bank debits) is paid only
  // when async_payment_succeeded arrives; async_payment_failed releases it.
  if (event.type === 'checkout.session.completed' && event.paymentStatus === 'unpaid') {
    return json({ received: true, outcome: 'awaiting payment' })
  }
  const type = event.type === 'checkout.session.async_payment_succeeded'
    ? 'checkout.session.completed'
    : event.type
  const provider = paymentProvider().name
  const res = await adminClient().rpc('apply_payment_event', {
    p_provider: provider,
    p_event_id: event.id,
    p_type: type,
    p_session_id: event.sessionId,
    p_payment_ref: event.paymentRef,
    p_amount_pence: event.amountPence,
  })
  if (res.error?.code === '40001') return json({ received: true, outcome: 'duplicate' })
  if (res.error?.code === '22023') throw new HttpError(400, 'amount_mismatch', res.error.message)
  if (res.error) throw dbError(res.error)
  const outcome = res.data
  if (outcome === 'paid') await receipt(event.sessionId)
  if (outcome === 'paid') await deliverPaidVoucher(event.sessionId)
  if (outcome === 'paid') await membershipPaid(event.sessionId)
  return json({ received: true, outcome })
}

/** After a payment: a receipt, with the voucher code for a gift voucher. */
async function receipt(sessionId: string) {
  const admin = adminClient()
  const { data: o } = await admin.from('orders').select(
    'id, email, kind, total_pence, discount_pence',
  ).eq('checkout_session_id', sessionId).single()
  if (!o) return
  const gbp = (p: number) => `£${(p / 100).toFixed(2)}`
  const lines = [
    o.discount_pence > 0
      ? (o.total_pence > 0
        ? `Thank you: your order ${o.id} is paid, ${gbp(o.total_pence)} by card and ${
          gbp(o.discount_pence)
        } with your gift voucher.`
        : `Thank you: your order ${o.id} is paid in full with your gift voucher (${
          gbp(o.discount_pence)
        }).`)
      : `Thank you: we have received your payment of ${gbp(o.total_pence)} (order ${o.id}).`,
  ]
  if (o.kind === 'gift_voucher') lines.push(...await voucherReceiptLines(o.id))
  await sendAndLog({
    to: o.email,
    subject: 'Your Roots Allotments receipt',
    ...simpleEmail(lines),
    tag: 'receipt',
    idempotencyKey: `receipt-${o.id}`,
  })
}

export const voucherSchema = z.union([
  z.object({ code: voucherCode, items: shopItems }).strict(),
  z.object({ code: voucherCode, plan_id: z.number().int().positive() }).strict(),
])

async function voucher(req: Request): Promise<Response> {
  const b = await readJson(req, voucherSchema)
  if ('plan_id' in b) return json(await quoteMembershipVoucher(b.code, b.plan_id))
  const items = await priceItems(userClient(req), b.items)
  const subtotal = subtotalOf(items)
  return json({ ...(await quoteVoucher(b.code, subtotal)), subtotal_pence: subtotal })
}

// ---------------------------------------------------------------------------
// the local provider's hosted checkout page
// ---------------------------------------------------------------------------
const TEST_CARDS: Record<string, string | null> = {
  '4242424242424242': null,
  '4000056655665556': null,
  '5555555555554444': null,
  '2223003122003222': null,
  '378282246310005': null,
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
  '4000000000000069': 'Your card has expired.',
  '4000000000000127': "Your card's security code is incorrect.",
  '4000000000000119': 'An error occurred while processing your card. Try again in a little bit.',
}

export function luhn(n: string): boolean {
  let sum = 0
  for (let i = 0; i < n.length; i++) {
    let d = Number(n[n.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return n.length >= 12 && sum % 10 === 0
}

/** Why a card is refused, or null when it pays. */
export function cardOutcome(raw: string): string | null {
  const n = raw.replace(/[\s-]/g, '')
  if (!/^[0-9]{12,19}$/.test(n) || !luhn(n)) return 'Your card number is invalid.'
  if (n in TEST_CARDS) return TEST_CARDS[n]!
  return 'Your card was declined. This is a test checkout: use a test card such as 4242 4242 4242 4242.'
}

function page(title: string, body: string, status = 200): Response {
  return new Response(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${
      escapeHtml(title)
    }</title>` +
      `<meta name="viewport" content="width=device-width,initial-scale=1"><style>*{box-sizing:border-box}body{font-family:sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;overflow-wrap:anywhere}` +
      `label{display:block;margin:.8rem 0 .2rem}input{width:100%;padding:.5rem;font-size:1rem}button{margin-top:1rem;padding:.6rem 1rem;font-size:1rem}.error{color:#b00020}</style></head>` +
      `<body>${body}</body></html>`,
    {
      status,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'x-frame-options': 'DENY',
      },
    },
  )
}

async function localCheckout(req: Request, sessionId: string): Promise<Response> {
  if (paymentProvider().name !== 'local') throw notFound()
  if (!/^cs_local_[0-9a-f]{32}$/.test(sessionId)) throw notFound('No such checkout session.')
  const s = await localSession(sessionId)
  if (!s) throw notFound('No such checkout session.')
  const order = must(
    await adminClient().from('orders').select('status').eq('checkout_session_id', sessionId)
      .maybeSingle(),
  )
  const amount = `£${(s.amount_total / 100).toFixed(2)}`
  const form = (error?: string) =>
    page(
      'Test checkout',
      `<h1>Test checkout</h1><p>${
        s.line_items.map((li) => `${escapeHtml(li.name)} × ${li.quantity}`).join('<br>')
      }</p>` +
        `<p><strong>Total ${amount}</strong> · ${escapeHtml(s.customer_email)}</p>${
          error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''
        }` +
        `<form method="post"><label for="card">Card number</label><input id="card" name="card_number" inputmode="numeric" autocomplete="cc-number" required>` +
        `<label for="exp">Expiry (MM/YY)</label><input id="exp" name="expiry" value="12/34"><label for="cvc">CVC</label><input id="cvc" name="cvc" value="123">` +
        `<button type="submit">Pay ${amount}</button></form><form method="post"><input type="hidden" name="action" value="cancel"><button type="submit">Cancel</button></form>`,
      error ? 402 : 200,
    )
  if (order?.status === 'paid') {
    return page('Paid', `<h1>Already paid</h1><p>This checkout has been paid.</p>`)
  }
  if (req.method === 'GET') return form()
  if (req.method !== 'POST') throw new HttpError(405, 'method_not_allowed', 'Use GET or POST.')
  const fields = new URLSearchParams(await readText(req, 4096))
  if (fields.get('action') === 'cancel') return Response.redirect(s.cancel_url, 303)
  const refused = cardOutcome(fields.get('card_number') ?? '')
  if (refused) return form(refused)
  const event = JSON.stringify({
    id: `evt_local_${crypto.randomUUID().replaceAll('-', '')}`,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: s.id,
        object: 'checkout.session',
        amount_total: s.amount_total,
        currency: 'gbp',
        payment_status: 'paid',
        payment_intent: `pi_local_${crypto.randomUUID().replaceAll('-', '')}`,
        client_reference_id: s.idempotency_key,
        customer_email: s.customer_email,
        metadata: s.metadata,
      },
    },
  })
  const secret = localWebhookSecret()
  let delivered: Response
  try {
    delivered = await fetch(`${functionsUrl()}/payments/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': await signPayload(secret, event),
      },
      body: event,
    })
  } catch {
    return page(
      'Payment not completed',
      `<h1>Payment not completed</h1><p class="error">The shop could not be told about the payment. Nothing was charged; please try again.</p>`,
      502,
    )
  }
  await delivered.body?.cancel()
  if (!delivered.ok) {
    return page(
      'Payment not completed',
      `<h1>Payment not completed</h1><p class="error">The shop refused the payment (${delivered.status}). Nothing was charged.</p>`,
      502,
    )
  }
  return Response.redirect(s.success_url.replace('{CHECKOUT_SESSION_ID}', s.id), 303)
}

export const handler = serve(async (req, url) => {
  const parts = url.pathname.split('/').filter(Boolean)
  const rest = parts.slice(parts.lastIndexOf('payments') + 1)
  const route = rest[0] ?? 'checkout'
  if (route === 'local-checkout' && rest.length === 2) return await localCheckout(req, rest[1]!)
  if (rest.length > 1) throw notFound()
  if (route === 'status' && req.method === 'GET') return await sessionStatus(url)
  if (route === 'membership' && req.method === 'GET') return await membershipInfo(req, url)
  if (route === 'membership-sites' && req.method === 'GET') return await membershipSites()
  if (req.method !== 'POST') throw new HttpError(405, 'method_not_allowed', 'Use POST.')
  if (route === 'checkout') return await checkout(req)
  if (route === 'webhook') return await webhook(req)
  if (route === 'voucher') return await voucher(req)
  if (route === 'refund') return await refund(req)
  if (route === 'checkout-link') return await checkoutLink(req)
  if (route === 'deliver-vouchers') return await deliverVouchersRoute(req)
  if (route === 'membership-change') return await membershipChange(req)
  throw notFound()
})
