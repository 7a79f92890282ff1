// Payments behind one small interface. StripePayments: Checkout Sessions (POST
// /v1/checkout/sessions, form-encoded, bearer secret key, Idempotency-Key) and webhook signature
// verification (Stripe-Signature: t=…,v1=HMAC-SHA256(secret, `${t}.${body}`), 5 minute
// tolerance). LocalPayments: the default in the local stack only (see config.ts); it records each
// session and serves a hosted checkout page (payments/local-checkout/<id>) that accepts Stripe's
// test card numbers and posts a Stripe-shaped event, signed the same way, to the same webhook path.
import { providerFetch, recordCall } from './record.ts'
import { localWebhookSecret, providerChoice } from './config.ts'
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
  lineItems: LineItem[]
  successUrl: string
  cancelUrl: string
  metadata: Record<string, string>
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
  /** Throws SignatureError unless the body is signed with the webhook secret. */
  verifyWebhook(rawBody: string, headers: Headers): Promise<PaymentEvent>
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

/** Stripe's form encoding: nested keys in brackets. */
export function formEncode(
  obj: Record<string, unknown>,
  prefix = '',
  out = new URLSearchParams(),
): URLSearchParams {
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}[${k}]` : k
    if (v === undefined || v === null) continue
    if (typeof v === 'object') formEncode(v as Record<string, unknown>, key, out)
    else out.append(key, String(v))
  }
  return out
}

export class StripePayments implements PaymentProvider {
  readonly name = 'stripe' as const
  constructor(
    private opts: {
      secretKey: string
      webhookSecret: string
      baseUrl?: string
      apiVersion?: string
    },
  ) {}

  async createCheckout(r: CheckoutRequest): Promise<CheckoutSession> {
    const form = formEncode({
      mode: 'payment',
      customer_email: r.customerEmail,
      client_reference_id: r.idempotencyKey,
      success_url: r.successUrl,
      cancel_url: r.cancelUrl,
      line_items: Object.fromEntries(r.lineItems.map((li, i) => [i, {
        quantity: li.quantity,
        price_data: {
          currency: 'gbp',
          unit_amount: li.amount_pence,
          product_data: { name: li.name },
        },
      }])),
      metadata: r.metadata,
    })
    const body = await providerFetch(
      'The payment provider (Stripe)',
      `${this.opts.baseUrl ?? 'https://api.stripe.com'}/v1/checkout/sessions`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${this.opts.secretKey}`,
          'content-type': 'application/x-www-form-urlencoded',
          'idempotency-key': r.idempotencyKey,
          'stripe-version': this.opts.apiVersion ?? '2024-06-20',
        },
        body: form.toString(),
      },
    ) as { id: string; url: string }
    return { id: body.id, url: body.url }
  }

  async refund(r: RefundRequest): Promise<RefundResult> {
    const body = await providerFetch(
      'The payment provider (Stripe)',
      `${this.opts.baseUrl ?? 'https://api.stripe.com'}/v1/refunds`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${this.opts.secretKey}`,
          'content-type': 'application/x-www-form-urlencoded',
          'idempotency-key': r.idempotencyKey,
          'stripe-version': this.opts.apiVersion ?? '2024-06-20',
        },
        body: formEncode({
          payment_intent: r.paymentRef,
          amount: r.amountPence,
          metadata: r.metadata,
        }).toString(),
      },
    ) as { id: string; status: string }
    return { id: body.id, status: body.status }
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

  private async updateSubscription(
    op: 'pause' | 'resume' | 'cancel' | 'keep',
    r: SubscriptionChange,
  ): Promise<SubscriptionResult> {
    const body = await providerFetch(
      'The payment provider (Stripe)',
      `${this.opts.baseUrl ?? 'https://api.stripe.com'}/v1/subscriptions/${
        encodeURIComponent(r.subscriptionRef)
      }`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${this.opts.secretKey}`,
          'content-type': 'application/x-www-form-urlencoded',
          'idempotency-key': r.idempotencyKey,
          'stripe-version': this.opts.apiVersion ?? '2024-06-20',
        },
        body: formEncode(subscriptionForm(op, r)).toString(),
      },
    ) as { id: string; status: string }
    return { id: body.id, status: body.status }
  }

  async verifyWebhook(rawBody: string, headers: Headers): Promise<PaymentEvent> {
    await verifySignature(this.opts.webhookSecret, rawBody, headers.get('stripe-signature'))
    return parseEvent(rawBody)
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
    const amount = r.lineItems.reduce((s, li) => s + li.amount_pence * li.quantity, 0)
    await recordCall('payments', 'checkout.create', {
      id,
      idempotency_key: r.idempotencyKey,
      amount_total: amount,
      currency: 'gbp',
      customer_email: r.customerEmail,
      line_items: r.lineItems,
      success_url: r.successUrl,
      cancel_url: r.cancelUrl,
      metadata: r.metadata,
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
    return { id: r.subscriptionRef, status }
  }

  /** The page the buyer opens: FUNCTIONS_PUBLIC_URL when the functions' own SUPABASE_URL is
   *  not the browser's (under `supabase start` it is the internal http://kong:8000). */
  pageUrl(id: string) {
    const base = (Deno.env.get('FUNCTIONS_PUBLIC_URL') ?? this.opts.functionsUrl).replace(/\/$/, '')
    return `${base}/payments/local-checkout/${id}`
  }

  async verifyWebhook(rawBody: string, headers: Headers): Promise<PaymentEvent> {
    await verifySignature(this.opts.webhookSecret, rawBody, headers.get('stripe-signature'))
    return parseEvent(rawBody)
  }
}

export interface LocalSession {
  id: string
  idempotency_key: string
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
