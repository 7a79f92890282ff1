import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { Route, Router, Switch } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { references } from '../stores/references-store'
import QueueReadyRoute from './queue-ready'

const REF = 'abcdef0123456789abcdef0123456789'

const position = (over: Record<string, unknown> = {}) => ({
  kind: 'waiting_list',
  reference: REF,
  location: 'Tuckers Meadow',
  site_id: 1,
  status: 'waiting',
  joined_at: '2025-07-18T10:00:00Z',
  queue_position: 8,
  list_length: 22,
  moved_last_year: 6,
  estimated_wait_months: '16.0',
  offer_respond_by: null,
  has_open_offer: false,
  offer_token: null,
  ...over,
})

beforeAll(() => {
  globalThis.__ROOTS_CONFIG__ = { supabaseUrl: 'http://api.test', supabaseAnonKey: 'anon-key' }
})

const TOKEN = '0123456789abcdef0123456789abcdef'
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
  ...over,
})

let entry: Record<string, unknown> | null
let plotOffer: Record<string, unknown> | null
let fetchMock: ReturnType<typeof vi.fn>
let history: Record<string, unknown>[]
const historyRow = (over: Record<string, unknown>) => ({
  happened_at: '2025-07-18T10:00:00Z',
  kind: 'joined',
  reason: null,
  position_before: null,
  position_after: null,
  location: 'Tuckers Meadow',
  queue_date: '2025-07-18T10:00:00Z',
  places_up: null,
  places_down: null,
  causes: null,
  ...over,
})
beforeEach(() => {
  history = [
    historyRow({}),
    historyRow({
      happened_at: '2025-09-01T00:00:00Z',
      kind: 'position',
      places_up: 3,
      places_down: 1,
      causes: { offered: 2, withdrawn: 1, staff_move: -1 },
    }),
    historyRow({
      happened_at: '2025-10-02T09:00:00Z',
      kind: 'moved',
      reason: 'Signed up on paper first',
      position_before: 9,
      position_after: 8,
    }),
  ]
  references.saved = []
  sessionStorage.clear()
  entry = position()
  plotOffer = offer()
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    const u = String(url)
    if (u.includes('/functions/v1/waiting-list-process')) {
      const body = JSON.parse(String(init?.body)) as { action: string; token: string; accept?: boolean }
      if (body.action === 'view') {
        return Promise.resolve(
          plotOffer
            ? new Response(JSON.stringify(plotOffer))
            : new Response(JSON.stringify({ error: { code: 'not_found', message: 'No.' } }), { status: 404 }),
        )
      }
      const status = body.accept ? 'accepted' : 'declined'
      const setup = body.accept ? `/sites/bath/tuckers-meadow/setup?offer=${body.token}` : null
      plotOffer = offer({ status, setup_path: setup })
      entry = { ...entry, status, has_open_offer: false, offer_token: null }
      return Promise.resolve(
        new Response(JSON.stringify({ status, repeated: false, notified: body.accept ? 0 : 1, setup_path: setup })),
      )
    }
    if (u.includes('/functions/v1/waiting-list') && init?.method === 'POST') {
      entry = { ...entry, status: 'withdrawn', queue_position: null }
      return Promise.resolve(new Response(JSON.stringify({ withdrawn: true })))
    }
    if (u.includes('/rest/v1/rpc/get_waiting_list_history')) {
      return Promise.resolve(new Response(JSON.stringify(history)))
    }
    if (u.includes('/functions/v1/waiting-list?reference=')) {
      return Promise.resolve(
        entry
          ? new Response(JSON.stringify(entry))
          : new Response(JSON.stringify({ error: { code: 'not_found', message: 'No entry has that reference.' } }), {
              status: 404,
            }),
      )
    }
    return Promise.resolve(new Response('[]'))
  })
  vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function renderAt(path: string, search = '') {
  const loc = memoryLocation({ path, searchPath: search, record: true })
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={qc}>
      <Router hook={loc.hook} searchHook={loc.searchHook}>
        <Switch>
          <Route path='/sites/:cityslug/:slug/setup'>The set-up page</Route>
          <Route>
            <QueueReadyRoute />
          </Route>
        </Switch>
      </Router>
    </QueryClientProvider>,
  )
  return loc
}

