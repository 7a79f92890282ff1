import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { getSlots, SLOTS_PAGE_SIZE } from './get-slots'

beforeAll(() => {
  globalThis.__ROOTS_CONFIG__ = { supabaseUrl: 'http://api.test', supabaseAnonKey: 'anon-key' }
})
afterEach(() => vi.unstubAllGlobals())

function answer(total: number) {
  const fetchMock = vi.fn((_url: string) =>
    Promise.resolve(
      new Response('[]', {
        status: 200,
        headers: { 'content-type': 'application/json', 'content-range': `25-49/${total}` },
      }),
    )
  )
  vi.stubGlobal('fetch', fetchMock)
  return () => new URL(String(fetchMock.mock.calls[0]![0]))
}

describe('the welcome slots list', () => {
  it('reads one page of open upcoming slots of a site, counted', async () => {
    const url = answer(61)
    const page = await getSlots({ siteId: '7', when: 'upcoming', status: 'open' }, 1)
    expect(page.total).toBe(61)
    const q = url().searchParams
    expect(q.get('site_id')).toBe('eq.7')
    expect(q.get('cancelled_at')).toBe('is.null')
    expect(q.get('offset')).toBe(String(SLOTS_PAGE_SIZE))
    expect(q.get('limit')).toBe(String(SLOTS_PAGE_SIZE))
    expect(q.get('starts_at')).toMatch(/^gte\./)
  })

  it('cancelled past slots, newest first', async () => {
    const url = answer(3)
    await getSlots({ siteId: '', when: 'past', status: 'cancelled' }, 0)
    const q = url().searchParams
    expect(q.get('cancelled_at')).toBe('not.is.null')
    expect(q.get('starts_at')).toMatch(/^lt\./)
    expect(q.get('order')).toBe('starts_at.desc,id.asc')
    expect(q.get('offset')).toBe('0')
  })
})
