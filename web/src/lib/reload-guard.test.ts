import { describe, expect, it } from 'vitest'
import { guardedReload, RELOAD_GUARD_KEY, RELOAD_GUARD_TTL_MS } from './reload-guard'

function setup() {
  const m = new Map<string, string>()
  const storage = {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
  }
  let t = 50_000
  let reloads = 0
  const opts = {
    storage,
    now: () => t,
    reload: () => {
      reloads++
    },
  }
  return {
    m,
    opts,
    advance: (ms: number) => {
      t += ms
    },
    reloads: () => reloads,
  }
}

describe('reload guard', () => {
  it('reloads the first time and records when', () => {
    const s = setup()
    expect(guardedReload(s.opts)).toBe(true)
    expect(s.reloads()).toBe(1)
    expect(s.m.get(RELOAD_GUARD_KEY)).toBe('50000')
  })

  it('refuses a second reload within 10 s and allows it after', () => {
    const s = setup()
    guardedReload(s.opts)
    s.advance(RELOAD_GUARD_TTL_MS - 1)
    expect(guardedReload(s.opts)).toBe(false)
    expect(s.reloads()).toBe(1)
    s.advance(1)
    expect(guardedReload(s.opts)).toBe(true)
    expect(s.reloads()).toBe(2)
  })

  it('ignores a garbage stamp and still reloads without storage', () => {
    const s = setup()
    s.m.set(RELOAD_GUARD_KEY, 'nonsense')
    expect(guardedReload(s.opts)).toBe(true)
    let n = 0
    expect(guardedReload({
      storage: null,
      reload: () => {
        n++
      },
    })).toBe(true)
    expect(n).toBe(1)
  })
})