describe('your place in the queue', () => {
  it('reads the reference from the e-mail link, saves it, and takes it out of the address', async () => {
    const loc = renderAt('/queue/ready', `reference=${REF}`)
    await screen.findByTestId('queue-position')
    expect(loc.history.at(-1)).toBe('/queue/ready')
    expect(references.saved.map((r) => r.reference)).toEqual([REF])
  })

  it('shows the position, list length, people ahead and the estimated wait', async () => {
    references.saved = [{ reference: REF, location: 'Tuckers Meadow', kind: 'waiting_list', savedAt: '' }]
    renderAt('/queue/ready')
    await screen.findByRole('heading', { name: '8th' })
    expect(screen.getByText(/of 22 people waiting, with 7 ahead of you/)).toBeTruthy()
    expect(screen.getByTestId('position').textContent).toBe('8')
    expect(screen.getByTestId('list-length').textContent).toBe('22')
    expect(screen.getByTestId('estimated-wait').textContent).toBe('about 1 year and 4 months')
    expect(screen.getByRole('img', { name: /68% of the way to the front/ })).toBeTruthy()
  })

  it('says so when the list has not moved enough to estimate', async () => {
    entry = position({ estimated_wait_months: null, moved_last_year: 0, queue_position: 1, list_length: 1 })
    renderAt('/queue/ready', `reference=${REF}`)
    await screen.findByTestId('queue-position')
    expect(screen.getByTestId('estimated-wait').textContent).toBe('Not enough movement yet')
    expect(screen.getByText(/you are next/)).toBeTruthy()
  })

  it('offers accept and decline when a plot is offered; accepting leads to the membership set-up', async () => {
    entry = position({
      status: 'offered',
      queue_position: null,
      has_open_offer: true,
      offer_token: TOKEN,
      offer_respond_by: '2026-12-01T00:00:00Z',
    })
    renderAt('/queue/ready', `reference=${REF}`)
    await screen.findByRole('heading', { name: 'A plot is yours if you want it' })
    fireEvent.click(screen.getByRole('button', { name: 'Accept the plot' }))
    const next = await screen.findByRole('link', { name: 'Set up your membership' })
    expect(next.getAttribute('href')).toBe(`/sites/bath/tuckers-meadow/setup?offer=${TOKEN}`)
    const call = fetchMock.mock.calls.find(([u]) => String(u).includes('waiting-list-process'))!
    expect(JSON.parse(call[1].body)).toEqual({ action: 'respond', token: TOKEN, accept: true })
    expect(screen.queryByText(/Your place is kept/)).toBeNull()
  })

  it('shows the history as a timeline, newest first, with each position change and its cause', async () => {
    renderAt('/queue/ready', `reference=${REF}`)
    const list = await screen.findByRole('list', { name: 'Your history, newest first' })
    const items = [...list.children].map((li) => li.querySelector('h3')?.textContent)
    expect(items).toEqual([
      'Staff moved you from 9th to 8th',
      'You moved up 3 and down 1 places',
      'You joined the waiting list for Tuckers Meadow',
    ])
    expect(list.textContent).toContain('Reason given: Signed up on paper first')
    expect(list.textContent).toContain('Up 2: 2 people ahead of you were offered a plot.')
    expect(list.textContent).toContain('Up 1: 1 person ahead of you left the list.')
    expect(list.textContent).toContain('Down 1: 1 person moved ahead of you by staff.')
    expect(list.textContent).toContain('During September 2025')
    const call = fetchMock.mock.calls.find(([u]) => String(u).includes('get_waiting_list_history'))!
    expect(JSON.parse(String(call[1].body))).toEqual({ p_reference: REF })
  })

  it('withdraws only after confirming', async () => {
    renderAt('/queue/ready', `reference=${REF}`)
    await screen.findByTestId('queue-position')
    fireEvent.click(screen.getByRole('button', { name: 'Leave this waiting list' }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog.textContent).toContain('You will lose your place (8th)')
    fireEvent.click(screen.getByRole('button', { name: 'Keep my place' }))
    expect(
      fetchMock.mock.calls.filter(([u, i]) => i?.method === 'POST' && !String(u).includes('/rest/v1/rpc/')),
    ).toHaveLength(0)
    fireEvent.click(screen.getByRole('button', { name: 'Leave this waiting list' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, leave the list' }))
    await screen.findByRole('heading', { name: 'This entry is withdrawn' })
    const post = fetchMock.mock.calls.find(([u, i]) => i?.method === 'POST' && !String(u).includes('/rest/v1/rpc/'))!
    expect(JSON.parse(post[1].body)).toEqual({ action: 'withdraw', reference: REF })
  })

  it('rejects a malformed reference and explains an unknown one', async () => {
    entry = null
    renderAt('/queue/ready')
    fireEvent.change(screen.getByLabelText('Your private reference'), { target: { value: 'not valid!' } })
    fireEvent.submit(screen.getByRole('form', { name: 'Find your place' }))
    await screen.findByText(/Enter the reference from your confirmation e-mail/)
    fireEvent.change(screen.getByLabelText('Your private reference'), { target: { value: 'ffffffffffffffff' } })
    fireEvent.submit(screen.getByRole('form', { name: 'Find your place' }))
    await screen.findByText(/No entry has the reference/)
  })

  it('does not save a reference the server does not know, nor say it is saved', async () => {
    entry = null
    renderAt('/queue/ready')
    fireEvent.change(screen.getByLabelText('Your private reference'), { target: { value: 'ffffffffffffffff' } })
    fireEvent.submit(screen.getByRole('form', { name: 'Find your place' }))
    await screen.findByText(/No entry has the reference/)
    expect(references.saved).toEqual([])
    expect(screen.queryByText(/saved in this browser/)).toBeNull()
  })

  it('does not save a malformed reference from a link', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(
        new Response(JSON.stringify({ error: { code: 'invalid_request', message: 'Bad reference.' } }), {
          status: 400,
        }),
      ),
    )
    renderAt('/queue/ready', 'reference=not-a-reference!')
    await screen.findByText(/No entry has the reference/)
    expect(references.saved).toEqual([])
    expect(screen.queryByText(/saved in this browser/)).toBeNull()
  })

  it('forgets a saved reference the server says is unknown, and keeps the others', async () => {
    const other = { reference: '0'.repeat(32), location: 'Elm Field', kind: 'waiting_list' as const, savedAt: '' }
    references.saved = [{ reference: REF, location: 'Tuckers Meadow', kind: 'waiting_list', savedAt: '' }, other]
    entry = null
    renderAt('/queue/ready')
    await screen.findByText(/No entry has the reference/)
    await waitFor(() => expect(references.saved.map((r) => r.reference)).toEqual([other.reference]))
  })

  it('keeps a saved reference when the lookup fails for another reason', async () => {
    references.saved = [{ reference: REF, location: 'Tuckers Meadow', kind: 'waiting_list', savedAt: '' }]
    fetchMock.mockImplementation(() =>
      Promise.resolve(new Response(JSON.stringify({ error: { code: 'internal', message: 'Down.' } }), { status: 500 })),
    )
    renderAt('/queue/ready')
    await screen.findByText(/could not load your place/)
    expect(references.saved.map((r) => r.reference)).toEqual([REF])
  })

  it('says a found reference is saved in this browser', async () => {
    renderAt('/queue/ready', `reference=${REF}`)
    await screen.findByText(/It is saved in this browser/)
  })
})

describe('an offer opened from its e-mailed link', () => {
  it('shows the offer by its token alone, takes the token out of the address, and accepting opens the set-up', async () => {
    const loc = renderAt('/queue/ready', `offer=${TOKEN}&answer=accept`)
    await screen.findByRole('heading', { level: 1, name: 'Your plot offer' })
    await screen.findByRole('heading', { name: 'A plot at Tuckers Meadow, Bath is yours if you want it' })
    expect(screen.getByTestId('offer-deadline').textContent).toBe('1 December 2026')
    expect(loc.history).toContain('/queue/ready')
    expect(screen.queryByLabelText('Your private reference')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Accept the plot' }))
    await screen.findByText('The set-up page')
    expect(loc.history.at(-1)).toBe(`/sites/bath/tuckers-meadow/setup?offer=${TOKEN}`)
  })

  it('declines only after confirming, and says the place was passed on', async () => {
    renderAt('/queue/ready', `offer=${TOKEN}&answer=decline`)
    await screen.findByText(/Decline the plot at Tuckers Meadow\?/)
    fireEvent.click(screen.getByRole('button', { name: 'Keep the offer' }))
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, decline the plot' }))
    await screen.findByRole('heading', { name: 'You declined the plot at Tuckers Meadow, Bath' })
    expect(screen.getByText(/gone to the next person in the queue, and you have left the waiting list/)).toBeTruthy()
    const call = fetchMock.mock.calls.find(([, i]) => String(i?.body).includes('respond'))!
    expect(JSON.parse(call[1].body)).toEqual({ action: 'respond', token: TOKEN, accept: false })
  })

  it('an accepted offer leads to the set-up; an unknown token says the link is not valid', async () => {
    plotOffer = offer({ status: 'accepted', setup_path: `/sites/bath/tuckers-meadow/setup?offer=${TOKEN}` })
    renderAt('/queue/ready', `offer=${TOKEN}&answer=accept`)
    const link = await screen.findByRole('link', { name: 'Set up your membership' })
    expect(link.getAttribute('href')).toBe(`/sites/bath/tuckers-meadow/setup?offer=${TOKEN}`)
    cleanup()
    sessionStorage.clear()
    plotOffer = null
    renderAt('/queue/ready', `offer=${'f'.repeat(32)}&answer=accept`)
    await screen.findByText(/This offer link is not valid/)
  })
})
