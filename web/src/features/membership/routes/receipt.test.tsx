import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Receipt } from '../api/get-receipt'
import { ReceiptBody } from './receipt'

const receipt = (over: Partial<Receipt> = {}): Receipt => ({
  id: 7,
  number: 'EC87BC68-0002',
  status: 'paid',
  amount_paid_pence: 10499,
  amount_refunded_pence: 0,
  lines: [
    { description: 'Full plot monthly', amount_pence: 2999 },
    { description: 'Joining fee', amount_pence: 2500 },
    { description: 'Refundable deposit', amount_pence: 5000 },
  ],
  period_start: '2026-12-05T09:00:00Z',
  period_end: '2027-01-05T09:00:00Z',
  paid_at: '2026-12-08T09:00:00Z',
  payment_method: { type: 'bacs_debit', last4: '2345', sort_code: '108800' },
  membership: {
    plot_number: 'A12',
    site: { location: 'Tuckers Meadow', city: 'Bath' },
    member: { first_name: 'Rosalind', last_name: 'Franklin', email: 'rosalind@example.com' },
  },
  ...over,
})

const show = (r: Receipt) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ReceiptBody r={r} />
    </QueryClientProvider>,
  )

afterEach(cleanup)

describe('a rent receipt', () => {
  it('shows the number, date, member, site, method, lines and total, with Print and Download PDF', () => {
    show(receipt())
    const text = screen.getByTestId('receipt').textContent
    expect(screen.getByTestId('receipt-number').textContent).toBe('EC87BC68-0002')
    expect(text).toContain('8 December 2026')
    expect(text).toContain('Rosalind Franklin (rosalind@example.com)')
    expect(text).toContain('Tuckers Meadow, Bath, plot A12')
    expect(text).toContain('Direct Debit from account ending 2345, sort code 10-88-00')
    const rows = within(screen.getByRole('table'))
      .getAllByRole('row')
      .map((r) => r.textContent)
    expect(rows).toEqual([
      'DescriptionAmount',
      'Full plot monthly£29.99',
      'Joining fee£25.00',
      'Refundable deposit£50.00',
      'Total paid£104.99',
    ])
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeTruthy()
  })

  it('shows a voucher discount and a refund', () => {
    show(receipt({ amount_paid_pence: 6499, amount_refunded_pence: 5000 }))
    const rows = within(screen.getByRole('table'))
      .getAllByRole('row')
      .map((r) => r.textContent)
    expect(rows.slice(-3)).toEqual(['Discount−£40.00', 'Total paid£64.99', 'Refunded£50.00'])
  })
})
