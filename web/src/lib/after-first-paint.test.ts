import { describe, expect, it, vi } from 'vitest'
import { afterNextPaint, NEXT_PAINT_FALLBACK_MS } from './after-first-paint'

function fakeWindow(withFrames: boolean) {
  const frames: Array<() => void> = []
  const win = {
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    requestAnimationFrame: withFrames ? (fn: () => void) => { frames.push(fn); return frames.length } : undefined,
  } as unknown as Window & typeof globalThis
  return { win, paint: () => frames.splice(0).forEach((f) => f()) }
}

describe('afterNextPaint', () => {
  it('waits for a painted frame to be shown (the frame after it), then resolves in the next task', async () => {
    vi.useFakeTimers()
    const { win, paint } = fakeWindow(true)
    let resolved = false
    void afterNextPaint(win).then(() => { resolved = true })
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
    void afterNextPaint(win).then(() => { resolved = true })
    await vi.advanceTimersByTimeAsync(NEXT_PAINT_FALLBACK_MS - 1)
    expect(resolved).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(resolved).toBe(true)
    vi.useRealTimers()
  })
})
