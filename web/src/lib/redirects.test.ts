import { describe, expect, it, vi } from 'vitest'
import { normaliseRedirectPath as normalisePath } from '@common/redirect-paths'
import { LOOKUP_TIMEOUT_MS, RedirectCache, REFRESH_INTERVAL_MS, STORAGE_KEY } from './redirects'

const TABLE = {
  redirects: [
    { from: '/our-sites', to: '/sites', status: 301 },
    { from: '/s/tm', to: 'https://example.org/tuckers-meadow?utm=sl', status: 302 },
    { from: '/Notts/', to: '/sites/nottingham-allotments/ruddington-fields', status: 301 },
    { from: '/join-us', to: '/our-sites', status: 301 },
    { from: '/loop-a', to: '/loop-b', status: 301 },
    { from: '/loop-b', to: '/loop-a', status: 301 },
    { from: '/evil', to: 'javascript:alert(1)', status: 302 },
    { from: '/evil2', to: '//evil.example', status: 302 },
    { from: '/bad-status', to: '/x', status: 200 },
  ],
}

function memoryStorage() {
  const m = new Map<string, string>()
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    m,
  }
}

function server(responses: Array<() => Response>) {
  const requests: Array<{ url: string; headers: Record<string, string> }> = []
  const fetch = (async (url: string, init?: RequestInit) => {
    await Promise.resolve()
    requests.push({ url, headers: { ...(init?.headers as Record<string, string>) } })
    const next = responses.shift()
    if (!next) throw new TypeError('Failed to fetch')
    return next()
  }) as unknown as typeof globalThis.fetch
  return { fetch, requests }
}

const ok = (body: unknown, etag = '"v1"') => () =>
  new Response(JSON.stringify(body), { status: 200, headers: { etag } })
const notModified = () => new Response(null, { status: 304 })

describe('normalisePath', () => {
  it('drops query, hash, case, repeated and trailing slashes', () => {
    expect(normalisePath('/Our-Sites/')).toBe('/our-sites')
    expect(normalisePath('/our-sites//?x=1#top')).toBe('/our-sites')
    expect(normalisePath('//S//TM')).toBe('/s/tm')
    expect(normalisePath('/')).toBe('/')
    expect(normalisePath('')).toBe('/')
    expect(normalisePath('/caf%C3%A9')).toBe('/café')
  })
})

