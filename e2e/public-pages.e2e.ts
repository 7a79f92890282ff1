// Every public page of part 1 at phone and desktop width: the page title pattern, a level-one
// heading, nothing wider than the screen, keyboard focus visible on the first control, and no
// serious or critical axe violation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext } from 'playwright-core'
import {
  configureApp,
  gotoInApp,
  launchChromium,
  newContext,
  openApp,
  seriousViolations,
} from './support/browser'
import { dismissConsent, expectAccessible, noSidewaysScroll } from './public-support'

const PAGES: [path: string, title: string][] = [
  ['/', 'Home'],
  ['/sites', 'Sites'],
  ['/sites?city=bath&status=open', 'Sites'],
  ['/locations', 'Locations'],
  ['/sites/dartford/darenth-fields', 'Darenth Fields allotments, Dartford'],
  ['/sites/dartford/darenth-fields/setup', 'Join Darenth Fields'],
  ['/sites/dartford/darenth-fields/setup/old', 'Join Darenth Fields'],
  ['/pre-register', 'Pre-register'],
  ['/prereg', 'Pre-register'],
  ['/prereg/Home', 'Pre-register'],
  ['/prereg/daffodil-views', 'Coming soon: Daffodil Views allotments, Chester'],
  ['/prereg/daffodil-views/landing', 'Coming soon: Daffodil Views allotments, Chester'],
  ['/prereg/daffodil-views/thankyou', 'Thank you: Daffodil Views'],
  ['/prereg/daffodil-views/signup', 'Pre-register: Daffodil Views'],
  ['/prereg/success', 'You are pre-registered'],
  ['/landing/sugar-loaf-fields', 'Sugar Loaf Fields'],
  ['/landing/sugar-loaf-fields/join', 'Join the waiting list: Sugar Loaf Fields'],
  ['/landing/special/sugar-loaf-fields', 'Sugar Loaf Fields'],
  ['/landing/special/bowshaw-views/join', 'Join the waiting list: Bowshaw Views'],
  ['/landing/special/bowshaw-views/join/success', 'You are on the list'],
  ['/new-site-landing', 'New sites'],
  ['/queue/ready', 'Your place in the queue'],
  ['/welcome-slot?site=tuckers-meadow', 'Book a welcome slot'],
  ['/welcome-slot/success', 'Welcome slot booked'],
  ['/guided-tour', 'Book a guided tour'],
  ['/guided-tour/tuckers-meadow', 'Book a guided tour'],
  ['/guided-tour/become-member', 'Become a member'],
  ['/guided-tour/thank-you', 'Tour booked'],
  ['/gift-vouchers', 'Gift vouchers'],
  ['/gift-vouchers/success', 'No payment found'],
  ['/checkout', 'Checkout'],
  ['/checkout/new', 'Shop'],
  ['/checkout/success', 'No payment found'],
  ['/deposit-checkout', 'Pay a deposit'],
  ['/become-member', 'Become a member'],
  ['/schemes', 'Schemes'],
  ['/subscription-agreement', 'Subscription agreement'],
  ['/members', 'Your membership'],
  ['/members/cancellation', 'Cancel your membership'],
]

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

/**
 * The widths each page is judged at, narrow first: the page is reached once at the first and
 * widened for the next (the app's layout follows the width through CSS alone, so a page widened
 * is the page a wide screen shows; see WIDTHS in e2e/support/a11y-sweep.ts). One walk through the
 * app instead of one per width.
 */
const WIDTHS = [360, 1280]
const HEIGHT = 800

describe('public pages', () => {
  it(`render accessibly at ${WIDTHS.join(' and ')} px`, async () => {
    const context: BrowserContext = await newContext(browser, WIDTHS[0], HEIGHT)
    await configureApp(context)
    const page = await context.newPage()
    await openApp(page, '/')
    await dismissConsent(page)
    // Page to page inside the app, as a visitor goes (every route's fresh load is judged by
    // the route sweep, e2e/a11y-routes.e2e.ts).
    for (const [path, title] of PAGES) {
      await page.setViewportSize({ width: WIDTHS[0], height: HEIGHT })
      await gotoInApp(page, path)
      await expect.poll(() => page.title(), { message: path }).toBe(`${title} | Roots Allotments`)
      await page.getByRole('heading', { level: 1 }).first().waitFor()
      await expect.poll(() => page.getByRole('status').filter({ hasText: /^Loading/ }).count(), {
        message: path,
      }).toBe(0)
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: HEIGHT })
        expect(await noSidewaysScroll(page), `${path} scrolls sideways at ${width}px`).toBe(true)
        expect(await seriousViolations(page), `${path} at ${width}px`).toEqual([])
      }
    }
    // Keyboard: the skip link is the first stop and shows where focus is.
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: HEIGHT })
      await openApp(page, '/sites')
      await page.keyboard.press('Tab')
      const focused = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement
        return { text: el.textContent, outline: getComputedStyle(el).outlineStyle }
      })
      expect(focused.text, `at ${width}px`).toBe('Skip to content')
      expect(focused.outline, `at ${width}px`).not.toBe('none')
      await expectAccessible(page)
    }
    await context.close()
  })
})
