// Navigation for people: every public page of the paths table (web/src/config/paths*.ts)
// is reachable from the home page within three clicks on links a visitor can see, at 1280 px and
// at 360 px with the phone menu opened. The list of pages is read from the paths table, so a new
// page that nothing links to fails here by name; the few pages left out say why. Also: the phone
// menu is a keyboard-operable disclosure, the members' entry point follows the sign-in, and every
// consent box links to the privacy notice without losing what was typed.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paths } from '../web/src/config/paths'
import { PASSWORD } from './admin-support'
import { dismissConsent, noSidewaysScroll } from './public-support'
import {
  gotoInApp,
  launchChromium,
  newContext,
  openApp,
  seriousViolations,
  webUrl,
} from './support/browser'

/** Public pages without parameters that need no link of their own, and why. */
const NOT_LINKED: Record<string, string> = {
  '/404': 'the not-found page',
  '/prereg': 'an older address of /pre-register (same page)',
  '/prereg/Home': 'an older address of /pre-register (same page)',
  '/maps/test': 'a test address of /business-insights/location-map (same page)',
  '/landing/special/sugar-loaf-fields': 'a campaign landing page that adverts link to',
  '/checkout': 'where a cancelled payment returns from the payment page',
  '/checkout/success': 'the result of a payment',
  '/gift-vouchers/success': 'the result of a payment',
  '/prereg/success': 'the result of a form',
  '/welcome-slot/success': 'the result of a booking',
  '/guided-tour/thank-you': 'the result of a booking',
  '/guided-tour/become-member': 'the result of a booking',
  '/seed-sowing/thank-you': 'the result of a sign-up',
  '/queue/keep-place': 'the answer page of the "keep your place?" e-mail (its token is the key)',
  '/members/co-worker': 'the answer page of a co-worker invitation e-mail (its token is the key)',
}

/** Every public page of the paths table without parameters (admin and token pages aside). */
const PUBLIC_PAGES = Object.values(paths).map((p) => p.path as string)
  .filter((p) => !p.startsWith('/admin') && !p.includes(':') && !p.includes('*'))
const MUST_REACH = PUBLIC_PAGES.filter((p) => !(p in NOT_LINKED))
const MAX_CLICKS = 3

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

/** Waits for the page and its lazily loaded footer links; at phone width opens the menu. */
async function settle(page: Page, phone: boolean) {
  await page.locator('main#main').waitFor()
  await page.getByRole('navigation', { name: 'Footer' }).waitFor()
  if (phone) {
    const menu = page.getByRole('button', { name: 'Menu' })
    if (await menu.getAttribute('aria-expanded') !== 'true') await menu.click()
    await page.locator('#site-menu').waitFor()
  }
}

/** Same-origin paths of the links a visitor can see now (no query or fragment). */
async function visibleLinks(page: Page): Promise<string[]> {
  const origin = webUrl()
  const hrefs = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLAnchorElement>('a[href]')]
      .filter((a) =>
        a.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) &&
        a.getClientRects().length > 0
      )
      // An <a> inside an SVG (a chart's bar, a map's marker) has an SVGAnimatedString href.
      .map((a) => {
        const href = a.href as string | SVGAnimatedString
        return typeof href === 'string' ? href : new URL(href.baseVal, document.baseURI).href
      })
  )
  return [
    ...new Set(hrefs.filter((h) => h.startsWith(`${origin}/`)).map((h) => new URL(h).pathname)),
  ]
}

/** Breadth-first from the home page, over visible links, up to MAX_CLICKS: each page's fewest clicks. */
async function crawl(width: number): Promise<Map<string, number>> {
  const context = await newContext(browser, width, 900)
  const page = await context.newPage()
  const clicks = new Map<string, number>([['/', 0]])
  let frontier = ['/']
  for (let depth = 1; depth <= MAX_CLICKS && frontier.length > 0; depth++) {
    const next: string[] = []
    for (const from of frontier) {
      if (MUST_REACH.every((p) => clicks.has(p))) break
      // The home page is loaded; every other page is reached inside the app, as the link a
      // visitor follows takes them there.
      if (from === '/') {
        await openApp(page, from)
        await dismissConsent(page)
      } else await gotoInApp(page, from)
      await settle(page, width < 700)
      for (const to of await visibleLinks(page)) {
        if (clicks.has(to)) continue
        clicks.set(to, depth)
        if (!to.startsWith('/admin')) next.push(to)
      }
    }
    frontier = next
  }
  await context.close()
  return clicks
}

