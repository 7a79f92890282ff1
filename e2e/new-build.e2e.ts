// New-build detection in a real browser: the build publishes /builds/latest.json; once a newer
// build is published, regaining focus finds it and the next route change reloads the page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import {
  configureApp,
  countPageLoads,
  launchChromium,
  newContext,
  openApp,
  pageLoads,
  webUrl,
} from './support/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

describe('new build detection', () => {
  it('the build publishes its id; a newer one triggers a reload on the next route change', async () => {
    const context = await newContext(browser)
    await configureApp(context)
    await countPageLoads(context)
    const page = await context.newPage()
    await openApp(page, '/')

    const published = await page.evaluate(async () =>
      (await fetch('/builds/latest.json', { cache: 'no-store' })).json()
    )
    expect(published).toEqual({
      buildId: expect.stringMatching(/\S+/),
      builtAt: expect.any(String),
    })
    expect(Number.isNaN(Date.parse(published.builtAt))).toBe(false)

    // Deploy a newer build.
    await context.route(
      /\/builds\/latest\.json\?t=\d+$/,
      (route) =>
        route.fulfill({
          contentType: 'application/json',
          body: JSON.stringify({
            buildId: `${published.buildId}-next`,
            builtAt: new Date().toISOString(),
          }),
        }),
    )
    // The watcher starts once the page has loaded and gone idle, which on a busy machine can be
    // after the test gets here: the page regains focus now and then until the watcher has polled.
    const polled = page.waitForResponse(/\/builds\/latest\.json\?t=\d+$/, { timeout: 120_000 })
    await page.evaluate(() => {
      dispatchEvent(new Event('focus'))
      const w = window as unknown as { __refocus: ReturnType<typeof setInterval> }
      w.__refocus = setInterval(() => dispatchEvent(new Event('focus')), 250)
    })
    await polled
    await page.evaluate(() =>
      clearInterval((window as unknown as { __refocus: ReturnType<typeof setInterval> }).__refocus)
    )
    expect(await pageLoads(page)).toBe(1)

    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', {
        name: 'Coming soon',
        exact: true,
      }).click(),
    ])
    await page.locator('main#main').waitFor()
    expect(page.url()).toBe(`${webUrl()}/pre-register`)
    expect(await pageLoads(page)).toBe(2)
    await context.close()
  })
})
