// Redirects on navigation in a real browser, against the stack's `redirect-lookup` function and
// the seeded table: a legacy path, internal and external /s/{code} short links, the cached table
// preloaded with the HTML and revalidated with its ETag, and a rule added after a returning
// visitor stored the table.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { configureApp, launchChromium, newContext, openApp, webUrl } from './support/browser'
import { serviceRest } from './public-support'

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

const LOOKUP = /\/functions\/v1\/redirect-lookup$/

/** Statuses and If-None-Match headers of the page's redirect-table requests. */
function watchLookups(page: Page) {
  const seen: Array<{ ifNoneMatch: string | null; status: number }> = []
  page.on('response', async (res) => {
    if (!LOOKUP.test(res.url()) || res.request().method() !== 'GET') return
    const headers = await res.request().allHeaders()
    seen.push({ ifNoneMatch: headers['if-none-match'] ?? null, status: res.status() })
  })
  return seen
}

/** Every URL the page's main frame shows from now on, history changes included. */
function watchNavigations(page: Page) {
  const seen: string[] = []
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) seen.push(frame.url())
  })
  return seen
}

async function visitor(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser)
  await configureApp(context)
  return { context, page: await context.newPage() }
}

describe('redirects on navigation', () => {
  it('follows a legacy path (any case, trailing slash) and revalidates the cached table with its ETag', async () => {
    // The browser's own HTTP cache is part of what is judged, so this context routes nothing
    // (Playwright turns Chromium's cache off in a context with any route, config.js's included):
    // the app reads the stack's own /config.js.
    const context = await newContext(browser)
    const page = await context.newPage()
    await page.clock.install()
    const lookups = watchLookups(page)
    await openApp(page, '/Our-Sites/')
    await page.waitForURL(`${webUrl()}/sites`)
    await page.waitForLoadState('networkidle')
    // One request: the app's first read takes the table the HTML preloaded alongside the bundle.
    expect(lookups).toEqual([{ ifNoneMatch: null, status: 200 }])
    const stored = await page.evaluate(() => localStorage.getItem('roots:redirects:v1'))
    const etag = (JSON.parse(stored!) as { etag: string }).etag

    // Warm: the next load answers from localStorage at once. Its one request is the preload
    // again (the app's read takes it), which the browser's cache now sends with the table's ETag
    // (Cache-Control no-cache: a kept table is checked on every use, and the function answers
    // 304 while it has not changed) rather than answering by itself from a table minutes old.
    // Ruddington Fields is open, so its site page passes the visitor on to pre-registration (the
    // route rules): the legacy path's own hop is seen among the navigations, whenever the
    // second one lands (on a busy machine it may come before the app is ready).
    const visited = watchNavigations(page)
    await openApp(page, '/notts')
    await page.waitForURL(`${webUrl()}/prereg/ruddington-fields`)
    expect(visited).toContain(`${webUrl()}/sites/nottingham/ruddington-fields`)
    await page.waitForLoadState('networkidle')
    expect(lookups.map((l) => l.ifNoneMatch)).toEqual([null, etag])

    // Five minutes on, the next navigation revalidates in the background with the ETag.
    await page.clock.fastForward('06:00')
    await page.evaluate(() => {
      history.pushState(null, '', '/sites')
      dispatchEvent(new PopStateEvent('popstate'))
    })
    await expect.poll(() => lookups.length).toBe(3)
    expect(lookups[2]!.ifNoneMatch).toBe(etag)
    expect(lookups[2]!.status).toBe(304)
    await context.close()
  })

  it('a returning visitor follows a rule added since their table was stored, however late the table answers', async () => {
    const tag = Date.now().toString(36)
    const old = `/sites/gone-${tag}/old-acre-${tag}`
    const { context, page } = await visitor()
    await openApp(page, '/sites')
    await page.waitForLoadState('networkidle')
    const storedRules = () =>
      page.evaluate(() =>
        (JSON.parse(localStorage.getItem('roots:redirects:v1') ?? '{"redirects":[]}') as {
          redirects: { from: string }[]
        }).redirects.map((r) => r.from)
      )
    expect((await storedRules()).length).toBeGreaterThan(0)
    expect(await storedRules()).not.toContain(old)
    // Staff add a rule (as closing a site does) while this browser keeps the table without it.
    await serviceRest('redirects', {
      method: 'POST',
      body: JSON.stringify({ source_path: old, target: '/sites', status_code: 301 }),
    })
    try {
      // A slow line: the table answers seconds after the site list. The stored table shows pages
      // at once, but the unknown site page must wait for this visit's answer before /404. (What
      // is judged here is the table in localStorage: this context routes, so Chromium's HTTP
      // cache is off; the test above and the archive journey judge the HTTP cache.)
      await page.route(LOOKUP, async (route) => {
        await new Promise((r) => setTimeout(r, 3000))
        await route.continue().catch(() => {})
      })
      // Each try is this same browser: the function may still hold its table of a few seconds
      // ago (REDIRECTS_CACHE_MS) for the first one.
      await expect.poll(async () => {
        await openApp(page, old)
        await page.waitForURL((u) => u.pathname === '/sites' || u.pathname === '/404')
        return new URL(page.url()).pathname
      }, { timeout: 60_000 }).toBe('/sites')
      expect(await storedRules()).toContain(old)
    } finally {
      await serviceRest(`redirects?source_path=eq.${encodeURIComponent(old)}`, { method: 'DELETE' })
      await context.close()
    }
  })

  it('follows an internal short link while navigating inside the app', async () => {
    const { context, page } = await visitor()
    await openApp(page, '/')
    const visited = watchNavigations(page)
    await page.evaluate(() => {
      history.pushState(null, '', '/s/tm?utm_source=flyer')
      dispatchEvent(new PopStateEvent('popstate'))
    })
    // Tucker's Meadow is open: its site page then passes the visitor on to pre-registration.
    await page.waitForURL(`${webUrl()}/prereg/tuckers-meadow?utm_source=flyer`)
    expect(visited).toContain(`${webUrl()}/sites/bath/tuckers-meadow?utm_source=flyer`)
    await context.close()
  })

  it('follows an external short link with location.replace', async () => {
    const { context, page } = await visitor()
    // This machine is loopback-only: the external site is answered by the browser harness.
    await context.route(
      'https://www.instagram.com/**',
      (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: '<!doctype html><title>Instagram stand-in</title><h1>Roots on Instagram</h1>',
        }),
    )
    await openApp(page, '/')
    await page.evaluate(() => {
      history.pushState(null, '', '/s/pwp')
      dispatchEvent(new PopStateEvent('popstate'))
    })
    await page.waitForURL('https://www.instagram.com/rootsallotments/')
    expect(await page.title()).toBe('Instagram stand-in')
    // location.replace: the short link is not left in the history.
    await page.goBack()
    await page.waitForURL(`${webUrl()}/`)
    await context.close()
  })
})
