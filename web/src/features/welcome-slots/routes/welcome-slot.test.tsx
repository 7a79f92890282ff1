import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { WelcomeSlotSuccessRoute } from './welcome-slot'

const REF = '0123456789abcdef0123456789abcdef'

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

function renderAt(search: string) {
  const loc = memoryLocation({ path: '/welcome-slot/success', searchPath: search })
  const qc = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  render(
    <QueryClientProvider client={qc}>
      <Router hook={loc.hook} searchHook={loc.searchHook}>
        <WelcomeSlotSuccessRoute />
      </Router>
    </QueryClientProvider>,
  )
}

describe('the welcome slot page from the confirmation e-mail', () => {
  it('cancels the booking by its reference after the guest confirms', async () => {
    const fetchMock = answer(200, { cancelled: true })
    renderAt(`reference=${REF}`)
    fireEvent.click(screen.getByRole('button', { name: 'Cancel my booking' }))
    expect(fetchMock).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel it' }))
    await screen.findByText('Your booking is cancelled.')
    expect(fetchMock).toHaveBeenCalledOnce()
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('http://api.test/functions/v1/bookings')
    expect(JSON.parse(String(init.body))).toEqual({ action: 'cancel', type: 'welcome_slot', reference: REF })
  })

  it('keeps the booking when the guest changes their mind', () => {
    const fetchMock = answer(200, { cancelled: true })
    renderAt(`reference=${REF}`)
    fireEvent.click(screen.getByRole('button', { name: 'Cancel my booking' }))
    fireEvent.click(screen.getByRole('button', { name: 'Keep my booking' }))
    expect(screen.getByRole('button', { name: 'Cancel my booking' })).toBeTruthy()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('says so when there is no live booking with that reference', async () => {
    answer(404, { error: { code: 'not_found', message: 'No live booking has that reference.', details: null } })
    renderAt(`reference=${REF}`)
    fireEvent.click(screen.getByRole('button', { name: 'Cancel my booking' }))
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel it' }))
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('There is no live booking with this reference'),
    )
    expect(screen.queryByRole('button', { name: 'Cancel my booking' })).toBeNull()
  })

  it('names a broken link and offers nothing to click', () => {
    const fetchMock = answer(200, {})
    renderAt('reference=abc')
    expect(screen.getByRole('alert').textContent).toContain('This cancel link is not complete')
    expect(screen.queryByRole('button')).toBeNull()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('without a reference, confirms the booking just made', () => {
    renderAt('')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your welcome slot is booked')
  })
})
