// A site's plots and its plan (docs/plots.md). Set up through the API: a new site of the file's
// own (with its coordinates), a patch manager for it and two applicants on its list. The patch
// manager signs in at /admin/login on a phone and, from the menu, opens Plots: adds plots 1 to 8
// one by one, draws plot 7's outline by clicking its corners on the map, loads more plots from a
// CSV (a wrong row first: nothing is loaded and the row is named), marks plot 7 ready and offers
// it, and is told who it went to. The applicant accepts (by the offer's link, through the API), so
// plot 7 is let; the register names its holder for staff. A visitor goes from the home page to the
// site's page and sees the plan: how many plots are free, plot 7 let, and no holder's name on the
// page or in what the API sent. Screenshots at 360 and 1280 px go to /tmp/shots-plots.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchChromium, newContext } from './support/browser'
import { png } from './support/png'
import { anonKey, apiUrl, asService, createStaffUser, signIn, waitForPath } from './admin-support'
import {
  expectAccessible,
  serviceRest,
  shootBothWidths,
  shootParts,
  uniqueEmail,
  visitorOnSitePage,
} from './public-support'

const SHOTS = '/tmp/shots-plots'
const tag = Date.now().toString(36)
const site = {
  city: 'Plotford',
  city_slug: `plotford-${tag}`,
  location: `Furrow Hill ${tag}`,
  slug: `furrow-hill-${tag}`,
}
const CENTRE: [number, number] = [51.2287, -2.3221]
/** The applicant first in the queue: plot 7 goes to her, and her name must never reach a visitor. */
const ada = { first: 'Ada', last: `Plotholder${tag}`, email: uniqueEmail('plots-ada') }
const bea = { first: 'Bea', last: `Nextinline${tag}`, email: uniqueEmail('plots-bea') }
let browser: Browser
let siteId: number
let pmEmail: string

interface PlanPlot {
  id: number
  number: string
  status: string
  holder?: string
  shape?: { coordinates: number[][][] }
}
/** The site's plan as its staff see it (set-up and checks only). */
async function staffPlan(): Promise<PlanPlot[]> {
  const res = await asService('/rest/v1/rpc/site_plan', {
    method: 'POST',
    body: JSON.stringify({ p_site_id: siteId }),
  })
  expect(res.status).toBe(200)
  return ((await res.json()) as { plots: PlanPlot[] }).plots
}

const shootBoth = (page: Page, name: string) => shootBothWidths(SHOTS, page, name)

/** Outlines for the plots around plot 7 (set-up): the same size, in a row each side of it. */
async function outlineTheOthers(seven: number[][][]) {
  const ring = seven[0]!
  const lngs = ring.map((c) => c[0]!)
  const lats = ring.map((c) => c[1]!)
  const [west, east, south, north] = [
    Math.min(...lngs),
    Math.max(...lngs),
    Math.min(...lats),
    Math.max(...lats),
  ]
  const w = east - west
  const h = north - south
  const plots = await staffPlan()
  const slots: Record<string, [number, number]> = {
    '1': [-3, 1],
    '2': [-2, 1],
    '3': [-1, 1],
    '4': [0, 1],
    '5': [-3, 0],
    '6': [-2, 0],
    '8': [1, 0],
    '9': [1, 1],
    '10': [2, 0],
  }
  for (const p of plots) {
    const slot = slots[p.number]
    if (!slot) continue
    const x = west + slot[0] * w * 1.08
    const y = south + slot[1] * h * 1.08
    const res = await asService('/rest/v1/rpc/save_plot_shape', {
      method: 'POST',
      body: JSON.stringify({
        p_plot_id: p.id,
        p_shape: {
          type: 'Polygon',
          coordinates: [[[x, y], [x + w, y], [x + w, y + h], [x, y + h], [x, y]]],
        },
      }),
    })
    expect(res.status, await res.clone().text()).toBe(200)
    await res.body?.cancel()
  }
}

