// First paint from HTML: the public pages arrive rendered, with their own title,
// description, canonical and link-preview tags, so a visitor without JavaScript (and a search
// engine or a link preview) sees each page's content; with JavaScript the app hydrates that HTML
// (keeps it, no mismatch reported) and the live figures take over. A visitor without JavaScript
// goes from the home page to a site's page and a pre-registration page by clicking; screenshots
// at 360 and 1280 px in /tmp/shots-prerender/.
import { mkdir } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { CATALOGUE_SITES, type SiteStatus } from '../supabase/functions/_shared/common/catalogue'
import { isActive } from '../supabase/functions/_shared/common/site-rules'
import { launchChromium, webUrl } from './support/browser'
import {
  appReady,
  hydrationProblems,
  keptServerHeading,
  rememberServerHeading,
  watchConsole,
} from './support/hydration'

const SHOTS = '/tmp/shots-prerender'

const PAGES = [
  { path: '/', title: 'Home | Roots Allotments', h1: 'Grow your own at a Roots allotment' },
  { path: '/sites', title: 'Sites | Roots Allotments', h1: 'Our sites' },
  {
    path: '/sites/dartford/darenth-fields',
    title: 'Darenth Fields allotments, Dartford | Roots Allotments',
    h1: 'Darenth Fields',
    photo: true,
  },
  {
    path: '/prereg/tuckers-meadow',
    title: 'Tuckers Meadow allotments, Bath: join the queue | Roots Allotments',
    h1: 'Tuckers Meadow: the queue is open',
    photo: true,
  },
  {
    path: '/prereg/daffodil-views',
    title: 'Coming soon: Daffodil Views allotments, Chester | Roots Allotments',
    h1: 'Coming soon: Daffodil Views',
    photo: true,
  },
] as const

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
  await mkdir(SHOTS, { recursive: true })
})
afterAll(async () => {
  await browser?.close()
})

const attr = (html: string, re: RegExp) => html.match(re)?.[1] ?? null

