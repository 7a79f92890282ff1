import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { aYearOn, ukDay, weekdayDate } from '@/lib/dates'
import { CheckoutSuccessRoute, GiftVouchersSuccessRoute } from './checkout'

beforeAll(() => {
  globalThis.__ROOTS_CONFIG__ = { supabaseUrl: 'http://api.test', supabaseAnonKey: 'anon-key' }
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(() =>
    Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
  )
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

function renderAt(path: string, search: string, Page = CheckoutSuccessRoute) {
  const loc = memoryLocation({ path, searchPath: search })
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={qc}>
      <Router hook={loc.hook} searchHook={loc.searchHook}>
        <Page />
      </Router>
    </QueryClientProvider>,
  )
}

const voucherOrder = (voucher: Record<string, unknown>, status = 'paid') => ({
  status,
  kind: 'gift_voucher',
  total_pence: 5000,
  subtotal_pence: 5000,
  discount_pence: 0,
  site: null,
  items: [{ description: 'Gift voucher £50', quantity: 1, unit_price_pence: 5000 }],
  voucher: {
    value_pence: 5000,
    status: status === 'paid' ? 'active' : 'pending',
    recipient_name: 'Joan',
    recipient_email: 'joan@example.com',
    deliver_on: null,
    sent_at: null,
    expires_at: '2026-11-24T12:00:00Z',
    ...voucher,
  },
})

describe('success pages say only what the server says about the session', () => {
  it('opened without a session: nothing found, no success claimed, nothing asked', () => {
    const fetchMock = answer(200, {})
    renderAt('/gift-vouchers/success', '', GiftVouchersSuccessRoute)
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('No payment found')
    expect(screen.getByTestId('checkout-status').textContent).toContain('We found no payment for this page')
    expect(document.body.textContent).not.toMatch(/thank you|is paid/i)
    expect(document.title).toBe('No payment found | Roots Allotments')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('an unknown session: nothing found', async () => {
    answer(404, { error: { code: 'not_found', message: 'No order has that checkout session.', details: null } })
    renderAt('/checkout/success', 'session_id=cs_local_0000')
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('No payment found'))
    expect(document.body.textContent).not.toMatch(/thank you|is paid/i)
  })

  it('a paid voucher already e-mailed: the amount, what was bought, to whom and when', async () => {
    const fetchMock = answer(200, voucherOrder({ sent_at: '2020-01-15T10:00:00Z' }))
    renderAt('/gift-vouchers/success', 'session_id=cs_local_abcd', GiftVouchersSuccessRoute)
    await screen.findByRole('heading', { level: 1, name: 'Thank you: payment received' })
    const status = screen.getByTestId('checkout-status').textContent
    expect(status).toContain('£50.00 paid')
    expect(status).toContain(
      `We have e-mailed your £50.00 gift voucher to Joan (joan@example.com) on ${weekdayDate('2020-01-15T10:00:00Z')}`,
    )
    expect(screen.getByRole('heading', { level: 2, name: 'Gift voucher' })).toBeTruthy()
    expect(document.body.textContent).toContain('Gift voucher £50')
    expect(String((fetchMock.mock.calls[0] as unknown as [string])[0])).toBe(
      'http://api.test/functions/v1/payments/status?session_id=cs_local_abcd',
    )
  })

  it('a paid voucher for a later day says when it will go', async () => {
    const later = aYearOn(ukDay())
    answer(200, voucherOrder({ deliver_on: later }))
    renderAt('/gift-vouchers/success', 'session_id=cs_local_abcd', GiftVouchersSuccessRoute)
    await screen.findByRole('heading', { level: 1, name: 'Thank you: payment received' })
    expect(screen.getByTestId('checkout-status').textContent).toContain(
      `We will e-mail your £50.00 gift voucher to Joan (joan@example.com) on ${weekdayDate(later)}`,
    )
  })

  it('a voucher for the buyer themselves: its code is in the receipt', async () => {
    answer(200, voucherOrder({ recipient_name: null, recipient_email: null }))
    renderAt('/gift-vouchers/success', 'session_id=cs_local_abcd', GiftVouchersSuccessRoute)
    await screen.findByText('Your £50.00 gift voucher is yours to give: its code is in your receipt e-mail.')
  })

  it('a pending payment is not called paid', async () => {
    answer(200, voucherOrder({}, 'pending'))
    renderAt('/checkout/success', 'session_id=cs_local_abcd')
    await screen.findByRole('heading', { level: 1, name: 'Waiting for your payment' })
    expect(document.body.textContent).not.toMatch(/thank you/i)
  })

  it('a shop order paid with a voucher shows the discount', async () => {
    answer(200, {
      status: 'paid',
      kind: 'shop',
      total_pence: 0,
      subtotal_pence: 2999,
      discount_pence: 2999,
      site: null,
      voucher: null,
      items: [{ description: 'Starter Bundle', quantity: 1, unit_price_pence: 2999 }],
    })
    renderAt('/checkout/success', 'session_id=cs_voucher_abcd')
    await screen.findByText('Paid in full with your gift voucher.')
    expect(document.body.textContent).toContain('−£29.99')
  })
})