describe('every public page is within three clicks of the home page', () => {
  it('knows why each page it leaves out needs no link, and each of them still exists', () => {
    for (const p of Object.keys(NOT_LINKED)) {
      expect(PUBLIC_PAGES, `${p} is no longer in the paths table`).toContain(p)
    }
    expect(MUST_REACH).toEqual(
      expect.arrayContaining([
        '/privacy',
        '/cookies',
        '/events',
        '/login',
        '/members',
        '/schemes',
        '/welcome-slot',
        '/checkout/new',
        '/vote',
        '/land',
        '/business-insights/location-map',
        '/blogs',
        '/careers',
        '/kb',
        '/gift-vouchers',
      ]),
    )
  })

  for (const width of [1280, 360]) {
    it(`at ${width} px${width < 700 ? ', with the phone menu opened' : ''}`, async () => {
      const clicks = await crawl(width)
      const missing = MUST_REACH.filter((p) => !clicks.has(p))
      expect(missing, `not reachable within ${MAX_CLICKS} clicks from / at ${width} px`).toEqual([])
      // The main sections are one click away: the header (or its menu) and the footer carry them.
      for (
        const p of [
          '/sites',
          '/become-member',
          '/kb',
          '/gift-vouchers',
          '/login',
          '/privacy',
          '/cookies',
        ]
      ) expect(clicks.get(p), p).toBe(1)
    })
  }
})

describe('header, phone menu and footer', () => {
  it('at 1280 px: the main sections in one row, the footer reaching the rest, no menu button', async () => {
    const page = await (await newContext(browser, 1280)).newPage()
    await openApp(page, '/')
    await dismissConsent(page)
    const main = page.getByRole('navigation', { name: 'Main' })
    for (
      const name of [
        'Find a site',
        'Become a member',
        'Guides',
        'Gift vouchers',
        'Events',
        'Member sign-in',
      ]
    ) {
      expect(await main.getByRole('link', { name }).isVisible(), name).toBe(true)
    }
    expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false)
    const footer = page.getByRole('navigation', { name: 'Footer' })
    await footer.waitFor()
    for (
      const name of [
        'Privacy notice',
        'Cookie policy',
        'Subscription agreement',
        'Careers',
        'Blog',
        'Events',
        'Guides',
        'Gift vouchers',
        'Member sign-in',
        'The Roots pledge',
        'Good vibes projects',
        'Offer us your land',
        'Vote for a new site',
        'Membership schemes',
        'Book a welcome slot',
        'Map of our sites',
      ]
    ) {
      expect(await footer.getByRole('link', { name, exact: true }).isVisible(), name).toBe(true)
    }
    expect(
      await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' })
        .isVisible(),
    ).toBe(true)
    expect(await seriousViolations(page)).toEqual([])
    await page.context().close()
  })

  it('at 360 px: a disclosure button that opens with the keyboard, closes on Escape and on navigation', async () => {
    const page = await (await newContext(browser, 360, 740)).newPage()
    await openApp(page, '/')
    await dismissConsent(page)
    const menu = page.getByRole('button', { name: 'Menu' })
    const links = page.locator('#site-menu')
    expect(await menu.getAttribute('aria-expanded')).toBe('false')
    expect(await links.isVisible()).toBe(false)
    expect(await noSidewaysScroll(page)).toBe(true)
    // Keyboard: Tab from the brand reaches the button; Enter opens; the first link is next.
    await page.getByRole('link', { name: 'Roots Allotments' }).focus()
    await page.keyboard.press('Tab')
    expect(await menu.evaluate((el) => el === document.activeElement)).toBe(true)
    await page.keyboard.press('Enter')
    expect(await menu.getAttribute('aria-expanded')).toBe('true')
    expect(await links.getByRole('link', { name: 'Find a site' }).isVisible()).toBe(true)
    expect(await seriousViolations(page)).toEqual([])
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Find a site')
    await page.keyboard.press('Escape')
    expect(await menu.getAttribute('aria-expanded')).toBe('false')
    expect(await menu.evaluate((el) => el === document.activeElement)).toBe(true)
    // A link in the menu navigates and the menu closes.
    await menu.click()
    await links.getByRole('link', { name: 'Gift vouchers' }).click()
    await page.waitForURL((u) => u.pathname === '/gift-vouchers')
    expect(await page.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe(
      'false',
    )
    expect(await page.locator('#site-menu').isVisible()).toBe(false)
    await page.context().close()
  })

  it('the members’ entry point: "Member sign-in", then "My membership" once signed in', async () => {
    const page = await (await newContext(browser, 1280)).newPage()
    await openApp(page, '/')
    await dismissConsent(page)
    const header = page.getByRole('navigation', { name: 'Main' })
    await header.getByRole('link', { name: 'Member sign-in' }).click()
    await page.waitForURL((u) => u.pathname === '/login')
    const form = page.getByRole('form', { name: 'With your password' })
    await form.getByLabel('E-mail address').fill('member@example.com')
    await form.getByLabel('Password').fill(PASSWORD)
    await form.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL((u) => u.pathname === '/members')
    await header.getByRole('link', { name: 'My membership' }).waitFor()
    expect(await header.getByRole('link', { name: 'Member sign-in' }).count()).toBe(0)
    expect(await header.getByRole('link', { name: 'My membership' }).getAttribute('aria-current'))
      .toBe('page')
    await page.context().close()
  })
})