describe('the HTML of each public page', () => {
  for (const p of PAGES) {
    it(`${p.path} carries its own head and content`, async () => {
      const res = await fetch(`${webUrl()}${p.path}`)
      expect(res.status).toBe(200)
      const html = await res.text()
      expect(attr(html, /<title>([^<]*)<\/title>/)).toBe(p.title)
      const description = attr(html, /<meta name="description" content="([^"]*)"/)
      expect(description?.length).toBeGreaterThan(20)
      expect(attr(html, /<link rel="canonical" href="([^"]*)"/)).toBe(
        new URL(p.path, webUrl()).href,
      )
      expect(attr(html, /<meta property="og:title" content="([^"]*)"/)).toBe(p.title)
      expect(attr(html, /<meta property="og:description" content="([^"]*)"/)).toBe(description)
      expect(attr(html, /<meta name="twitter:card" content="([^"]*)"/)).toBe(
        'summary_large_image',
      )
      // The content itself, not an empty root for a script to fill.
      const root = html.slice(html.indexOf('<div id="root">'))
      expect(root).toContain(`>${p.h1.replace(/&/g, '&amp;')}</h1>`)
      if ('photo' in p) {
        // The largest paint, the first photo: preloaded from the head, sized, high priority.
        const photo = attr(html, /<link rel="preload" as="image" href="([^"]*)"/)
        // From the bucket through this server's /images/: the page's own origin, no second
        // connection to open (so no preconnect either).
        expect(photo).toMatch(/^\/images\/sites\/[a-z0-9-]+\/[^/]+\.png$/)
        expect(attr(html, /<meta property="og:image" content="([^"]*)"/)).toBe(
          new URL(photo!, webUrl()).href,
        )
        expect(html).not.toContain('rel="preconnect"')
        const img = root.match(new RegExp(`<img [^>]*src="${photo}"[^>]*>`))?.[0] ?? ''
        expect(img).toContain('width="1200"')
        expect(img).toContain('height="800"')
        expect(img).toContain('fetchPriority="high"')
        // A phone preloads the same small copy the img then uses: the seed draws one for each of
        // its photos (1.png…3.png); another suite's photo, added first meanwhile, has none.
        const srcset = attr(html, /<link rel="preload" as="image" [^>]*imagesrcset="([^"]*)"/)
        if (/\/[1-3]\.png$/.test(photo!)) {
          expect(srcset).toBe(`${photo!.replace(/\.png$/, '-small.png')} 800w, ${photo} 1200w`)
        }
        if (srcset) expect(img).toContain(`srcSet="${srcset}"`)
        else expect(img).not.toContain('srcSet=')
      }
    })
  }

  it("every page it renders arrives in one round trip: brotli, its headers and HTML within TCP's first window", async () => {
    // Every seeded site's page and every pre-registration page, the home page and the site list.
    // Seeded: the journeys in other lanes add sites of their own meanwhile and archive some
    // (archive-and-updates), and an archived site's address is no page it renders.
    const seeded = new Set(CATALOGUE_SITES.map((s) => s.slug))
    const catalogue = await (await fetch(`${process.env.SUPABASE_URL}/functions/v1/sites`, {
      headers: { 'cache-control': 'no-cache' },
    })).json() as {
      sites: { slug: string; city_slug: string | null; status: SiteStatus | null }[]
      sites_with_offer: { slug: string }[]
    }
    const active = catalogue.sites.filter((s) => isActive(s) && s.city_slug && seeded.has(s.slug))
    const paths = [
      '/',
      '/sites',
      ...active.map((s) => `/sites/${s.city_slug}/${s.slug}`),
      ...catalogue.sites_with_offer.filter((o) =>
        seeded.has(o.slug) && !active.some((s) => s.slug === o.slug)
      ).map((o) => `/prereg/${o.slug}`),
    ]
    expect(active.length).toBeGreaterThan(2)
    expect(paths.length).toBeGreaterThan(active.length + 4)
    const ctx = await browser.newContext({ javaScriptEnabled: false })
    const page = await ctx.newPage()
    const over: string[] = []
    try {
      for (const path of paths) {
        const res = await page.goto(`${webUrl()}${path}`)
        expect(res?.status(), path).toBe(200)
        expect(await res?.headerValue('content-encoding'), path).toBe('br')
        expect(await page.locator('#root h1').count(), `${path} is rendered`).toBe(1)
        // What the browser took off the wire: the encoded HTML and the response's headers. A
        // connection's first window is 10 segments of 1,460 bytes (RFC 6928); Lighthouse's
        // simulated phone line waits a second round trip for anything over it.
        const bytes = await page.evaluate(() =>
          (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming)
            .transferSize
        )
        expect(bytes, path).toBeGreaterThan(2000)
        if (bytes > 14_600) over.push(`${path}: ${bytes} bytes`)
      }
    } finally {
      await ctx.close()
    }
    expect(over).toEqual([])
  })

  it('leaves a page it does not render to the app (the plain shell)', async () => {
    const html = await (await fetch(`${webUrl()}/sites/nowhere/no-such-site`)).text()
    expect(html).toContain('<div id="root"></div>')
    expect(html).not.toContain('roots-prerender')
  })

  it('never serves the server build', async () => {
    expect((await fetch(`${webUrl()}/.server/entry-server.js`)).status).toBe(404)
  })
})

async function noScriptPage(width: number): Promise<Page> {
  const ctx = await browser.newContext({
    viewport: { width, height: 800 },
    javaScriptEnabled: false,
    reducedMotion: 'reduce',
  })
  return await ctx.newPage()
}

describe('without JavaScript', () => {
  for (const width of [360, 1280]) {
    it(`a visitor goes from the home page to a site and a pre-registration page at ${width} px`, async () => {
      const page = await noScriptPage(width)
      await page.goto(`${webUrl()}/`)
      await page.getByRole('heading', { level: 1, name: PAGES[0].h1 }).waitFor()
      await page.screenshot({ path: `${SHOTS}/home-${width}.png`, fullPage: true })

      await page.getByRole('link', { name: 'Find a site near you' }).click()
      await page.getByRole('heading', { level: 1, name: 'Our sites' }).waitFor()
      expect(await page.getByTestId('site-card').count()).toBeGreaterThan(10)
      await page.screenshot({ path: `${SHOTS}/sites-${width}.png` })

      await page.locator('[data-testid="site-card"][data-slug="darenth-fields"]')
        .getByRole('link', { name: 'Darenth Fields', exact: true }).click()
      await page.getByRole('heading', { level: 1, name: 'Darenth Fields' }).waitFor()
      expect(new URL(page.url()).pathname).toBe('/sites/dartford/darenth-fields')
      expect(await page.title()).toBe(PAGES[2].title)
      const photo = page.getByTestId('gallery').getByRole('img').first()
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0)
      expect(await page.getByTestId('waiting-count').textContent()).toMatch(/^\d+$/)
      expect(await page.getByRole('heading', { name: 'Prices' }).count()).toBe(1)
      expect(await page.getByText('Loading the prices…').count()).toBe(0)
      // The page's own stylesheet (its lazy chunk's) is linked from the HTML too.
      expect(await page.locator('article .cols').evaluate((el) => getComputedStyle(el).display))
        .toBe('grid')
      await page.screenshot({ path: `${SHOTS}/site-${width}.png` })

      await page.goto(`${webUrl()}/sites`)
      await page.locator('[data-testid="site-card"][data-slug="tuckers-meadow"]')
        .getByRole('link', { name: 'Tuckers Meadow', exact: true }).click()
      await page.getByRole('heading', { level: 1, name: PAGES[3].h1 }).waitFor()
      expect(new URL(page.url()).pathname).toBe('/prereg/tuckers-meadow')
      await page.screenshot({ path: `${SHOTS}/prereg-${width}.png` })
      await page.context().close()
    })
  }
})

