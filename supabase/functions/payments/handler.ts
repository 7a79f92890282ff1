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
//                                                         less a gift voucher as for shop orders; a
//                                                         subscription-mode session (docs/billing.md)
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
//   POST /payments/webhook    Stripe-Signature verified (the SDK's constructEventAsync with Stripe;
//                             the same HMAC scheme by hand locally), else 400 invalid_signature.
//                             The only path that changes orders, payments, vouchers, deposits,
//                             memberships, subscriptions and invoices. The event is normalised
//                             (_shared/providers/billing-event.ts); checkout.session.* go through
//                             apply_payment_event (a subscription-mode session is first linked by
//                             apply_billing_event); invoice.*, customer.subscription.*,
//                             mandate.updated and charge.refunded through apply_billing_event
//                             (docs/billing.md); refund.* as before. A replay answers 200 with
//                             outcome duplicate; an unknown object 200 with outcome ignored: ….
//                             A first paid invoice sends the receipt and the welcome; then dunning
//                             runs (billing.ts).
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
//   POST /payments/dunning    service role (pg_cron daily) or admins: run_dunning at the provider's
//                             clock, its e-mails sent once (billing.ts)
//   GET  /payments/update-payment/<token>   the e-mailed link: 303 to a billing portal session;
//                             404 page "This link has expired" for an unknown token
//   POST /payments/invoice-refund   admins: { invoice_id, reason, amount_pence? } a refund of a paid
//                             invoice through the provider (staff-billing.ts)
//   POST /payments/billing-portal   { membership_id } the member's JWT → { url } of a portal session
//   GET  /payments/receipt/<invoice_id>.pdf  the member's JWT: a paid invoice as a PDF (RLS decides)
//   GET|POST /payments/local-clock   the local provider's clock (service role key; 404 otherwise):
//                             GET → { now }; POST { advance_days? | advance_to? } walks it forward
//   GET|POST /payments/local-checkout/<session>   the local provider's hosted checkout page
//                             (local-pages.ts): Stripe's test cards (4242 4242 4242 4242 pays;
//                             4000 0000 0000 0002 declines, …9995 insufficient funds, …0069 expired,
//                             …0127 bad CVC; …0341 pays now, fails later); a membership also by Bacs
//                             Direct Debit (10-88-00 / 00012345 pays, 90012345 fails). It posts the
//                             signed events Stripe would send to the webhook path.
//   GET|POST /payments/local-portal/<ps_local_…>   the local billing portal: a new payment method.
// Provider down → 502, nothing written; provider not configured → 503, nothing written.
import { z } from 'npm:zod@3'
import { dbError, must } from '../_shared/db.ts'
import { HttpError, notFound, upstream } from '../_shared/errors.ts'
import { json, readJson, readText, serve } from '../_shared/http.ts'
import { sendAndLog } from '../_shared/notify.ts'
import { simpleEmail, siteUrl } from '../_shared/render.ts'
import { ProviderError } from '../_shared/providers/record.ts'
import { type LineItem, paymentProvider, SignatureError } from '../_shared/providers/payments.ts'
import {
  type BillingEvent,
  isBillingEventType,
  normaliseEvent,
} from '../_shared/providers/billing-event.ts'
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
import { invoiceRefund } from './staff-billing.ts'
import {
  applyBillingEvent,
  billingPortalRoute,
  dunningRoute,
  localClockRoute,
  receiptRoute,
  runDunning,
  updatePaymentRoute,
} from './billing.ts'
import { localCheckout, localPortal } from './local-pages.ts'
export { cardOutcome, luhn } from './local-pages.ts'
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
  const provider = paymentProvider()
  let verified
  try {
    verified = await provider.verifyWebhook(raw, req.headers)
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
  const event = normaliseEvent(verified)
  const answer = await applyEvent(provider.name, event, raw)
  // Every event may make a notice due (a receipt, a failure): send what billing owes now. The
  // event is applied already, so a failure here is logged, not answered (the daily run retries).
  try {
    await runDunning(provider)
  } catch (e) {
    console.error(`[payments] dunning after ${event.type} ${event.id}: ${(e as Error).message}`)
  }
  return json({ received: true, ...answer })
}

