import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { MembershipTerms } from '../api/membership-self-service'
import { billingLine, CancelTerms } from './SelfService'

const terms = (
  over: Partial<MembershipTerms> = {},
  cancel: Partial<MembershipTerms['cancel']> = {},
): MembershipTerms => ({
  membership_id: 1,
  status: 'active',
  state: 'active',
  billing_interval: 'month',
  price_pence: 2999,
  start_date: '2026-05-09',
  next_billing_on: '2026-12-09',
  paused_from: null,
  resumes_on: null,
  ends_on: null,
  pending: false,
  pause: {
    allowed: true,
    reason: null,
    max_pauses: 2,
    max_months: 3,
    pauses_used: 0,
    months_used: 0,
    pauses_left: 2,
    months_left: 3,
    options: [],
  },
  resume: { allowed: false, reason: 'Billing is not paused.', withdraws: false, billing_restarts_on: '2026-12-09' },
  cancel: {
    allowed: true,
    reason: null,
    notice: 'one full billing month',
    ends_on: '2027-01-08',
    last_payment_on: '2026-12-09',
    last_payment_pence: 2999,
    deposit_pence: 5000,
    deposit_refundable_from: '2027-05-09',
    deposit_refund_pence: 0,
    ...cancel,
  },
  undo_cancel: { allowed: false, reason: null, ends_on: null },
  history: [],
  ...over,
})

afterEach(cleanup)

describe('members self-service', () => {
  it('says where billing stands', () => {
    expect(billingLine(terms())).toBe('Your next payment of £29.99 is on 9 December 2026.')
    expect(billingLine(terms({ state: 'pause_scheduled', paused_from: '2026-12-09', resumes_on: '2027-02-09' }))).toBe(
      'Billing is paused from 9 December 2026; it restarts on 9 February 2027.',
    )
    expect(billingLine(terms({ state: 'ending', ends_on: '2027-01-08' }))).toBe(
      'Your membership is cancelled and ends on 8 January 2027.',
    )
  })

  it('shows the deposit kept in the first 12 months, and returned after', () => {
    render(<CancelTerms t={terms()} />)
    const kept = screen.getByTestId('cancel-terms').textContent
    expect(kept).toContain('£29.99 on 9 December 2026')
    expect(kept).toContain('Your deposit of £50.00 is not refunded')
    expect(kept).toContain('on or after 9 May 2027')
    cleanup()
    render(<CancelTerms t={terms({}, { deposit_refund_pence: 5000 })} />)
    expect(screen.getByTestId('cancel-terms').textContent).toContain('Your deposit of £50.00 comes back to you')
    cleanup()
    render(
      <CancelTerms
        t={terms({ billing_interval: 'year' }, { notice: 'to the end of the year paid for', last_payment_pence: null })}
      />,
    )
    expect(screen.getByTestId('cancel-terms').textContent).toContain('Nothing more to pay.')
  })
})
