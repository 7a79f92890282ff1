import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { OfferByLink } from './OfferByLink'

const TOKEN = '0123456789abcdef0123456789abcdef'
const SLOT = { id: 7, starts_at: '2026-11-28T10:00:00Z', duration_minutes: 60, places_left: 3 }
const offer = (over: Record<string, unknown> = {}) => ({
  status: 'offered',
  respond_by: '2026-12-01T00:00:00Z',
  responded_at: null,
  first_name: 'Ada',
  location: 'Tuckers Meadow',
  city: 'Bath',
  site: { slug: 'tuckers-meadow', city_slug: 'bath' },
  membership_status: null,
  setup_path: null,
  decline_keeps_place: false,
  site_keeps_place: false,
  kept_place: false,
  viewing: null,
  slots: [SLOT],
  extensions: [],
  ...over,
})

beforeAll(() => {
  globalThis.__ROOTS_CONFIG__ = { supabaseUrl: 'http://api.test', supabaseAnonKey: 'anon-key' }
})

let plotOffer: Record<string, unknown>
let calls: { action: string; slot_id?: number; accept?: boolean }[]
beforeEach(() => {
  plotOffer = offer()
  calls = []
  vi.stubGlobal(
    'fetch',
    vi.fn((_url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { action: string; slot_id?: number; accept?: boolean }
      calls.push(body)
      if (body.action === 'book_viewing') {
        plotOffer = { ...plotOffer, viewing: { booking_id: 1, starts_at: SLOT.starts_at, duration_minutes: 60 } }
        return Promise.resolve(
          new Response(
            JSON.stringify({
              booking_id: 1,
              starts_at: SLOT.starts_at,
              respond_by: plotOffer.respond_by,
              extended: false,
              notified: 1,
            }),
          ),
        )
      }
      if (body.action === 'cancel_viewing') {
        plotOffer = { ...plotOffer, viewing: null }
        return Promise.resolve(new Response(JSON.stringify({ cancelled: true })))
      }
      if (body.action === 'respond') {
        plotOffer = { ...plotOffer, status: 'declined', kept_place: plotOffer.decline_keeps_place }
        return Promise.resolve(
          new Response(JSON.stringify({ status: 'declined', repeated: false, notified: 1, setup_path: null })),
        )
      }
      return Promise.resolve(new Response(JSON.stringify(plotOffer)))
    }),
  )
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function renderOffer(answer: 'accept' | 'decline' | null = null) {
  const loc = memoryLocation({ path: '/queue/ready' })
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={qc}>
      <Router hook={loc.hook}>
        <OfferByLink token={TOKEN} answer={answer} />
      </Router>
    </QueryClientProvider>,
  )
}

describe('the plot offered', () => {
  it('names the plot, its size and features where the site keeps a plot register', async () => {
    plotOffer = offer({
      plot: {
        number: '7',
        size: 'full',
        size_m2: 250,
        features: ['near_tap'],
        words: 'Plot 7, a full plot of 250 m² (near tap)',
      },
    })
    renderOffer()
    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe(
      'Plot 7 at Tuckers Meadow, Bath is yours if you want it',
    )
    expect(screen.getByTestId('offer-plot').textContent).toBe('Plot 7, a full plot of 250 m² (near tap).')
  })

  it('speaks of "a plot" where no plot is named', async () => {
    renderOffer()
    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe(
      'A plot at Tuckers Meadow, Bath is yours if you want it',
    )
    expect(screen.queryByTestId('offer-plot')).toBeNull()
  })
})

describe('choices on the offer page', () => {
  it('says a decline removes the applicant where the site keeps no place', async () => {
    renderOffer()
    const rule = await screen.findByTestId('decline-rule')
    expect(rule.textContent).toContain('you leave the waiting list for Tuckers Meadow')
  })

  it('says a first decline keeps the place, and the answer confirms it', async () => {
    plotOffer = offer({ decline_keeps_place: true, site_keeps_place: true })
    renderOffer('decline')
    expect((await screen.findByTestId('decline-rule')).textContent).toContain(
      'you keep your place on the waiting list for Tuckers Meadow',
    )
    expect(screen.getByText(/You keep your place on the waiting list for Tuckers Meadow\./)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Yes, decline the plot' }))
    await screen.findByText(
      /You keep your place on the waiting list for Tuckers Meadow, with your original joining date/,
    )
  })

  it('a second decline at a keep-place site is said to remove the applicant', async () => {
    plotOffer = offer({ decline_keeps_place: false, site_keeps_place: true })
    renderOffer()
    expect((await screen.findByTestId('decline-rule')).textContent).toContain(
      'as you have declined an offer here before, you leave the waiting list',
    )
  })

  it('asks for a time before booking, books the chosen slot and can cancel it', async () => {
    renderOffer()
    const book = await screen.findByRole('button', { name: 'Book this viewing' })
    fireEvent.click(book)
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a time for your viewing.')
    expect(calls.some((c) => c.action === 'book_viewing')).toBe(false)
    fireEvent.click(screen.getByRole('radio'))
    fireEvent.click(book)
    await screen.findByTestId('viewing-time')
    expect(calls.find((c) => c.action === 'book_viewing')?.slot_id).toBe(7)
    fireEvent.click(screen.getByRole('button', { name: 'Cancel the viewing' }))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Book this viewing' })).toBeTruthy())
  })

  it('shows that the deadline was extended', async () => {
    plotOffer = offer({
      extensions: [
        {
          cause: 'staff',
          old_respond_by: '2026-11-20T00:00:00Z',
          new_respond_by: '2026-12-01T00:00:00Z',
          extended_at: '2026-11-18T00:00:00Z',
        },
      ],
    })
    renderOffer()
    expect((await screen.findByTestId('offer-extended')).textContent).toContain('Your deadline was extended')
  })
})
