// "Find a site near you" on /sites: the postcode box and "Use my location" (fetch and
// navigator.geolocation mocked), the origin in the URL, and the list sorted by distance.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { distanceMiles, parseCoordinates } from '@common/geo'
import { CATALOGUE_SITES } from '@common/catalogue'
import { POSTCODE_FIXTURE } from '../../../../../supabase/functions/_shared/providers/postcodes-fixture'
import { ensureLocationsLoaded, resetLocations } from '@/lib/sites/locations-store'
import type { Site } from '@/lib/sites/types'
import SitesRoute from '../routes/sites-list'
import { GEO_DENIED, GEO_UNAVAILABLE, GEO_UNSUPPORTED } from './NearMe'
import { forgetPostcodes, readOrigin, sortByDistance, withOrigin } from './near-me'

const SW1A = POSTCODE_FIXTURE['SW1A 1AA']!

beforeAll(() => {
  globalThis.__ROOTS_CONFIG__ = { supabaseUrl: 'http://api.test', supabaseAnonKey: 'anon-key' }
})
beforeEach(() => {
  resetLocations()
  forgetPostcodes()
  // The live rows never arrive: the page keeps the built-in catalogue, whose coordinates the
  // expected orders are computed from.
  void ensureLocationsLoaded({ catalogue: () => new Promise(() => {}) })
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

/** fetch: the postcodes function answers `postcodes`; anything else 404s. */
function postcodeService(answers: Record<string, { status: number; body: unknown }>) {
  const calls: unknown[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string | URL | Request, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input)
      if (url === 'http://api.test/functions/v1/postcodes') {
        const body = JSON.parse(String(init?.body)) as { postcode: string }
        calls.push(body)
        const a = answers[body.postcode] ?? {
          status: 404,
          body: { error: { code: 'postcode_not_found', message: 'We could not find that postcode.', details: null } },
        }
        return Promise.resolve(Response.json(a.body, { status: a.status }))
      }
      return Promise.resolve(Response.json({ message: 'no' }, { status: 404 }))
    }),
  )
  return calls
}

const found = (postcode: string, at = SW1A) => ({ status: 200, body: { postcode, ...at } })

function renderSites(search = '') {
  const loc = memoryLocation({ path: '/sites', searchPath: search, record: true })
  // No query client: /sites is a bare route (none in its first load).
  render(
    <Router hook={loc.hook} searchHook={loc.searchHook}>
      <SitesRoute />
    </Router>,
  )
  return loc
}

const cardSlugs = () => screen.getAllByTestId('site-card').map((c) => c.getAttribute('data-slug'))
const distances = () => screen.queryAllByTestId('site-distance').map((d) => d.textContent)
const expectedOrder = (from: { latitude: number; longitude: number }) =>
  [...CATALOGUE_SITES]
    .sort(
      (a, b) =>
        distanceMiles(from, parseCoordinates(a.coordinates)!) - distanceMiles(from, parseCoordinates(b.coordinates)!),
    )
    .map((s) => s.slug)
const postcodeBox = () => screen.getByRole('textbox', { name: 'Postcode' }) as HTMLInputElement

function geolocation(impl: (ok: PositionCallback, fail: PositionErrorCallback) => void) {
  const getCurrentPosition = vi.fn((ok: PositionCallback, fail?: PositionErrorCallback | null) => impl(ok, fail!))
  vi.stubGlobal('navigator', { ...globalThis.navigator, geolocation: { getCurrentPosition } })
  return getCurrentPosition
}

describe('sorting by distance', () => {
  const site = (slug: string, coordinates: string | null) => ({ slug, coordinates }) as unknown as Site
  it('puts the nearest first, with miles, and sites without coordinates last in their order', () => {
    const sorted = sortByDistance(
      [
        site('none-a', null),
        site('bath', '51.3925,-2.3211'),
        site('bad', 'x,y'),
        site('croydon', '51.3560,-0.0900'),
        site('none-b', null),
      ],
      SW1A,
    )
    expect(sorted.map((s) => s.site.slug)).toEqual(['croydon', 'bath', 'none-a', 'bad', 'none-b'])
    expect(sorted[0]!.miles).toBeCloseTo(distanceMiles(SW1A, { latitude: 51.356, longitude: -0.09 }), 6)
    expect(sorted[0]!.miles! > 9 && sorted[0]!.miles! < 11).toBe(true)
    expect(sorted.slice(2).map((s) => s.miles)).toEqual([null, null, null])
  })

  it('reads and writes the origin in the query string, keeping the filters', () => {
    expect(readOrigin('near=sw1a1aa&city=bath')).toEqual({ kind: 'postcode', postcode: 'SW1A 1AA', raw: 'sw1a1aa' })
    expect(readOrigin('near=nope')).toEqual({ kind: 'postcode', postcode: null, raw: 'nope' })
    expect(readOrigin('lat=51.5&lng=-0.12')).toEqual({ kind: 'point', point: { latitude: 51.5, longitude: -0.12 } })
    expect(readOrigin('lat=951&lng=0')).toBeNull()
    expect(readOrigin('city=bath')).toBeNull()
    expect(withOrigin('city=bath&near=X1', { postcode: 'SW1A 1AA' })).toBe('city=bath&near=SW1A1AA')
    expect(withOrigin('near=SW1A1AA&status=open', { point: { latitude: 51.123456, longitude: -0.987654 } })).toBe(
      'status=open&lat=51.1235&lng=-0.9877',
    )
    expect(withOrigin('city=bath&lat=1&lng=2', null)).toBe('city=bath')
  })
})

