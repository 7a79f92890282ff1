// The local payment provider's Stripe Billing (local stack only): customers, payment methods,
// subscriptions, invoices, Bacs mandates and billing portal sessions, kept as Stripe-shaped jsonb
// in private.local_billing_objects (migration 20250120000200_local_billing.sql), and a clock that
// tests advance as Stripe's test clocks do. Every change posts the event Stripe would send,
// signed with the local webhook secret, to the payments webhook; `created` is the clock's time.
//
// What it emulates:
//   * checkout of a subscription-mode session, by card (paid at once) or Bacs Direct Debit (the
//     payment settles 3 days later; the mandate is pending until then);
//   * at each period end a new invoice, paid with the subscription's payment method; a method
//     marked to fail (card 4000 0000 0000 0341 after its first payment; Bacs account 90012345
//     always) makes invoice.payment_failed, retried at +3 and +7 days from the first failure;
//   * pause_collection (invoices voided while paused, lifted at resumes_at) and cancel_at (the
//     subscription is deleted when the clock passes it), as the self-service calls set them;
//   * the billing portal: a new card or Direct Debit, and any open invoice paid with it at once.
import { adminClient } from '../supabase.ts'
import { localWebhookSecret } from './config.ts'
import { dayStart, functionsUrl, type LocalSession, signPayload } from './payments.ts'

// deno-lint-ignore no-explicit-any
export type Obj = Record<string, any>
type Kind =
  | 'customer'
  | 'payment_method'
  | 'subscription'
  | 'invoice'
  | 'mandate'
  | 'portal_session'
  | 'checkout_session'

export const DAY = 86400
/** Bacs debits settle this long after they are made. */
export const BACS_SETTLE_DAYS = 3
/** Stripe retries a failed payment this many days after the first failure. */
export const RETRY_DAYS = [3, 7]

/** Card numbers that attach and pay at checkout, then fail every later payment. */
export const FAILING_LATER_CARDS = new Set(['4000000000000341'])
/** Stripe's Bacs test accounts (sort code 10-88-00): account number → its payments fail. */
export const BACS_TEST_ACCOUNTS: Record<string, boolean> = { '00012345': false, '90012345': true }
export const BACS_TEST_SORT_CODE = '108800'

export type MethodInput =
  | { type: 'card'; number: string; name?: string }
  | { type: 'bacs_debit'; sort_code: string; account_number: string; name: string }

const hex = () => crypto.randomUUID().replaceAll('-', '')
export const newId = (prefix: string) => `${prefix}_local_${hex()}`

// ---------------------------------------------------------------------------
// pure rules
// ---------------------------------------------------------------------------

/** `t` plus `n` months or years in calendar terms (UTC), the day clamped to the month's end. */
export function addInterval(t: number, interval: 'month' | 'year', n = 1): number {
  const d = new Date(t * 1000)
  const months = interval === 'year' ? 12 * n : n
  const y = d.getUTCFullYear()
  const m = d.getUTCMonth() + months
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate()
  const out = Date.UTC(
    y,
    m,
    Math.min(d.getUTCDate(), last),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
  )
  return Math.floor(out / 1000)
}

/** When Stripe retries after the `attempts`-th failed attempt; null when it has given up. */
export function retryAt(firstFailedAt: number, attempts: number): number | null {
  const days = RETRY_DAYS[attempts - 1]
  return days === undefined ? null : firstFailedAt + days * DAY
}

export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'visa'
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard'
  if (/^3[47]/.test(number)) return 'amex'
  return 'unknown'
}

export type Due =
  | { at: number; action: 'settle' | 'retry'; invoice: string }
  | { at: number; action: 'unpause' | 'cancel' | 'renew'; subscription: string }

const ORDER = ['settle', 'retry', 'unpause', 'cancel', 'renew']

