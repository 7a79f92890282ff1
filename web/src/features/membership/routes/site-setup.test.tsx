import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { Route, Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { resetLocations } from '@/lib/sites/locations-store'
import SiteSetupRoute from './site-setup'

const TOKEN = '0123456789abcdef0123456789abcdef'
const plan = {
  id: 2,
  name: 'Full plot monthly',
  description: 'A full plot',
  plot_size: 'full',
  price_pence: 2999,
  billing_interval: 'month',
  lines: [
    { name: 'Full plot monthly, first month: Darenth Fields', amount_pence: 2999 },
    { name: 'Joining fee (once)', amount_pence: 2500 },
    { name: 'Refundable deposit', amount_pence: 5000 },
  ],
  due_today_pence: 10499,
}
const answer = (access: Record<string, unknown>, offer: Record<string, unknown> | null = null) => ({
  site: {
    slug: 'darenth-fields',
    city_slug: 'dartford',
    location: 'Darenth Fields',
    city: 'Dartford',
    status: 'active',
  },
  access: {
    allowed: false,
    reason: 'waiting_list',
    message: 'People are waiting for a plot at this site.',
    waiting: 4,
    plots_free: 40,
    ...access,
  },
  offer,
  deposit_pence: 5000,
  joining_fee_pence: 2500,
  plans: [plan],
})

beforeAll(() => {
  globalThis.__ROOTS_CONFIG__ = { supabaseUrl: 'http://api.test', supabaseAnonKey: 'anon-key' }
})

let membership: ReturnType<typeof answer>
let fetchMock: ReturnType<typeof vi.fn>
beforeEach(() => {
  resetLocations()
  sessionStorage.clear()
  membership = answer({})
  fetchMock = vi.fn((url: string) => {
    if (String(url).includes('/functions/v1/payments/membership'))
      return Promise.resolve(new Response(JSON.stringify(membership)))
    return Promise.resolve(new Response('[]'))
  })
  vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function renderAt(search = '') {
  const loc = memoryLocation({ path: '/sites/dartford/darenth-fields/setup', searchPath: search, record: true })
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={qc}>
      <Router hook={loc.hook} searchHook={loc.searchHook}>
        <Route path='/sites/:cityslug/:slug/setup'>
          <SiteSetupRoute />
        </Route>
      </Router>
    </QueryClientProvider>,
  )
  return loc
}

describe('membership set-up', () => {
  it('where people are waiting: says why, how many, and leads to the waiting list; no plan or payment', async () => {
    renderAt()
    await screen.findByRole('heading', { name: 'Plots here go to the waiting list' })
    expect(screen.getByText(/4 people are waiting/)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Join the waiting list for Darenth Fields' }).getAttribute('href')).toBe(
      '/landing/darenth-fields/join',
    )
    expect(screen.queryByRole('radio')).toBeNull()
    expect(screen.queryByRole('form', { name: 'Create your account' })).toBeNull()
  })

  it('where one may set up: every amount before paying, and the account made here', async () => {
    membership = answer({ allowed: true, reason: 'open', message: null, waiting: 0, plots_free: 3 })
    renderAt()
    await screen.findByText(/3 plots are free at Darenth Fields and nobody is waiting/)
    expect(screen.queryByTestId('price-summary')).toBeNull()
    fireEvent.click(screen.getByRole('radio', { name: /Full plot monthly/ }))
    const summary = await screen.findByTestId('price-summary')
    expect(summary.textContent).toContain('Refundable deposit£50.00')
    expect(summary.textContent).toContain('Joining fee (once)£25.00')
    expect(screen.getByTestId('due-today').textContent).toBe('£104.99')
    expect(screen.getByTestId('then-price').textContent).toBe('£29.99 a month')
    expect(screen.getByRole('form', { name: 'Create your account' })).toBeTruthy()
    expect(screen.getByText('Create your account or sign in above first.')).toBeTruthy()
  })

  it('an offer link: the token is asked about, kept for this tab and taken out of the address; its e-mail fills the account', async () => {
    membership = answer(
      { allowed: true, reason: 'offer', message: null, waiting: 3 },
      {
        status: 'accepted',
        respond_by: '2026-12-01T00:00:00Z',
        this_site: true,
        first_name: 'Bea',
        email: 'bea@example.com',
        linked_to_other: false,
        used: false,
      },
    )
    const loc = renderAt(`offer=${TOKEN}`)
    await screen.findByTestId('offer-banner')
    await waitFor(() => expect(loc.history.at(-1)).toBe('/sites/dartford/darenth-fields/setup'))
    expect(String(fetchMock.mock.calls.find(([u]) => String(u).includes('payments/membership'))![0])).toContain(
      `offer=${TOKEN}`,
    )
    expect(sessionStorage.getItem('roots.setup-offer.darenth-fields')).toBe(TOKEN)
    const account = screen.getByRole('form', { name: 'Create your account' })
    expect((account.querySelector('input[name=email]') as HTMLInputElement).value).toBe('bea@example.com')
    expect((account.querySelector('input[name=first_name]') as HTMLInputElement).value).toBe('Bea')
  })

  it('an offer not yet accepted sends the applicant back to answer it', async () => {
    membership = answer({
      reason: 'offer_unanswered',
      message: 'Accept your offer first: use the link in your offer e-mail.',
    })
    renderAt(`offer=${TOKEN}`)
    const link = await screen.findByRole('link', { name: 'See your offer' })
    expect(link.getAttribute('href')).toBe(`/queue/ready?offer=${TOKEN}&answer=accept`)
  })
})
