// Resolves once the page has loaded and the browser is idle (or after a short wait), so
// analytics and error reporting download after the first paint instead of competing with it.
export const IDLE_TIMEOUT_MS = 3000

export function afterFirstPaint(win: Window & typeof globalThis = globalThis as Window & typeof globalThis): Promise<void> {
  return new Promise((resolve) => {
    const idle = () => {
      if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS })
      else win.setTimeout(resolve, 0)
    }
    if (win.document?.readyState === 'complete') idle()
    else win.addEventListener('load', idle, { once: true })
  })
}
