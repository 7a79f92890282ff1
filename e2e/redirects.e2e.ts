// Redirects on navigation in a real browser: a legacy path and a /s/{code} short link. The
// redirect table comes from the `redirect-lookup` edge function's contract; until that function
// exists in supabase/functions this journey answers for it (same URL, body and ETag rules).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext } from 'playwright-core'
import { configureApp, launchChromium, newContext, openApp, webUrl } from './support/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

interface Seen {
  ifNoneMatch: Array<string | null>
}

/** Answers GET {SUPABASE_URL}/functions/v1/redirect-lookup as the contract says. */
async function redirectFunction(context: BrowserContext, shortLinkTarget: string): Promise<Seen> {
  const seen: Seen = { ifNoneMatch: [] }
  const etag = '"table-1"'
  await context.route(`${process.env.SUPABASE_URL}/functions/v1/redirect-lookup`, (route) => {
    const req = route.request()
    if (req.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' } })
    const inm = req.headers()['if-none-match'] ?? null
    seen.ifNoneMatch.push(inm)
    const cors = { 'access-control-allow-origin': '*', 'access-control-expose-headers': 'ETag' }
    if (inm === etag) return route.fulfill({ status: 304, headers: { ...cors, etag } })
    return route.fulfill({
      status: 200,
      contentType: 'application/json',
      headers: { ...cors, etag },
      body: JSON.stringify({
        redirects: [
          { from: '/our-sites', to: '/404?from=our-sites', status: 301 },
          { from: '/s/tm', to: shortLinkTarget, status: 302 },
        ],
      }),
    })
  })
  return seen
}

describe('redirects on navigation', () => {
  it('follows a legacy path internally, any case or trailing slash, without showing the old page', async () => {
    const context = await newContext(browser)
    await configureApp(context)
    const seen = await redirectFunction(context, 'https://example.invalid/')
    const page = await context.newPage()
    await openApp(page, '/Our-Sites/')
    await page.waitForURL(`${webUrl()}/404?from=our-sites`)
    expect(seen.ifNoneMatch).toEqual([null])

    // Warm: a second visit revalidates with the ETag, gets 304 and still redirects.
    await openApp(page, '/our-sites')
    await page.waitForURL(`${webUrl()}/404?from=our-sites`)
    expect(seen.ifNoneMatch).toEqual([null, '"table-1"'])
    await context.close()
  })

  it('follows a /s/{code} short link to an absolute URL with location.replace', async () => {
    const context = await newContext(browser)
    await configureApp(context)
    // An absolute URL counts as external; on this loopback-only machine it points back at the app.
    const target = `${webUrl()}/404?from=short-link`
    await redirectFunction(context, target)
    const page = await context.newPage()
    await page.goto(`${webUrl()}/`)
    await page.locator('main#main').waitFor()
    await page.evaluate(() => {
      history.pushState(null, '', '/s/tm')
      dispatchEvent(new PopStateEvent('popstate'))
    })
    await page.waitForURL(target)
    await page.getByTestId('not-found-path').waitFor()
    expect(await page.getByTestId('not-found-path').textContent()).toBe('/404?from=short-link')
    // location.replace: the short link is not left in the history.
    await page.goBack()
    await page.waitForURL(`${webUrl()}/`)
    await context.close()
  })
})
