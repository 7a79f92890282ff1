// One rich page for every site: from the home page to a site of each status (active:
// its site page; open and upcoming: the pre-registration page), each with its details, photo
// gallery, the list in figures, prices, a FAQ, a map that still shows the marker and links out
// when tiles cannot load (they never can here: the tile server is blocked), and its own link
// preview tags. Looked at in screenshots at 360 and 1280 px.
import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { configureApp, launchChromium, newContext, openApp, webUrl } from './support/browser'
import {
  dismissConsent,
  expectAccessible,
  noSidewaysScroll,
  serviceRest,
  shootParts,
} from './public-support'
import { asService } from './admin-support'

const SHOTS = '/tmp/shots-site-pages'

const SITES = [
  {
    slug: 'darenth-fields',
    name: 'Darenth Fields',
    status: 'active',
    path: '/sites/dartford/darenth-fields',
    h1: 'Darenth Fields',
    cta: 'Join the waiting list|Become a member',
  },
  {
    slug: 'tuckers-meadow',
    name: 'Tuckers Meadow',
    status: 'open',
    path: '/prereg/tuckers-meadow',
    h1: 'Tuckers Meadow: the queue is open',
    cta: 'Join the waiting list|Become a member',
  },
  {
    slug: 'daffodil-views',
    name: 'Daffodil Views',
    status: 'upcoming',
    path: '/prereg/daffodil-views',
    h1: 'Coming soon: Daffodil Views',
    cta: 'Pre-register now',
  },
] as const

let browser: Browser
const written: { path: string; id: number }[] = []

/** A gallery photo for the site through Storage and site_photos, first in its order. */
async function addPhoto(slug: string, alt: string): Promise<string> {
  const [site] = await serviceRest<{ id: number }[]>(`global_sites?select=id&slug=eq.${slug}`)
  const path = `sites/${slug}/e2e-${Date.now().toString(36)}.png`
  const res = await asService(`/storage/v1/object/images/${path}`, {
    method: 'POST',
    body: await readFile(new URL('../web/public/og-default.png', import.meta.url)),
    headers: { 'content-type': 'image/png' },
  })
  expect(res.status, await res.text()).toBe(200)
  const [row] = await serviceRest<{ id: number }[]>('site_photos', {
    method: 'POST',
    body: JSON.stringify({ site_id: site!.id, path, alt, sort_order: -1000 }),
  })
  written.push({ path, id: row!.id })
  return path
}

beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  for (const w of written) {
    await serviceRest(`site_photos?id=eq.${w.id}`, { method: 'DELETE' }).catch(() => {})
  }
  if (written.length) {
    await asService('/storage/v1/object/images', {
      method: 'DELETE',
      body: JSON.stringify({ prefixes: written.map((w) => w.path) }),
    })
  }
  await browser?.close()
})

async function sitePage(width: number): Promise<Page> {
  const ctx = await newContext(browser, width)
  await configureApp(ctx)
  // No tile server is reachable here; make that certain (and quick) rather than leave it to DNS.
  await ctx.route(
    'https://tile.openstreetmap.org/**',
    (route) => route.abort('internetdisconnected'),
  )
  return await ctx.newPage()
}

const meta = (page: Page, key: string) =>
  page.evaluate(
    (k) =>
      [...document.head.querySelectorAll(`meta[property="${k}"], meta[name="${k}"]`)].map((m) =>
        m.getAttribute('content')
      ),
    key,
  )

