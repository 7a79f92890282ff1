// Pre-registering for an upcoming site, and the pre-registration route rules: /prereg/{site},
// /landing/{site}, the site page's redirects, parameter validation and unmatched routes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { configureApp, launchChromium, newContext, openApp, webUrl } from './support/browser'
import {
  dismissConsent,
  expectAccessible,
  mailTo,
  noSidewaysScroll,
  serviceRest,
  uniqueEmail,
} from './public-support'

let browser: Browser
let context: BrowserContext
let page: Page
beforeAll(async () => {
  browser = await launchChromium()
  context = await newContext(browser)
  await configureApp(context)
  page = await context.newPage()
})
afterAll(async () => {
  await browser?.close()
})

const pathname = () => new URL(page.url()).pathname

describe('pre-registration for an upcoming site', () => {
  for (const width of [1280, 360]) {
    it(`pre-registers from /pre-register at ${width} px`, async () => {
      const ctx = await newContext(browser, width)
      await configureApp(ctx)
      const p = await ctx.newPage()
      await openApp(p, '/pre-register')
      await dismissConsent(p)
      await expect.poll(() => p.title()).toBe('Pre-register | Roots Allotments')
      await expectAccessible(p)
      await p.getByRole('link', { name: 'Pre-register: Daffodil Views' }).click()
      await p.getByRole('heading', { level: 1, name: 'Pre-register for Daffodil Views' }).waitFor()
      expect(new URL(p.url()).pathname).toBe('/prereg/daffodil-views/signup')
      // Bad input first.
      await p.getByLabel('Phone (optional)').fill('call me')
      await p.getByRole('button', { name: 'Pre-register' }).click()
      await p.getByText('Enter a valid phone number, like 07700 900123.').waitFor()
      await p.getByText('Enter your first name.').waitFor()
      expect(await p.getByLabel('Phone (optional)').inputValue()).toBe('call me')
      const email = uniqueEmail(`prereg${width}`)
      await p.getByLabel('First name').fill('Beatrix')
      await p.getByLabel('Last name').fill('Potter')
      await p.getByLabel('E-mail address').fill(email)
      await p.getByLabel('Phone (optional)').fill('07700 900123')
      await p.getByLabel(/I have read the privacy notice/).check()
      await p.getByRole('button', { name: 'Pre-register' }).dblclick()
      // The same answer for a new address as for one already registered: the e-mail has the rest.
      await p.getByRole('heading', { name: 'Check your inbox' }).waitFor()
      const rows = await serviceRest<{ reference: string; site_id: number }[]>(
        `pre_registrations?select=reference,site_id&email_normalised=eq.${
          encodeURIComponent(email)
        }`,
      )
      expect(rows).toHaveLength(1)
      expect(rows[0].site_id).toBe(11)
      const [mail, ...more] = await mailTo(email)
      expect(more).toHaveLength(0)
      const link = mail!.body.match(/https?:\/\/\S+\/prereg\/success\?reference=[^\s)]+/)?.[0]
      expect(link, mail!.body).toBe(
        `${webUrl()}/prereg/success?reference=${encodeURIComponent(rows[0].reference)}`,
      )
      await p.goto(link!)
      await p.getByRole('heading', { level: 1, name: 'You are pre-registered for Daffodil Views' })
        .waitFor()
      expect(new URL(p.url()).pathname).toBe('/prereg/success')
      expect(await p.getByTestId('reference').textContent()).toBe(rows[0].reference)
      await expectAccessible(p)
      expect(await noSidewaysScroll(p)).toBe(true)
      await ctx.close()
    })
  }
})

