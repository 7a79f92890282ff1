import { act, cleanup, render, screen } from '@testing-library/react'
import { Component, type ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { Route, Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { loadLocations, locations, resetLocations } from '@/lib/sites/locations-store'
import { fakeSource } from '@/lib/sites/test-source'
import PreregSiteRoute from './prereg-site'

class Catch extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown }
  static getDerivedStateFromError(error: unknown) {
    return { error }
  }
  override render() {
    const e = this.state.error as { status?: number; message?: string } | null
    return e ? <p data-testid='error'>{e.status} {e.message}</p> : this.props.children
  }
}

function renderAt(path: string) {
  const loc = memoryLocation({ path, record: true })
  render(<Router hook={loc.hook}><Catch><Route path='/prereg/:site'><PreregSiteRoute /></Route></Catch></Router>)
  return loc
}

beforeEach(() => resetLocations())
afterEach(cleanup)

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
    expect(screen.getByRole('link', { name: 'Join the waiting list' }).getAttribute('href')).toBe('/prereg/tuckers-meadow/signup')
    cleanup()
    renderAt('/prereg/daffodil-views')
    expect(locations.settled).toBe(true)
    expect(screen.getByRole('heading', { level: 1, name: 'Coming soon: Daffodil Views' })).toBeTruthy()
  })
})
