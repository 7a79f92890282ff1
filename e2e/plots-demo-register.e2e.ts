// The demo's plot register (supabase/seeds/50_plots.sql, docs/plots.md): Leigh Woods Meadows keeps
// all 425 plots in use. A visitor goes from the home page to the site's page and sees the plan:
// none free, 417 let, and no holder's name on the page or in what the API sent. A staff member
// signs in on a phone, opens Plots from the menu, chooses the site, finds each holder's plot and
// plot C7 with "Find a plot", and reads whose C7 is, with its history. The holders' names are
// read from the seeded offers, never written here. The file only reads the seeded site.
// Screenshots at 360 and 1280 px go to /tmp/shots-demo-register.
import { mkdir } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchChromium, newContext } from './support/browser'
import { createStaffUser, signIn, waitForPath } from './admin-support'
import {
  expectAccessible,
  noSidewaysScroll,
  serviceRest,
  uniqueEmail,
  visitorOnSitePage,
} from './public-support'

const SHOTS = '/tmp/shots-demo-register'
const SITE = { id: 3, city: 'bristol', location: 'Leigh Woods Meadows' }
let browser: Browser
/** The seeded holders: each accepted offer at the site, its plot and the applicant's name. */
let holders: { plot: string; name: string }[]

async function shoot(page: Page, name: string) {
  await mkdir(SHOTS, { recursive: true })
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()!.width}.png` })
}

beforeAll(async () => {
  browser = await launchChromium()
  const offers = await serviceRest<
    { plots: { number: string }; waiting_list_entries: { first_name: string; last_name: string } }[]
  >(
    `plot_offers?site_id=eq.${SITE.id}&status=eq.accepted&plot_id=not.is.null` +
      '&select=plots(number),waiting_list_entries(first_name,last_name)',
  )
  holders = offers.map((o) => ({
    plot: o.plots.number,
    name: `${o.waiting_list_entries.first_name} ${o.waiting_list_entries.last_name}`,
  }))
})
afterAll(async () => {
  await browser?.close()
})

describe('the demo register at Leigh Woods Meadows', () => {
  it('a visitor sees the plan: none free, 417 let, nobody’s name', async () => {
    expect(holders).toHaveLength(5)
    for (const width of [360, 1280]) {
      const { context, page, planAnswers: bodies } = await visitorOnSitePage(
        browser,
        width,
        SITE.city,
        SITE.location,
      )

      const section = page.locator('[data-section="plan"]')
      await section.getByTestId('plots-free').getByText('No plots free').waitFor()
      expect(await section.getByTestId('plots-free').textContent()).toContain(
        `of 425 at ${SITE.location} just now. Plots are offered to the waiting list as they free up.`,
      )
      const plan = section.getByRole('figure', { name: `Plan of the plots at ${SITE.location}` })
      const key = plan.getByRole('list', { name: 'Key' })
      await key.getByText('Let (417)').waitFor()
      await key.getByText('Not available (10)').waitFor()
      expect(await key.getByText(/^Free/).count()).toBe(0)
      await plan.scrollIntoViewIfNeeded()
      await plan.locator('[data-plan-map].leaflet-container').waitFor()
      await plan.getByRole('button', { name: /^Plot C7\b/ }).click()
      await plan.getByTestId('chosen-plot').getByText('Plot C7: Let.').waitFor()
      await plan.getByRole('button', { name: /^Plot B7\b/ }).click()
      await plan.getByTestId('chosen-plot').getByText('Plot B7: Not available.').waitFor()
      expect(await noSidewaysScroll(page)).toBe(true)
      await expectAccessible(page)
      await shoot(page, 'visitor-plan')

      const text = (await page.locator('body').textContent())!
      expect(bodies.length).toBeGreaterThan(0)
      const answers = await Promise.all(bodies)
      for (const h of holders) {
        expect(text).not.toContain(h.name)
        for (const body of answers) expect(body).not.toContain(h.name)
      }
      for (const body of answers) expect(body).not.toContain('holder')
      await context.close()
    }
  })

  it('staff find whose plot C7 is, on a phone, from the menu', async () => {
    const staff = await createStaffUser('roots_team', uniqueEmail('demo-register'))
    const context = await newContext(browser, 360, 780)
    const page = await context.newPage()
    await signIn(page, staff.email)
    await waitForPath(page, '/admin')
    await page.getByRole('button', { name: 'Menu' }).click()
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', {
      name: 'Plots',
      exact: true,
    }).click()
    await waitForPath(page, '/admin/plots')
    await page.getByLabel('Site').selectOption({ label: `${SITE.location}, Bristol` })
    await waitForPath(page, `/admin/plots/${SITE.id}`)
    await page.getByRole('heading', { level: 1, name: `Plots at ${SITE.location}` }).waitFor()
    await page.getByText('425 plots in use: 0 ready to let, 417 let.').waitFor()

    // The register shows a page of 50 plots; "Find a plot" finds each holder by name, and plot
    // C7 by its number as it is marked on the site.
    expect(holders).toHaveLength(5)
    const register = page.getByRole('region', { name: `Plots at ${SITE.location}` })
    await page.getByTestId('register-count').getByText('427 plots, 50 to a page.').waitFor()
    await expect.poll(() => register.getByTestId('plot-row').count()).toBe(50)
    await page.getByRole('navigation', { name: 'Pages' }).getByText('Page 1 of 9').waitFor()
    const find = page.getByLabel('Find a plot')
    const numbersShown = () => register.getByTestId('plot-row').locator('th').allTextContents()
    for (const h of holders) {
      await find.fill(h.name.split(' ')[1]!.toLowerCase())
      await page.getByTestId('register-count').getByText('1 of 427 plots match.').waitFor()
      expect(await numbersShown()).toEqual([h.plot])
      expect(await register.getByTestId('plot-row').getByRole('cell').last().textContent()).toBe(
        h.name,
      )
    }
    const c7 = holders.find((h) => h.plot === 'C7')!
    await find.fill('c7')
    await expect.poll(numbersShown).toEqual(['C7'])
    await register.getByRole('button', { name: 'Plot C7: choose', exact: true }).click()
    const chosen = page.getByTestId('chosen-panel')
    await chosen.getByRole('heading', { name: 'Plot C7' }).waitFor()
    await chosen.getByText(`Held by ${c7.name} since`).waitFor()
    await chosen.getByRole('button', { name: 'Show history' }).click()
    await chosen.getByText('Let: the offer was accepted').waitFor()
    await chosen.getByText('Added as ready to let').waitFor()
    expect(await noSidewaysScroll(page)).toBe(true)
    await expectAccessible(page)
    await chosen.scrollIntoViewIfNeeded()
    await shoot(page, 'staff-plot-c7')
    await page.setViewportSize({ width: 1280, height: 900 })
    await chosen.scrollIntoViewIfNeeded()
    await shoot(page, 'staff-plot-c7')
    await context.close()
  })
})
