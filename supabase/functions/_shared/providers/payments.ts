// Payments behind one small interface. StripePayments: the official SDK (npm:stripe, fetch HTTP
// client, STRIPE_API_URL for a test's fake server): Checkout Sessions (payment mode for one-off
// purchases; subscription mode for memberships, see docs/billing.md), refunds, subscription
// changes, billing portal sessions and webhook verification (constructEventAsync with the
// SubtleCrypto provider: Stripe-Signature t=…,v1=HMAC-SHA256(secret, `${t}.${body}`), 5 minute
// tolerance). LocalPayments: the default in the local stack only (see config.ts); it records each
// session and serves a hosted checkout page (payments/local-checkout/<id>) that accepts Stripe's
// test card numbers and Bacs test accounts and posts Stripe-shaped events, signed the same way, to
// the same webhook path; subscriptions, invoices and a clock tests advance are emulated in
// local-billing.ts.
import Stripe from 'npm:stripe@23'
import { ProviderError, recordCall } from './record.ts'
import { localWebhookSecret, providerChoice } from './config.ts'
import { changeSubscription, clockNow, createPortal, refundPayment } from './local-billing.ts'
import { adminClient } from '../supabase.ts'
import type { JsonObject } from '../common/database.ts'

export { LOCAL_WEBHOOK_SECRET } from './config.ts'

/** A type, not an interface: the local provider records it as jsonb (Json's index signature). */
export type LineItem = {
  name: string
  amount_pence: number
  quantity: number
}

export interface CheckoutRequest {
  idempotencyKey: string
  customerEmail: string
  /** One-off items (payment mode: everything; subscription mode: on the first invoice only). */
  lineItems: LineItem[]
  successUrl: string
  cancelUrl: string
  metadata: Record<string, string>
  /** A membership: subscription mode, the plan recurring, a gift voucher off the first invoice. */
  subscription?: {
    plan: { name: string; amount_pence: number; interval: 'month' | 'year' }
    /** A gift voucher: a once-off amount off the first invoice. */
    discountPence?: number
    /** The subscription's own metadata (order_key, kind). */
    metadata: Record<string, string>
  }
}

/** A billing portal session for a customer, returning to `returnUrl`. */
export interface PortalRequest {
  customerRef: string
  returnUrl: string
}

/** A verified provider event as Stripe sends it (normaliseEvent reads it). */
export type ProviderEvent = {
  id: string
  type: string
  created: number
  data: { object: Record<string, unknown> }
}

export interface CheckoutSession {
  id: string
  url: string
}

/** The fields of a verified checkout event that the webhook acts on. */
export interface PaymentEvent {
  id: string
  type: string
  sessionId: string | null
  paymentRef: string | null
  amountPence: number | null
  /** Stripe's payment_status of the session: paid, unpaid (an async method still settling), no_payment_required. */
  paymentStatus: string | null
}

export interface RefundRequest {
  idempotencyKey: string
  /** The payment's provider reference (a PaymentIntent id). */
  paymentRef: string
  amountPence: number
  metadata: Record<string, string>
}

/** The provider's answer: its refund id and status (succeeded, pending, failed, canceled). */
export interface RefundResult {
  id: string
  status: string
}

/** A change to a membership's subscription (members' self-service). Dates are UK calendar days
 *  (YYYY-MM-DD); each call sets the subscription's state outright, so a repeat changes nothing. */
export interface SubscriptionChange {
  idempotencyKey: string
  /** The provider's subscription id (Stripe sub_…). */
  subscriptionRef: string
  /** pause: the billing date on which collection restarts. */
  resumesOn?: string
  /** cancel: the day after the membership's last day, when the subscription ends. */
  cancelOn?: string
  metadata: Record<string, string>
}

/** The provider's answer: the subscription id and its status. */
export interface SubscriptionResult {
  id: string
  status: string
}

