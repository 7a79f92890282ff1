// The content pages: read a blog post; find an event and download its .ics (checked against
// the database); apply for a role; sign up for sowing reminders (once per address); walk the
// knowledge base by its breadcrumbs and search it; unknown slugs give the not-found page; every
// page accessible and without sideways scrolling at phone and desktop width.
import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import {
  configureApp,
  gotoInApp,
  launchChromium,
  newContext,
  openApp,
  seriousViolations,
} from './support/browser'
import {
  dismissConsent,
  expectAccessible,
  noSidewaysScroll,
  serviceRest,
  uniqueEmail,
} from './public-support'

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

async function openPage(width = 1280): Promise<Page> {
  const context = await newContext(browser, width)
  await configureApp(context)
  const page = await context.newPage()
  await openApp(page, '/')
  await dismissConsent(page)
  return page
}

/** The page has settled: its title, a level-one heading and no loading message left. */
async function settled(page: Page, title: string) {
  await expect.poll(() => page.title()).toBe(`${title} | Roots Allotments`)
  await page.getByRole('heading', { level: 1 }).first().waitFor()
  await expect.poll(() => page.getByRole('status').filter({ hasText: /^Loading/ }).count()).toBe(0)
}

const PAGES: [path: string, title: string][] = [
  ['/blogs', 'Blog'],
  ['/blogs?page=2', 'Blog'],
  ['/blogs/first-season-guide', 'Your first season on a plot'],
  ['/careers', 'Careers'],
  ['/careers/patch-manager-bristol', 'Patch Manager, Bristol'],
  ['/careers/site-handyperson', 'Site handyperson'],
  ['/events', 'Events'],
  ['/kb', 'Knowledge base'],
  ['/kb?q=compost', 'Search: compost'],
  ['/kb/growing/vegetables/tomatoes', 'Growing tomatoes'],
  ['/seed-sowing', 'Seed-sowing guide'],
  ['/seed-sowing/timeline', 'Sowing timeline'],
  ['/seed-sowing/thank-you', 'Thank you'],
  ['/offers/avon-views-join', 'Join Avon Views'],
  ['/the-roots-pledge', 'The Roots pledge'],
  ['/the-roots-pledge/peat-free', 'We are peat-free'],
  ['/good-vibes-projects', 'Good vibes projects'],
  ['/good-vibes-projects/school-beds', 'Beds for local schools'],
]

/**
 * The widths each page is judged at, narrow first: the page is reached once at the first and
 * widened for the next (the app's layout follows the width through CSS alone: see WIDTHS in
 * e2e/support/a11y-sweep.ts). One walk through the app instead of one per width.
 */
const WIDTHS = [360, 1280]

describe('content pages', () => {
  it(`render accessibly, without sideways scrolling, at ${WIDTHS.join(' and ')} px`, async () => {
    const page = await openPage(WIDTHS[0])
    // Page to page inside the app (each route's fresh load: e2e/a11y-routes.e2e.ts).
    for (const [path, title] of PAGES) {
      await page.setViewportSize({ width: WIDTHS[0], height: 800 })
      await gotoInApp(page, path)
      await settled(page, title)
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 })
        // Scroll through so lazy images mount before the check.
        await page.evaluate(() => globalThis.scrollTo(0, document.body.scrollHeight))
        expect(await noSidewaysScroll(page), `${path} scrolls sideways at ${width}px`).toBe(true)
        expect(await seriousViolations(page), `${path} at ${width}px`).toEqual([])
      }
    }
    await page.context().close()
  })

  it('unknown slugs and paths give the not-found page', async () => {
    const page = await openPage()
    for (
      const path of [
        '/blogs/no-such-post',
        '/careers/astronaut',
        '/kb/growing/no-such-article',
        '/kb/Bad_Path',
        '/offers/no-such-offer',
        '/the-roots-pledge/no-such-pledge',
        '/good-vibes-projects/no-such-project',
        '/good-vibes-projects/99999',
      ]
    ) {
      await openApp(page, path)
      await page.locator('[data-variant="not-found"]').waitFor()
      expect(await page.getByRole('heading', { level: 1 }).textContent(), path).toMatch(
        /page not found/i,
      )
      await expectAccessible(page)
    }
    await page.context().close()
  })
})

