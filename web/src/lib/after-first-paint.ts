// Resolves once the page has loaded and the browser is idle (or after a short wait), so
// analytics, error reporting and the new-build watcher download after the first paint instead
// of competing with it. One stalled subresource (a photo from a slow host) holds the load event
// back indefinitely, so after LOAD_FALLBACK_MS the wait for it ends anyway.
export const IDLE_TIMEOUT_MS = 3000
export const LOAD_FALLBACK_MS = 10_000

export function afterFirstPaint(
  win: Window & typeof globalThis = globalThis as Window & typeof globalThis,
): Promise<void> {
  return new Promise((resolve) => {
    let waiting = true
    const idle = () => {
      if (!waiting) return
      waiting = false
      win.removeEventListener?.('load', idle)
      if (typeof win.requestIdleCallback === 'function') {
        win.requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS })
      } else win.setTimeout(resolve, 0)
    }
    if (win.document?.readyState === 'complete') return idle()
    win.addEventListener('load', idle, { once: true })
    win.setTimeout(idle, LOAD_FALLBACK_MS)
  })
}

/** The longest wait for a frame: a background tab paints nothing, and its data must still load. */
export const NEXT_PAINT_FALLBACK_MS = 150

/**
 * Resolves just after the next frame has been painted and shown (or soon, where no frame comes). Reads that
 * only refresh what the first paint already shows (live counts over the built-in catalogue, the
 * promo bar) start here, so they never hold up the first paint.
 */
export function afterNextPaint(
  win: Window & typeof globalThis = globalThis as Window & typeof globalThis,
): Promise<void> {
  return new Promise((resolve) => {
    let done = false
    const finish = () => {
      if (done) return
      done = true
      resolve()
    }
    win.setTimeout(finish, NEXT_PAINT_FALLBACK_MS)
    // Two frames: the first frame's callbacks run before it paints, the second's after the
    // painted frame has been shown.
    if (typeof win.requestAnimationFrame === 'function') {
      win.requestAnimationFrame(() => win.requestAnimationFrame(() => win.setTimeout(finish, 0)))
    }
  })
}

interface YieldingScheduler {
  yield?: () => Promise<void>
}

/**
 * Resolves in a later task, so what follows runs after the browser has had its turn (input,
 * a frame). Where the browser has scheduler.yield the continuation goes ahead of other queued
 * work; elsewhere a zero-delay timer.
 */
export function nextTask(
  win: Window & typeof globalThis = globalThis as Window & typeof globalThis,
): Promise<void> {
  const scheduler = (win as { scheduler?: YieldingScheduler }).scheduler
  if (typeof scheduler?.yield === 'function') return scheduler.yield()
  return new Promise((resolve) => win.setTimeout(resolve, 0))
}
