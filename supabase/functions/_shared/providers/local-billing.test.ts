// The local billing emulator's rules, without a database: calendar periods, Stripe's retry
// schedule, card brands, and what the clock does next.
import assert from 'node:assert/strict'
import { addInterval, cardBrand, DAY, nextDue, retryAt } from './local-billing.ts'

const t = (iso: string) => Math.floor(Date.parse(iso) / 1000)

Deno.test('periods are calendar months and years, the day kept or clamped to the month end', () => {
  assert.equal(addInterval(t('2026-01-15T10:00:00Z'), 'month'), t('2026-02-15T10:00:00Z'))
  assert.equal(addInterval(t('2026-01-31T10:00:00Z'), 'month'), t('2026-02-28T10:00:00Z'))
  assert.equal(addInterval(t('2026-12-31T00:00:00Z'), 'month'), t('2027-01-31T00:00:00Z'))
  assert.equal(addInterval(t('2028-02-29T00:00:00Z'), 'year'), t('2029-02-28T00:00:00Z'))
  assert.equal(addInterval(t('2026-03-01T00:00:00Z'), 'month', 3), t('2026-06-01T00:00:00Z'))
})

Deno.test('a failed payment is retried 3 and 7 days after the first failure, then no more', () => {
  const first = t('2026-02-15T10:00:00Z')
  assert.equal(retryAt(first, 1), first + 3 * DAY)
  assert.equal(retryAt(first, 2), first + 7 * DAY)
  assert.equal(retryAt(first, 3), null)
})

Deno.test('card brands from the number', () => {
  assert.equal(cardBrand('4242424242424242'), 'visa')
  assert.equal(cardBrand('5555555555554444'), 'mastercard')
  assert.equal(cardBrand('2223003122003222'), 'mastercard')
  assert.equal(cardBrand('378282246310005'), 'amex')
})

Deno.test('what the clock does next: earliest first; settle before renew at the same moment', () => {
  const sub = (id: string, end: number, extra: Record<string, unknown> = {}) => ({
    id,
    status: 'active',
    cancel_at: null,
    pause_collection: null,
    items: { data: [{ current_period_start: end - 30 * DAY, current_period_end: end }] },
    ...extra,
  })
  const T = t('2026-03-01T00:00:00Z')
  assert.equal(nextDue([sub('a', T + DAY)], [], T), null, 'nothing due yet')
  assert.deepEqual(nextDue([sub('a', T)], [], T), { at: T, action: 'renew', subscription: 'a' })
  assert.deepEqual(
    nextDue([sub('a', T)], [{ id: 'in', status: 'open', _processing: { settles_at: T } }], T + DAY),
    { at: T, action: 'settle', invoice: 'in' },
  )
  assert.deepEqual(
    nextDue([], [{ id: 'in', status: 'open', _processing: null, next_payment_attempt: T }], T),
    { at: T, action: 'retry', invoice: 'in' },
  )
  // cancel_at before the period ends: deleted then, never renewed.
  assert.deepEqual(nextDue([sub('a', T + 10 * DAY, { cancel_at: T })], [], T + 20 * DAY), {
    at: T,
    action: 'cancel',
    subscription: 'a',
  })
  // A pause ends at resumes_at.
  assert.deepEqual(
    nextDue(
      [sub('a', T + 10 * DAY, { pause_collection: { behavior: 'void', resumes_at: T + DAY } })],
      [],
      T + 2 * DAY,
    ),
    { at: T + DAY, action: 'unpause', subscription: 'a' },
  )
  assert.equal(nextDue([sub('a', T, { status: 'canceled' })], [], T + DAY), null)
  assert.equal(
    nextDue([], [{ id: 'in', status: 'paid', next_payment_attempt: null }], T),
    null,
  )
})
