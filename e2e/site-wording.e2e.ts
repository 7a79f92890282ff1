// Promises follow the state: a site's badge, its button and its promotion say what a
// visitor can actually do there now. An active site with people waiting offers its waiting list
// (never "Join Free Today · for your first month free"); a site with free plots and nobody waiting
// (none in the seed: one is added here) offers membership with the offer that applies; a site
// coming soon offers pre-registration and no joining offer.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dismissConsent, expectAccessible, serviceRest } from './public-support'
import { launchChromium, newContext, openApp } from './support/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

const OLD_PROMISES = ['Join Free Today', 'for your first month free', 'Open now']

async function card(page: Page, slug: string) {
  const c = page.locator(`[data-testid="site-card"][data-slug="${slug}"]`).first()
  await c.waitFor()
  return c
}

/** The text of the page without the promo bar (a separate, staff-written banner). */
const pageText = (page: Page) => page.locator('main').innerText()

describe('wording follows the site state', () => {
  it('an active site with a queue: "Waiting list", "Join the waiting list", no joining offer', async () => {
    const page = await (await newContext(browser)).newPage()
    await openApp(page, '/sites/dartford/darenth-fields')
    await dismissConsent(page)
    await expect.poll(async () => Number(await page.getByTestId('waiting-count').textContent()))
      .toBeGreaterThan(0)
    expect(await page.getByTestId('site-state').textContent()).toBe('Waiting list')
    const cta = page.getByRole('link', { name: 'Join the waiting list', exact: true })
    expect(await cta.getAttribute('href')).toBe('/landing/darenth-fields/join')
    for (const old of OLD_PROMISES) expect(await pageText(page), old).not.toContain(old)
    await expectAccessible(page)

    await openApp(page, '/sites?city=dartford')
    const c = await card(page, 'darenth-fields')
    await expect.poll(() => c.getByTestId('waiting-count').textContent()).not.toBe('0 people')
    expect(await c.getByTestId('site-state').textContent()).toBe('Waiting list')
    expect(
      await c.getByRole('link', { name: 'Join the waiting list: Darenth Fields' }).getAttribute(
        'href',
      ),
    ).toBe('/landing/darenth-fields/join')
    for (const old of OLD_PROMISES) expect(await c.innerText(), old).not.toContain(old)
    await page.context().close()
  })

  it('free plots and nobody waiting: "Plots available", "Become a member" straight to the set-up, with the offer that applies', async () => {
    const slug = `free-plots-${Date.now().toString(36)}`
    const [setting] = await serviceRest<Array<{ promo: string }>>(
      'cta_settings?select=promo&id=eq.1',
    )
    const [site] = await serviceRest<Array<{ id: number }>>('global_sites', {
      method: 'POST',
      body: JSON.stringify({
        city: 'Testford',
        city_slug: 'testford',
        location: 'Free Plots Meadow',
        slug,
        status: 'active',
        allotments: 30,
        site_size: 5,
        cta_setting_id: 1,
      }),
    })
    try {
      const page = await (await newContext(browser)).newPage()
      await openApp(page, '/sites?city=testford')
      await dismissConsent(page)
      const c = await card(page, slug)
      expect(await c.getByTestId('site-state').textContent()).toBe('Plots available')
      const cta = c.getByRole('link', { name: 'Become a member: Free Plots Meadow' })
      expect(await cta.getAttribute('href')).toBe(`/sites/testford/${slug}/setup`)
      expect(await c.innerText()).toContain(setting!.promo)
      await expectAccessible(page)
      await page.context().close()
    } finally {
      await serviceRest(`global_sites?id=eq.${site!.id}`, { method: 'DELETE' })
    }
  })

  it('coming soon: "Coming soon", "Pre-register", and no first month free', async () => {
    const page = await (await newContext(browser, 360, 740)).newPage()
    await openApp(page, '/pre-register')
    await dismissConsent(page)
    const c = await card(page, 'daffodil-views')
    expect(await c.getByTestId('site-state').textContent()).toBe('Coming soon')
    expect(await c.getByRole('link', { name: 'Pre-register: Daffodil Views' }).getAttribute('href'))
      .toBe('/prereg/daffodil-views/signup')
    for (const old of OLD_PROMISES) expect(await c.innerText(), old).not.toContain(old)
    await openApp(page, '/prereg/daffodil-views')
    await page.getByRole('heading', { level: 1, name: 'Coming soon: Daffodil Views' }).waitFor()
    for (const old of OLD_PROMISES) expect(await pageText(page), old).not.toContain(old)
    // The home page's list says the same.
    await openApp(page, '/')
    const home = await card(page, 'daffodil-views')
    expect(await home.getByTestId('site-state').textContent()).toBe('Coming soon')
    const darenth = await card(page, 'darenth-fields')
    await expect.poll(() => darenth.getByTestId('site-state').textContent()).toBe('Waiting list')
    expect(
      await darenth.getByRole('link', { name: 'Join the waiting list: Darenth Fields' })
        .isVisible(),
    ).toBe(true)
    await page.context().close()
  })
})