describe('blog', () => {
  it('a visitor reads the newest post and finds how to share it', async () => {
    const page = await openPage(360)
    await openApp(page, '/blogs')
    await settled(page, 'Blog')
    const newest = await serviceRest<{ slug: string; title: string; author: string }[]>(
      'blogs?select=slug,title,author&published=eq.true&order=published_at.desc&limit=1',
    )
    const first = page.getByRole('list', { name: 'Blog posts' }).getByRole('link').first()
    expect(await first.textContent()).toBe(newest[0]!.title)
    await page.getByRole('link', { name: 'Older posts →' }).click()
    await expect.poll(() => page.url()).toContain('/blogs?page=2')
    await page.getByText('Page 2 of', { exact: false }).waitFor()
    await page.getByRole('link', { name: '← Newer posts' }).click()
    await page.getByRole('link', { name: newest[0]!.title }).click()
    await settled(page, newest[0]!.title)
    expect(new URL(page.url()).pathname).toBe(`/blogs/${newest[0]!.slug}`)
    expect(await page.getByText(`By ${newest[0]!.author}`, { exact: false }).count()).toBe(1)
    expect(await page.getByRole('heading', { level: 2, name: 'Step by step' }).count()).toBe(1)
    expect(await page.getByRole('link', { name: 'Share on WhatsApp' }).getAttribute('href'))
      .toContain(encodeURIComponent(`/blogs/${newest[0]!.slug}`))
    await expectAccessible(page)
    await page.context().close()
  })
})

describe('events', () => {
  it('a visitor finds an event at their site and downloads it for their calendar', async () => {
    const page = await openPage()
    await openApp(page, '/events')
    await settled(page, 'Events')
    // Past events are not listed.
    expect(await page.getByRole('heading', { name: 'Bee-keeping talk (past)' }).count()).toBe(0)
    expect(await page.getByRole('heading', { name: 'Plant sale (last season)' }).count()).toBe(0)
    await page.getByLabel('Site').selectOption({ label: 'Bowshaw Views, Sheffield' })
    await expect.poll(() => page.getByRole('heading', { level: 3 }).count()).toBe(1)
    expect(page.url()).toContain('site=8')
    const title = 'Apple pressing, cider & juice; bring your own bottles'
    await page.getByRole('heading', { level: 3, name: title }).waitFor()
    await expectAccessible(page)

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `Add ${title} to your calendar` }).click(),
    ])
    expect(download.suggestedFilename()).toBe('apple-pressing-day.ics')
    const ics = await readFile((await download.path())!, 'utf8')
    const [row] = await serviceRest<{ starts_at: string; ends_at: string }[]>(
      'events?select=starts_at,ends_at&slug=eq.apple-pressing-day',
    )
    const utc = (iso: string) =>
      new Date(iso).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '')
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true)
    expect(ics.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true)
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
    expect(ics).toContain('\r\nUID:apple-pressing-day@events.rootsallotments.co.uk\r\n')
    expect(ics).toMatch(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/)
    expect(ics).toContain(`\r\nDTSTART:${utc(row!.starts_at)}\r\nDTEND:${utc(row!.ends_at)}\r\n`)
    expect(ics).toContain(
      '\r\nSUMMARY:Apple pressing\\, cider & juice\\; bring your own bottles\r\n',
    )
    expect(ics).toContain('\r\nLOCATION:Bowshaw Views\\, Sheffield\r\n')
    expect(ics.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true)
    await page.context().close()
  })
})

describe('careers', () => {
  it('a visitor applies for a role: bad input first, then a double click stores one application', async () => {
    const page = await openPage(360)
    await openApp(page, '/careers')
    await settled(page, 'Careers')
    expect(await page.getByRole('link', { name: 'Site handyperson' }).count()).toBe(0) // closed
    await page.getByRole('link', { name: 'Patch Manager, Bristol' }).click()
    await settled(page, 'Patch Manager, Bristol')

    await page.getByLabel('Your name').fill('Ada Grower')
    await page.getByLabel('E-mail address').fill('ada@')
    await page.getByLabel('Link to your CV').fill('http://cv.example.com/ada.pdf')
    await page.getByRole('button', { name: 'Send application' }).click()
    await page.getByText('Enter a valid e-mail address, like name@example.com.').waitFor()
    await page.getByText('Enter a link starting with https://', { exact: false }).first().waitFor()
    expect(await page.getByLabel('Your name').inputValue()).toBe('Ada Grower')
    await expectAccessible(page)

    const email = uniqueEmail('career')
    await page.getByLabel('E-mail address').fill(email)
    await page.getByLabel('Link to your CV').fill('https://cv.example.com/ada.pdf')
    await page.getByLabel('Message (optional)').fill('I have grown on a plot for ten years.')
    await page.getByRole('button', { name: 'Send application' }).dblclick()
    await page.getByRole('heading', { name: 'Application received' }).waitFor()
    await expectAccessible(page)

    const rows = await serviceRest<
      { name: string; cv_url: string; message: string; status: string; careers: { slug: string } }[]
    >(
      `career_applications?select=name,cv_url,message,status,careers(slug)&email=eq.${
        encodeURIComponent(email)
      }`,
    )
    expect(rows).toEqual([{
      name: 'Ada Grower',
      cv_url: 'https://cv.example.com/ada.pdf',
      message: 'I have grown on a plot for ten years.',
      status: 'new',
      careers: { slug: 'patch-manager-bristol' },
    }])

    // A closed role says so and has no form.
    await openApp(page, '/careers/site-handyperson')
    await page.getByText('Applications for this role have closed.', { exact: false }).waitFor()
    expect(await page.getByRole('button', { name: 'Send application' }).count()).toBe(0)
    await page.context().close()
  })
})

