import type { ReactNode } from 'react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Invoice, Subscription } from '../api/get-billing'
import {
  ArrearsAlert,
  Billing,
  type BilledMembership,
  invoiceDescription,
  invoiceStatus,
  paymentMethodText,
  statusText,
} from './Billing'

const membership = (over: Partial<BilledMembership> = {}): BilledMembership => ({
  id: 1,
  status: 'active',
  ends_on: null,
  paused_from: null,
  resumes_on: null,
  plot_number: '12',
  plan: { name: 'Monthly', price_pence: 2999, billing_interval: 'month' },
  site: { location: 'Hackney Marshes', city: 'London', slug: 'hackney-marshes', city_slug: 'london' },
  ...over,
})

const visa = { type: 'card', brand: 'visa', last4: '4242' } as const
const bacs = { type: 'bacs_debit', last4: '2345', sort_code: '108800' } as const

const subscription = (over: Partial<Subscription> = {}): Subscription => ({
  id: 3,
  membership_id: 1,
  status: 'active',
  next_payment_at: '2026-12-09T09:00:00Z',
  next_payment_pence: 2999,
  pause_resumes_at: null,
  mandate_reference: null,
  past_due_since: null,
  payment_method: visa,
  ...over,
})

const invoice = (over: Partial<Invoice> = {}): Invoice => ({
  id: 7,
  subscription_id: 3,
  membership_id: 1,
  number: 'ROOTS-0007',
  billing_reason: 'subscription_cycle',
  status: 'paid',
  amount_due_pence: 2999,
  amount_paid_pence: 2999,
  amount_refunded_pence: 0,
  lines: [{ description: 'Monthly rent, plot 12', amount_pence: 2999 }],
  period_start: '2026-11-09T09:00:00Z',
  period_end: '2026-12-09T09:00:00Z',
  attempt_count: 1,
  next_attempt_at: null,
  payment_method: visa,
  issued_at: '2026-11-09T09:00:00Z',
  paid_at: '2026-11-09T09:05:00Z',
  failed_at: null,
  failure_message: null,
  created_at: '2026-11-09T09:00:00Z',
  updated_at: '2026-11-09T09:05:00Z',
  ...over,
})

const failed = invoice({
  id: 8,
  period_start: '2026-12-09T09:00:00Z',
  period_end: '2027-01-09T09:00:00Z',
  status: 'open',
  amount_paid_pence: 0,
  paid_at: null,
  failed_at: '2026-12-09T09:05:00Z',
  issued_at: '2026-12-09T09:00:00Z',
  attempt_count: 1,
  next_attempt_at: '2026-12-12T09:00:00Z',
})

const wrap = (ui: ReactNode) => render(<QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>)

afterEach(cleanup)

