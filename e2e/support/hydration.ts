// Server-rendered pages: the page is in the HTML before the app runs, so a test that
// clicks must wait until the app has taken the page over (React has attached its root to #root:
// from then on it replays a click made while it is still hydrating), and hydration must not have
// failed: React reports a mismatch between the server's HTML and the browser's first render as a
// recoverable error.
import type { Page } from 'playwright-core'

/** React's hydration errors (production builds give their numbers, development their text). */
export const HYDRATION_PROBLEM =
  /hydrat|react\.dev\/errors\/(418|419|421|422|423|425)|server rendered (html|text)|did not match/i

/** Collects every console error and warning and every uncaught error of the page from now on. */
export function watchConsole(page: Page): string[] {
  const seen: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') seen.push(`${m.type()}: ${m.text()}`)
  })
  page.on('pageerror', (e) => seen.push(`uncaught: ${e.message}`))
  return seen
}

/** The hydration problems among what watchConsole collected. */
export const hydrationProblems = (seen: readonly string[]) =>
  seen.filter((s) => HYDRATION_PROBLEM.test(s))

/** Resolves once the app has taken the page over (rendering or hydrating it). */
export async function appReady(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    Object.keys(document.getElementById('root') ?? {}).some((k) =>
      k.startsWith('__reactContainer$')
    )
  )
}

/**
 * Remembers the page's first heading as the HTML parser made it, before any script runs (add
 * before navigating): after hydration `keptServerHeading` says whether React kept that element
 * (hydrated) rather than replacing the page with its own render.
 */
export async function rememberServerHeading(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return
      ;(globalThis as { __serverH1?: Element | null }).__serverH1 = document.querySelector('h1')
    })
  })
}

export const keptServerHeading = (page: Page) =>
  page.evaluate(() => {
    const before = (globalThis as { __serverH1?: Element | null }).__serverH1
    return !!before && before === document.querySelector('h1') && before.isConnected
  })