describe('route rules', () => {
  it('/prereg/{site}: upcoming and open sites show; active goes to the site page; unknown or offerless is 404', async () => {
    await openApp(page, '/prereg/daffodil-views')
    await dismissConsent(page)
    await page.getByRole('heading', { level: 1, name: 'Coming soon: Daffodil Views' }).waitFor()
    await expectAccessible(page)
    await openApp(page, '/prereg/tuckers-meadow')
    await page.getByRole('heading', { level: 1, name: 'Tuckers Meadow: the queue is open' })
      .waitFor()
    await openApp(page, '/prereg/darenth-fields')
    await page.getByRole('heading', { level: 1, name: 'Darenth Fields' }).waitFor()
    expect(pathname()).toBe('/sites/dartford/darenth-fields')
    await openApp(page, '/prereg/no-such-site')
    await page.getByRole('heading', { level: 1, name: /Page not found/ }).waitFor()
    await expect.poll(() => page.title()).toBe('Page not found | Roots Allotments')

    // An open site without an offer.
    const slug = `no-offer-${Date.now().toString(36)}`
    await serviceRest('global_sites', {
      method: 'POST',
      body: JSON.stringify({
        city: 'Bath',
        city_slug: 'bath',
        location: `No Offer ${slug}`,
        slug,
        status: 'open',
      }),
    })
    await openApp(page, `/prereg/${slug}`)
    await page.getByRole('heading', { level: 1, name: /Page not found/ }).waitFor()
  })

  it('the site page (and /old): unknown → /404, non-active → /prereg/{slug}', async () => {
    await openApp(page, '/sites/bath/nowhere-at-all')
    await expect.poll(pathname).toBe('/404')
    await page.getByRole('heading', { level: 1, name: /Page Not Found/ }).waitFor()
    await openApp(page, '/sites/bath/tuckers-meadow/old')
    await expect.poll(pathname).toBe('/prereg/tuckers-meadow')
    await openApp(page, '/sites/chester/daffodil-views')
    await expect.poll(pathname).toBe('/prereg/daffodil-views')
    await openApp(page, '/sites/wigan/haigh-fields/old')
    await page.getByRole('heading', { level: 1, name: 'Haigh Fields' }).waitFor()
    await expect.poll(() => page.title()).toBe('Haigh Fields allotments, Wigan | Roots Allotments')
  })

  it('a stored site overrides its built-in: making Avon Views active gives it a site page', async () => {
    await serviceRest('global_sites?slug=eq.avon-views', {
      method: 'PATCH',
      body: JSON.stringify({ status: 'active' }),
    })
    try {
      await openApp(page, '/sites/bath/avon-views')
      await page.getByRole('heading', { level: 1, name: 'Avon Views' }).waitFor()
      expect(pathname()).toBe('/sites/bath/avon-views')
      // Every site-page field the seed gives it.
      await page.getByRole('heading', { name: 'Getting there' }).waitFor()
      expect(await page.getByText('By bike: 15 minutes').count()).toBe(1)
      expect(await page.getByText('5 min from the river path').count()).toBe(1)
      expect(await page.getByRole('heading', { name: 'Nearby' }).count()).toBe(1)
      expect(await page.getByRole('heading', { name: 'Food and drink' }).count()).toBe(1)
      expect(await page.getByRole('heading', { name: 'Your patch manager: Sam Patch' }).count())
        .toBe(1)
      expect(await page.getByRole('link', { name: '01225 000 002' }).getAttribute('href')).toBe(
        'tel:01225000002',
      )
      expect(await page.getByRole('link', { name: /Open in Google Maps/ }).getAttribute('href'))
        .toContain('maps.google.com')
      await expectAccessible(page)
    } finally {
      await serviceRest('global_sites?slug=eq.avon-views', {
        method: 'PATCH',
        body: JSON.stringify({ status: 'open' }),
      })
    }
  })

  it('/landing/{site}: an active built-in site goes to its site page; others get a landing page', async () => {
    await openApp(page, '/landing/cissbury-fields')
    await expect.poll(pathname).toBe('/sites/worthing/cissbury-fields')
    await openApp(page, '/landing/sugar-loaf-fields')
    await page.getByRole('heading', { level: 1, name: 'Sugar Loaf Fields' }).waitFor()
    expect(pathname()).toBe('/landing/sugar-loaf-fields')
    await expectAccessible(page)
    await openApp(page, '/landing/special/sugar-loaf-fields')
    // People wait at Sugar Loaf Fields: the page offers the waiting list, and no joining promotion
    // (that is for sites where one can become a member today).
    await page.getByRole('heading', { level: 1, name: 'Sugar Loaf Fields' }).waitFor()
    await page.getByRole('link', { name: 'Join the waiting list', exact: true }).waitFor()
    expect(await page.getByText('When You Join This February').count()).toBe(0)
    await openApp(page, '/landing/nowhere/join')
    await page.getByRole('heading', { level: 1, name: /Page not found/ }).waitFor()
  })

  it('parameter validation failure is 404 Page Not Found: {path}; unmatched routes show the full path', async () => {
    await openApp(page, '/sites/bath/bad%20slug!')
    await page.getByRole('heading', { level: 1, name: /Page Not Found: \/sites\/bath\/bad slug!$/ })
      .waitFor()
    await openApp(page, '/prereg/x%20y/signup')
    await page.getByRole('heading', { level: 1, name: /Page Not Found: \/prereg\/x y\/signup$/ })
      .waitFor()
    await openApp(page, '/sites/bath/tuckers-meadow/nothing-here?x=1')
    expect(await page.getByTestId('not-found-path').textContent()).toBe(
      '/sites/bath/tuckers-meadow/nothing-here?x=1',
    )
  })
})