describe('the near-me panel on /sites', () => {
  it('refuses a malformed postcode inline, without a lookup, and keeps what was typed', async () => {
    const calls = postcodeService({})
    const loc = renderSites()
    fireEvent.change(postcodeBox(), { target: { value: 'SW1A' } })
    fireEvent.click(screen.getByRole('button', { name: 'Find sites' }))
    const message = await screen.findByText('Enter a full UK postcode, like SW1A 1AA.')
    expect(postcodeBox().getAttribute('aria-invalid')).toBe('true')
    expect(postcodeBox().getAttribute('aria-describedby')).toContain(message.id)
    expect(postcodeBox().value).toBe('SW1A')
    expect(calls).toEqual([])
    expect(loc.history).toEqual(['/sites'])
    expect(distances()).toEqual([])
  })

  it('sorts by distance from a postcode, shows miles and the origin, puts it in the URL, and clears it', async () => {
    const calls = postcodeService({ 'SW1A 1AA': found('SW1A 1AA') })
    const loc = renderSites()
    const before = cardSlugs()
    fireEvent.change(postcodeBox(), { target: { value: ' sw1a1aa ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Find sites' }))
    await screen.findByText('Sorted by distance from SW1A 1AA.')
    expect(calls).toEqual([{ postcode: 'SW1A 1AA' }])
    expect(loc.history.at(-1)).toBe('/sites?near=SW1A1AA')
    expect(cardSlugs()).toEqual(expectedOrder(SW1A))
    const nearest = CATALOGUE_SITES.find((s) => s.slug === cardSlugs()[0])!
    expect(distances()[0]).toBe(`${distanceMiles(SW1A, parseCoordinates(nearest.coordinates)!).toFixed(1)} miles away`)
    expect(distances()).toHaveLength(CATALOGUE_SITES.length)
    expect(postcodeBox().value).toBe('SW1A 1AA')
    expect(screen.getByText(/sites shown, nearest first/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }))
    await waitFor(() => expect(distances()).toEqual([]))
    expect(cardSlugs()).toEqual(before)
    expect(loc.history.at(-1)).toBe('/sites')
  })

  it('says when a postcode is not known, keeps it in the box and leaves the order alone', async () => {
    postcodeService({})
    const loc = renderSites()
    const before = cardSlugs()
    fireEvent.change(postcodeBox(), { target: { value: 'ZE2 9ZZ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Find sites' }))
    expect(await screen.findByText('We could not find that postcode.')).toBeTruthy()
    expect(postcodeBox().value).toBe('ZE2 9ZZ')
    expect(cardSlugs()).toEqual(before)
    expect(loc.history).toEqual(['/sites'])
  })

  it('sorts from the URL after a reload: a postcode looked up once, a position without any lookup', async () => {
    const calls = postcodeService({ 'LS1 1UR': found('LS1 1UR', POSTCODE_FIXTURE['LS1 1UR']) })
    renderSites('near=LS11UR')
    await screen.findByText('Sorted by distance from LS1 1UR.')
    expect(cardSlugs()).toEqual(expectedOrder(POSTCODE_FIXTURE['LS1 1UR']!))
    expect(postcodeBox().value).toBe('LS1 1UR')
    expect(calls).toHaveLength(1)
    cleanup()
    const none = postcodeService({})
    renderSites('lat=50.8136&lng=-0.3713')
    expect(screen.getByText('Sorted by distance from your location.')).toBeTruthy()
    expect(cardSlugs()[0]).toBe('cissbury-fields')
    expect(none).toEqual([])
  })

  it("uses the browser's location: a status while locating, then sorted from there", async () => {
    postcodeService({})
    let answer: PositionCallback = () => {}
    const ask = geolocation((ok) => {
      answer = ok
    })
    const loc = renderSites()
    fireEvent.click(screen.getByRole('button', { name: 'Use my location' }))
    expect(ask).toHaveBeenCalledOnce()
    expect(screen.getByText('Finding your location…').getAttribute('role')).toBe('status')
    act(() => answer({ coords: { latitude: 53.8, longitude: -1.55 } } as GeolocationPosition))
    await screen.findByText('Sorted by distance from your location.')
    expect(loc.history.at(-1)).toBe('/sites?lat=53.8000&lng=-1.5500')
    expect(cardSlugs()).toEqual(expectedOrder({ latitude: 53.8, longitude: -1.55 }))
    expect(cardSlugs()[0]).toBe('providence-pastures')
  })

  it('explains a refused or unavailable location, and a browser without one', () => {
    postcodeService({})
    geolocation((_ok, fail) => fail({ code: 1, message: 'denied' } as GeolocationPositionError))
    renderSites()
    fireEvent.click(screen.getByRole('button', { name: 'Use my location' }))
    expect(screen.getByRole('alert').textContent).toBe(GEO_DENIED)
    expect(distances()).toEqual([])
    cleanup()
    geolocation((_ok, fail) => fail({ code: 3, message: 'timeout' } as GeolocationPositionError))
    renderSites()
    fireEvent.click(screen.getByRole('button', { name: 'Use my location' }))
    expect(screen.getByRole('alert').textContent).toBe(GEO_UNAVAILABLE)
    cleanup()
    vi.stubGlobal('navigator', { ...globalThis.navigator, geolocation: undefined })
    renderSites()
    fireEvent.click(screen.getByRole('button', { name: 'Use my location' }))
    expect(within(screen.getByRole('region', { name: 'Find a site near you' })).getByRole('alert').textContent).toBe(
      GEO_UNSUPPORTED,
    )
  })
})
