import { describe, expect, it, vi } from 'vitest'
import {
  afterFirstPaint,
  afterNextPaint,
  IDLE_TIMEOUT_MS,
  LOAD_FALLBACK_MS,
  NEXT_PAINT_FALLBACK_MS,
  nextTask,
} from './after-first-paint'

function fakeWindow(withFrames: boolean) {
  const frames: Array<() => void> = []
  const win = {
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    requestAnimationFrame: withFrames
      ? (fn: () => void) => {
        frames.push(fn)
        return frames.length
      }
      : undefined,
  } as unknown as Window & typeof globalThis
  return { win, paint: () => frames.splice(0).forEach((f) => f()) }
}

describe('afterNextPaint', () => {
  it('waits for a painted frame to be shown (the frame after it), then resolves in the next task', async () => {
    vi.useFakeTimers()
    const { win, paint } = fakeWindow(true)
    let resolved = false
    void afterNextPaint(win).then(() => {
      resolved = true
    })
    await vi.advanceTimersByTimeAsync(10)
    expect(resolved).toBe(false)
    paint()
    await vi.advanceTimersByTimeAsync(0)
    expect(resolved).toBe(false)
    paint()
    await vi.advanceTimersByTimeAsync(0)
    expect(resolved).toBe(true)
    vi.useRealTimers()
  })

  it('resolves anyway when no frame comes (a background tab)', async () => {
    vi.useFakeTimers()
    const { win } = fakeWindow(true)
    let resolved = false
    void afterNextPaint(win).then(() => {
      resolved = true
    })
    await vi.advanceTimersByTimeAsync(NEXT_PAINT_FALLBACK_MS - 1)
    expect(resolved).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(resolved).toBe(true)
    vi.useRealTimers()
  })
})

function loadingWindow(readyState: DocumentReadyState) {
  const listeners = new Set<() => void>()
  const idles: Array<{ fn: () => void; timeout?: number }> = []
  const win = {
    document: { readyState },
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    addEventListener: (type: string, fn: () => void) => {
      if (type === 'load') listeners.add(fn)
    },
    removeEventListener: (type: string, fn: () => void) => {
      if (type === 'load') listeners.delete(fn)
    },
    requestIdleCallback: (fn: () => void, opts?: { timeout?: number }) => {
      idles.push({ fn, timeout: opts?.timeout })
      return idles.length
    },
  } as unknown as Window & typeof globalThis
  return { win, idles, listeners, load: () => [...listeners].forEach((f) => f()) }
}

describe('afterFirstPaint', () => {
  it('waits for the load event, then for the browser to be idle (with a bounded wait)', async () => {
    vi.useFakeTimers()
    const { win, idles, load, listeners } = loadingWindow('interactive')
    let resolved = false
    void afterFirstPaint(win).then(() => {
      resolved = true
    })
    await vi.advanceTimersByTimeAsync(100)
    expect(idles).toHaveLength(0)
    load()
    expect(idles).toEqual([{ fn: expect.any(Function), timeout: IDLE_TIMEOUT_MS }])
    expect(listeners.size).toBe(0)
    await vi.advanceTimersByTimeAsync(0)
    expect(resolved).toBe(false)
    idles[0].fn()
    await vi.advanceTimersByTimeAsync(0)
    expect(resolved).toBe(true)
    // The load fallback that is still pending asks for no second idle callback.
    await vi.advanceTimersByTimeAsync(LOAD_FALLBACK_MS)
    expect(idles).toHaveLength(1)
    vi.useRealTimers()
  })

  it('stops waiting for a load event that a stalled subresource holds back', async () => {
    vi.useFakeTimers()
    const { win, idles, load, listeners } = loadingWindow('interactive')
    void afterFirstPaint(win)
    await vi.advanceTimersByTimeAsync(LOAD_FALLBACK_MS - 1)
    expect(idles).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(idles).toHaveLength(1)
    expect(listeners.size).toBe(0)
    load()
    expect(idles).toHaveLength(1)
    vi.useRealTimers()
  })

  it('goes straight to the idle wait when the page has already loaded', () => {
    const { win, idles, listeners } = loadingWindow('complete')
    void afterFirstPaint(win)
    expect(idles).toHaveLength(1)
    expect(listeners.size).toBe(0)
  })
})

describe('nextTask', () => {
  it("uses the browser's scheduler.yield where there is one", async () => {
    const yielded = vi.fn(() => Promise.resolve())
    const win = { scheduler: { yield: yielded }, setTimeout: vi.fn() } as unknown as
      & Window
      & typeof globalThis
    await nextTask(win)
    expect(yielded).toHaveBeenCalledOnce()
    expect(win.setTimeout).not.toHaveBeenCalled()
  })

  it('otherwise resolves only after a zero-delay timer, not in the same task', async () => {
    vi.useFakeTimers()
    let resolved = false
    void nextTask(globalThis as Window & typeof globalThis).then(() => {
      resolved = true
    })
    await Promise.resolve()
    await Promise.resolve()
    expect(resolved).toBe(false)
    await vi.advanceTimersByTimeAsync(0)
    expect(resolved).toBe(true)
    vi.useRealTimers()
  })
})
