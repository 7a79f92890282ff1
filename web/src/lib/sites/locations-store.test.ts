import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ensureLocationsLoaded, loadLocations, locations, type LocationsSource, resetLocations } from './locations-store'

const storedRow = { id: 1, city: 'Bath', city_slug: 'bath', location: 'Tuckers Meadow', slug: 'tuckers-meadow', status: 'active', allotments: 400 }

function source(over: Partial<LocationsSource> = {}): LocationsSource {
  return {
    sites: vi.fn(() => Promise.resolve([storedRow, { id: 150, city: 'York', city_slug: 'york', location: 'Ouse Fields', slug: 'ouse-fields', status: 'open' }])),
    counts: vi.fn((names: string[]) => Promise.resolve(names.filter((n) => n === 'Tuckers Meadow' || n === 'Exeter').map((n) => ({ location: n, count: n === 'Exeter' ? 4 : 9 })))),
    offers: vi.fn(() => Promise.resolve([{ id: 3, slug: 'x', title: 'X', settings: {} }])),
    ctaSettings: vi.fn(() => Promise.resolve([{ id: 1, cta: 'Join Free Today', promo: 'p', link_route: 'landing-site-join' as const }])),
    ...over,
  }
}

beforeEach(() => resetLocations())

describe('locations store', () => {
  it('starts from the built-in catalogue, not loaded', () => {
    expect(locations.loaded).toBe(false)
    expect(locations.sites.find((s) => s.slug === 'tuckers-meadow')?.builtin).toBe(true)
  })

  it('merges stored sites over built-ins, adds counts (0 when missing) and sets loaded', async () => {
    const src = source()
    await loadLocations(src)
    expect(locations.loaded).toBe(true)
    expect(locations.settled).toBe(true)
    const tm = locations.sites.find((s) => s.slug === 'tuckers-meadow')!
    expect([tm.allotments, tm.status, tm.builtin, tm.waiting_list_count]).toEqual([400, 'active', false, 9])
    expect(locations.sites.find((s) => s.slug === 'ouse-fields')!.waiting_list_count).toBe(0)
    expect(locations.places.find((p) => p.location === 'Exeter')!.waiting_list_count).toBe(4)
    expect(locations.offersLoaded).toBe(true)
    // The count call asks for every site and place by name.
    const names = vi.mocked(src.counts).mock.calls[0][0]
    expect(names).toContain('Ouse Fields')
    expect(names).toContain('Isle of Wight')
  })

  it('silently ignores a failed site read and renders from the built-ins (loaded stays false)', async () => {
    await loadLocations(source({ sites: () => Promise.reject(new Error('down')) }))
    expect(locations.loaded).toBe(false)
    expect(locations.settled).toBe(true)
    expect(locations.sites.find((s) => s.slug === 'tuckers-meadow')!.builtin).toBe(true)
    expect(locations.sites.find((s) => s.slug === 'tuckers-meadow')!.waiting_list_count).toBe(9)
  })

  it('leaves the locations as they were when the count call fails', async () => {
    await loadLocations(source())
    const before = locations.sites.find((s) => s.slug === 'tuckers-meadow')!.waiting_list_count
    resetLocationsLoadedOnly()
    await loadLocations(source({ counts: () => Promise.reject(new Error('rpc failed')) }))
    expect(locations.sites.find((s) => s.slug === 'tuckers-meadow')!.waiting_list_count).toBe(before)
    expect(locations.loaded).toBe(false)
  })

  it('loads once for many callers', async () => {
    const src = source()
    await Promise.all([ensureLocationsLoaded(src), ensureLocationsLoaded(src), ensureLocationsLoaded(src)])
    expect(src.sites).toHaveBeenCalledTimes(1)
  })
})

function resetLocationsLoadedOnly() {
  locations.loaded = false
}

describe('locations store timing', () => {
  it('is settled once the sites are in, before the counts answer', async () => {
    resetLocations()
    let answer: (rows: { location: string; count: number }[]) => void = () => {}
    const pending = loadLocations(source({ counts: () => new Promise((resolve) => { answer = resolve }) }))
    await vi.waitFor(() => expect(locations.settled).toBe(true))
    expect(locations.loaded).toBe(false)
    expect(locations.sites.find((s) => s.slug === 'tuckers-meadow')!.status).toBe('active')
    answer([{ location: 'Tuckers Meadow', count: 5 }])
    await pending
    expect(locations.loaded).toBe(true)
    expect(locations.sites.find((s) => s.slug === 'tuckers-meadow')!.waiting_list_count).toBe(5)
  })
})

describe('when the first load starts', () => {
  it('after the paint for catalogue pages, at once when a page that must judge asks', async () => {
    const frames: FrameRequestCallback[] = []
    const raf = vi.spyOn(globalThis, 'requestAnimationFrame').mockImplementation((fn) => { frames.push(fn); return frames.length })
    try {
      const src = source()
      const first = ensureLocationsLoaded(src, 'afterPaint')
      await Promise.resolve()
      expect(src.sites).not.toHaveBeenCalled()
      // A site page mounts: the waiting load goes now, once.
      const second = ensureLocationsLoaded(src, 'now')
      await vi.waitFor(() => expect(src.sites).toHaveBeenCalledTimes(1))
      await Promise.all([first, second])
      expect(locations.settled).toBe(true)
      expect(src.sites).toHaveBeenCalledTimes(1)
    } finally {
      raf.mockRestore()
    }
  })
})
