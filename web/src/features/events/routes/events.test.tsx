import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { callsTo, configureApi, json, renderPage, stubRest } from '@/lib/content/test-utils'
import EventsRoute from './events'

beforeAll(configureApi)
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const doc = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] })
const EVENTS = [
  {
    id: 1,
    slug: 'seed-swap',
    title: 'Seed swap, spring',
    description: doc('Bring seeds; take seeds.'),
    location: null,
    starts_at: '2030-04-05T09:00:00Z',
    ends_at: '2030-04-05T12:00:00Z',
    image_url: null,
    site: { id: 1, location: 'Tuckers Meadow', city: 'Bath' },
  },
  {
    id: 2,
    slug: 'compost-workshop',
    title: 'Composting workshop',
    description: null,
    location: 'The shed',
    starts_at: '2030-04-05T13:00:00Z',
    ends_at: null,
    image_url: null,
    site: { id: 3, location: 'Leigh Woods Meadows', city: 'Bristol' },
  },
  {
    id: 3,
    slug: 'harvest-supper',
    title: 'Harvest supper',
    description: null,
    location: null,
    starts_at: '2030-09-20T17:00:00Z',
    ends_at: '2030-09-20T20:00:00Z',
    image_url: null,
    site: { id: 3, location: 'Leigh Woods Meadows', city: 'Bristol' },
  },
]

describe('/events', () => {
  it('asks only for published events that have not finished, and groups them by day', async () => {
    const before = Date.now()
    const fetchMock = stubRest({ events: () => json(EVENTS) })
    renderPage('/events', '/events', EventsRoute)
    await screen.findByRole('heading', { level: 3, name: 'Seed swap, spring' })
    const url = new URL(String(callsTo(fetchMock, 'events')[0]![0]))
    expect(url.searchParams.get('published')).toBe('eq.true')
    const or = url.searchParams.get('or')!
    const t = /ends_at\.gte\.([^,]+),and\(ends_at\.is\.null,starts_at\.gte\.([^)]+)\)/.exec(or)
    expect(t).not.toBeNull()
    expect(t![1]).toBe(t![2])
    expect(Math.abs(new Date(t![1]!).getTime() - before)).toBeLessThan(60_000)
    expect(url.searchParams.get('order')).toBe('starts_at.asc,id.asc')

    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Friday, 5 April 2030',
      'Friday, 20 September 2030',
    ])
    const april = screen.getByRole('region', { name: 'Friday, 5 April 2030' })
    expect(
      within(april)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Seed swap, spring', 'Composting workshop'])
    expect(within(april).getByText('10:00 to 13:00')).toBeTruthy()
    expect(within(april).getByText('Tuckers Meadow, Bath')).toBeTruthy()
    expect(within(april).getByText('The shed')).toBeTruthy()
    expect(screen.getByText('3 upcoming events')).toBeTruthy()
    expect(document.title).toBe('Events | Roots Allotments')
  })

  it('filters by site and by month through the address', async () => {
    stubRest({ events: () => json(EVENTS) })
    const page = renderPage('/events', '/events', EventsRoute)
    await screen.findByRole('heading', { level: 3, name: 'Seed swap, spring' })
    fireEvent.change(screen.getByLabelText('Site'), { target: { value: '3' } })
    await waitFor(() => expect(screen.queryByRole('heading', { level: 3, name: 'Seed swap, spring' })).toBeNull())
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Composting workshop',
      'Harvest supper',
    ])
    expect(page.loc.history.at(-1)).toBe('/events?site=3')
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '2030-09' } })
    await waitFor(() =>
      expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Harvest supper']),
    )
    expect(screen.getByText('1 upcoming event')).toBeTruthy()
    expect(page.loc.history.at(-1)).toBe('/events?site=3&month=2030-09')
    fireEvent.change(screen.getByLabelText('Site'), { target: { value: '1' } })
    await screen.findByText(/No upcoming events match these filters/)
    fireEvent.click(screen.getByRole('button', { name: 'Show all events' }))
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(3))
  })

  it('downloads an event as an .ics file built in the browser', async () => {
    stubRest({ events: () => json(EVENTS) })
    let saved: Blob | undefined
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      saved = b as Blob
      return 'blob:test'
    })
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
    const clicked: HTMLAnchorElement[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this)
    })
    renderPage('/events', '/events', EventsRoute)
    fireEvent.click(await screen.findByRole('button', { name: 'Add Seed swap, spring to your calendar' }))
    expect(clicked).toHaveLength(1)
    expect(clicked[0]!.download).toBe('seed-swap.ics')
    expect(saved!.type).toBe('text/calendar;charset=utf-8')
    const text = await saved!.text()
    expect(text).toContain('\r\nUID:seed-swap@events.rootsallotments.co.uk\r\n')
    expect(text).toContain('\r\nDTSTART:20300405T090000Z\r\nDTEND:20300405T120000Z\r\n')
    expect(text).toContain('\r\nSUMMARY:Seed swap\\, spring\r\n')
    expect(text).toContain('\r\nLOCATION:Tuckers Meadow\\, Bath\r\n')
    expect(text).toContain('\r\nDESCRIPTION:Bring seeds\\; take seeds.\r\n')
    expect(text).toMatch(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/)
  })

  it('has an empty state, and a retry when the read fails', async () => {
    stubRest({ events: () => json([]) })
    renderPage('/events', '/events', EventsRoute)
    await screen.findByText(/No events are planned just now/)
    cleanup()
    stubRest({ events: () => json({ message: 'down' }, 503) })
    renderPage('/events', '/events', EventsRoute)
    // Three retries of a 503 first (1.4 s of waiting): the harness's allowance covers them.
    await screen.findByText('We could not load the events just now.')
  })
})
