import { act, cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ensureLocationsLoaded, resetLocations } from '@/lib/sites/locations-store'
import { fakeSource } from '@/lib/sites/test-source'
import { HomeRoute } from './home'

const card = (slug: string) => document.querySelector<HTMLElement>(`[data-testid="site-card"][data-slug="${slug}"]`)
const sitesSection = () => screen.getByRole('region', { name: 'Our sites' })

beforeEach(() => resetLocations())
afterEach(cleanup)

describe('home page', () => {
  it('shows the catalogue at once, busy, then the live rows and counts together', async () => {
    const loading = ensureLocationsLoaded(fakeSource())
    render(<HomeRoute />)
    expect(sitesSection().getAttribute('aria-busy')).toBe('true')
    expect(within(card('avon-views')!).getByTestId('waiting-count').textContent).toBe('0 people waiting')
    expect(card('ouse-fields')).toBeNull()

    await act(() => loading)
    // The deferred re-render has landed: counts, the stored-only site and aria-busy in one go.
    expect(sitesSection().getAttribute('aria-busy')).toBe('false')
    expect(within(card('avon-views')!).getByTestId('waiting-count').textContent).toBe('17 people waiting')
    expect(within(card('tuckers-meadow')!).getByTestId('waiting-count').textContent).toBe('3 people waiting')
    expect(within(screen.getByRole('region', { name: 'York' })).getByRole('link', { name: 'Ouse Fields' })).toBeTruthy()
  })

  it('keeps the catalogue when the sites function fails', async () => {
    const loading = ensureLocationsLoaded(fakeSource({ sites: () => Promise.reject(new Error('down')) }))
    render(<HomeRoute />)
    await act(() => loading)
    expect(card('avon-views')).toBeTruthy()
    expect(within(card('avon-views')!).getByTestId('waiting-count').textContent).toBe('0 people waiting')
    expect(card('ouse-fields')).toBeNull()
    // `loaded` needs the stored sites and counts, so the list stays marked busy.
    expect(sitesSection().getAttribute('aria-busy')).toBe('true')
  })
})