export interface PaymentProvider {
  readonly name: 'stripe' | 'local'
  createCheckout(r: CheckoutRequest): Promise<CheckoutSession>
  /** A full refund of one payment; the same idempotency key gives the same refund. */
  refund(r: RefundRequest): Promise<RefundResult>
  /** Stops collecting payments until `resumesOn` (Stripe: pause_collection, invoices voided). */
  pauseSubscription(r: SubscriptionChange): Promise<SubscriptionResult>
  /** Collects payments again from the next billing date (clears pause_collection). */
  resumeSubscription(r: SubscriptionChange): Promise<SubscriptionResult>
  /** Ends the subscription at the start of `cancelOn` (Stripe: cancel_at, no proration). */
  cancelSubscriptionAt(r: SubscriptionChange): Promise<SubscriptionResult>
  /** Withdraws a scheduled end (clears cancel_at). */
  keepSubscription(r: SubscriptionChange): Promise<SubscriptionResult>
  /** A session of the provider's billing portal, where a customer changes their payment method. */
  createPortalSession(r: PortalRequest): Promise<{ url: string }>
  /** The provider's clock (Unix seconds): the wall clock at Stripe, the local clock locally. */
  now(): Promise<number>
  /** Throws SignatureError unless the body is signed with the webhook secret. */
  verifyWebhook(rawBody: string, headers: Headers): Promise<ProviderEvent>
}

export class SignatureError extends Error {}

export const TOLERANCE_SECONDS = 300

async function hmacHex(secret: string, payload: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  const sig = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(payload))
  return Array.from(new Uint8Array(sig), (b) => b.toString(16).padStart(2, '0')).join('')
}

/** A Stripe-Signature header value for `body` (used by the local provider and by tests). */
export async function signPayload(
  secret: string,
  body: string,
  timestamp = Math.floor(Date.now() / 1000),
): Promise<string> {
  return `t=${timestamp},v1=${await hmacHex(secret, `${timestamp}.${body}`)}`
}

function safeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return diff === 0
}

/** Stripe's scheme: any v1 signature of `${t}.${body}` must match, and t be recent. */
export async function verifySignature(
  secret: string,
  body: string,
  header: string | null,
  now = Math.floor(Date.now() / 1000),
): Promise<void> {
  if (!secret) throw new SignatureError('No webhook secret is configured')
  if (!header) throw new SignatureError('Missing Stripe-Signature header')
  const parts = header.split(',').map((p) => p.trim().split('=') as [string, string])
  const t = Number(parts.find(([k]) => k === 't')?.[1])
  const v1 = parts.filter(([k]) => k === 'v1').map(([, v]) => v ?? '')
  if (!Number.isInteger(t) || v1.length === 0) {
    throw new SignatureError('Malformed Stripe-Signature header')
  }
  if (Math.abs(now - t) > TOLERANCE_SECONDS) {
    throw new SignatureError('Signature timestamp outside the tolerance')
  }
  const expected = await hmacHex(secret, `${t}.${body}`)
  if (!v1.some((s) => safeEqual(s, expected))) throw new SignatureError('Signature does not match')
}

/** A verified body as the event it is (SignatureError when it is not one). */
export function eventOf(body: string): ProviderEvent {
  let e: Partial<ProviderEvent>
  try {
    e = JSON.parse(body)
  } catch {
    throw new SignatureError('The event is not JSON')
  }
  if (typeof e.id !== 'string' || typeof e.type !== 'string') {
    throw new SignatureError('The event has no id or type')
  }
  return {
    id: e.id,
    type: e.type,
    created: typeof e.created === 'number' ? e.created : Math.floor(Date.now() / 1000),
    data: { object: e.data?.object ?? {} },
  }
}

