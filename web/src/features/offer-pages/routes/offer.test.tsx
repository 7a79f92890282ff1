import { act, cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { renderPage } from '@/lib/content/test-utils'
import { loadLocations, resetLocations } from '@/lib/sites/locations-store'
import { fakeSource } from '@/lib/sites/test-source'
import OfferRoute from './offer'

beforeEach(() => resetLocations())
afterEach(() => cleanup())

const OFFERS = [
  { id: 1, slug: 'tuckers-meadow-join', title: 'Join Tuckers Meadow', settings: { path_params: { site: 'slug' } } },
  {
    id: 2,
    slug: 'avon-views-join',
    title: 'Join Avon Views',
    settings: { description: 'Your own plot by the river.' },
  },
  { id: 3, slug: 'starter-bundle', title: 'Free starter bundle', settings: { cta_setting_id: 2 } },
]

describe('/offers/{slug}', () => {
  it('waits for the offers, then shows the offer with each site’s call to action', async () => {
    renderPage('/offers/:slug', '/offers/avon-views-join', OfferRoute)
    expect(screen.getByRole('status').textContent).toBe('Loading this offer…')
    await act(() => loadLocations(fakeSource({ offers: () => Promise.resolve(OFFERS) })))
    expect(screen.getByRole('heading', { level: 1, name: 'Join Avon Views' })).toBeTruthy()
    expect(screen.getByText('Your own plot by the river.')).toBeTruthy()
    const cta = screen.getByRole('link', { name: 'Join Free Today: Avon Views' })
    expect(cta.getAttribute('href')).toBe('/landing/avon-views/join')
    expect(screen.getByText('for your first month free')).toBeTruthy()
    expect(document.title).toBe('Join Avon Views | Roots Allotments')
  })

  it('sends a bookable (not active) site’s CTA to its sign-up', async () => {
    renderPage('/offers/:slug', '/offers/tuckers-meadow-join', OfferRoute)
    await act(() => loadLocations(fakeSource({ offers: () => Promise.resolve(OFFERS) })))
    expect(screen.getByRole('link', { name: /: Tuckers Meadow$/ }).getAttribute('href')).toBe(
      '/prereg/tuckers-meadow/signup',
    )
  })

  it('shows an offer no site uses with its own promotion and a way to find a site', async () => {
    renderPage('/offers/:slug', '/offers/starter-bundle', OfferRoute)
    await act(() => loadLocations(fakeSource({ offers: () => Promise.resolve(OFFERS) })))
    expect(screen.getByText('FREE £29.99 Starter Bundle When You Join This February')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Find your nearest site' }).getAttribute('href')).toBe('/sites')
  })

  it('is 404 for an unknown offer, and says so when the offers could not be read', async () => {
    const page = renderPage('/offers/:slug', '/offers/no-such-offer', OfferRoute)
    await act(() => loadLocations(fakeSource({ offers: () => Promise.resolve(OFFERS) })))
    await waitFor(() => expect((page.thrown() as { status?: number } | null)?.status).toBe(404))
    page.cleanupErrors()
    cleanup()
    resetLocations()
    renderPage('/offers/:slug', '/offers/avon-views-join', OfferRoute)
    await act(() => loadLocations(fakeSource({ offers: () => Promise.reject(new Error('down')) })))
    expect(screen.getByRole('alert').textContent).toContain('We could not load this offer just now.')
  })
})
