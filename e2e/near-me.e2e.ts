// "Find a site near you", as a visitor does it: from the home page's button to
// /sites with the near-me panel focused; a malformed postcode is explained beside the box; a
// postcode (the local geocoder's fixture) sorts the list nearest first with each site's distance
// in miles, kept through a reload and undone by going back; the browser's location (granted in
// the context) sorts it too, and a refused one is explained. Expected orders are computed from
// the coordinates the sites function answers and the fixture's postcode centres. Screens at 360
// and 1280 px go to /tmp/shots-near-me.
import { mkdirSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import {
  distanceMiles,
  type LatLng,
  milesAway,
  parseCoordinates,
} from '../supabase/functions/_shared/common/geo'
import { POSTCODE_FIXTURE } from '../supabase/functions/_shared/providers/postcodes-fixture'
import { configureApp, launchChromium, newContext, openApp, webUrl } from './support/browser'
import { dismissConsent, expectAccessible, noSidewaysScroll } from './public-support'

const SHOTS = '/tmp/shots-near-me'

let browser: Browser
let coordinates: Map<string, LatLng | null>
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  browser = await launchChromium()
  // What the page sorts: the live catalogue's coordinates.
  const url = process.env.SUPABASE_URL!.replace(/\/$/, '')
  const res = await fetch(`${url}/functions/v1/sites`, {
    headers: {
      apikey: process.env.SUPABASE_ANON_KEY!,
      authorization: `Bearer ${process.env.SUPABASE_ANON_KEY}`,
    },
  })
  const { sites } = await res.json() as { sites: { slug: string; coordinates: string | null }[] }
  coordinates = new Map(sites.map((s) => [s.slug, parseCoordinates(s.coordinates)]))
})
afterAll(async () => {
  await browser?.close()
})

async function shoot(page: Page, name: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 })
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true })
    // The panel and the first cards, readable when looked at.
    const top = await page.locator('#near-me').boundingBox()
    await page.screenshot({
      path: `${SHOTS}/${name}-${width}-top.png`,
      fullPage: true,
      clip: { x: 0, y: Math.max(0, top!.y - 80), width, height: 1000 },
    })
    expect(await noSidewaysScroll(page), `${name} scrolls sideways at ${width}px`).toBe(true)
  }
  await page.setViewportSize({ width: 1280, height: 800 })
}

/** The slugs of the cards as shown, once the live rows are in. */
async function shownSlugs(page: Page): Promise<string[]> {
  await page.locator('p.summary[aria-busy="false"]').waitFor()
  return await page.getByTestId('site-card').evaluateAll((cards) =>
    cards.map((c) => c.getAttribute('data-slug')!)
  )
}

/** The order the page must show from `origin`: sites with coordinates by distance, then the rest. */
function expectedOrder(shown: string[], origin: LatLng): string[] {
  const located = shown.filter((s) => coordinates.get(s))
  located.sort((a, b) =>
    distanceMiles(origin, coordinates.get(a)!) - distanceMiles(origin, coordinates.get(b)!)
  )
  return [...located, ...shown.filter((s) => !coordinates.get(s))]
}

async function expectSortedFrom(page: Page, origin: LatLng) {
  await expect.poll(async () => {
    const shown = await shownSlugs(page)
    return JSON.stringify(shown) === JSON.stringify(expectedOrder(shown, origin))
  }, { message: 'the cards are nearest first' }).toBe(true)
  const shown = await shownSlugs(page)
  const first = page.getByTestId('site-card').first()
  expect(await first.getByTestId('site-distance').textContent()).toBe(
    milesAway(distanceMiles(origin, coordinates.get(shown[0]!)!)),
  )
  const last = shown.at(-1)!
  if (!coordinates.get(last)) {
    expect(await page.getByTestId('site-card').last().getByTestId('site-distance').count()).toBe(0)
  }
}

