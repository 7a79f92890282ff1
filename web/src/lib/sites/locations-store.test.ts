import { beforeEach, describe, expect, it, vi } from 'vitest'
import {
  ensureLocationsLoaded,
  loadLocations,
  locations,
  type LocationsSource,
  resetLocations,
} from './locations-store'
import { fakeSource } from './test-source'

vi.mock(
  '@/config/env',
  () => ({ env: () => ({ supabaseUrl: 'http://api.test', supabaseAnonKey: 'anon-key' }) }),
)

const storedRow = {
  id: 1,
  city: 'Bath',
  city_slug: 'bath',
  location: 'Tuckers Meadow',
  slug: 'tuckers-meadow',
  status: 'active',
  allotments: 400,
  offer_id: 3,
}

/** The sites function's answer (built by its own assembly) for these tables, counted. */
function source(
  over: Parameters<typeof fakeSource>[0] = {},
): LocationsSource & { catalogue: ReturnType<typeof vi.fn> } {
  const inner = fakeSource({
    sites: () =>
      Promise.resolve([storedRow, {
        id: 150,
        city: 'York',
        city_slug: 'york',
        location: 'Ouse Fields',
        slug: 'ouse-fields',
        status: 'open',
      }]),
    counts: (names: string[]) =>
      Promise.resolve(
        names.filter((n) => n === 'Tuckers Meadow' || n === 'Exeter').map((n) => ({
          location: n,
          count: n === 'Exeter' ? 4 : 9,
        })),
      ),
    offers: () => Promise.resolve([{ id: 3, slug: 'x', title: 'X', settings: {} }]),
    ctaSettings: () =>
      Promise.resolve([{
        id: 1,
        cta: 'Join Free Today',
        promo: 'p',
        link_route: 'landing-site-join' as const,
      }]),
    ...over,
  })
  return { catalogue: vi.fn(() => inner.catalogue()) }
}

beforeEach(() => resetLocations())

describe('locations store', () => {
  it('starts from the built-in catalogue, not loaded', () => {
    expect(locations.loaded).toBe(false)
    expect(locations.settled).toBe(false)
    expect(locations.sites.find((s) => s.slug === 'tuckers-meadow')?.builtin).toBe(true)
    expect(locations.sites.find((s) => s.slug === 'avon-views')?.cta_link).toBe(
      '/prereg/avon-views/signup',
    )
  })

  it("takes the sites function's answer: stored over built-in, counts, offers, the with-offer list, CTA settings", async () => {
    await loadLocations(source())
    expect([locations.loaded, locations.settled, locations.offersLoaded]).toEqual([
      true,
      true,
      true,
    ])
    const tm = locations.sites.find((s) => s.slug === 'tuckers-meadow')!
    expect([tm.allotments, tm.status, tm.builtin, tm.waiting_list_count]).toEqual([
      400,
      'active',
      false,
      9,
    ])
    expect(locations.sites.find((s) => s.slug === 'ouse-fields')!.waiting_list_count).toBe(0)
    expect(locations.storedSites.map((s) => s.slug)).toEqual(['tuckers-meadow', 'ouse-fields'])
    expect(locations.places.find((p) => p.location === 'Exeter')!.waiting_list_count).toBe(4)
    expect(locations.offers.map((o) => o.id)).toEqual([3])
    expect(locations.sitesWithOffer.find((s) => s.slug === 'tuckers-meadow')!.offer!.slug).toBe('x')
    expect(locations.sitesWithOffer.some((s) => s.slug === 'ouse-fields')).toBe(false)
    expect(locations.ctaSettings.map((c) => c.promo)).toEqual(['p'])
  })

  it('silently ignores a failed answer and keeps rendering the built-ins (loaded stays false)', async () => {
    await loadLocations(source({ counts: () => Promise.reject(new Error('rpc failed')) }))
    expect([locations.loaded, locations.settled, locations.offersLoaded]).toEqual([
      false,
      true,
      false,
    ])
    expect(locations.sites.find((s) => s.slug === 'tuckers-meadow')!.builtin).toBe(true)
  })

  it('keeps the last answer when a later one fails', async () => {
    await loadLocations(source())
    await loadLocations({ catalogue: () => Promise.reject(new Error('down')) })
    expect(locations.sites.find((s) => s.slug === 'tuckers-meadow')!.waiting_list_count).toBe(9)
    await loadLocations({ catalogue: () => Promise.resolve({ sites: 'nonsense' } as never) })
    expect(locations.sites.find((s) => s.slug === 'tuckers-meadow')!.waiting_list_count).toBe(9)
  })

  it('keeps each list it holds when an answer repeats it, so readers do not render again', async () => {
    const src = source()
    await loadLocations(src)
    const before = { ...locations }
    // The same tables answered again (new objects, equal values): nothing is replaced.
    await loadLocations(src)
    for (
      const key of [
        'sites',
        'storedSites',
        'places',
        'offers',
        'sitesWithOffer',
        'ctaSettings',
      ] as const
    ) {
      expect(locations[key], key).toBe(before[key])
    }
    // One count changes: the lists that carry it are replaced, the others kept.
    await loadLocations(source({
      counts: (names: string[]) =>
        Promise.resolve(
          names.filter((n) => n === 'Tuckers Meadow').map((n) => ({ location: n, count: 10 })),
        ),
    }))
    expect(locations.sites).not.toBe(before.sites)
    expect(locations.sites.find((s) => s.slug === 'tuckers-meadow')!.waiting_list_count).toBe(10)
    expect(locations.offers).toBe(before.offers)
    expect(locations.ctaSettings).toBe(before.ctaSettings)
  })

  it('loads once for many callers', async () => {
    const src = source()
    await Promise.all([
      ensureLocationsLoaded(src),
      ensureLocationsLoaded(src),
      ensureLocationsLoaded(src),
    ])
    expect(src.catalogue).toHaveBeenCalledTimes(1)
  })
})

describe('when the first load starts', () => {
  it('after the paint for catalogue pages, at once when a page that must judge asks', async () => {
    const frames: FrameRequestCallback[] = []
    const raf = vi.spyOn(globalThis, 'requestAnimationFrame').mockImplementation((fn) => {
      frames.push(fn)
      return frames.length
    })
    try {
      const src = source()
      const first = ensureLocationsLoaded(src, 'afterPaint')
      await Promise.resolve()
      expect(src.catalogue).not.toHaveBeenCalled()
      // A site page mounts: the waiting load goes now, once.
      const second = ensureLocationsLoaded(src, 'now')
      await vi.waitFor(() => expect(src.catalogue).toHaveBeenCalledTimes(1))
      await Promise.all([first, second])
      expect(locations.settled).toBe(true)
      expect(src.catalogue).toHaveBeenCalledTimes(1)
    } finally {
      raf.mockRestore()
    }
  })
})

describe('the source the app uses', () => {
  it('reads GET /functions/v1/sites as anon, revalidating every time', async () => {
    const { functionSource } = await import('./locations-store')
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ sites: [] }), { status: 200 }),
    )
    try {
      await functionSource.catalogue()
      const [url, init] = fetch.mock.calls[0]!
      expect(String(url)).toBe('http://api.test/functions/v1/sites')
      expect(init?.cache).toBe('no-cache')
      expect(new Headers(init?.headers).get('apikey')).toBe('anon-key')
    } finally {
      fetch.mockRestore()
    }
  })
})