describe('redirect cache', () => {
  const URL = 'http://api/functions/v1/redirect-lookup'

  it('is cold and empty until the first fetch settles, then answers synchronously', async () => {
    const s = server([ok(TABLE)])
    const c = new RedirectCache({
      url: URL,
      fetch: s.fetch,
      storage: memoryStorage(),
      headers: { apikey: 'k' },
    })
    expect(c.ready).toBe(false)
    expect(c.lookup('/our-sites')).toBeNull()
    await c.refresh()
    expect(c.ready).toBe(true)
    expect(s.requests[0]).toEqual({ url: URL, headers: { apikey: 'k' } })
    expect(c.lookup('/our-sites')).toEqual({ to: '/sites', status: 301, external: false })
    expect(c.lookup('/OUR-SITES/')).toEqual({ to: '/sites', status: 301, external: false })
    expect(c.lookup('/notts')).toMatchObject({
      to: '/sites/nottingham-allotments/ruddington-fields',
    })
    expect(c.lookup('/sites')).toBeNull()
  })

  it('follows external redirects as external, with their own query', async () => {
    const c = new RedirectCache({ url: URL, fetch: server([ok(TABLE)]).fetch, storage: null })
    await c.refresh()
    expect(c.lookup('/s/tm?x=1')).toEqual({
      to: 'https://example.org/tuckers-meadow?utm=sl',
      status: 302,
      external: true,
    })
  })

  it('keeps the query and hash on an internal redirect, follows chains, and refuses loops', async () => {
    const c = new RedirectCache({ url: URL, fetch: server([ok(TABLE)]).fetch, storage: null })
    await c.refresh()
    expect(c.lookup('/our-sites?city=bath#map')).toMatchObject({ to: '/sites?city=bath#map' })
    expect(c.lookup('/join-us')).toMatchObject({ to: '/sites', status: 301 })
    expect(c.lookup('/loop-a')).toBeNull()
  })

  it('ignores rules with unsafe targets or a non-redirect status', async () => {
    const c = new RedirectCache({ url: URL, fetch: server([ok(TABLE)]).fetch, storage: null })
    await c.refresh()
    expect(c.lookup('/evil')).toBeNull()
    expect(c.lookup('/evil2')).toBeNull()
    expect(c.lookup('/bad-status')).toBeNull()
  })

  it('persists to storage; a new instance is warm at once and revalidates with If-None-Match', async () => {
    const storage = memoryStorage()
    let t = 1_000
    const first = new RedirectCache({
      url: URL,
      fetch: server([ok(TABLE, '"abc"')]).fetch,
      storage,
      now: () => t,
    })
    await first.refresh()
    expect(JSON.parse(storage.m.get(STORAGE_KEY)!)).toMatchObject({
      etag: '"abc"',
      fetchedAt: 1_000,
    })

    const s = server([notModified])
    const second = new RedirectCache({ url: URL, fetch: s.fetch, storage, now: () => t })
    expect(second.ready).toBe(true)
    expect(second.lookup('/our-sites')).toMatchObject({ to: '/sites' })
    expect(second.isStale()).toBe(false)
    await second.refreshIfStale()
    expect(s.requests).toHaveLength(0)
    t += REFRESH_INTERVAL_MS
    await second.refreshIfStale()
    expect(s.requests[0]!.headers['if-none-match']).toBe('"abc"')
    // 304 keeps the table and restarts the clock.
    expect(second.lookup('/our-sites')).toMatchObject({ to: '/sites' })
    expect(second.isStale()).toBe(false)
  })

  it('with a preloading page, takes the preload with a plain GET first, then revalidates with If-None-Match', async () => {
    const storage = memoryStorage()
    let t = 1_000
    await new RedirectCache({
      url: URL,
      fetch: server([ok(TABLE, '"abc"')]).fetch,
      storage,
      now: () => t,
    }).refresh()
    const s = server([ok(TABLE, '"abc"'), notModified])
    const warm = new RedirectCache({
      url: URL,
      fetch: s.fetch,
      storage,
      now: () => t,
      preloaded: true,
    })
    let calls = 0
    warm.subscribe(() => calls++)
    t += 1
    await warm.refresh()
    expect(s.requests[0]!.headers['if-none-match']).toBeUndefined()
    // The same ETag: the table did not change; subscribers hear once, that it is now checked
    // (pages may call an address unknown); the clock restarts.
    expect(calls).toBe(1)
    expect(warm.checked).toBe(true)
    expect(JSON.parse(storage.m.get(STORAGE_KEY)!)).toMatchObject({
      etag: '"abc"',
      fetchedAt: 1_001,
    })
    t += REFRESH_INTERVAL_MS
    await warm.refreshIfStale()
    expect(s.requests[1]!.headers['if-none-match']).toBe('"abc"')
    expect(warm.lookup('/our-sites')).toMatchObject({ to: '/sites' })
    // A 304 later on changes nothing anybody renders.
    expect(calls).toBe(1)
  })

  it('a stored table is ready at once but checked only once this session has asked: answered or failed', async () => {
    const storage = memoryStorage()
    await new RedirectCache({ url: URL, fetch: server([ok(TABLE, '"abc"')]).fetch, storage })
      .refresh()
    // The next visit: the stored table renders pages at once, but it may predate a site's
    // closure, so it is not yet checked.
    const closed = { from: '/sites/bath/closed-acre', to: '/sites/bath/open-acre', status: 301 }
    const s = server([ok({ redirects: [...TABLE.redirects, closed] }, '"def"')])
    const next = new RedirectCache({ url: URL, fetch: s.fetch, storage })
    expect(next.ready).toBe(true)
    expect(next.checked).toBe(false)
    expect(next.lookup('/sites/bath/closed-acre')).toBeNull()
    await next.refresh()
    expect(next.checked).toBe(true)
    expect(next.lookup('/sites/bath/closed-acre')).toMatchObject({ to: '/sites/bath/open-acre' })
    // Offline: the read fails, the stored table stays, and it counts as checked (pages may then
    // send an address to /404 rather than wait for ever).
    const offline = new RedirectCache({ url: URL, fetch: server([]).fetch, storage })
    expect(offline.checked).toBe(false)
    await offline.refresh()
    expect(offline.checked).toBe(true)
    expect(offline.lookup('/sites/bath/closed-acre')).toMatchObject({ to: '/sites/bath/open-acre' })
  })

  it('says when a table is known: at once when warm, after the first answer when cold, or after the wait', async () => {
    vi.useFakeTimers()
    try {
      let answer: (r: Response) => void = () => {}
      const cold = new RedirectCache({
        url: URL,
        fetch: () =>
          new Promise((r) => {
            answer = r
          }),
        storage: null,
      })
      let ready = false
      void cold.whenReady().then(() => {
        ready = true
      })
      void cold.refresh()
      await vi.advanceTimersByTimeAsync(10)
      expect(ready).toBe(false)
      answer(ok(TABLE)())
      await vi.advanceTimersByTimeAsync(0)
      expect(ready).toBe(true)
      await cold.whenReady()

      const never = new RedirectCache({
        url: URL,
        fetch: () => new Promise(() => {}),
        storage: null,
      })
      let gaveUp = false
      void never.whenReady(500).then(() => {
        gaveUp = true
      })
      await vi.advanceTimersByTimeAsync(499)
      expect(gaveUp).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      expect(gaveUp).toBe(true)
    } finally {
      vi.useRealTimers()
    }
  })

  it('replaces the table on a 200 and notifies subscribers', async () => {
    const s = server([
      ok(TABLE, '"1"'),
      ok({ redirects: [{ from: '/new', to: '/sites', status: 301 }] }, '"2"'),
    ])
    const c = new RedirectCache({ url: URL, fetch: s.fetch, storage: null })
    let calls = 0
    c.subscribe(() => calls++)
    await c.refresh()
    await c.refresh()
    expect(calls).toBe(2)
    expect(c.lookup('/our-sites')).toBeNull()
    expect(c.lookup('/new')).toMatchObject({ to: '/sites' })
    expect(s.requests[1]!.headers['if-none-match']).toBe('"1"')
  })

  it('keeps the cached table when the function fails, errors or answers nonsense', async () => {
    const s = server([
      ok(TABLE),
      () => new Response('{"code":"NOT_FOUND"}', { status: 404 }),
      () => new Response('oops', { status: 500 }),
      () => new Response('not json', { status: 200 }),
      ok({ nope: true }),
    ])
    const c = new RedirectCache({ url: URL, fetch: s.fetch, storage: null })
    await c.refresh()
    for (let i = 0; i < 5; i++) await c.refresh()
    expect(c.lookup('/our-sites')).toMatchObject({ to: '/sites' })
  })

  it('gives up on a lookup that hangs after LOOKUP_TIMEOUT_MS, keeping the stored table, and counts it checked', async () => {
    vi.useFakeTimers()
    try {
      const storage = memoryStorage()
      await new RedirectCache({ url: URL, fetch: server([ok(TABLE)]).fetch, storage }).refresh()
      let aborted = false
      const hanging = new RedirectCache({
        url: URL,
        // Answers only by failing when its request is aborted, as fetch does.
        fetch: (_url, init) =>
          new Promise((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () => {
              aborted = true
              reject(new DOMException('aborted', 'AbortError'))
            })
          }),
        storage,
      })
      void hanging.refresh()
      await vi.advanceTimersByTimeAsync(LOOKUP_TIMEOUT_MS - 1)
      expect([aborted, hanging.checked]).toEqual([false, false])
      await vi.advanceTimersByTimeAsync(1)
      expect([aborted, hanging.checked]).toEqual([true, true])
      expect(hanging.lookup('/our-sites')).toMatchObject({ to: '/sites' })
    } finally {
      vi.useRealTimers()
    }
  })

  it('is ready after a failed cold fetch, so pages still render', async () => {
    const c = new RedirectCache({ url: URL, fetch: server([]).fetch, storage: null })
    await c.refresh()
    expect(c.ready).toBe(true)
    expect(c.checked).toBe(true)
    expect(c.size).toBe(0)
  })

  it('shares one request between concurrent refreshes', async () => {
    const s = server([ok(TABLE)])
    const c = new RedirectCache({ url: URL, fetch: s.fetch, storage: null })
    await Promise.all([c.refresh(), c.refresh(), c.refresh()])
    expect(s.requests).toHaveLength(1)
  })
})
