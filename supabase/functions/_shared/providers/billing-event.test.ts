// normaliseEvent on Stripe's shapes, the pinned API version's and the older ones.
import assert from 'node:assert/strict'
import { isBillingEventType, normaliseEvent, paymentMethodOf } from './billing-event.ts'

const ev = (type: string, object: Record<string, unknown>) => ({
  id: 'evt_1',
  type,
  created: 1767225600,
  data: { object },
})

Deno.test('a subscription-mode checkout session: subscription, customer and the order key', () => {
  const e = normaliseEvent(ev('checkout.session.completed', {
    id: 'cs_test_1',
    object: 'checkout.session',
    mode: 'subscription',
    subscription: 'sub_1',
    customer: { id: 'cus_1', object: 'customer' },
    payment_status: 'unpaid',
    amount_total: 9500,
    payment_intent: null,
    metadata: { kind: 'membership', order_key: 'key-123' },
  }))
  assert.deepEqual(e.session, {
    id: 'cs_test_1',
    mode: 'subscription',
    subscription_ref: 'sub_1',
    customer_ref: 'cus_1',
    payment_status: 'unpaid',
    amount_total: 9500,
    payment_ref: null,
    order_key: 'key-123',
  })
  assert.equal(e.created, 1767225600)
  assert.equal(e.invoice, undefined)
})

Deno.test('an invoice of the pinned API version: parent.subscription_details and payments', () => {
  const e = normaliseEvent(ev('invoice.paid', {
    id: 'in_1',
    object: 'invoice',
    customer: 'cus_1',
    number: 'ABC-0002',
    billing_reason: 'subscription_cycle',
    status: 'paid',
    amount_due: 2500,
    amount_paid: 2500,
    attempt_count: 1,
    next_payment_attempt: null,
    created: 1767225000,
    period_start: 1764547200,
    period_end: 1767225600,
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: 'sub_1', metadata: { order_key: 'key-123' } },
    },
    lines: {
      data: [{
        description: '1 × Half plot (at £25.00 / month)',
        amount: 2500,
        period: { start: 1767225600, end: 1769904000 },
      }],
    },
    payments: {
      data: [{
        status: 'paid',
        payment: {
          type: 'payment_intent',
          payment_intent: {
            id: 'pi_9',
            payment_method: {
              id: 'pm_1',
              type: 'card',
              card: { brand: 'visa', last4: '4242' },
            },
          },
        },
      }],
    },
  }))
  assert.deepEqual(e.invoice, {
    ref: 'in_1',
    subscription_ref: 'sub_1',
    customer_ref: 'cus_1',
    number: 'ABC-0002',
    billing_reason: 'subscription_cycle',
    status: 'paid',
    amount_due: 2500,
    amount_paid: 2500,
    lines: [{ description: '1 × Half plot (at £25.00 / month)', amount_pence: 2500 }],
    period_start: 1767225600,
    period_end: 1769904000,
    attempt_count: 1,
    next_payment_attempt: null,
    payment_ref: 'pi_9',
    payment_method: { type: 'card', brand: 'visa', last4: '4242', ref: 'pm_1' },
    failure_message: null,
    order_key: 'key-123',
    created: 1767225000,
  })
})

Deno.test('an invoice of an older API version: subscription, payment_intent, subscription_details', () => {
  const e = normaliseEvent(ev('invoice.payment_failed', {
    id: 'in_2',
    object: 'invoice',
    subscription: 'sub_2',
    customer: 'cus_2',
    subscription_details: { metadata: { order_key: 'key-old' } },
    payment_intent: 'pi_old',
    billing_reason: 'subscription_create',
    status: 'open',
    amount_due: 9500,
    amount_paid: 0,
    attempt_count: 2,
    next_payment_attempt: 1767500000,
    total_discount_amounts: [{ amount: 1000, discount: 'di_1' }],
    lines: { data: [{ description: 'Joining fee', amount: 3000 }] },
    created: 1767225000,
  }))
  assert.equal(e.invoice!.subscription_ref, 'sub_2')
  assert.equal(e.invoice!.payment_ref, 'pi_old')
  assert.equal(e.invoice!.order_key, 'key-old')
  assert.equal(e.invoice!.attempt_count, 2)
  assert.equal(e.invoice!.next_payment_attempt, 1767500000)
  assert.deepEqual(e.invoice!.lines, [
    { description: 'Joining fee', amount_pence: 3000 },
    { description: 'Gift voucher', amount_pence: -1000 },
  ])
  assert.equal(e.invoice!.payment_method, null)
})