describe('rent on /members', () => {
  it('an active card subscription: status, next payment, card, a paid payment with its receipt', () => {
    wrap(<Billing membership={membership()} subscription={subscription()} invoices={[invoice()]} />)
    expect(screen.getByTestId('billing-status').textContent).toBe('Active')
    expect(screen.getByTestId('next-payment').textContent).toBe('£29.99 on 9 December 2026')
    expect(screen.getByTestId('payment-method').textContent).toBe('Visa ending 4242')
    expect(screen.queryByTestId('advance-notice')).toBeNull()
    expect(screen.getByRole('button', { name: 'Change payment method' })).toBeTruthy()
    const row = screen.getByTestId('invoice')
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['9 Nov 2026', 'Rent, 9 Nov 2026 to 9 Dec 2026', '£29.99', 'Paid', 'Receipt'])
    expect(
      within(row)
        .getByRole('link', { name: /Receipt/ })
        .getAttribute('href'),
    ).toBe('/members/receipts/7')
  })

  it('Direct Debit: the account and sort code, and the advance notice of the next collection', () => {
    wrap(<Billing membership={membership()} subscription={subscription({ payment_method: bacs })} invoices={[]} />)
    expect(screen.getByTestId('payment-method').textContent).toBe(
      'Direct Debit from account ending 2345, sort code 10-88-00',
    )
    expect(screen.getByTestId('advance-notice').textContent).toBe(
      'We will collect £29.99 on or after 9 December 2026 by Direct Debit from account ending 2345; ' +
        "you will get at least 3 working days' notice of any change in amount or date.",
    )
    expect(screen.getByText('No rent payments yet.')).toBeTruthy()
  })

  it('past due: an alert with what is owed and the retry, and the failed payment in the table', () => {
    const m = membership({ status: 'past_due' })
    const s = subscription({ status: 'past_due', past_due_since: '2026-12-09T09:05:00Z', next_payment_at: null })
    wrap(<ArrearsAlert membership={m} subscription={s} invoices={[failed, invoice()]} />)
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain('Your rent payment failed')
    expect(alert.textContent).toContain('You owe £29.99 for Hackney Marshes, plot 12, overdue since 9 December 2026.')
    expect(alert.textContent).toContain('We will try again on 12 December 2026.')
    expect(within(alert).getByRole('button', { name: 'Change payment method' })).toBeTruthy()
    cleanup()
    wrap(<Billing membership={m} subscription={s} invoices={[failed, invoice()]} />)
    expect(screen.getByTestId('billing-status').textContent).toBe('Payment overdue since 9 December 2026')
    expect(screen.queryByTestId('next-payment')).toBeNull()
    const [first] = screen.getAllByTestId('invoice')
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['9 Dec 2026', 'Rent, 9 Dec 2026 to 9 Jan 2027', '£29.99', 'Failed – retrying on 12 December 2026', ''])
  })

  it('suspended: the end date, no next payment, and still a way to pay', () => {
    const m = membership({ status: 'suspended', ends_on: '2027-01-09' })
    const s = subscription({ status: 'past_due', past_due_since: '2026-12-09T09:05:00Z', payment_method: bacs })
    wrap(<Billing membership={m} subscription={s} invoices={[failed]} />)
    expect(screen.getByTestId('billing-status').textContent).toBe('Suspended — ends on 9 January 2027')
    expect(screen.queryByTestId('next-payment')).toBeNull()
    expect(screen.queryByTestId('advance-notice')).toBeNull()
    expect(screen.getByRole('button', { name: 'Change payment method' })).toBeTruthy()
    cleanup()
    wrap(<ArrearsAlert membership={m} subscription={s} invoices={[failed]} />)
    expect(screen.getByRole('alert').textContent).toContain('Your membership is suspended')
    expect(screen.getByRole('alert').textContent).toContain(
      'Your membership ends on 9 January 2027 unless it is paid before then.',
    )
  })

  it('an active membership has no alert', () => {
    wrap(<ArrearsAlert membership={membership()} subscription={subscription()} invoices={[invoice()]} />)
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('names the first payment by its lines', () => {
    const lines = [
      { description: 'Full plot monthly', amount_pence: 2999 },
      { description: 'Joining fee', amount_pence: 2500 },
    ]
    expect(invoiceDescription(invoice({ billing_reason: 'subscription_create', lines }))).toBe(
      'Full plot monthly; Joining fee',
    )
  })

  it('says paused, refunded and the card brands in plain words', () => {
    const paused = membership({ paused_from: '2026-12-09', resumes_on: '2027-02-09' })
    expect(statusText(paused, subscription(), '2027-01-01')).toBe('Paused until 9 February 2027')
    expect(statusText(paused, subscription(), '2026-12-01')).toBe('Active')
    expect(invoiceStatus(invoice({ amount_refunded_pence: 2999 }))).toBe('Refunded')
    expect(invoiceStatus(invoice({ amount_refunded_pence: 1000 }))).toBe('Paid, £10.00 refunded')
    expect(paymentMethodText({ type: 'card', brand: 'mastercard', last4: '4444' })).toBe('Mastercard ending 4444')
    expect(paymentMethodText(null)).toBe('No payment method on file')
  })
})