/** A Stripe event body → the fields we act on (checkout.session.* events). */
export function parseEvent(body: string): PaymentEvent {
  let e: { id?: unknown; type?: unknown; data?: { object?: Record<string, unknown> } }
  try {
    e = JSON.parse(body)
  } catch {
    throw new SignatureError('The event is not JSON')
  }
  if (typeof e.id !== 'string' || typeof e.type !== 'string') {
    throw new SignatureError('The event has no id or type')
  }
  const o = e.data?.object ?? {}
  const isSession = o.object === 'checkout.session' || String(o.id ?? '').startsWith('cs_')
  return {
    id: e.id,
    type: e.type,
    sessionId: isSession && typeof o.id === 'string' ? o.id : null,
    paymentRef: typeof o.payment_intent === 'string' ? o.payment_intent : null,
    amountPence: typeof o.amount_total === 'number' ? o.amount_total : null,
    paymentStatus: typeof o.payment_status === 'string' ? o.payment_status : null,
  }
}

/** A UK calendar day as the Unix time of its start (midnight UTC, within the day in London). */
export function dayStart(day: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`Not a date: ${day}`)
  return Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000)
}

/** The form fields of each subscription change, as Stripe's POST /v1/subscriptions/<id> takes
 *  them; an empty string clears a field. */
export function subscriptionForm(
  op: 'pause' | 'resume' | 'cancel' | 'keep',
  r: SubscriptionChange,
): Record<string, unknown> {
  switch (op) {
    case 'pause':
      return {
        pause_collection: { behavior: 'void', resumes_at: dayStart(r.resumesOn ?? '') },
        metadata: r.metadata,
      }
    case 'resume':
      return { pause_collection: '', metadata: r.metadata }
    case 'cancel':
      return {
        cancel_at: dayStart(r.cancelOn ?? ''),
        proration_behavior: 'none',
        metadata: r.metadata,
      }
    case 'keep':
      return { cancel_at: '', metadata: r.metadata }
  }
}

/** The Stripe SDK's client: fetch-based (Deno), pointed at STRIPE_API_URL when a test sets it. */
export function stripeClient(secretKey: string, baseUrl?: string): Stripe {
  const config: Stripe.StripeConfig = {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 1,
    appInfo: { name: 'roots-allotments' },
  }
  if (baseUrl) {
    const u = new URL(baseUrl)
    config.host = u.hostname
    config.port = u.port || (u.protocol === 'http:' ? 80 : 443)
    config.protocol = u.protocol === 'http:' ? 'http' : 'https'
  }
  return new Stripe(secretKey, config)
}

/** A Stripe SDK error as the functions' ProviderError (answered 502); anything else unchanged. */
function asProviderError(e: unknown): unknown {
  if (e instanceof Stripe.errors.StripeError) {
    const status = e.statusCode ?? 0
    return new ProviderError(
      'The payment provider (Stripe)',
      status,
      status
        ? `The payment provider (Stripe) answered ${status}: ${e.message}`
        : `The payment provider (Stripe) could not be reached: ${e.message}`,
    )
  }
  return e
}

async function stripeCall<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (e) {
    throw asProviderError(e)
  }
}

/** The Checkout Session parameters of a request: payment mode for one-off purchases; for a
 *  membership, subscription mode with the plan as a recurring price, the joining fee and deposit
 *  as one-off items on the first invoice, and a gift voucher as a once-off coupon. */
export function checkoutParams(
  r: CheckoutRequest,
  coupon: string | null = null,
): Stripe.Checkout.SessionCreateParams {
  const oneOff = r.lineItems.map((li) => ({
    quantity: li.quantity,
    price_data: {
      currency: 'gbp',
      unit_amount: li.amount_pence,
      product_data: { name: li.name },
    },
  }))
  const base = {
    customer_email: r.customerEmail,
    client_reference_id: r.idempotencyKey,
    success_url: r.successUrl,
    cancel_url: r.cancelUrl,
    metadata: r.metadata,
  }
  if (!r.subscription) return { ...base, mode: 'payment', line_items: oneOff }
  const plan = r.subscription.plan
  return {
    ...base,
    mode: 'subscription',
    // The pinned API's filter on the dynamic payment methods (payment_method_types is gone).
    allowed_payment_method_types: ['card', 'bacs_debit'],
    line_items: [{
      quantity: 1,
      price_data: {
        currency: 'gbp',
        unit_amount: plan.amount_pence,
        recurring: { interval: plan.interval },
        product_data: { name: plan.name },
      },
    }, ...oneOff],
    ...(coupon ? { discounts: [{ coupon }] } : {}),
    subscription_data: { metadata: r.subscription.metadata },
  }
}

