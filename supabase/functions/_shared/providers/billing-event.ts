// A Stripe event → the normalised BillingEvent of docs/billing.md: the one place that knows
// Stripe's field names and how they moved between API versions. apply_billing_event (the
// database) reads only the normalised shape, so a new API version changes this file alone.
//
// Versions handled: an invoice's subscription is `parent.subscription_details.subscription`
// (2025-03-31.basil and later) or `subscription` (before); its metadata likewise
// (`parent.subscription_details.metadata`, else `subscription_details.metadata`); its payment is
// `payments.data[].payment.payment_intent` (basil and later, when included) or `payment_intent`.
// A subscription's period is on its items (basil and later) or on itself (before). Expanded objects
// (an id or the object itself) are both accepted: Stripe sends ids, the local provider may send
// the objects, and the Stripe provider expands the payment method before normalising.

export type PaymentMethod = {
  type: 'card' | 'bacs_debit'
  brand?: string
  last4: string
  sort_code?: string
  ref?: string
}

export type BillingEvent = {
  id: string
  type: string
  /** Unix seconds, the provider's clock. */
  created: number
  session?: {
    id: string
    mode: 'payment' | 'subscription'
    subscription_ref: string | null
    customer_ref: string | null
    payment_status: string
    amount_total: number | null
    payment_ref: string | null
    order_key: string | null
  }
  subscription?: {
    ref: string
    customer_ref: string
    status: string
    current_period_start: number | null
    current_period_end: number | null
    cancel_at: number | null
    pause_resumes_at: number | null
    next_payment_pence: number | null
    payment_method: PaymentMethod | null
    order_key: string | null
  }
  invoice?: {
    ref: string
    subscription_ref: string | null
    customer_ref: string | null
    number: string | null
    billing_reason: string | null
    status: string
    amount_due: number
    amount_paid: number
    lines: { description: string; amount_pence: number }[]
    period_start: number | null
    period_end: number | null
    attempt_count: number
    next_payment_attempt: number | null
    payment_ref: string | null
    payment_method: PaymentMethod | null
    failure_message: string | null
    order_key: string | null
    created: number
  }
  mandate?: {
    ref: string
    payment_method_ref: string | null
    status: string
    reference: string | null
  }
  charge?: {
    ref: string
    invoice_ref: string | null
    payment_ref: string | null
    amount_refunded: number
  }
}

type Obj = Record<string, unknown>

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null)
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)
/** An id, whether the field holds the id or the expanded object. */
const ref = (v: unknown): string | null => (isObj(v) ? str(v.id) : str(v))
const path = (o: unknown, ...keys: string[]): unknown =>
  keys.reduce<unknown>((v, k) => (isObj(v) ? v[k] : undefined), o)

/** A Stripe PaymentMethod object (expanded) → the stored shape; null for an id or another type. */
export function paymentMethodOf(v: unknown): PaymentMethod | null {
  if (!isObj(v)) return null
  const id = str(v.id) ?? undefined
  if (v.type === 'card' && isObj(v.card)) {
    const last4 = str(v.card.last4)
    if (!last4) return null
    return { type: 'card', brand: str(v.card.brand) ?? undefined, last4, ref: id }
  }
  if (v.type === 'bacs_debit' && isObj(v.bacs_debit)) {
    const last4 = str(v.bacs_debit.last4)
    if (!last4) return null
    return {
      type: 'bacs_debit',
      last4,
      sort_code: str(v.bacs_debit.sort_code) ?? undefined,
      ref: id,
    }
  }
  return null
}

/** Drops undefined keys (the database stores the object as jsonb). */
function compact(pm: PaymentMethod | null): PaymentMethod | null {
  if (!pm) return null
  return Object.fromEntries(Object.entries(pm).filter(([, v]) => v !== undefined)) as PaymentMethod
}

const orderKeyOf = (metadata: unknown): string | null =>
  isObj(metadata) ? str(metadata.order_key) : null

/** The PaymentIntent of an invoice: the newer invoice payments list, else the older field. */
function invoicePaymentIntent(o: Obj): unknown {
  const payments = path(o, 'payments', 'data')
  if (Array.isArray(payments)) {
    // The paid one first, else the latest.
    const list = payments.filter(isObj)
    const chosen = list.find((p) => p.status === 'paid') ?? list.at(-1)
    const pi = path(chosen, 'payment', 'payment_intent')
    if (pi) return pi
  }
  return o.payment_intent
}

function sessionOf(o: Obj): BillingEvent['session'] {
  return {
    id: str(o.id) ?? '',
    mode: o.mode === 'subscription' ? 'subscription' : 'payment',
    subscription_ref: ref(o.subscription),
    customer_ref: ref(o.customer),
    payment_status: str(o.payment_status) ?? 'unpaid',
    amount_total: num(o.amount_total),
    payment_ref: ref(o.payment_intent),
    order_key: orderKeyOf(o.metadata) ?? orderKeyOf(path(o.subscription, 'metadata')),
  }
}