beforeAll(async () => {
  browser = await launchChromium()
  const [created] = await serviceRest<{ id: number }[]>('global_sites', {
    method: 'POST',
    body: JSON.stringify({
      ...site,
      status: 'active',
      coordinates: CENTRE.join(','),
      description: 'A south-facing hillside of plots.',
    }),
  })
  siteId = created!.id
  await serviceRest('waiting_list_entries', {
    method: 'POST',
    body: JSON.stringify([ada, bea].map((a, i) => ({
      site_id: siteId,
      location: site.location,
      first_name: a.first,
      last_name: a.last,
      email: a.email,
      consent_privacy: true,
      joined_at: new Date(Date.now() - (i === 0 ? 200 : 100) * 86400_000).toISOString(),
    }))),
    headers: { prefer: 'return=minimal' },
  })
  const pm = await createStaffUser('patch_manager', uniqueEmail('plots-pm'))
  pmEmail = pm.email
  await serviceRest('patch_manager_sites', {
    method: 'POST',
    body: JSON.stringify({ user_id: pm.id, site_id: siteId }),
    headers: { prefer: 'return=minimal' },
  })
})
afterAll(async () => {
  await browser?.close()
})

describe("a site's plots, drawn and offered by its patch manager, seen by a visitor", () => {
  it('the patch manager builds the register and the plan on a phone', async () => {
    const context = await newContext(browser, 360, 780)
    const page = await context.newPage()
    await signIn(page, pmEmail)
    await waitForPath(page, '/admin/waiting-list')
    await page.getByRole('button', { name: 'Menu' }).click()
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', {
      name: 'Plots',
      exact: true,
    }).click()
    // One site: the page goes straight to it.
    await waitForPath(page, `/admin/plots/${siteId}`)
    await page.getByRole('heading', { level: 1, name: `Plots at ${site.location}` }).waitFor()
    await page.getByText('No plots yet: add them one by one or load a CSV.').waitFor()

    // Plots 1 to 8, one by one; the form stays open for the next.
    await page.getByRole('button', { name: 'Add a plot' }).click()
    for (let n = 1; n <= 8; n++) {
      await page.getByLabel('Plot number').fill(String(n))
      await page.getByLabel('Size', { exact: true }).selectOption(n % 2 ? 'full' : 'half')
      if (n === 7) {
        await page.getByLabel('Near a tap').check()
        await page.getByLabel('Raised bed').check()
      }
      await page.getByRole('button', { name: 'Add plot' }).click()
      await page.getByText(`Plot ${n} added: it is being prepared.`).waitFor()
    }
    // A number the site already has is refused beside what was typed, which stays.
    await page.getByLabel('Plot number').fill('7')
    await page.getByRole('button', { name: 'Add plot' }).click()
    await page.getByText('This site already has a plot numbered 7.').first().waitFor()
    expect(await page.getByLabel('Plot number').inputValue()).toBe('7')
    await page.getByRole('button', { name: 'Close the form' }).click()
    await expect.poll(() => page.getByTestId('plot-row').count()).toBe(8)

    // Plot 7's outline: chosen in the plan's list, its corners clicked on the map.
    const plan = page.getByRole('figure', { name: `Plan of ${site.location}` })
    await plan.getByRole('button', { name: /^Plot 7\b/ }).click()
    await plan.getByRole('button', { name: 'Draw outline of plot 7' }).click()
    const map = plan.locator('[data-plan-map].leaflet-container')
    await map.waitFor()
    await map.scrollIntoViewIfNeeded()
    const box = (await map.boundingBox())!
    const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2]
    for (const [dx, dy] of [[-45, -30], [45, -30], [45, 30], [-45, 30]]) {
      await page.mouse.click(cx + dx!, cy + dy!)
    }
    await plan.getByText(/Drawing plot 7: .* 4 corners, about [\d,.]+ m²\./).waitFor()
    // One corner too many, undone.
    await page.mouse.click(cx, cy + 60)
    await plan.getByText(/5 corners/).waitFor()
    await plan.getByRole('button', { name: 'Undo corner' }).click()
    await shootParts(SHOTS, page, 'admin-drawing-360')
    await plan.getByRole('button', { name: 'Save outline' }).click()
    await plan.getByRole('button', { name: 'Redraw outline of plot 7' }).waitFor()
    const seven = (await staffPlan()).find((p) => p.number === '7')!
    expect(seven.shape?.coordinates[0]).toHaveLength(5)

    // More plots from a CSV: a wrong row first (nothing loads, the row is named), then right.
    await outlineTheOthers(seven.shape!.coordinates)
    const csv = page.getByLabel('Or paste the CSV')
    await csv.fill(
      'number,size,size_m2,features,status\n9,half,125,near tap,vacant\n10,full,250,raised bed;shed,vacant\n11,huge,,,out of use\n',
    )
    await page.getByRole('button', { name: 'Load plots' }).click()
    await page.getByTestId('import-errors').getByText('Line 4: size is half or full').waitFor()
    expect(await page.getByTestId('plot-row').count()).toBe(8)
    await csv.fill(
      'number,size,size_m2,features,status\n9,half,125,near tap,vacant\n10,full,250,raised bed;shed,vacant\n11,full,,,out of use\n',
    )
    await page.getByRole('button', { name: 'Load plots' }).click()
    await page.getByText('3 plots added, 0 updated. Nothing else changed.').waitFor()
    await expect.poll(() => page.getByTestId('plot-row').count()).toBe(11)
    await outlineTheOthers(seven.shape!.coordinates)

    // Plot 7: ready, then offered to the first applicant it fits, who is named.
    await page.reload()
    await page.getByTestId('plot-counts').getByText('10 plots in use: 2 ready to let, 0 let.')
      .waitFor()
    await page.getByRole('button', { name: 'Plot 7: choose' }).click()
    const chosen = page.getByTestId('chosen-panel')
    await chosen.getByRole('heading', { name: 'Plot 7' }).waitFor()
    await chosen.getByLabel('Note for the history (optional)').fill('Cleared and dug over')
    await chosen.getByRole('button', { name: 'Mark ready' }).click()
    await chosen.getByText('Plot 7 is now ready to let.').waitFor()
    await chosen.getByRole('button', { name: 'Offer this plot' }).click()
    await page.getByRole('dialog', { name: 'Offer plot 7?' }).getByRole('button', {
      name: 'Offer this plot',
    }).click()
    await chosen.getByTestId('offer-made').getByText(`${ada.first} ${ada.last} (${ada.email})`)
      .waitFor()
    await chosen.getByRole('button', { name: 'Show history' }).click()
    const history = chosen.getByTestId('plot-history')
    await history.getByText('Being prepared → Ready to let (Cleared and dug over)').waitFor()
    await history.getByText(/Outline drawn \([\d.]+ m²\)/).waitFor()
    await expectAccessible(page)
    await shootBoth(page, 'admin-plot-7-offered')

    // Ada accepts by her offer's link (the API the offer page calls): plot 7 is let to her.
    const [offer] = await serviceRest<{ response_token: string }[]>(
      `plot_offers?select=response_token&site_id=eq.${siteId}&status=eq.offered`,
    )
    const accepted = await fetch(`${apiUrl()}/rest/v1/rpc/respond_to_plot_offer`, {
      method: 'POST',
      headers: {
        apikey: anonKey(),
        authorization: `Bearer ${anonKey()}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ p_token: offer!.response_token, p_accept: true }),
    })
    expect(accepted.status, await accepted.clone().text()).toBe(200)
    await accepted.body?.cancel()
    await page.reload()
    const row7 = page.getByTestId('plot-row').filter({
      has: page.getByRole('button', { name: 'Plot 7: choose' }),
    })
    await row7.getByText(`${ada.first} ${ada.last}`).waitFor()
    expect(await row7.textContent()).toContain('Let')
    await shootBoth(page, 'admin-register')

    // A plan of the site under the plots, for where map tiles cannot load: placed over the map as
    // it is framed, uploaded at the foot of the page.
    const planImage = page.getByTestId('plan-image')
    await planImage.getByLabel('Choose an image').setInputFiles({
      name: 'site-plan.png',
      mimeType: 'image/png',
      buffer: png(1200, 800),
    })
    await planImage.getByRole('application', { name: 'Crop plan image' }).waitFor()
    await planImage.getByRole('button', { name: 'Upload image' }).click()
    await planImage.getByRole('status').filter({
      hasText: 'The plan image is placed over the map as it is shown.',
    }).waitFor()
    await planImage.getByText(/^Placed \d/).waitFor()
    // The plan draws it, loaded, under the plots.
    await page.getByRole('figure', { name: `Plan of ${site.location}` }).locator(
      '.leaflet-plan-image-pane img',
    ).waitFor()
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('.leaflet-plan-image-pane img')
      return !!img && img.complete && img.naturalWidth > 0
    })
    // Cropped to the map's shape when it was chosen, so it lies over the map undistorted.
    const [imageAspect, mapAspect] = await page.evaluate(() => {
      const img = document.querySelector<HTMLImageElement>('.leaflet-plan-image-pane img')!
      const map = img.closest<HTMLElement>('[data-plan-map]')!
      return [img.naturalWidth / img.naturalHeight, map.clientWidth / map.clientHeight]
    })
    expect(imageAspect).toBeCloseTo(mapAspect, 1)
    expect(imageAspect).toBeLessThan(1) // a phone's map is taller than wide; the file was 3:2
    await expectAccessible(page)
    await shootBoth(page, 'admin-plan-image')
    await context.close()
  })

  it('a visitor sees the plan with free and let plots and nobody’s name', async () => {
    for (const width of [360, 1280]) {
      const { context, page, planAnswers: bodies } = await visitorOnSitePage(
        browser,
        width,
        site.city_slug,
        site.location,
      )

      const section = page.locator('[data-section="plan"]')
      await section.getByTestId('plots-free').getByText('2 plots free').waitFor()
      expect(await section.getByTestId('plots-free').textContent()).toContain(
        `of 10 at ${site.location}`,
      )
      const plan = section.getByRole('figure', { name: `Plan of the plots at ${site.location}` })
      const key = plan.getByRole('list', { name: 'Key' })
      await key.getByText('Free (2)').waitFor()
      await key.getByText('Let (1)').waitFor()
      await key.getByText('Not available (8)').waitFor()
      // The map loads as the plan comes into view.
      await plan.scrollIntoViewIfNeeded()
      await plan.locator('[data-plan-map].leaflet-container').waitFor()
      // The site's plan image lies under the plots for visitors too.
      await plan.locator('.leaflet-plan-image-pane img').waitFor()
      await plan.getByRole('button', { name: /^Plot 7\b/ }).click()
      await plan.getByTestId('chosen-plot').getByText('Plot 7: Let.').waitFor()
      expect(await plan.getByTestId('chosen-plot').textContent()).toContain('near a tap')
      await expectAccessible(page)
      await section.scrollIntoViewIfNeeded()
      await shootParts(SHOTS, page, `visitor-site-${width}`)

      // No holder's name: not on the page, not in what the plan's API answered.
      expect(await page.locator('body').textContent()).not.toContain(ada.last)
      expect(bodies.length).toBeGreaterThan(0)
      for (const body of await Promise.all(bodies)) {
        expect(body).not.toContain(ada.last)
        expect(body).not.toContain('holder')
        const seen = (JSON.parse(body) as { plots: PlanPlot[] }).plots
        expect(seen.find((p) => p.number === '7')?.status).toBe('let')
      }
      await context.close()
    }
  })
})
