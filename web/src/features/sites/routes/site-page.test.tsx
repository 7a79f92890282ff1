import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { Route, Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { loadLocations, resetLocations } from '@/lib/sites/locations-store'
import { fakeSource } from '@/lib/sites/test-source'
import { API, configureApi, json, stubRest } from '@/lib/content/test-utils'
import { resetPricesCache } from '@/lib/sites/site-details'
import { RedirectsKnown } from '@/lib/redirects-known'
import SitePageRoute, { embedSrc } from './site-page'

function renderAt(path: string) {
  const loc = memoryLocation({ path, record: true })
  render(
    <Router hook={loc.hook}>
      <Route path='/sites/:cityslug/:slug'>
        <SitePageRoute />
      </Route>
      <Route path='/sites/:cityslug/:slug/old'>
        <SitePageRoute />
      </Route>
    </Router>,
  )
  return loc
}

beforeAll(configureApi)
beforeEach(() => {
  resetLocations()
  resetPricesCache()
  stubRest({})
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('site page route rules', () => {
  it('waits for the stored sites before judging', () => {
    const loc = renderAt('/sites/york/ouse-fields')
    expect(screen.getByRole('status').textContent).toContain('Loading')
    expect(loc.history).toEqual(['/sites/york/ouse-fields'])
  })

  it('shows an active built-in site at once, and still sends it on if its stored row is not active', async () => {
    const loc = renderAt('/sites/dartford/darenth-fields')
    expect(screen.getByRole('heading', { level: 1, name: 'Darenth Fields' })).toBeTruthy()
    await act(() =>
      loadLocations(
        fakeSource({
          sites: () =>
            Promise.resolve([
              {
                id: 12,
                city: 'Dartford',
                city_slug: 'dartford',
                location: 'Darenth Fields',
                slug: 'darenth-fields',
                status: 'upcoming',
              },
            ]),
        }),
      ),
    )
    expect(loc.history.at(-1)).toBe('/prereg/darenth-fields')
  })

  it("replaces the catalogue's details with the stored row once it arrives", async () => {
    renderAt('/sites/dartford/darenth-fields')
    expect(screen.getByRole('heading', { level: 1, name: 'Darenth Fields' })).toBeTruthy()
    expect(screen.queryByText('Plots by the Darent.')).toBeNull()
    const stored = {
      id: 12,
      city: 'Dartford',
      city_slug: 'dartford',
      location: 'Darenth Fields',
      slug: 'darenth-fields',
      status: 'active',
      description: 'Plots by the Darent.',
      allotments: 77,
    }
    await act(() => loadLocations(fakeSource({ sites: () => Promise.resolve([stored]) })))
    expect(screen.getByText('Plots by the Darent.')).toBeTruthy()
    expect(screen.getByText('77')).toBeTruthy()
  })

  it('judges an unknown site only once the redirect table is known (it may be a closed site)', async () => {
    const loc = memoryLocation({ path: '/sites/bath/closed-acre', record: true })
    const page = (known: boolean) => (
      <Router hook={loc.hook}>
        <RedirectsKnown.Provider value={known}>
          <Route path='/sites/:cityslug/:slug'>
            <SitePageRoute />
          </Route>
        </RedirectsKnown.Provider>
      </Router>
    )
    const { rerender } = render(page(false))
    await act(() => loadLocations(fakeSource()))
    expect(screen.getByRole('status').textContent).toContain('Loading')
    expect(loc.history).toEqual(['/sites/bath/closed-acre'])
    rerender(page(true))
    expect(loc.history.at(-1)).toBe('/404')
  })

  it('sends an unknown site to /404', async () => {
    const loc = renderAt('/sites/bath/nowhere')
    await act(() => loadLocations(fakeSource()))
    expect(loc.history.at(-1)).toBe('/404')
  })

  it('sends a non-active site (and its /old page) to /prereg/{slug}', async () => {
    const loc = renderAt('/sites/bath/tuckers-meadow/old')
    await act(() => loadLocations(fakeSource()))
    expect(loc.history.at(-1)).toBe('/prereg/tuckers-meadow')
  })

  it("keeps the query (a flyer's utm_ tags) when it sends a site on to pre-registration", async () => {
    const loc = renderAt('/sites/bath/tuckers-meadow?utm_source=flyer&utm_campaign=spring')
    await act(() => loadLocations(fakeSource()))
    expect(loc.history.at(-1)).toBe('/prereg/tuckers-meadow?utm_source=flyer&utm_campaign=spring')
  })

  it('renders from the built-ins when the site read fails (a built-in active site still has its page)', async () => {
    renderAt('/sites/wigan/haigh-fields')
    await act(() => loadLocations(fakeSource({ sites: () => Promise.reject(new Error('down')) })))
    expect(screen.getByRole('heading', { level: 1, name: 'Haigh Fields' })).toBeTruthy()
  })

  it('shows every field of an active site', async () => {
    renderAt('/sites/bath/avon-views')
    await act(() => loadLocations(fakeSource()))
    expect(screen.getByRole('heading', { level: 1, name: 'Avon Views' })).toBeTruthy()
    expect(screen.getByText('Raised beds above the river.')).toBeTruthy()
    expect(screen.getByText('By bike: 15 minutes')).toBeTruthy()
    expect(screen.getByText(/Along the river path/)).toBeTruthy()
    expect(screen.getByText('By car: 12 minutes')).toBeTruthy()
    expect(screen.getByText('5 min from the river path')).toBeTruthy()
    expect(screen.getByText('Bath Riverside')).toBeTruthy()
    expect(screen.getByText('Riverside café')).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Your patch manager: Sam Patch' })).toBeTruthy()
    expect(screen.getByRole('img', { name: /Sam Patch at Avon Views/ }).getAttribute('src')).toBe(
      'https://example.org/pm1.jpg',
    )
    expect(screen.getByRole('link', { name: '01225 000 002' }).getAttribute('href')).toBe('tel:01225000002')
    expect(screen.getByRole('link', { name: 'bath@example.com' }).getAttribute('href')).toBe('mailto:bath@example.com')
    expect(screen.getByRole('link', { name: 'Pay your deposit' }).getAttribute('href')).toBe(
      'https://pay.example.org/deposit',
    )
    // 17 people wait at Avon Views: its waiting list, not "Join Free Today · for your first month free".
    expect(screen.getByRole('link', { name: 'Join the waiting list' }).getAttribute('href')).toBe(
      '/landing/avon-views/join',
    )
    expect(screen.queryByText('for your first month free')).toBeNull()
    expect(screen.getByTestId('site-state').textContent).toBe('Waiting list')
    expect(screen.getByTestId('waiting-count').textContent).toBe('17')
    expect(document.title).toBe('Avon Views allotments, Bath | Roots Allotments')
  })

  it('shows the gallery, the list in figures with its method, the prices, the FAQ and a map that links out', async () => {
    const fetchMock = stubRest({
      site_photos: () =>
        json([
          {
            path: 'sites/avon-views/a.jpg',
            small_path: 'sites/avon-views/a-small.jpg',
            alt: 'Raised beds in June',
            sort_order: 0,
          },
          { path: 'sites/avon-views/b.jpg', small_path: null, alt: 'The shed', sort_order: 1 },
        ]),
      'rpc/get_site_list_stats': () =>
        json([
          {
            list_length: 17,
            waiting: 16,
            top_joined_on: '2024-05-02',
            offers_last_year: 8,
            window_months: 12,
            estimated_wait_months: 25.5,
          },
        ]),
      plans: () =>
        json([
          {
            id: 1,
            name: 'Half plot monthly',
            description: 'A half-size plot, tools, water and seeds',
            plot_size: 'half',
            price_pence: 1999,
            billing_interval: 'month',
          },
        ]),
      joining_fees: () => json([{ amount_pence: 2500 }]),
      '/functions/v1/payments/membership-sites': () =>
        json({ deposit_pence: 5000, joining_fee_pence: 2500, sites: [] }),
    })
    renderAt('/sites/bath/avon-views')
    await act(() => loadLocations(fakeSource()))
    await screen.findByTestId('deposit')
    await screen.findByTestId('gallery')
    await waitFor(() => expect(screen.getByTestId('estimated-wait').textContent).toBe('about 2 years and 2 months'))
    expect(
      fetchMock.mock.calls.some(
        ([u]) => String(u).startsWith(`${API}/rest/v1/site_photos?`) && String(u).includes('site_id=eq.2'),
      ),
    ).toBe(true)
    // The gallery: the first photo eager and first in line, the others lazy; each named by its alt.
    const gallery = screen.getByTestId('gallery')
    const big = within(gallery).getByRole('img', { name: 'Raised beds in June' })
    expect(big.getAttribute('src')).toBe(`${API}/storage/v1/object/public/images/sites/avon-views/a.jpg`)
    expect([
      big.getAttribute('loading'),
      big.getAttribute('fetchpriority'),
      big.getAttribute('width'),
      big.getAttribute('height'),
    ]).toEqual(['eager', 'high', '1200', '800'])
    // A photo with a small copy offers both, so a phone downloads the copy; its thumbnail is the copy.
    const photos = `${API}/storage/v1/object/public/images/sites/avon-views`
    expect(big.getAttribute('srcset')).toBe(`${photos}/a-small.jpg 800w, ${photos}/a.jpg 1200w`)
    expect(big.getAttribute('sizes')).toBe('(max-width: 52rem) 100vw, 48rem')
    const thumbs = within(gallery).getByRole('list', { name: 'Choose a photo' }).querySelectorAll('img')
    expect([...thumbs].map((t) => t.getAttribute('src'))).toEqual([`${photos}/a-small.jpg`, `${photos}/b.jpg`])
    const second = gallery.querySelector('img[alt="The shed"]')!
    expect([
      second.getAttribute('loading'),
      (second as HTMLImageElement).hidden,
      second.getAttribute('srcset'),
    ]).toEqual(['lazy', true, null])
    fireEvent.keyDown(big, { key: 'ArrowRight' })
    expect((second as HTMLImageElement).hidden).toBe(false)
    expect(within(gallery).getByRole('button', { name: 'Photo 2 of 2: The shed' }).getAttribute('aria-current')).toBe(
      'true',
    )
    fireEvent.click(within(gallery).getByRole('button', { name: 'Next photo' }))
    expect(
      within(gallery).getByRole('button', { name: 'Photo 1 of 2: Raised beds in June' }).getAttribute('aria-current'),
    ).toBe('true')
    // How to join follows the photos in the document, as on a phone's screen, before the details:
    // reading and tab order follow what is seen, and streamed HTML never paints the details first.
    const join = screen.getByRole('complementary', { name: 'Join Avon Views' })
    const about = screen.getByRole('region', { name: 'About this site' })
    expect(gallery.compareDocumentPosition(join) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(join.compareDocumentPosition(about) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    // The list in figures and how the wait is worked out.
    expect(screen.getByTestId('top-since').textContent).toBe('2 May 2024')
    expect(screen.getByTestId('offers-year').textContent).toBe('8')
    // 17 on the list, 16 of them waiting: the 17th is deciding on an offer, and a newcomer is 17th.
    expect(screen.getByTestId('wait-method').textContent).toContain(
      'offered in the last 12 months (8) and your place if you joined today (17, behind the 16 people waiting)',
    )
    expect(screen.getByTestId('wait-method').textContent).toContain(
      'The other 1 person on the list is considering an offer now.',
    )
    // Prices.
    const plans = screen.getByTestId('plans')
    expect(within(plans).getByRole('rowheader', { name: 'Half plot monthly' })).toBeTruthy()
    expect(plans.textContent).toContain('£19.99 a month')
    expect(screen.getByTestId('joining-fee').textContent).toBe('£25.00')
    expect(screen.getByTestId('deposit').textContent).toBe('£50.00')
    // The FAQ answers with this site's numbers.
    const faq = screen.getByRole('region', { name: 'Questions and answers' })
    expect(faq.textContent).toContain('16 people are waiting and 8 plots were offered in the last 12 months')
    expect(faq.textContent).toContain('The deposit of £50.00 is paid once')
    // The map: a plain panel with the marker until Leaflet is needed, and links out.
    const map = screen.getByRole('region', { name: 'Where it is' })
    expect(within(map).getByRole('img', { name: /Map of Avon Views: its marker at 51.38, -2.39/ })).toBeTruthy()
    expect(
      within(map)
        .getByRole('link', { name: /Open in OpenStreetMap/ })
        .getAttribute('href'),
    ).toBe('https://www.openstreetmap.org/?mlat=51.38&mlon=-2.39#map=16/51.38/-2.39')
    expect(
      within(map)
        .getByRole('link', { name: /Open in Google Maps/ })
        .getAttribute('href'),
    ).toBe('https://maps.google.com/?q=1,2')
    // The link preview: the first photo.
    const meta = (key: string) =>
      document.head.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content')
    expect(meta('og:image')).toBe(`${API}/storage/v1/object/public/images/sites/avon-views/a.jpg`)
    expect(meta('og:title')).toBe('Avon Views allotments, Bath | Roots Allotments')
    expect(meta('og:description')).toBe('Raised beds above the river.')
    expect(meta('og:url')).toMatch(/\/sites\/bath\/avon-views$/)
    expect(meta('twitter:card')).toBe('summary_large_image')
  })

  it('without the list figures or prices (backend down) still shows the count and the FAQ', async () => {
    stubRest({})
    renderAt('/sites/bath/avon-views')
    await act(() => loadLocations(fakeSource()))
    expect(screen.getByTestId('waiting-count').textContent).toBe('17')
    expect(screen.queryByTestId('estimated-wait')).toBeNull()
    expect(screen.getByRole('region', { name: 'Questions and answers' }).textContent).toContain(
      '17 people are on the list now',
    )
  })

  it('parameter validation failure throws 404 Page Not Found: {path}', () => {
    let caught: unknown
    const loc = memoryLocation({ path: '/sites/bath/bad slug' })
    const onError = (e: ErrorEvent) => e.preventDefault()
    globalThis.addEventListener('error', onError)
    try {
      render(
        <Router hook={loc.hook}>
          <Route path='/sites/:cityslug/:slug'>
            <SitePageRoute />
          </Route>
        </Router>,
      )
    } catch (e) {
      caught = e
    } finally {
      globalThis.removeEventListener('error', onError)
    }
    expect((caught as { status?: number })?.status).toBe(404)
    expect((caught as Error).message).toBe('Page Not Found: /sites/bath/bad slug')
  })
})

describe('map embeds', () => {
  it('accept only Google Maps embed URLs, from a URL or an iframe snippet', () => {
    expect(embedSrc('https://www.google.com/maps/embed?pb=1')).toBe('https://www.google.com/maps/embed?pb=1')
    expect(embedSrc('<iframe src="https://www.google.com/maps/embed?pb=2" width="600"></iframe>')).toBe(
      'https://www.google.com/maps/embed?pb=2',
    )
    expect(embedSrc('javascript:alert(1)')).toBeNull()
    expect(embedSrc('<iframe src="https://evil.example/maps/embed"></iframe>')).toBeNull()
    expect(embedSrc(null)).toBeNull()
  })
})