describe('with JavaScript', () => {
  for (const width of [360, 1280]) {
    it(`hydrates every public page without a mismatch at ${width} px`, async () => {
      const ctx = await browser.newContext({
        viewport: { width, height: 800 },
        reducedMotion: 'reduce',
      })
      const page = await ctx.newPage()
      const seen = watchConsole(page)
      await rememberServerHeading(page)
      for (const p of PAGES) {
        await page.goto(`${webUrl()}${p.path}`)
        await appReady(page)
        await page.getByRole('heading', { level: 1, name: p.h1 }).waitFor()
        // Once hydrated the page is the app's: the cookie banner (this browser's own state)
        // shows, and its buttons work. The promo bar comes with the live data and lifts the
        // banner: click once the data is in (a click aimed as it moved once landed on nothing).
        await page.waitForLoadState('networkidle')
        await page.getByRole('button', { name: 'Necessary only' }).click()
        await page.getByTestId('consent-banner').waitFor({ state: 'detached' })
        expect(await keptServerHeading(page), `${p.path}: the server's HTML was replaced`).toBe(
          true,
        )
        await ctx.clearCookies()
      }
      expect(hydrationProblems(seen)).toEqual([])
      await ctx.close()
    })
  }

  for (const width of [360, 1280]) {
    it(`a tap on the gallery before the app has started is not lost at ${width} px`, async () => {
      // A slow phone: the page has painted from its HTML, the app's code is still on its way.
      const ctx = await browser.newContext({
        viewport: { width, height: 800 },
        reducedMotion: 'reduce',
      })
      const page = await ctx.newPage()
      const seen = watchConsole(page)
      let release!: () => void
      const codeHeld = new Promise<void>((r) => (release = r))
      await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
        await codeHeld
        await route.continue().catch(() => {})
      })
      // From the home page by its links, each page its server HTML (the code never arrives); not
      // waiting for the load event, which the held code keeps from firing.
      const noWait = { waitUntil: 'domcontentloaded' } as const
      await page.goto(`${webUrl()}/`, noWait)
      await page.getByRole('link', { name: 'Find a site near you' }).click({ noWaitAfter: true })
      await page.getByRole('heading', { level: 1, name: 'Our sites' }).waitFor()
      await page.locator('[data-testid="site-card"][data-slug="darenth-fields"]')
        .getByRole('link', { name: 'Darenth Fields', exact: true }).click({ noWaitAfter: true })
      await page.getByRole('heading', { level: 1, name: 'Darenth Fields' }).waitFor()
      expect(new URL(page.url()).pathname).toBe(PAGES[2].path)
      const gallery = page.getByTestId('gallery')
      // Three seeded photos, or four while site-pages (another lane) has added one of its own.
      const second = gallery.getByRole('button', { name: /^Photo 2 of [34]: / })
      await second.waitFor()
      expect(
        await gallery.getByRole('button', { name: /^Photo 1 of [34]: / }).getAttribute(
          'aria-current',
        ),
      )
        .toBe('true')
      // The visitor taps the second thumbnail: without the app nothing happens yet.
      await second.click()
      expect(await second.getAttribute('aria-current')).toBe('false')
      const shownAlt = () => gallery.locator('figure img:not([hidden])').getAttribute('alt')
      const firstAlt = await shownAlt()
      await page.screenshot({ path: `${SHOTS}/early-tap-before-${width}.png` })
      release()
      await appReady(page)
      // Once the page has hydrated, the tap is played back: the second photo shows.
      await expect.poll(() => second.getAttribute('aria-current')).toBe('true')
      expect(await shownAlt()).not.toBe(firstAlt)
      expect(await gallery.locator('figcaption').textContent()).toMatch(/^Photo 2 of [34]: /)
      await page.screenshot({ path: `${SHOTS}/early-tap-after-${width}.png` })
      // Only once: a later tap elsewhere works as usual and no earlier tap comes back.
      await gallery.getByRole('button', { name: 'Next photo' }).click()
      await expect.poll(() => gallery.locator('figcaption').textContent()).toMatch(
        /^Photo 3 of [34]: /,
      )
      expect(hydrationProblems(seen)).toEqual([])
      await ctx.close()
    })
  }

  it('a redirect table slower than the app keeps the server HTML: no mismatch, clicks work', async () => {
    // A first visit on a slow line: the table answers after the app has stopped waiting for it
    // (4 s). The first render must still be the server's page, or React replaces the HTML and a
    // click made meanwhile is lost (seen in CI: the cookie banner's button did nothing).
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await ctx.newPage()
    await page.route(/\/functions\/v1\/redirect-lookup$/, async (route) => {
      await new Promise((r) => setTimeout(r, 6000))
      await route.continue().catch(() => {})
    })
    const seen = watchConsole(page)
    await rememberServerHeading(page)
    const tableCame = page.waitForResponse(/\/functions\/v1\/redirect-lookup$/)
    await page.goto(`${webUrl()}/sites/dartford/darenth-fields`)
    await appReady(page)
    await page.getByRole('heading', { level: 1, name: 'Darenth Fields' }).waitFor()
    await page.getByRole('button', { name: 'Necessary only' }).click()
    await page.getByTestId('consent-banner').waitFor({ state: 'detached' })
    // The table came in the end, and the page is still the server's.
    await tableCame
    expect(await keptServerHeading(page)).toBe(true)
    expect(hydrationProblems(seen)).toEqual([])
    await ctx.close()
  })

  it('never fetches or applies again a stylesheet the server put inline', async () => {
    const ctx = await browser.newContext({ viewport: { width: 360, height: 800 } })
    const page = await ctx.newPage()
    const fetched: string[] = []
    page.on('request', (r) => {
      if (r.url().endsWith('.css')) fetched.push(new URL(r.url()).pathname)
    })
    await page.goto(`${webUrl()}${PAGES[2].path}`)
    await appReady(page)
    await page.getByRole('button', { name: 'Necessary only' }).click()
    await page.waitForLoadState('networkidle')
    const sheets = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((l) => ({
        path: new URL(l.href).pathname,
        disabled: l.disabled,
      }))
    )
    const inlined = sheets.filter((s) => s.disabled).map((s) => s.path)
    // The shell's sheet and the site page's own are inline (the page paints without a request).
    expect(inlined.length).toBeGreaterThanOrEqual(2)
    expect(inlined.some((p) => /\/assets\/index-[^/]*\.css$/.test(p))).toBe(true)
    for (const path of inlined) {
      expect(fetched, `${path} fetched again`).not.toContain(path)
      expect(sheets.filter((s) => s.path === path && !s.disabled), `${path} linked again`)
        .toEqual([])
    }
    // What every page adds after its first paint (the footer's links, the promo bar, the cookie
    // settings button once the visitor has chosen) has its sheet
    // inline as well: a server-rendered page fetches no stylesheet at all, so the browser never
    // works out the whole page's style again for a late one.
    for (const part of ['SiteFooterLinks', 'PromoBar', 'ConsentReopenButton']) {
      expect(inlined.some((p) => new RegExp(`/assets/${part}-[^/]*\\.css$`).test(p)), part).toBe(
        true,
      )
    }
    expect(fetched).toEqual([])
    // The page still has its look once the app runs: the columns are the page's own stylesheet's,
    // the footer's link groups theirs.
    expect(await page.locator('article .cols').evaluate((el) => getComputedStyle(el).display))
      .toBe('grid')
    expect(await page.getByTestId('footer-links').evaluate((el) => getComputedStyle(el).display))
      .toBe('grid')
    await ctx.close()
  })
})