export class StripePayments implements PaymentProvider {
  readonly name = 'stripe' as const
  private stripe: Stripe
  constructor(
    private opts: {
      secretKey: string
      webhookSecret: string
      baseUrl?: string
    },
  ) {
    this.stripe = stripeClient(opts.secretKey, opts.baseUrl)
  }

  createCheckout(r: CheckoutRequest): Promise<CheckoutSession> {
    return stripeCall(async () => {
      // A gift voucher on a subscription's first invoice: a coupon for that amount, once.
      const off = r.subscription?.discountPence ?? 0
      const coupon = off > 0
        ? (await this.stripe.coupons.create({
          amount_off: off,
          currency: 'gbp',
          duration: 'once',
          max_redemptions: 1,
          name: 'Gift voucher',
          metadata: r.metadata,
        }, { idempotencyKey: `${r.idempotencyKey}-voucher` })).id
        : null
      const s = await this.stripe.checkout.sessions.create(checkoutParams(r, coupon), {
        idempotencyKey: r.idempotencyKey,
      })
      return { id: s.id, url: s.url ?? '' }
    })
  }

  refund(r: RefundRequest): Promise<RefundResult> {
    return stripeCall(async () => {
      const body = await this.stripe.refunds.create({
        payment_intent: r.paymentRef,
        amount: r.amountPence,
        metadata: r.metadata,
      }, { idempotencyKey: r.idempotencyKey })
      return { id: body.id, status: body.status ?? 'pending' }
    })
  }

  pauseSubscription(r: SubscriptionChange) {
    return this.updateSubscription('pause', r)
  }
  resumeSubscription(r: SubscriptionChange) {
    return this.updateSubscription('resume', r)
  }
  cancelSubscriptionAt(r: SubscriptionChange) {
    return this.updateSubscription('cancel', r)
  }
  keepSubscription(r: SubscriptionChange) {
    return this.updateSubscription('keep', r)
  }

  private updateSubscription(
    op: 'pause' | 'resume' | 'cancel' | 'keep',
    r: SubscriptionChange,
  ): Promise<SubscriptionResult> {
    return stripeCall(async () => {
      const body = await this.stripe.subscriptions.update(
        r.subscriptionRef,
        subscriptionForm(op, r) as Stripe.SubscriptionUpdateParams,
        { idempotencyKey: r.idempotencyKey },
      )
      return { id: body.id, status: body.status }
    })
  }

  createPortalSession(r: PortalRequest): Promise<{ url: string }> {
    return stripeCall(async () => {
      const s = await this.stripe.billingPortal.sessions.create({
        customer: r.customerRef,
        return_url: r.returnUrl,
      })
      return { url: s.url }
    })
  }

  /** Stripe's clock is the wall clock. */
  now(): Promise<number> {
    return Promise.resolve(Math.floor(Date.now() / 1000))
  }

  async verifyWebhook(rawBody: string, headers: Headers): Promise<ProviderEvent> {
    const header = headers.get('stripe-signature')
    if (!this.opts.webhookSecret) throw new SignatureError('No webhook secret is configured')
    if (!header) throw new SignatureError('Missing Stripe-Signature header')
    let event: ProviderEvent
    try {
      event = await this.stripe.webhooks.constructEventAsync(
        rawBody,
        header,
        this.opts.webhookSecret,
        TOLERANCE_SECONDS,
        Stripe.createSubtleCryptoProvider(),
      ) as unknown as ProviderEvent
    } catch (e) {
      throw new SignatureError((e as Error).message)
    }
    return await this.expandPayment(event)
  }