describe('a rich page for a site of each status', () => {
  const photos = new Map<string, string>()
  beforeAll(async () => {
    for (const s of SITES) {
      photos.set(s.slug, await addPhoto(s.slug, `Raised beds at ${s.name} in early summer`))
    }
  })

  for (const width of [1280, 360]) {
    for (const s of SITES) {
      it(`${s.status}: ${s.name} from the home page at ${width} px`, async () => {
        const page = await sitePage(width)
        await openApp(page, '/')
        // The live list arrives after the first paint and may add sites above this one (other
        // journeys make them), moving its card: click once the page has its data, as a person
        // clicks what stays put (a click aimed at a card as it moved once landed on nothing).
        await page.waitForLoadState('networkidle')
        await dismissConsent(page)
        await page.locator(`[data-testid="site-card"][data-slug="${s.slug}"] a.name`).click()
        await page.getByRole('heading', { level: 1, name: s.h1 }).waitFor()
        expect(new URL(page.url()).pathname).toBe(s.path)

        // Details: the about section with plots and size, the live count, the call to action.
        const about = page.getByRole('region', { name: 'About this site' })
        expect(Number(await about.getByTestId('plots').textContent())).toBeGreaterThan(0)
        expect(await about.getByTestId('size').textContent()).toMatch(/acres$/)
        expect(await page.getByTestId('waiting-count').textContent()).toMatch(/^\d+$/)
        const cta = page.getByRole('complementary').getByRole('link', {
          name: new RegExp(`^(${s.cta})$`),
        })
        await cta.waitFor()
        if (s.status !== 'active') {
          expect(await cta.getAttribute('href')).toBe(`/prereg/${s.slug}/signup`)
        }

        // The gallery: the first photo (ours) loads at once with its alt text; no image is broken.
        const gallery = page.getByTestId('gallery')
        const first = gallery.getByRole('img', { name: `Raised beds at ${s.name} in early summer` })
        await first.waitFor()
        await expect.poll(() =>
          first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)
        ).toBe(1200)
        expect(await first.getAttribute('loading')).toBe('eager')
        expect(await first.getAttribute('src')).toBe(
          `/images/${photos.get(s.slug)}`,
        )
        const alts = await gallery.locator('figure img').evaluateAll((imgs) =>
          imgs.map((i) => i.getAttribute('alt'))
        )
        expect(alts.every((a) => !!a && a.trim().length > 0), JSON.stringify(alts)).toBe(true)

        // The list in figures (not for a site that has not opened), and the prices.
        if (s.status !== 'upcoming') {
          await page.getByTestId('estimated-wait').waitFor()
          expect(await page.getByRole('region', { name: 'The waiting list' }).textContent())
            .toMatch(/last 12 months/)
        }
        const prices = page.getByRole('region', { name: 'Prices' })
        await prices.getByTestId('plans').waitFor()
        expect(await prices.textContent()).toMatch(/£\d+\.\d\d a (month|year)/)
        expect(await prices.getByTestId('deposit').textContent()).toMatch(/^£\d+\.\d\d$/)

        // The FAQ answers with the site's numbers.
        const faq = page.getByRole('region', { name: 'Questions and answers' })
        await faq.getByText('What happens to my deposit?').click()
        await expect.poll(() => faq.getByText(/The deposit of £\d+\.\d\d is paid once/).isVisible())
          .toBe(true)

        // The map: scrolled into view, Leaflet draws it; no tile loads, yet the marker shows on a
        // plain background, the box keeps its size, and the links out are there.
        const map = page.getByRole('region', { name: 'Where it is' })
        await map.scrollIntoViewIfNeeded()
        const leaflet = map.locator('[data-map="tiles"]')
        await leaflet.waitFor()
        const marker = leaflet.locator('[data-marker="place"]')
        await marker.waitFor()
        expect(await marker.isVisible()).toBe(true)
        const box = await leaflet.boundingBox()
        expect(box!.height).toBeGreaterThan(200)
        await map.getByRole('status').filter({ hasText: 'could not load' }).waitFor()
        const brokenVisible = await leaflet.locator('img').evaluateAll((imgs) =>
          imgs.filter((i) =>
            getComputedStyle(i).visibility !== 'hidden' && (i as HTMLImageElement).complete &&
            (i as HTMLImageElement).naturalWidth === 0
          ).length
        )
        expect(brokenVisible).toBe(0)
        expect(await map.getByRole('link', { name: /Open in OpenStreetMap/ }).getAttribute('href'))
          .toMatch(/^https:\/\/www\.openstreetmap\.org\/\?mlat=/)
        expect(await map.getByRole('link', { name: /Open in Google Maps/ }).getAttribute('href'))
          .toMatch(/^https:\/\/(www\.google\.com\/maps\/search\/|maps\.google\.com\/\?q=)/)

        // Its own link preview.
        const title = await page.title()
        expect(title).toContain(s.name)
        expect(await meta(page, 'og:title')).toEqual([title])
        expect((await meta(page, 'description'))[0]!.length).toBeGreaterThan(20)
        expect(await meta(page, 'og:description')).toEqual(await meta(page, 'description'))
        expect(await meta(page, 'og:url')).toEqual([`${webUrl()}${s.path}`])
        expect(await meta(page, 'og:image')).toEqual([
          `${webUrl()}/images/${photos.get(s.slug)}`,
        ])
        expect(await meta(page, 'twitter:card')).toEqual(['summary_large_image'])

        // Headings in order, every section named, no sideways scroll, no serious axe finding.
        const levels = await page.locator('main h1, main h2, main h3').evaluateAll((hs) =>
          hs.map((h) => Number(h.tagName[1]))
        )
        expect(levels[0]).toBe(1)
        expect(levels.every((l, i) => i === 0 || l <= levels[i - 1]! + 1), levels.join(',')).toBe(
          true,
        )
        expect(await noSidewaysScroll(page)).toBe(true)
        await expectAccessible(page)
        await page.evaluate(() => scrollTo(0, 0))
        await shootParts(SHOTS, page, `${s.slug}-${width}`)

        // Leaving the page takes its preview tags with it (home has its own, or none).
        await page.goBack()
        await page.getByRole('heading', { level: 1, name: 'Grow your own at a Roots allotment' })
          .waitFor()
        expect(await meta(page, 'og:title')).not.toContain(title)
        await page.context().close()
      })
    }
  }

  for (const width of [360, 1280]) {
    it(`does not move under the reader as photos and figures arrive (${width} px, opened directly)`, async () => {
      const page = await sitePage(width)
      // Layout shifts as Lighthouse counts them (CLS): every shift not caused by input.
      await page.addInitScript(() => {
        const w = window as unknown as { __shift: number }
        w.__shift = 0
        new PerformanceObserver((list) => {
          for (
            const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]
          ) {
            if (!e.hadRecentInput) w.__shift += e.value
          }
        }).observe({ type: 'layout-shift', buffered: true })
      })
      const s = SITES[0]!
      await openApp(page, s.path)
      await page.getByRole('heading', { level: 1, name: s.h1 }).waitFor()
      // Everything the page reads after its first paint has arrived: photos, figures, prices.
      await page.getByTestId('gallery').getByRole('img').first().waitFor()
      await expect.poll(() =>
        page.getByTestId('gallery').locator('img:not([hidden])').first().evaluate((
          img: HTMLImageElement,
        ) => img.complete && img.naturalWidth > 0)
      ).toBe(true)
      await page.getByTestId('offers-year').waitFor()
      await page.getByTestId('plans').waitFor()
      expect(await page.getByTestId('gallery-wait').count()).toBe(0)
      const shift = await page.evaluate(() => (window as unknown as { __shift: number }).__shift)
      // Not in Google's "poor" band (above 0.25). Without the gallery's reserved room this page
      // measured 0.34 in Lighthouse; with it about 0.1 on a phone (a short shift as the photos
      // arrive is left: see docs/architecture.md), so the stricter 0.1 would be a coin toss.
      expect(shift).toBeLessThan(0.25)
      await page.context().close()
    })
  }

  it('serves sitemap.xml with every site at its page, and robots.txt pointing to it', async () => {
    const res = await fetch(`${webUrl()}/sitemap.xml`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('xml')
    const xml = await res.text()
    for (const s of SITES) expect(xml).toContain(`${s.path}</loc>`)
    expect(xml).not.toContain('/admin')
    const robots = await (await fetch(`${webUrl()}/robots.txt`)).text()
    expect(robots).toMatch(/Sitemap: \S+\/sitemap\.xml/)
  })
})