describe('seed-sowing reminders', () => {
  it('a visitor signs up with consent, once per address', async () => {
    const page = await openPage(360)
    await openApp(page, '/seed-sowing?month=3')
    await settled(page, 'Seed-sowing guide')
    await page.getByRole('heading', { level: 2, name: 'In March' }).waitFor()
    expect(await page.getByRole('region', { name: 'Sow indoors' }).getByText('Tomatoes').count())
      .toBe(1)

    const email = uniqueEmail('sowing')
    await page.getByLabel('E-mail address').fill(email)
    await page.getByRole('button', { name: 'Sign me up' }).click()
    await page.getByText('Tick the box to agree to the monthly e-mails.').waitFor()
    expect(await page.getByLabel('E-mail address').inputValue()).toBe(email)
    await page.getByRole('checkbox').check()
    await page.getByRole('button', { name: 'Sign me up' }).dblclick()
    await settled(page, 'Thank you')
    expect(new URL(page.url()).pathname).toBe('/seed-sowing/thank-you')

    // Again from the timeline, in capitals: still one sign-up.
    await openApp(page, '/seed-sowing/timeline')
    await settled(page, 'Sowing timeline')
    await page.getByLabel('E-mail address').fill(email.toUpperCase())
    await page.getByRole('checkbox').check()
    await page.getByRole('button', { name: 'Sign me up' }).click()
    await settled(page, 'Thank you')

    const rows = await serviceRest<
      { consent: boolean; consent_text: string; consented_at: string }[]
    >(
      `sowing_reminder_signups?select=consent,consent_text,consented_at&email_normalised=eq.${
        encodeURIComponent(email.toLowerCase())
      }`,
    )
    expect(rows).toHaveLength(1)
    expect(rows[0]!.consent).toBe(true)
    expect(rows[0]!.consent_text).toContain('e-mail me once a month')
    await page.context().close()
  })
})

describe('knowledge base', () => {
  it('a visitor walks up the breadcrumbs and searches', async () => {
    const page = await openPage(360)
    await openApp(page, '/kb/growing/vegetables/tomatoes')
    await settled(page, 'Growing tomatoes')
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' })
    expect(await crumbs.getByRole('listitem').allTextContents()).toEqual([
      'Knowledge base',
      'Growing guides',
      'Vegetables',
      'Growing tomatoes',
    ])
    await crumbs.getByRole('link', { name: 'Vegetables' }).click()
    await settled(page, 'Vegetables')
    expect(
      await page.getByRole('list', { name: 'Articles in Vegetables' }).getByRole('link')
        .allTextContents(),
    ).toEqual(['Growing potatoes', 'Growing tomatoes'])
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', {
      name: 'Growing guides',
    }).click()
    await settled(page, 'Growing guides')
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', {
      name: 'Knowledge base',
    }).click()
    await settled(page, 'Knowledge base')
    expect(new URL(page.url()).pathname).toBe('/kb')

    // Search by a word of the text (stemmed): "bays" is only in the composting article's body.
    await page.getByLabel('Search the knowledge base').fill('bays')
    await page.getByRole('button', { name: 'Search' }).click()
    await settled(page, 'Search: bays')
    await page.getByRole('list', { name: 'Search results' }).getByRole('link', {
      name: 'Composting on site',
    }).click()
    await settled(page, 'Composting on site')
    expect(new URL(page.url()).pathname).toBe('/kb/growing/compost')
    await expectAccessible(page)

    await openApp(page, '/kb?q=zebra%20crossings')
    await page.getByText('No articles match “zebra crossings”.', { exact: false }).waitFor()
    await page.context().close()
  })
})