/** The next thing the clock must do by `target`, earliest first (ties in ORDER), or null. */
export function nextDue(subs: Obj[], invoices: Obj[], target: number): Due | null {
  const due: Due[] = []
  for (const inv of invoices) {
    if (inv.status !== 'open') continue
    if (inv._processing) {
      if (inv._processing.settles_at <= target) {
        due.push({ at: inv._processing.settles_at, action: 'settle', invoice: inv.id })
      }
    } else if (inv.next_payment_attempt !== null && inv.next_payment_attempt <= target) {
      due.push({ at: inv.next_payment_attempt, action: 'retry', invoice: inv.id })
    }
  }
  for (const s of subs) {
    if (s.status === 'canceled' || s.status === 'incomplete_expired') continue
    const item = s.items.data[0]
    const end: number = item.current_period_end
    const resumes = s.pause_collection?.resumes_at ?? null
    if (resumes !== null && resumes <= target) {
      due.push({ at: resumes, action: 'unpause', subscription: s.id })
    }
    if (s.cancel_at !== null && s.cancel_at <= end) {
      if (s.cancel_at <= target) due.push({ at: s.cancel_at, action: 'cancel', subscription: s.id })
    } else if (end <= target) {
      due.push({ at: end, action: 'renew', subscription: s.id })
    }
  }
  due.sort((a, b) => a.at - b.at || ORDER.indexOf(a.action) - ORDER.indexOf(b.action))
  return due[0] ?? null
}

// ---------------------------------------------------------------------------
// storage and the clock
// ---------------------------------------------------------------------------

function must<T>(r: { data: T | null; error: { message: string } | null }): T {
  if (r.error) throw new Error(`local billing: ${r.error.message}`)
  return r.data as T
}

export async function readObjects(kind: Kind, ids?: string[]): Promise<Obj[]> {
  return must(
    await adminClient().rpc('local_billing_read', { p_kind: kind, p_ids: ids }),
  ) as Obj[]
}

export async function readObject(kind: Kind, id: string): Promise<Obj | null> {
  return (await readObjects(kind, [id]))[0] ?? null
}

async function writeObjects(objects: [Kind, Obj][]): Promise<void> {
  // One row per object: a step may name an object twice (its latest state is what is written).
  const byId = new Map(
    objects.map(([kind, data]) => [data.id as string, { id: data.id, kind, data }]),
  )
  must(await adminClient().rpc('local_billing_write', { p_objects: [...byId.values()] }))
}

/** The local clock (Unix seconds): never behind the wall clock. */
export async function clockNow(): Promise<number> {
  return Math.floor(Date.parse(must(await adminClient().rpc('local_clock_now'))) / 1000)
}

async function setClock(t: number): Promise<number> {
  const out = must(
    await adminClient().rpc('local_clock_set', { p_to: new Date(t * 1000).toISOString() }),
  )
  return Math.floor(Date.parse(out) / 1000)
}

// ---------------------------------------------------------------------------
// events
// ---------------------------------------------------------------------------

export interface Delivery {
  type: string
  object: string
  status: number
  outcome: string | null
}

/** What Stripe would show of an object: our own bookkeeping (keys starting _) left out. */
function shown(o: Obj): Obj {
  return Object.fromEntries(Object.entries(o).filter(([k]) => !k.startsWith('_')))
}