Deno.test('a subscription: period from its items (pinned) or itself (older), pause, Direct Debit', () => {
  const e = normaliseEvent(ev('customer.subscription.updated', {
    id: 'sub_1',
    object: 'subscription',
    customer: 'cus_1',
    status: 'past_due',
    cancel_at: null,
    pause_collection: { behavior: 'void', resumes_at: 1770000000 },
    metadata: { order_key: 'key-123', kind: 'membership' },
    default_payment_method: {
      id: 'pm_2',
      type: 'bacs_debit',
      bacs_debit: { sort_code: '108800', last4: '2345' },
    },
    items: {
      data: [{
        quantity: 1,
        price: { unit_amount: 2500, recurring: { interval: 'month' } },
        current_period_start: 1767225600,
        current_period_end: 1769904000,
      }],
    },
  }))
  assert.deepEqual(e.subscription, {
    ref: 'sub_1',
    customer_ref: 'cus_1',
    status: 'past_due',
    current_period_start: 1767225600,
    current_period_end: 1769904000,
    cancel_at: null,
    pause_resumes_at: 1770000000,
    next_payment_pence: 2500,
    payment_method: { type: 'bacs_debit', last4: '2345', sort_code: '108800', ref: 'pm_2' },
    order_key: 'key-123',
  })
  const old = normaliseEvent(ev('customer.subscription.deleted', {
    id: 'sub_3',
    object: 'subscription',
    customer: 'cus_3',
    status: 'canceled',
    current_period_start: 100,
    current_period_end: 200,
    cancel_at: 200,
    default_payment_method: 'pm_3',
    metadata: {},
    items: { data: [{ plan: { amount: 30000 }, quantity: 1 }] },
  }))
  assert.equal(old.subscription!.current_period_end, 200)
  assert.equal(old.subscription!.next_payment_pence, 30000)
  assert.equal(old.subscription!.payment_method, null, 'an unexpanded id is not a method')
  assert.equal(old.subscription!.order_key, null)
})

Deno.test('a mandate and a refunded charge', () => {
  assert.deepEqual(
    normaliseEvent(ev('mandate.updated', {
      id: 'mandate_1',
      object: 'mandate',
      payment_method: 'pm_2',
      status: 'active',
      payment_method_details: { type: 'bacs_debit', bacs_debit: { reference: 'ROOTS-1A2B' } },
    })).mandate,
    { ref: 'mandate_1', payment_method_ref: 'pm_2', status: 'active', reference: 'ROOTS-1A2B' },
  )
  assert.deepEqual(
    normaliseEvent(ev('charge.refunded', {
      id: 'ch_1',
      object: 'charge',
      payment_intent: 'pi_9',
      amount_refunded: 2500,
    })).charge,
    { ref: 'ch_1', invoice_ref: null, payment_ref: 'pi_9', amount_refunded: 2500 },
  )
  const other = normaliseEvent(ev('customer.created', { id: 'cus_1', object: 'customer' }))
  assert.deepEqual(Object.keys(other), ['id', 'type', 'created'])
})

Deno.test('which types apply_billing_event takes; payment methods it can show', () => {
  for (const t of ['invoice.paid', 'customer.subscription.deleted', 'mandate.updated']) {
    assert.ok(isBillingEventType(t), t)
  }
  assert.equal(isBillingEventType('checkout.session.completed'), false)
  assert.equal(
    paymentMethodOf({ id: 'pm_x', type: 'sepa_debit', sepa_debit: { last4: '1' } }),
    null,
  )
  assert.deepEqual(paymentMethodOf({ type: 'card', card: { brand: 'amex', last4: '0005' } }), {
    type: 'card',
    brand: 'amex',
    last4: '0005',
    ref: undefined,
  })
})
