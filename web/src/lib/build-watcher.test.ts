import { describe, expect, it } from 'vitest'
import { BUILD_POLL_INTERVAL_MS, BuildWatcher } from './build-watcher'

function fakeServer(bodies: Array<unknown>) {
  const urls: string[] = []
  const fetch = (async (url: string, init?: RequestInit) => {
    await Promise.resolve()
    urls.push(url)
    expect(init?.cache).toBe('no-store')
    const b = bodies.shift()
    if (b instanceof Error) throw b
    if (typeof b === 'number') return new Response('', { status: b })
    return new Response(JSON.stringify(b), { status: 200 })
  }) as unknown as typeof globalThis.fetch
  return { fetch, urls }
}

describe('build watcher', () => {
  it('polls latest.json with a timestamp query and flags a different build', async () => {
    let t = 1700000000000
    const s = fakeServer([{ buildId: 'A', builtAt: 'x' }, { buildId: 'B', builtAt: 'y' }])
    const w = new BuildWatcher({ currentBuildId: 'A', fetch: s.fetch, now: () => t })
    expect(await w.check()).toBe(false)
    t += 1
    expect(await w.check()).toBe(true)
    expect(s.urls).toEqual([
      '/builds/latest.json?t=1700000000000',
      '/builds/latest.json?t=1700000000001',
    ])
    expect(w.latest).toEqual({ buildId: 'B', builtAt: 'y' })
  })

  it('stays quiet on network errors, missing files and malformed bodies', async () => {
    const s = fakeServer([new TypeError('offline'), 404, { nope: 1 }])
    const w = new BuildWatcher({ currentBuildId: 'A', fetch: s.fetch })
    for (let i = 0; i < 3; i++) expect(await w.check()).toBe(false)
  })

  it('once a new build is seen it stays flagged', async () => {
    const s = fakeServer([{ buildId: 'B', builtAt: '' }, 500])
    const w = new BuildWatcher({ currentBuildId: 'A', fetch: s.fetch })
    await w.check()
    expect(await w.check()).toBe(true)
  })

  it('polls every 5 minutes and on focus or visibility, and stops cleanly', async () => {
    const s = fakeServer([{ buildId: 'A', builtAt: '' }, { buildId: 'A', builtAt: '' }, {
      buildId: 'A',
      builtAt: '',
    }])
    const listeners = new Map<string, () => void>()
    let tick: (() => void) | null = null
    let interval = 0
    let cleared = false
    const doc = { visibilityState: 'visible' as DocumentVisibilityState }
    const w = new BuildWatcher({
      currentBuildId: 'A',
      fetch: s.fetch,
      target: {
        addEventListener: ((type: string, fn: () => void) =>
          void listeners.set(type, fn)) as unknown as Window['addEventListener'],
        removeEventListener: ((type: string) =>
          void listeners.delete(type)) as unknown as Window['removeEventListener'],
        document: doc,
      },
      setInterval: (fn, ms) => {
        tick = fn
        interval = ms
        return 7
      },
      clearInterval: (id) => {
        cleared = id === 7
      },
    })
    w.start()
    expect(interval).toBe(BUILD_POLL_INTERVAL_MS)
    tick!()
    listeners.get('focus')!()
    listeners.get('visibilitychange')!()
    doc.visibilityState = 'hidden'
    listeners.get('visibilitychange')!()
    await Promise.resolve()
    expect(s.urls).toHaveLength(3)
    w.stop()
    expect(cleared).toBe(true)
    expect(listeners.size).toBe(0)
  })
})