  /** Stripe sends ids; the copy shows the payment method (brand and last 4, or sort code) and an
   *  invoice's payment. Fetched once per event; without them the event is still applied. */
  private async expandPayment(e: ProviderEvent): Promise<ProviderEvent> {
    const o = e.data.object
    try {
      if (
        e.type.startsWith('customer.subscription.') && typeof o.default_payment_method === 'string'
      ) {
        o.default_payment_method = await this.stripe.paymentMethods.retrieve(
          o.default_payment_method,
        )
      }
      if (
        (e.type === 'invoice.paid' || e.type === 'invoice.payment_failed') &&
        typeof o.id === 'string'
      ) {
        const invoice = await this.stripe.invoices.retrieve(o.id, {
          expand: ['payments.data.payment.payment_intent.payment_method'],
        })
        o.payments = invoice.payments
      }
    } catch (err) {
      console.error(`[payments] ${e.type} ${e.id}: details not fetched: ${(err as Error).message}`)
    }
    return e
  }
}

export class LocalPayments implements PaymentProvider {
  readonly name = 'local' as const
  constructor(private opts: { functionsUrl: string; webhookSecret: string }) {}

  async createCheckout(r: CheckoutRequest): Promise<CheckoutSession> {
    // Same key, same session (as Stripe does for 24 hours).
    const existing = await localSessionByKey(r.idempotencyKey)
    if (existing) return { id: existing.id, url: this.pageUrl(existing.id) }
    const id = `cs_local_${crypto.randomUUID().replaceAll('-', '')}`
    const oneOff = r.lineItems.reduce((s, li) => s + li.amount_pence * li.quantity, 0)
    const amount = r.subscription
      ? oneOff + r.subscription.plan.amount_pence - (r.subscription.discountPence ?? 0)
      : oneOff
    await recordCall('payments', 'checkout.create', {
      id,
      idempotency_key: r.idempotencyKey,
      mode: r.subscription ? 'subscription' : 'payment',
      amount_total: amount,
      currency: 'gbp',
      customer_email: r.customerEmail,
      line_items: r.lineItems,
      success_url: r.successUrl,
      cancel_url: r.cancelUrl,
      metadata: r.metadata,
      ...(r.subscription ? { subscription: r.subscription } : {}),
    })
    return { id, url: this.pageUrl(id) }
  }

  /** Records the refund it would ask for; it always succeeds, and a repeated key gets the same refund. */
  async refund(r: RefundRequest): Promise<RefundResult> {
    const { data, error } = await adminClient().rpc('local_provider_call', {
      p_operation: 'refund.create',
      p_key: r.idempotencyKey,
    })
    if (error) throw new Error(error.message)
    if (data) return { id: (data as { id: string }).id, status: 'succeeded' }
    const id = `re_local_${crypto.randomUUID().replaceAll('-', '')}`
    await recordCall('payments', 'refund.create', {
      id,
      idempotency_key: r.idempotencyKey,
      payment_intent: r.paymentRef,
      amount: r.amountPence,
      currency: 'gbp',
      metadata: r.metadata,
    })
    // A subscription invoice's payment (local billing): charge.refunded follows, as at Stripe.
    await refundPayment(r.paymentRef, r.amountPence, id)
    return { id, status: 'succeeded' }
  }

  pauseSubscription(r: SubscriptionChange) {
    return this.recordSubscription('pause', r)
  }
  resumeSubscription(r: SubscriptionChange) {
    return this.recordSubscription('resume', r)
  }
  cancelSubscriptionAt(r: SubscriptionChange) {
    return this.recordSubscription('cancel', r)
  }
  keepSubscription(r: SubscriptionChange) {
    return this.recordSubscription('keep', r)
  }