async function open(context: BrowserContext, path: string) {
  await configureApp(context)
  const page = await context.newPage()
  await openApp(page, path)
  await dismissConsent(page)
  return page
}

describe('find a site near you', () => {
  it('by postcode, from the home page: the panel focused, a malformed postcode explained, the list sorted in miles', async () => {
    const context = await newContext(browser)
    const page = await open(context, '/')
    await page.getByRole('link', { name: 'Find a site near you' }).click()
    await page.waitForURL(`${webUrl()}/sites#near-me`)
    const panel = page.getByRole('region', { name: 'Find a site near you' })
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('near-me')
    const before = await shownSlugs(page)
    expect(await page.getByTestId('site-distance').count()).toBe(0)

    const box = panel.getByRole('textbox', { name: 'Postcode' })
    await box.fill('SW1A')
    await panel.getByRole('button', { name: 'Find sites' }).click()
    await panel.getByText('Enter a full UK postcode, like SW1A 1AA.').waitFor()
    expect(await box.getAttribute('aria-invalid')).toBe('true')
    expect(await box.inputValue()).toBe('SW1A')
    expect(await shownSlugs(page)).toEqual(before)
    await expectAccessible(page)
    await shoot(page, 'invalid-postcode')

    await box.fill('sw1a 1aa')
    await panel.getByRole('button', { name: 'Find sites' }).click()
    await panel.getByText('Sorted by distance from SW1A 1AA.').waitFor()
    expect(new URL(page.url()).search).toBe('?near=SW1A1AA')
    await expectSortedFrom(page, POSTCODE_FIXTURE['SW1A 1AA']!)
    await expectAccessible(page)
    await shoot(page, 'sorted-by-postcode')

    // A reload keeps it; going back undoes it.
    await page.reload()
    await panel.getByText('Sorted by distance from SW1A 1AA.').waitFor()
    await expectSortedFrom(page, POSTCODE_FIXTURE['SW1A 1AA']!)
    await page.goBack()
    await expect.poll(() => page.getByTestId('site-distance').count()).toBe(0)
    expect(await shownSlugs(page)).toEqual(before)

    // An unknown postcode is told so, and the box keeps it.
    await box.fill('ZE2 9ZZ')
    await panel.getByRole('button', { name: 'Find sites' }).click()
    await panel.getByText('We could not find that postcode.').waitFor()
    expect(await box.inputValue()).toBe('ZE2 9ZZ')
    await context.close()
  })

  it("by the browser's location when it is shared, with a message when it is refused", async () => {
    const leeds = { latitude: 53.8, longitude: -1.55 }
    const granted = await browser.newContext({
      viewport: { width: 360, height: 800 },
      reducedMotion: 'reduce',
      geolocation: leeds,
      permissions: ['geolocation'],
    })
    let page = await open(granted, '/sites')
    await page.getByRole('button', { name: 'Use my location' }).click()
    await page.getByText('Sorted by distance from your location.').waitFor()
    expect(new URL(page.url()).searchParams.get('lat')).toBe('53.8000')
    await expectSortedFrom(page, leeds)
    expect((await shownSlugs(page))[0]).toBe('providence-pastures')
    await shoot(page, 'sorted-by-location')
    // Cleared, the list is back in its usual order.
    await page.getByRole('button', { name: 'Clear' }).click()
    await expect.poll(() => page.getByTestId('site-distance').count()).toBe(0)
    expect(new URL(page.url()).search).toBe('')
    await granted.close()

    const refused = await newContext(browser, 360)
    page = await open(refused, '/sites')
    await page.getByRole('button', { name: 'Use my location' }).click()
    const alert = page.getByRole('region', { name: 'Find a site near you' }).getByRole('alert')
    await alert.waitFor()
    expect(await alert.textContent()).toMatch(
      /^We could not use your location because permission was refused\./,
    )
    expect(await page.getByTestId('site-distance').count()).toBe(0)
    await expectAccessible(page)
    await shoot(page, 'location-refused')
    await refused.close()
  })
})
