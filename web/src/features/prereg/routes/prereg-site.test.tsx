import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import { Component, type ReactNode } from 'react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { Route, Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { loadLocations, locations, resetLocations } from '@/lib/sites/locations-store'
import { fakeSource } from '@/lib/sites/test-source'
import { configureApi, json, stubRest } from '@/lib/content/test-utils'
import { resetPricesCache } from '@/lib/sites/site-details'
import PreregSiteRoute from './prereg-site'

class Catch extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown }
  static getDerivedStateFromError(error: unknown) {
    return { error }
  }
  override render() {
    const e = this.state.error as { status?: number; message?: string } | null
    return e ? (
      <p data-testid='error'>
        {e.status} {e.message}
      </p>
    ) : (
      this.props.children
    )
  }
}

function renderAt(path: string) {
  const loc = memoryLocation({ path, record: true })
  render(
    <Router hook={loc.hook}>
      <Catch>
        <Route path='/prereg/:site'>
          <PreregSiteRoute />
        </Route>
      </Catch>
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

describe('/prereg/{site}', () => {
  it('sends an active site to its site page', async () => {
    const loc = renderAt('/prereg/avon-views')
    await act(() => loadLocations(fakeSource()))
    expect(loc.history.at(-1)).toBe('/sites/bath/avon-views')
  })

  it("is 404 'Page not found' for an unknown site", async () => {
    renderAt('/prereg/atlantis')
    await act(() => loadLocations(fakeSource()))
    expect(screen.getByTestId('error').textContent).toBe('404 Page not found')
  })

  it("is 404 'Page not found' for an open site whose offer does not exist", async () => {
    renderAt('/prereg/ouse-fields')
    await act(() => loadLocations(fakeSource()))
    expect(screen.getByTestId('error').textContent).toBe('404 Page not found')
  })

  it('shows an open site with an offer, and an upcoming one without', async () => {
    renderAt('/prereg/tuckers-meadow')
    await act(() => loadLocations(fakeSource()))
    expect(screen.getByRole('heading', { level: 1, name: 'Tuckers Meadow: the queue is open' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Join the waiting list' }).getAttribute('href')).toBe(
      '/prereg/tuckers-meadow/signup',
    )
    cleanup()
    renderAt('/prereg/daffodil-views')
    expect(locations.settled).toBe(true)
    expect(screen.getByRole('heading', { level: 1, name: 'Coming soon: Daffodil Views' })).toBeTruthy()
  })

  it('shows the same rich details as a site page, with its own call to action and link preview', async () => {
    stubRest({
      'rpc/get_site_list_stats': () =>
        json([
          {
            list_length: 3,
            waiting: 3,
            top_joined_on: '2025-01-09',
            offers_last_year: 0,
            window_months: 4,
            estimated_wait_months: null,
          },
        ]),
      plans: () =>
        json([
          {
            id: 2,
            name: 'Full plot monthly',
            description: 'A full plot, tools, water and seeds',
            plot_size: 'full',
            price_pence: 2999,
            billing_interval: 'month',
          },
        ]),
      joining_fees: () => json([{ amount_pence: 2500 }]),
    })
    renderAt('/prereg/tuckers-meadow')
    await act(() => loadLocations(fakeSource()))
    for (const name of ['About this site', 'The waiting list', 'Prices', 'Questions and answers']) {
      expect(screen.getByRole('region', { name })).toBeTruthy()
    }
    await waitFor(() => expect(screen.getByTestId('estimated-wait').textContent).toBe('Not enough movement yet'))
    expect(screen.getByRole('region', { name: 'The waiting list' }).textContent).toContain(
      'No plot has been offered from this list in the last 12 months',
    )
    expect(screen.getByRole('region', { name: 'Prices' }).textContent).toContain('£29.99 a month')
    expect(document.title).toBe('Tuckers Meadow allotments, Bath: join the queue | Roots Allotments')
    expect(document.head.querySelector('meta[property="og:url"]')?.getAttribute('content')).toMatch(
      /\/prereg\/tuckers-meadow$/,
    )
    // Without a photo, the default preview image.
    expect(document.head.querySelector('meta[property="og:image"]')?.getAttribute('content')).toMatch(
      /\/og-default\.png$/,
    )
    cleanup()
    // The page's preview tags leave with it.
    expect(document.head.querySelector('meta[property="og:title"]')).toBeNull()
    renderAt('/prereg/daffodil-views')
    expect(screen.getByRole('link', { name: 'Pre-register now' }).getAttribute('href')).toBe(
      '/prereg/daffodil-views/signup',
    )
    expect(screen.getByRole('region', { name: 'Pre-registration' })).toBeTruthy()
    expect(screen.getByRole('region', { name: 'Questions and answers' }).textContent).toContain(
      'Daffodil Views is not open yet',
    )
    expect(document.title).toBe('Coming soon: Daffodil Views allotments, Chester | Roots Allotments')
  })
})