  /** Records the subscription update it would send (operation subscription.<op>, Stripe's form
   *  fields); a repeated key records nothing more. */
  private async recordSubscription(
    op: 'pause' | 'resume' | 'cancel' | 'keep',
    r: SubscriptionChange,
  ): Promise<SubscriptionResult> {
    const operation = `subscription.${op}`
    const status = op === 'pause' ? 'paused' : 'active'
    const { data, error } = await adminClient().rpc('local_provider_call', {
      p_operation: operation,
      p_key: r.idempotencyKey,
    })
    if (error) throw new Error(error.message)
    if (data) return { id: r.subscriptionRef, status }
    await recordCall('payments', operation, {
      id: r.subscriptionRef,
      idempotency_key: r.idempotencyKey,
      ...subscriptionForm(op, r),
    } as JsonObject)
    // A subscription the local provider bills (paid on its checkout page): changed as Stripe
    // changes it, and customer.subscription.updated posted.
    await changeSubscription(op, r.subscriptionRef, op === 'pause' ? r.resumesOn : r.cancelOn)
    return { id: r.subscriptionRef, status }
  }

  /** A local portal page (payments/local-portal/<ps_local_…>) for the customer. */
  async createPortalSession(r: PortalRequest): Promise<{ url: string }> {
    const session = await createPortal(r.customerRef, r.returnUrl)
    return { url: `${this.publicBase()}/payments/local-portal/${session.id}` }
  }

  /** The local clock, which tests advance. */
  now(): Promise<number> {
    return clockNow()
  }

  /** The page the buyer opens: FUNCTIONS_PUBLIC_URL when the functions' own SUPABASE_URL is
   *  not the browser's (under `supabase start` it is the internal http://kong:8000). */
  pageUrl(id: string) {
    return `${this.publicBase()}/payments/local-checkout/${id}`
  }

  private publicBase() {
    return (Deno.env.get('FUNCTIONS_PUBLIC_URL') ?? this.opts.functionsUrl).replace(/\/$/, '')
  }

  /** Stripe's scheme, checked by hand (the SDK's check is the same HMAC). */
  async verifyWebhook(rawBody: string, headers: Headers): Promise<ProviderEvent> {
    await verifySignature(this.opts.webhookSecret, rawBody, headers.get('stripe-signature'))
    return eventOf(rawBody)
  }
}

export interface LocalSession {
  id: string
  idempotency_key: string
  /** payment, or subscription (a membership); sessions recorded before subscriptions have none. */
  mode?: 'payment' | 'subscription'
  subscription?: CheckoutRequest['subscription']
  amount_total: number
  customer_email: string
  line_items: LineItem[]
  success_url: string
  cancel_url: string
  metadata: Record<string, string>
}

async function localSessionByKey(key: string): Promise<LocalSession | null> {
  const { data, error } = await adminClient().rpc('local_checkout_session', {
    p_session_id: null,
    p_idempotency_key: key,
  })
  if (error) throw new Error(error.message)
  return (data as LocalSession | null) ?? null
}

export async function localSession(id: string): Promise<LocalSession | null> {
  const { data, error } = await adminClient().rpc('local_checkout_session', {
    p_session_id: id,
    p_idempotency_key: null,
  })
  if (error) throw new Error(error.message)
  return (data as LocalSession | null) ?? null
}

export function functionsUrl(): string {
  return `${(Deno.env.get('SUPABASE_URL') ?? '').replace(/\/$/, '')}/functions/v1`
}

/** Stripe when PAYMENTS_PROVIDER=stripe with its keys; the local provider in the local stack;
 *  otherwise 503 not_configured (thrown before anything is written or verified). */
export function paymentProvider(): PaymentProvider {
  const choice = providerChoice('payments')
  if (choice.kind === 'real') {
    return new StripePayments({
      secretKey: choice.secrets.STRIPE_SECRET_KEY!,
      webhookSecret: choice.secrets.STRIPE_WEBHOOK_SECRET!,
      baseUrl: Deno.env.get('STRIPE_API_URL'),
    })
  }
  return new LocalPayments({ functionsUrl: functionsUrl(), webhookSecret: localWebhookSecret() })
}
