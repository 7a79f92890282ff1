// An unmatched route shows page-not-found with the full path, accessibly, at 1280 and 360 px.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import {
  configureApp,
  launchChromium,
  newContext,
  openApp,
  seriousViolations,
} from './support/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

describe('page not found', () => {
  for (const width of [1280, 360]) {
    it(`shows the 404 page with the full path at ${width} px`, async () => {
      const context = await newContext(browser, width)
      await configureApp(context)
      const page = await context.newPage()
      await openApp(page, '/no/such/Place?from=e2e#top')
      const heading = page.getByRole('heading', { level: 1 })
      expect(await heading.textContent()).toContain('Page Not Found')
      expect(await page.getByTestId('not-found-path').textContent()).toBe(
        '/no/such/Place?from=e2e#top',
      )
      expect(await page.title()).toBe('Page Not Found | Roots Allotments')
      expect(await page.locator('[data-variant="not-found"]').count()).toBe(1)
      // Nothing overflows sideways on a small phone.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= globalThis.innerWidth),
      ).toBe(true)
      expect(await seriousViolations(page)).toEqual([])
      // A visitor answers the cookie banner before carrying on (on a phone it covers the page's foot).
      await page.getByRole('button', { name: 'Necessary only' }).click()
      await page.getByRole('link', { name: 'Go to the home page' }).click()
      await page.getByRole('heading', { level: 1, name: 'Grow your own at a Roots allotment' })
        .waitFor()
      await context.close()
    })
  }
})