describe('consent boxes link to the privacy notice', () => {
  it('opens the notice in a new tab, so what was typed in the form stays', async () => {
    for (
      const path of [
        paths.preregSiteSignup.getHref({ site: 'daffodil-views' }),
        paths.landingSiteJoin.getHref({ site: 'darenth-fields' }),
      ]
    ) {
      const context = await newContext(browser, 360, 740)
      const page = await context.newPage()
      await openApp(page, path)
      await dismissConsent(page)
      await page.getByLabel('First name').fill('Ada')
      const link = page.getByRole('link', { name: 'privacy notice (opens in a new tab)' })
      expect(await link.getAttribute('href')).toBe('/privacy')
      expect(await link.getAttribute('target')).toBe('_blank')
      expect(await link.getAttribute('rel')).toContain('noopener')
      const [notice] = await Promise.all([context.waitForEvent('page'), link.click()])
      await notice.getByRole('heading', { level: 1, name: 'Privacy notice' }).waitFor()
      expect(new URL(notice.url()).pathname).toBe('/privacy')
      expect(await page.getByLabel('First name').inputValue()).toBe('Ada')
      expect(await page.getByLabel(/I have read the privacy notice/).isChecked()).toBe(false)
      await context.close()
    }
  })

  it('the sowing reminder box too; the notice and the cookie policy read well at 360 px', async () => {
    const context = await newContext(browser, 360, 740)
    const page = await context.newPage()
    await openApp(page, paths.seedSowing.getHref())
    await dismissConsent(page)
    expect(
      await page.getByRole('link', { name: 'privacy notice (opens in a new tab)' }).getAttribute(
        'href',
      ),
    ).toBe('/privacy')
    for (
      const [path, title] of [['/privacy', 'Privacy notice'], [
        '/cookies',
        'Cookie policy',
      ]] as const
    ) {
      await openApp(page, path)
      await page.getByRole('heading', { level: 1, name: title }).waitFor()
      expect(await noSidewaysScroll(page)).toBe(true)
      expect(await seriousViolations(page)).toEqual([])
    }
    await context.close()
  })
})
