import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { Route, Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { loadLocations, resetLocations } from '@/lib/sites/locations-store'
import { fakeSource } from '@/lib/sites/test-source'
import SitePageRoute, { embedSrc } from './site-page'

function renderAt(path: string) {
  const loc = memoryLocation({ path, record: true })
  render(
    <Router hook={loc.hook}>
      <Route path='/sites/:cityslug/:slug'><SitePageRoute /></Route>
      <Route path='/sites/:cityslug/:slug/old'><SitePageRoute /></Route>
    </Router>,
  )
  return loc
}

beforeEach(() => resetLocations())
afterEach(cleanup)

describe('site page route rules', () => {
  it('waits for the stored sites before judging', () => {
    const loc = renderAt('/sites/york/ouse-fields')
    expect(screen.getByRole('status').textContent).toContain('Loading')
    expect(loc.history).toEqual(['/sites/york/ouse-fields'])
  })

  it('shows an active built-in site at once, and still sends it on if its stored row is not active', async () => {
    const loc = renderAt('/sites/dartford/darenth-fields')
    expect(screen.getByRole('heading', { level: 1, name: 'Darenth Fields' })).toBeTruthy()
    await act(() => loadLocations(fakeSource({ sites: () => Promise.resolve([{ id: 12, city: 'Dartford', city_slug: 'dartford', location: 'Darenth Fields', slug: 'darenth-fields', status: 'upcoming' }]) })))
    expect(loc.history.at(-1)).toBe('/prereg/darenth-fields')
  })

  it('replaces the catalogue\'s details with the stored row once it arrives', async () => {
    renderAt('/sites/dartford/darenth-fields')
    expect(screen.getByRole('heading', { level: 1, name: 'Darenth Fields' })).toBeTruthy()
    expect(screen.queryByText('Plots by the Darent.')).toBeNull()
    const stored = { id: 12, city: 'Dartford', city_slug: 'dartford', location: 'Darenth Fields', slug: 'darenth-fields', status: 'active', description: 'Plots by the Darent.', allotments: 77 }
    await act(() => loadLocations(fakeSource({ sites: () => Promise.resolve([stored]) })))
    expect(screen.getByText('Plots by the Darent.')).toBeTruthy()
    expect(screen.getByText('77')).toBeTruthy()
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
    expect(screen.getByRole('heading', { name: 'From your patch manager, Sam Patch' })).toBeTruthy()
    expect(screen.getByRole('img', { name: /Sam Patch at Avon Views/ }).getAttribute('src')).toBe('https://example.org/pm1.jpg')
    expect(screen.getByRole('link', { name: '01225 000 002' }).getAttribute('href')).toBe('tel:01225000002')
    expect(screen.getByRole('link', { name: 'bath@example.com' }).getAttribute('href')).toBe('mailto:bath@example.com')
    expect(screen.getByRole('link', { name: 'Pay your deposit' }).getAttribute('href')).toBe('https://pay.example.org/deposit')
    // 17 people wait at Avon Views: its waiting list, not "Join Free Today · for your first month free".
    expect(screen.getByRole('link', { name: 'Join the waiting list' }).getAttribute('href')).toBe('/landing/avon-views/join')
    expect(screen.queryByText('for your first month free')).toBeNull()
    expect(screen.getByTestId('site-state').textContent).toBe('Waiting list')
    expect(screen.getByTestId('waiting-count').textContent).toBe('17')
    expect(document.title).toBe('Avon Views | Roots Allotments')
  })

  it('parameter validation failure throws 404 Page Not Found: {path}', () => {
    let caught: unknown
    const loc = memoryLocation({ path: '/sites/bath/bad slug' })
    const onError = (e: ErrorEvent) => e.preventDefault()
    globalThis.addEventListener('error', onError)
    try {
      render(<Router hook={loc.hook}><Route path='/sites/:cityslug/:slug'><SitePageRoute /></Route></Router>)
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
    expect(embedSrc('<iframe src="https://www.google.com/maps/embed?pb=2" width="600"></iframe>')).toBe('https://www.google.com/maps/embed?pb=2')
    expect(embedSrc('javascript:alert(1)')).toBeNull()
    expect(embedSrc('<iframe src="https://evil.example/maps/embed"></iframe>')).toBeNull()
    expect(embedSrc(null)).toBeNull()
  })
})