function subscriptionOf(o: Obj): BillingEvent['subscription'] {
  const items = path(o, 'items', 'data')
  const first = Array.isArray(items) && isObj(items[0]) ? items[0] : {}
  // The recurring amount: the items' prices × quantities.
  const amounts = Array.isArray(items)
    ? items.filter(isObj).map((it) => {
      const unit = num(path(it, 'price', 'unit_amount')) ?? num(path(it, 'plan', 'amount'))
      return unit === null ? null : unit * (num(it.quantity) ?? 1)
    })
    : []
  const next = amounts.length && amounts.every((a) => a !== null)
    ? (amounts as number[]).reduce((s, a) => s + a, 0)
    : null
  return {
    ref: str(o.id) ?? '',
    customer_ref: ref(o.customer) ?? '',
    status: str(o.status) ?? 'incomplete',
    current_period_start: num(o.current_period_start) ?? num(first.current_period_start),
    current_period_end: num(o.current_period_end) ?? num(first.current_period_end),
    cancel_at: num(o.cancel_at),
    pause_resumes_at: isObj(o.pause_collection) ? num(o.pause_collection.resumes_at) : null,
    next_payment_pence: next,
    payment_method: compact(paymentMethodOf(o.default_payment_method)),
    order_key: orderKeyOf(o.metadata),
  }
}

function invoiceOf(o: Obj): BillingEvent['invoice'] {
  const details = path(o, 'parent', 'subscription_details')
  const lineList = path(o, 'lines', 'data')
  const lines = (Array.isArray(lineList) ? lineList.filter(isObj) : []).map((l) => ({
    description: str(l.description) ?? 'Membership',
    amount_pence: num(l.amount) ?? 0,
  }))
  // A coupon (a gift voucher) as its own line, so the lines add up to what was due.
  const discounts = Array.isArray(o.total_discount_amounts)
    ? o.total_discount_amounts.filter(isObj).reduce((s, d) => s + (num(d.amount) ?? 0), 0)
    : 0
  if (discounts > 0) lines.push({ description: 'Gift voucher', amount_pence: -discounts })
  // The service period: the recurring line's (an invoice's own period is the one before it).
  const recurring = (Array.isArray(lineList) ? lineList.filter(isObj) : []).find((l) =>
    isObj(l.period) && num(l.period.start) !== null && num(l.period.end) !== num(l.period.start)
  )
  const period = recurring && isObj(recurring.period) ? recurring.period : null
  const pi = invoicePaymentIntent(o)
  const error = isObj(o.last_finalization_error) ? str(o.last_finalization_error.message) : null
  const chargeError = isObj(pi) && isObj(pi.last_payment_error)
    ? str(pi.last_payment_error.message)
    : null
  return {
    ref: str(o.id) ?? '',
    subscription_ref: ref(path(details, 'subscription')) ?? ref(o.subscription),
    customer_ref: ref(o.customer),
    number: str(o.number),
    billing_reason: str(o.billing_reason),
    status: str(o.status) ?? 'open',
    amount_due: num(o.amount_due) ?? 0,
    amount_paid: num(o.amount_paid) ?? 0,
    lines,
    period_start: num(period?.start) ?? num(o.period_start),
    period_end: num(period?.end) ?? num(o.period_end),
    attempt_count: num(o.attempt_count) ?? 0,
    next_payment_attempt: num(o.next_payment_attempt),
    payment_ref: ref(pi),
    payment_method: compact(paymentMethodOf(isObj(pi) ? pi.payment_method : null)),
    failure_message: chargeError ?? error,
    order_key: orderKeyOf(path(details, 'metadata')) ??
      orderKeyOf(path(o, 'subscription_details', 'metadata')) ??
      orderKeyOf(path(o.subscription, 'metadata')) ?? orderKeyOf(o.metadata),
    created: num(o.created) ?? 0,
  }
}

/** A verified Stripe event → the normalised event (only the part its object is about). */
export function normaliseEvent(
  e: { id: string; type: string; created: number; data: { object: Obj } },
): BillingEvent {
  const o = isObj(e.data?.object) ? e.data.object : {}
  const out: BillingEvent = { id: e.id, type: e.type, created: e.created }
  const kind = str(o.object)
  if (kind === 'checkout.session' || e.type.startsWith('checkout.session.')) {
    out.session = sessionOf(o)
  } else if (kind === 'subscription' || e.type.startsWith('customer.subscription.')) {
    out.subscription = subscriptionOf(o)
  } else if (kind === 'invoice' || e.type.startsWith('invoice.')) {
    out.invoice = invoiceOf(o)
  } else if (kind === 'mandate' || e.type.startsWith('mandate.')) {
    out.mandate = {
      ref: str(o.id) ?? '',
      payment_method_ref: ref(o.payment_method),
      status: str(o.status) ?? 'pending',
      reference: str(path(o, 'payment_method_details', 'bacs_debit', 'reference')),
    }
  } else if (kind === 'charge' || e.type.startsWith('charge.')) {
    out.charge = {
      ref: str(o.id) ?? '',
      invoice_ref: ref(o.invoice),
      payment_ref: ref(o.payment_intent),
      amount_refunded: num(o.amount_refunded) ?? 0,
    }
  }
  return out
}

/** The event types apply_billing_event takes (checkout sessions are linked there first too). */
export function isBillingEventType(type: string): boolean {
  return type.startsWith('invoice.') || type.startsWith('customer.subscription.') ||
    type === 'mandate.updated' || type === 'charge.refunded'
}