/** One verified event: checkout sessions through apply_payment_event (after linking a
 *  subscription-mode session's subscription), billing events through apply_billing_event, refunds
 *  of payments as before. */
async function applyEvent(
  provider: 'stripe' | 'local',
  event: BillingEvent,
  raw: string,
): Promise<Record<string, unknown>> {
  if (event.session) return await checkoutEvent(provider, event)
  if (event.type === 'charge.refunded') {
    // The order's refund, recorded under the event's id as before; then the invoice's.
    const r = refundEvent(raw)
    const outcome = r ? await applyRefund(r) : 'ignored: not a refund of a payment'
    const invoice = await applyBillingEvent(provider, { ...event, id: `${event.id}:invoice` })
    return { outcome, invoice: invoice.outcome }
  }
  if (isRefundEventType(event.type)) {
    const r = refundEvent(raw)
    return { outcome: r ? await applyRefund(r) : 'ignored: not a refund of a payment' }
  }
  if (isBillingEventType(event.type)) {
    const out = await applyBillingEvent(provider, event)
    // The first invoice of a subscription paid (a Direct Debit days after checkout, or events out
    // of order): the order's receipt and the membership's welcome, as for a paid checkout.
    if (out.first_paid && out.session_id) {
      await receipt(out.session_id)
      await membershipPaid(out.session_id)
    }
    return { ...out }
  }
  return { outcome: 'ignored: not an event we use' }
}

async function checkoutEvent(
  provider: 'stripe' | 'local',
  event: BillingEvent,
): Promise<Record<string, unknown>> {
  const session = event.session!
  if (!session.id) return { outcome: 'ignored: not a checkout session' }
  // A membership's session: its subscription linked to the membership first (events may come in
  // any order; invoice events find it by the order key too).
  const linked = session.mode === 'subscription'
    ? (await applyBillingEvent(provider, event)).outcome
    : undefined
  // A session completed with a payment method that settles later (bank debits) is paid only
  // when async_payment_succeeded arrives (a subscription's: when its first invoice is paid);
  // async_payment_failed releases it.
  if (event.type === 'checkout.session.completed' && session.payment_status === 'unpaid') {
    return { outcome: 'awaiting payment', ...(linked ? { linked } : {}) }
  }
  const type = event.type === 'checkout.session.async_payment_succeeded'
    ? 'checkout.session.completed'
    : event.type
  const res = await adminClient().rpc('apply_payment_event', {
    p_provider: provider,
    p_event_id: event.id,
    p_type: type,
    p_session_id: session.id,
    p_payment_ref: session.payment_ref,
    p_amount_pence: session.amount_total,
  })
  if (res.error?.code === '40001') return { outcome: 'duplicate' }
  if (res.error?.code === '22023') throw new HttpError(400, 'amount_mismatch', res.error.message)
  if (res.error) throw dbError(res.error)
  const outcome = res.data
  if (outcome === 'paid') {
    await receipt(session.id)
    await deliverPaidVoucher(session.id)
    await membershipPaid(session.id)
  }
  return { outcome, ...(linked ? { linked } : {}) }
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

export const handler = serve(async (req, url) => {
  const parts = url.pathname.split('/').filter(Boolean)
  const rest = parts.slice(parts.lastIndexOf('payments') + 1)
  const route = rest[0] ?? 'checkout'
  if (rest.length === 2) {
    if (route === 'local-checkout') return await localCheckout(req, rest[1]!)
    if (route === 'local-portal') return await localPortal(req, rest[1]!)
    if (route === 'update-payment' && req.method === 'GET') {
      return await updatePaymentRoute(rest[1]!)
    }
    if (route === 'receipt' && req.method === 'GET') return await receiptRoute(req, rest[1]!)
  }
  if (rest.length > 1) throw notFound()
  if (route === 'local-clock') return await localClockRoute(req)
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
  if (route === 'dunning') return await dunningRoute(req)
  if (route === 'billing-portal') return await billingPortalRoute(req)
  if (route === 'invoice-refund') return await invoiceRefund(req)
  throw notFound()
})
