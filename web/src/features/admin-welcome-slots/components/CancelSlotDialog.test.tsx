import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cancelSlotMessage } from '../api/cancel-slot'
import { CancelSlotDialog } from './CancelSlotDialog'

beforeAll(() => {
  globalThis.__ROOTS_CONFIG__ = { supabaseUrl: 'http://api.test', supabaseAnonKey: 'anon-key' }
})

let fetchMock: ReturnType<typeof vi.fn>
let release: () => void
beforeEach(() => {
  fetchMock = vi.fn((url: string) => {
    if (String(url).includes('/functions/v1/bookings')) {
      return new Promise<Response>((resolve) => {
        release = () =>
          resolve(
            new Response(JSON.stringify({ cancelled: true, bookings_cancelled: 2, notified: 2 }), {
              status: 200,
              headers: { 'content-type': 'application/json' },
            }),
          )
      })
    }
    return Promise.resolve(new Response('{}', { status: 200 }))
  })
  vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function renderDialog(onClose = vi.fn()) {
  const qc = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  render(
    <QueryClientProvider client={qc}>
      <CancelSlotDialog slotId={42} title='Darenth Fields' booked={2} onClose={onClose} />
    </QueryClientProvider>,
  )
  return onClose
}
const bookingCalls = () => fetchMock.mock.calls.filter(([u]) => String(u).includes('/functions/v1/bookings'))
const reason = () => screen.getByLabelText('Reason for the guests (optional)') as HTMLTextAreaElement

describe('cancelling a welcome slot', () => {
  it('names a reason that is too long beside the field, keeps it and sends nothing', () => {
    renderDialog()
    fireEvent.change(reason(), { target: { value: 'x'.repeat(501) } })
    fireEvent.click(screen.getByRole('button', { name: 'Cancel slot' }))
    expect(screen.getByText('At most 500 characters.')).toBeTruthy()
    expect(reason().getAttribute('aria-invalid')).toBe('true')
    expect(reason().value).toHaveLength(501)
    expect(bookingCalls()).toHaveLength(0)
  })

  it('sends one cancel with the reason however often it is clicked, then closes', async () => {
    const onClose = renderDialog()
    expect(screen.getByText(/2 guests are booked: each is e-mailed/)).toBeTruthy()
    fireEvent.change(reason(), { target: { value: '  The site is flooded.  ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Cancel slot' }))
    await waitFor(() => expect(bookingCalls()).toHaveLength(1))
    fireEvent.click(screen.getByRole('button', { name: 'Working…' }))
    expect(bookingCalls()).toHaveLength(1)
    const [, init] = bookingCalls()[0]!
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({
      action: 'cancel_slot',
      slot_id: 42,
      reason: 'The site is flooded.',
    })
    release()
    await waitFor(() => expect(onClose).toHaveBeenCalled())
  })

  it('says how many guests were told', () => {
    expect(cancelSlotMessage({ cancelled: true, bookings_cancelled: 2, notified: 2 })).toBe(
      'Welcome slot cancelled: 2 guests e-mailed',
    )
    expect(cancelSlotMessage({ cancelled: true, bookings_cancelled: 1, notified: 0 })).toBe(
      'Welcome slot cancelled: 0 of 1 guest e-mailed so far',
    )
    expect(cancelSlotMessage({ cancelled: true, bookings_cancelled: 0, notified: 0 })).toBe(
      'Welcome slot cancelled: nobody was booked',
    )
    expect(cancelSlotMessage({ cancelled: false, bookings_cancelled: 0, notified: 0 })).toBe(
      'This slot was already cancelled: every guest has been told',
    )
    expect(cancelSlotMessage({ cancelled: false, bookings_cancelled: 0, notified: 1 })).toBe('1 more guest e-mailed')
  })
})