/** Posts one Stripe-shaped, signed event to the payments webhook. */
export async function postEvent(
  type: string,
  object: Obj,
  created: number,
  previous?: Obj,
): Promise<Delivery> {
  const body = JSON.stringify({
    id: `evt_local_${hex()}`,
    object: 'event',
    api_version: '2026-11-18.endive',
    type,
    created,
    livemode: false,
    data: { object, ...(previous ? { previous_attributes: previous } : {}) },
  })
  const res = await fetch(`${functionsUrl()}/payments/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': await signPayload(localWebhookSecret(), body),
    },
    body,
  })
  const text = await res.text()
  let outcome: string | null = null
  try {
    outcome = JSON.parse(text).outcome ?? JSON.parse(text).error?.code ?? null
  } catch {
    outcome = null
  }
  return { type, object: object.id, status: res.status, outcome }
}

async function pmView(id: string | null): Promise<Obj | null> {
  const pm = id ? await readObject('payment_method', id) : null
  return pm ? shown(pm) : null
}

/** The subscription as Stripe sends it, as it is stored when the event goes (a change made while
 *  earlier events were delivered, e.g. by dunning, is in it), the payment method expanded. */
async function subView(given: Obj): Promise<Obj> {
  const s = (await readObject('subscription', given.id)) ?? given
  return { ...shown(s), default_payment_method: await pmView(s.default_payment_method) }
}

/** The invoice as Stripe sends it, with its payments (the PaymentIntent and method expanded). */
async function invoiceView(inv: Obj): Promise<Obj> {
  const pi = inv._payment
    ? {
      id: inv._payment.id,
      object: 'payment_intent',
      status: inv._payment.status,
      payment_method: await pmView(inv._payment.payment_method),
      last_payment_error: inv._payment.error ? { message: inv._payment.error } : null,
    }
    : null
  return {
    ...shown(inv),
    payments: {
      object: 'list',
      data: pi
        ? [{
          object: 'invoice_payment',
          status: inv.status === 'paid' ? 'paid' : 'open',
          payment: { type: 'payment_intent', payment_intent: pi },
        }]
        : [],
    },
  }
}

// ---------------------------------------------------------------------------
// objects
// ---------------------------------------------------------------------------

function paymentMethod(m: MethodInput, customer: string): Obj {
  if (m.type === 'card') {
    const number = m.number.replace(/[\s-]/g, '')
    return {
      id: newId('pm'),
      object: 'payment_method',
      type: 'card',
      customer,
      billing_details: { name: m.name ?? null },
      card: { brand: cardBrand(number), last4: number.slice(-4), exp_month: 12, exp_year: 2034 },
      _fails_later: FAILING_LATER_CARDS.has(number),
    }
  }
  const sortCode = m.sort_code.replace(/\D/g, '')
  const account = m.account_number.replace(/\D/g, '')
  return {
    id: newId('pm'),
    object: 'payment_method',
    type: 'bacs_debit',
    customer,
    billing_details: { name: m.name },
    bacs_debit: { sort_code: sortCode, last4: account.slice(-4), fingerprint: hex().slice(0, 16) },
    _fails: BACS_TEST_ACCOUNTS[account] === true,
  }
}

function mandateFor(pm: Obj, created: number): Obj {
  return {
    id: newId('mandate'),
    object: 'mandate',
    type: 'multi_use',
    status: 'pending',
    payment_method: pm.id,
    customer_acceptance: { type: 'online', accepted_at: created },
    payment_method_details: {
      type: 'bacs_debit',
      bacs_debit: {
        network_status: 'pending',
        reference: `ROOTS-${hex().slice(0, 8).toUpperCase()}`,
      },
    },
  }
}

function nextNumber(customer: Obj): string {
  customer._invoices = (customer._invoices ?? 0) + 1
  return `${customer.invoice_prefix}-${String(customer._invoices).padStart(4, '0')}`
}

const planLine = (s: Obj, start: number, end: number) => {
  const p = s._plan
  return {
    id: newId('il'),
    object: 'line_item',
    description: `1 × ${p.name} (at £${(p.amount_pence / 100).toFixed(2)} / ${p.interval})`,
    amount: p.amount_pence,
    currency: 'gbp',
    period: { start, end },
  }
}

function newInvoice(
  s: Obj,
  customer: Obj,
  at: number,
  reason: string,
  lines: Obj[],
  discount = 0,
): Obj {
  const total = lines.reduce((t, l) => t + l.amount, 0) - discount
  return {
    id: newId('in'),
    object: 'invoice',
    customer: customer.id,
    customer_email: customer.email,
    number: nextNumber(customer),
    billing_reason: reason,
    status: 'open',
    currency: 'gbp',
    amount_due: total,
    amount_paid: 0,
    amount_remaining: total,
    attempt_count: 0,
    attempted: false,
    next_payment_attempt: null,
    created: at,
    period_start: at,
    period_end: at,
    lines: { object: 'list', data: lines },
    total_discount_amounts: discount > 0 ? [{ amount: discount, discount: newId('di') }] : [],
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: s.id, metadata: s.metadata },
    },
    status_transitions: { finalized_at: at, paid_at: null, voided_at: null },
    last_finalization_error: null,
    _payment: null,
    _processing: null,
    _first_failed_at: null,
  }
}

// ---------------------------------------------------------------------------
// paying invoices
// ---------------------------------------------------------------------------

interface Step {
  writes: [Kind, Obj][]
  events: [string, () => Promise<Obj>, Obj?][]
}

/** Pays or fails `inv` now with the subscription's payment method (Bacs: starts the debit). */
async function attempt(
  inv: Obj,
  s: Obj,
  at: number,
  step: Step,
  first = false,
  method: Obj | null = null,
): Promise<void> {
  // The method itself when it is not written yet (a checkout's), else the stored one.
  const pm = method ??
    (s.default_payment_method ? await readObject('payment_method', s.default_payment_method) : null)
  inv.attempted = true
  inv._payment = {
    id: newId('pi'),
    status: 'processing',
    payment_method: pm?.id ?? null,
    error: null,
  }
  if (pm?.type === 'bacs_debit') {
    inv._processing = { settles_at: at + BACS_SETTLE_DAYS * DAY }
    inv.next_payment_attempt = null
    step.writes.push(['invoice', inv])
    return
  }
  const fails = !pm || pm._fails === true || (pm._fails_later === true && !first)
  await settle(inv, s, at, step, fails, pm)
}

/** The outcome of a payment: invoice.paid or invoice.payment_failed, and the subscription's status. */
async function settle(
  inv: Obj,
  s: Obj,
  at: number,
  step: Step,
  fails: boolean,
  pm: Obj | null = null,
): Promise<void> {
  pm ??= inv._payment?.payment_method
    ? await readObject('payment_method', inv._payment.payment_method)
    : null
  inv._processing = null
  inv.attempt_count += 1
  const before = s.status
  if (fails) {
    inv._first_failed_at ??= at
    inv.next_payment_attempt = retryAt(inv._first_failed_at, inv.attempt_count)
    const message = !pm
      ? 'There is no payment method on file.'
      : pm.type === 'bacs_debit'
      ? 'The Direct Debit was refused by the bank (insufficient funds).'
      : 'Your card was declined.'
    inv._payment = { ...inv._payment, status: 'requires_payment_method', error: message }
    const session = inv.billing_reason === 'subscription_create' && s._session
      ? await readObject('checkout_session', s._session)
      : null
    if (session) {
      // The first payment of a checkout (a Direct Debit that bounced): the checkout failed, the
      // invoice is void and the subscription ends, as Checkout does with a delayed method.
      inv.status = 'void'
      inv.next_payment_attempt = null
      s.status = 'incomplete_expired'
      s.ended_at = at
      step.writes.push(['invoice', inv], ['subscription', s])
      step.events.push(
        ['invoice.payment_failed', () => invoiceView(inv)],
        [
          'checkout.session.async_payment_failed',
          () => Promise.resolve({ ...shown(session), payment_status: 'unpaid' }),
        ],
        ['customer.subscription.deleted', () => subView(s)],
      )
      return
    }
    if (s.status === 'active') s.status = 'past_due'
    step.writes.push(['invoice', inv], ['subscription', s])
    step.events.push(['invoice.payment_failed', () => invoiceView(inv)])
  } else {
    inv.status = 'paid'
    inv.amount_paid = inv.amount_due
    inv.amount_remaining = 0
    inv.next_payment_attempt = null
    inv.status_transitions = { ...inv.status_transitions, paid_at: at }
    inv._payment = { ...inv._payment, status: 'succeeded', error: null }
    const stillOpen = (await readObjects('invoice')).some((o) =>
      o.id !== inv.id && o.status === 'open' &&
      o.parent?.subscription_details?.subscription === s.id
    )
    if (s.status === 'past_due' && !stillOpen) s.status = 'active'
    step.writes.push(['invoice', inv], ['subscription', s])
    step.events.push(['invoice.paid', () => invoiceView(inv)])
    // A Direct Debit's first collection: its mandate is active.
    if (pm?.type === 'bacs_debit' && pm._mandate) {
      const mandate = await readObject('mandate', pm._mandate)
      if (mandate && mandate.status !== 'active') {
        mandate.status = 'active'
        mandate.payment_method_details.bacs_debit.network_status = 'accepted'
        step.writes.push(['mandate', mandate])
        step.events.push(['mandate.updated', () => Promise.resolve(shown(mandate))])
      }
    }
  }
  if (s.status !== before) {
    step.events.push(['customer.subscription.updated', () => subView(s), { status: before }])
  }
}

async function run(step: Step, at: number): Promise<Delivery[]> {
  if (step.writes.length) await writeObjects(step.writes)
  const out: Delivery[] = []
  for (const [type, view, previous] of step.events) {
    out.push(await postEvent(type, await view(), at, previous))
  }
  return out
}

const newStep = (): Step => ({ writes: [], events: [] })

// ---------------------------------------------------------------------------
// operations
// ---------------------------------------------------------------------------

/** A subscription-mode checkout paid on the local page: customer, method, subscription and its
 *  first invoice (card: paid now; Bacs: processing, paid 3 days later), then the events. */
export async function completeSubscriptionCheckout(
  session: LocalSession,
  method: MethodInput,
): Promise<Delivery[]> {
  const plan = session.subscription!
  const at = await clockNow()
  const customer: Obj = {
    id: newId('cus'),
    object: 'customer',
    email: session.customer_email,
    name: method.name ?? null,
    invoice_prefix: hex().slice(0, 8).toUpperCase(),
    created: at,
    _invoices: 0,
  }
  const pm = paymentMethod(method, customer.id)
  const mandate = pm.type === 'bacs_debit' ? mandateFor(pm, at) : null
  if (mandate) pm._mandate = mandate.id
  const end = addInterval(at, plan.plan.interval)
  const s: Obj = {
    id: newId('sub'),
    object: 'subscription',
    customer: customer.id,
    status: 'active',
    collection_method: 'charge_automatically',
    created: at,
    start_date: at,
    billing_cycle_anchor: at,
    cancel_at: null,
    canceled_at: null,
    ended_at: null,
    pause_collection: null,
    default_payment_method: pm.id,
    currency: 'gbp',
    metadata: plan.metadata,
    items: {
      object: 'list',
      data: [{
        id: newId('si'),
        object: 'subscription_item',
        quantity: 1,
        price: {
          id: newId('price'),
          object: 'price',
          currency: 'gbp',
          unit_amount: plan.plan.amount_pence,
          recurring: { interval: plan.plan.interval, interval_count: 1 },
          product: newId('prod'),
        },
        current_period_start: at,
        current_period_end: end,
      }],
    },
    latest_invoice: null,
    _plan: plan.plan,
  }
  const lines = [
    planLine(s, at, end),
    ...session.line_items.map((li) => ({
      id: newId('il'),
      object: 'line_item',
      description: li.quantity > 1 ? `${li.quantity} × ${li.name}` : li.name,
      amount: li.amount_pence * li.quantity,
      currency: 'gbp',
      period: { start: at, end: at },
    })),
  ]
  const inv = newInvoice(s, customer, at, 'subscription_create', lines, plan.discountPence ?? 0)
  s.latest_invoice = inv.id
  s._session = session.id
  const completed: Obj = {
    id: session.id,
    object: 'checkout.session',
    mode: 'subscription',
    status: 'complete',
    customer: customer.id,
    subscription: s.id,
    amount_total: session.amount_total,
    currency: 'gbp',
    payment_intent: null,
    client_reference_id: session.idempotency_key,
    customer_email: session.customer_email,
    metadata: session.metadata,
    created: at,
  }
  const step = newStep()
  step.writes.push(
    ['customer', customer],
    ['payment_method', pm],
    ['subscription', s],
    ['checkout_session', completed],
  )
  if (mandate) step.writes.push(['mandate', mandate])
  // Stripe's order: the session completes, the subscription exists, then its first invoice.
  const later = newStep()
  await attempt(inv, s, at, later, true, pm)
  completed.payment_status = inv.status === 'paid' ? 'paid' : 'unpaid'
  step.writes.push(...later.writes, ['customer', customer])
  step.events.push(
    ['checkout.session.completed', () => Promise.resolve(shown(completed))],
    ['customer.subscription.created', () => subView(s)],
  )
  if (mandate) step.events.push(['mandate.updated', () => Promise.resolve(shown(mandate))])
  step.events.push(...later.events)
  return await run(step, at)
}

/** The completed checkout of a session, if it was paid here. */
export async function completedCheckout(sessionId: string): Promise<Obj | null> {
  return await readObject('checkout_session', sessionId)
}

/** Self-service changes on an emulated subscription (null when it is not one of ours): the
 *  subscription changed as Stripe changes it, and customer.subscription.updated posted. */
export async function changeSubscription(
  op: 'pause' | 'resume' | 'cancel' | 'keep',
  ref: string,
  day?: string,
): Promise<Obj | null> {
  const s = await readObject('subscription', ref)
  if (!s || s.status === 'canceled') return null
  const previous = { pause_collection: s.pause_collection, cancel_at: s.cancel_at }
  if (op === 'pause') s.pause_collection = { behavior: 'void', resumes_at: dayStart(day ?? '') }
  if (op === 'resume') s.pause_collection = null
  if (op === 'cancel') s.cancel_at = dayStart(day ?? '')
  if (op === 'keep') s.cancel_at = null
  const at = await clockNow()
  await run({
    writes: [['subscription', s]],
    events: [['customer.subscription.updated', () => subView(s), previous]],
  }, at)
  return s
}

/** A billing portal session for the customer (ps_local_…). */
export async function createPortal(customer: string, returnUrl: string): Promise<Obj> {
  const session = {
    id: `ps_local_${hex()}`,
    object: 'billing_portal.session',
    customer,
    return_url: returnUrl,
    created: await clockNow(),
  }
  await writeObjects([['portal_session', session]])
  return session
}

/** The customer's subscriptions that still bill, newest first. */
export async function liveSubscriptions(customer: string): Promise<Obj[]> {
  return (await readObjects('subscription'))
    .filter((s) => s.customer === customer && s.status !== 'canceled')
    .reverse()
}

export async function paymentMethodOfCustomer(customer: string): Promise<Obj | null> {
  const s = (await liveSubscriptions(customer))[0]
  return s?.default_payment_method
    ? await readObject('payment_method', s.default_payment_method)
    : null
}

/** A new payment method from the portal: the customer's subscriptions use it, and any open
 *  invoice is paid with it at once (a Direct Debit starts its debit). */
export async function setPaymentMethod(customer: string, method: MethodInput): Promise<Delivery[]> {
  const at = await clockNow()
  const pm = paymentMethod(method, customer)
  const mandate = pm.type === 'bacs_debit' ? mandateFor(pm, at) : null
  if (mandate) pm._mandate = mandate.id
  const step = newStep()
  step.writes.push(['payment_method', pm])
  if (mandate) {
    step.writes.push(['mandate', mandate])
  }
  const subs = await liveSubscriptions(customer)
  for (const s of subs) {
    const previous = { default_payment_method: s.default_payment_method }
    s.default_payment_method = pm.id
    step.writes.push(['subscription', s])
    step.events.push(['customer.subscription.updated', () => subView(s), previous])
  }
  if (mandate) step.events.push(['mandate.updated', () => Promise.resolve(shown(mandate))])
  const out = await run(step, at)
  for (const s of subs) {
    const open = (await readObjects('invoice')).filter((inv) =>
      inv.status === 'open' && !inv._processing &&
      inv.parent?.subscription_details?.subscription === s.id
    )
    for (const inv of open) {
      const pay = newStep()
      const fresh = (await readObject('subscription', s.id))!
      await attempt(inv, fresh, at, pay)
      out.push(...await run(pay, at))
    }
  }
  return out
}

/** A refund of an emulated invoice's payment: charge.refunded posted, as Stripe does (nothing
 *  when the payment is not one of ours). */
export async function refundPayment(
  paymentRef: string,
  amount: number,
  refundId: string,
): Promise<Delivery[]> {
  const inv = (await readObjects('invoice')).find((i) => i._payment?.id === paymentRef)
  if (!inv || inv.status !== 'paid') return []
  inv._charge ??= newId('ch')
  inv._refunds = [...(inv._refunds ?? []), { id: refundId, amount }]
  const refunded = Math.min(
    inv.amount_paid,
    inv._refunds.reduce((t: number, r: { amount: number }) => t + r.amount, 0),
  )
  const charge = {
    id: inv._charge,
    object: 'charge',
    amount: inv.amount_paid,
    amount_refunded: refunded,
    refunded: refunded >= inv.amount_paid,
    payment_intent: paymentRef,
    customer: inv.customer,
    refunds: { object: 'list', data: [...inv._refunds].reverse() },
  }
  return await run({
    writes: [['invoice', inv]],
    events: [['charge.refunded', () => Promise.resolve(charge)]],
  }, await clockNow())
}

/** One due step of the clock, performed at its time; its events are dated `now`, the clock's
 *  time (never before an event already sent: a step may be overdue). */
async function perform(d: Due, now: number): Promise<Delivery[]> {
  const step = newStep()
  if ('invoice' in d) {
    const inv = (await readObject('invoice', d.invoice))!
    const s = (await readObject('subscription', inv.parent.subscription_details.subscription))!
    if (d.action === 'retry') await attempt(inv, s, d.at, step)
    else {
      const pm = inv._payment?.payment_method
        ? await readObject('payment_method', inv._payment.payment_method)
        : null
      await settle(inv, s, d.at, step, !pm || pm._fails === true, pm)
    }
    return await run(step, now)
  }
  const s = (await readObject('subscription', d.subscription))!
  if (d.action === 'unpause') {
    const previous = { pause_collection: s.pause_collection }
    s.pause_collection = null
    step.writes.push(['subscription', s])
    step.events.push(['customer.subscription.updated', () => subView(s), previous])
    return await run(step, now)
  }
  if (d.action === 'cancel') {
    s.status = 'canceled'
    s.canceled_at = d.at
    s.ended_at = d.at
    s.items.data[0].current_period_end = Math.min(s.items.data[0].current_period_end, d.at)
    step.writes.push(['subscription', s])
    step.events.push(['customer.subscription.deleted', () => subView(s)])
    return await run(step, now)
  }
  // renew: the next period and its invoice, paid (or voided while collection is paused).
  const item = s.items.data[0]
  const start: number = item.current_period_end
  // From the anchor, as Stripe does: a subscription begun on the 31st renews on each month's last
  // day, and on the 31st again where there is one.
  s._periods = (s._periods ?? 1) + 1
  const end = addInterval(s.billing_cycle_anchor, s._plan.interval, s._periods)
  const previous = { items: { data: [{ current_period_start: item.current_period_start }] } }
  item.current_period_start = start
  item.current_period_end = end
  const customer = (await readObject('customer', s.customer))!
  const inv = newInvoice(s, customer, start, 'subscription_cycle', [planLine(s, start, end)])
  s.latest_invoice = inv.id
  step.writes.push(['customer', customer], ['subscription', s])
  step.events.push(['customer.subscription.updated', () => subView(s), previous])
  const paused = s.pause_collection &&
    (s.pause_collection.resumes_at === null || start < s.pause_collection.resumes_at)
  if (paused) {
    inv.status = 'void'
    inv.amount_remaining = 0
    inv.status_transitions = { ...inv.status_transitions, voided_at: start }
    step.writes.push(['invoice', inv])
    step.events.push(['invoice.voided', () => invoiceView(inv)])
  } else {
    await attempt(inv, s, start, step)
  }
  return await run(step, now)
}

let queue: Promise<unknown> = Promise.resolve()
/** One advance of the clock at a time (in this process). */
function serial<T>(fn: () => Promise<T>): Promise<T> {
  const next = queue.then(fn, fn)
  queue = next.catch(() => {})
  return next
}

/** Walks the clock forward to `target`, doing in order what falls due on the way. */
export function advanceClock(target: number): Promise<{ now: number; events: Delivery[] }> {
  return serial(async () => {
    const events: Delivery[] = []
    // A bound on the steps of one advance: a broken rule must not loop for ever.
    for (let i = 0; i < 10000; i++) {
      const d = nextDue(
        await readObjects('subscription'),
        await readObjects('invoice'),
        target,
      )
      if (!d) break
      events.push(...await perform(d, await setClock(d.at)))
    }
    return { now: await setClock(target), events }
  })
}
