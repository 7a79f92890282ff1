// Phones: at 360 px nothing fixed (the promo bar, the cookie button) covers a focused
// form field or its label: the promo bar keeps to one line and steps aside while a field has
// focus. And the admin area is never wider than the screen: tables scroll inside their own
// focusable, labelled region, on every admin page each admin role can open.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paths } from '../web/src/config/paths'
import { adminPaths } from '../web/src/config/paths-admin'
import type { StaffRole } from '../supabase/functions/_shared/common/roles.ts'
import { signIn, waitForPath } from './admin-support'
import { dismissConsent, serviceRest } from './public-support'
import { gotoInApp, launchChromium, newContext, openApp, webUrl } from './support/browser'

const PHONE = { width: 360, height: 740 }

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

interface Box {
  x: number
  y: number
  width: number
  height: number
}

/** Fixed elements on screen now whose box overlaps the focused field's box or its label's. */
async function coveringFocusedField(page: Page): Promise<string[]> {
  return await page.evaluate(() => {
    const field = document.activeElement as HTMLElement | null
    if (!field || field === document.body) return ['nothing has focus']
    const boxes: Box[] = [field.getBoundingClientRect()]
    const label = (field as HTMLInputElement).labels?.[0]
    if (label) boxes.push(label.getBoundingClientRect())
    const overlaps = (a: Box, b: Box) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
    return [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) =>
        getComputedStyle(el).position === 'fixed' &&
        el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })
      )
      .filter((el) => boxes.some((b) => b.width > 0 && overlaps(el.getBoundingClientRect(), b)))
      .map((el) =>
        `${el.tagName.toLowerCase()}${el.dataset.testid ? `[${el.dataset.testid}]` : ''} covers ${
          field.getAttribute('name') ?? field.tagName
        }`
      )
  })
}

async function fieldsOf(page: Page): Promise<number> {
  return await page.locator('main form').first().locator(
    'input:not([type=hidden]), select, textarea',
  ).count()
}

describe('forms at 360 px', () => {
  for (
    const path of [
      paths.landingSiteJoin.getHref({ site: 'darenth-fields' }),
      paths.preregSiteSignup.getHref({ site: 'daffodil-views' }),
      paths.land.getHref(),
    ]
  ) {
    it(`${path}: the one-line promo bar and the cookie button never cover the focused field or its label`, async () => {
      const page = await (await newContext(browser, PHONE.width, PHONE.height)).newPage()
      await openApp(page, path)
      await page.getByRole('button', { name: 'Accept all' }).waitFor()
      // Necessary only: consent given, so the cookie button shows.
      await dismissConsent(page)
      const bar = page.getByTestId('promo-bar')
      await bar.waitFor()
      await page.getByTestId('consent-reopen').waitFor()
      const barHeight = (await bar.boundingBox())!.height
      expect(barHeight, 'the promo bar keeps to one line').toBeLessThanOrEqual(48)
      expect(await bar.locator('p').evaluate((p) => getComputedStyle(p).whiteSpace)).toBe('nowrap')
      // The cut link ends where the line does, clear of the close button (a whole target).
      const [link, close] = [
        (await bar.getByRole('link').boundingBox())!,
        (await bar.getByRole('button', { name: 'Hide this offer' }).boundingBox())!,
      ]
      expect(link.x + link.width, 'the link runs under the close button').toBeLessThanOrEqual(
        close.x,
      )
      const [live] = await serviceRest<Array<{ text: string }>>(
        'promo_bars?select=text&active=is.true&site_id=is.null&order=sort_order.asc,id.desc&limit=1',
      )
      expect(await bar.getByRole('link').textContent(), 'the full offer stays in the link').toBe(
        live!.text,
      )

      const n = await fieldsOf(page)
      expect(n).toBeGreaterThan(2)
      const fields = page.locator('main form').first().locator(
        'input:not([type=hidden]), select, textarea',
      )
      // Each field in turn (focus scrolls it into view, as moving through the form does).
      for (let i = 0; i < n; i++) {
        await fields.nth(i).focus()
        expect(await coveringFocusedField(page)).toEqual([])
      }
      expect(await bar.isVisible(), 'the bar steps aside while a field has focus').toBe(false)
      expect(await page.getByTestId('consent-reopen').isVisible()).toBe(false)
      // Typing into a field near the bottom of the screen: still nothing over it.
      await fields.nth(n - 1).scrollIntoViewIfNeeded()
      await fields.first().focus()
      await page.keyboard.type('Ada')
      expect(await coveringFocusedField(page)).toEqual([])
      // Done with the form: a tap elsewhere leaves them away (a second tap where a button was must
      // not land on the bar's link), and they come back once the visitor scrolls on.
      await page.locator('main h1').first().click()
      await page.locator('main h1').first().click()
      expect(await bar.isVisible(), 'no bar under the finger after a tap').toBe(false)
      expect(page.url()).toBe(`${webUrl()}${path}`)
      await page.mouse.wheel(0, 200)
      await bar.waitFor()
      expect(await page.getByTestId('consent-reopen').isVisible()).toBe(true)
      await page.context().close()
    })
  }
})

/** Every admin page without parameters that signed-in staff open (the open sign-in pages aside). */
const ADMIN_PAGES = Object.values(adminPaths).map((p) => p.path as string)
  .filter((p) =>
    p.startsWith('/admin') && !p.includes(':') &&
    !['/admin/login', '/admin/confirm', '/admin/unauthorized'].includes(p)
  )

const STAFF: Array<[StaffRole, string, string]> = [
  ['roots_official', 'official@example.com', '/admin'],
  ['roots_team', 'team@example.com', '/admin'],
  ['founder', 'founder@example.com', '/admin'],
  ['patch_manager', 'patch@example.com', '/admin/waiting-list'],
]

describe('admin pages at 360 px are never wider than the screen', () => {
  for (const [role, email, home] of STAFF) {
    it(`as ${role}: tables scroll in their own labelled region, the page does not`, async () => {
      const page = await (await newContext(browser, PHONE.width, PHONE.height)).newPage()
      await signIn(page, email)
      await waitForPath(page, home)
      const problems: string[] = []
      const reached: string[] = []
      let tables = 0
      for (const p of ADMIN_PAGES) {
        // Inside the signed-in app, as its menu takes staff from page to page.
        await gotoInApp(page, p)
        await page.locator('main#admin-main').waitFor()
        // A page the role may not open sends it to its home: only the pages it reaches count.
        if (new URL(page.url()).pathname !== p) continue
        reached.push(p)
        // Let the screen's data arrive: no loading status left (or give up after a while).
        await page.waitForFunction(
          () => !/Loading/.test(document.querySelector('#admin-main')?.textContent ?? ''),
          null,
          { timeout: 8000 },
        ).catch(() => {})
        // ...and the layout that data brought be painted (two animation frames).
        await page.evaluate(() =>
          new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))
        )
        const r = await page.evaluate(() => ({
          width: document.documentElement.scrollWidth,
          // Tables on screen (a visually hidden one, the map's text alternative, takes no room).
          regions: [...document.querySelectorAll('#admin-main table')].filter((t) =>
            t.getBoundingClientRect().width > 1
          ).map((t) => {
            const box = t.parentElement!
            const name = box.getAttribute('aria-label') ??
              document.getElementById(box.getAttribute('aria-labelledby') ?? '')?.textContent ?? ''
            return {
              scrolls: ['auto', 'scroll'].includes(getComputedStyle(box).overflowX),
              role: box.getAttribute('role'),
              tabIndex: box.tabIndex,
              name: name.trim(),
              fits: t.getBoundingClientRect().width <= box.clientWidth + 1 &&
                t.getBoundingClientRect().right <= innerWidth,
            }
          }),
        }))
        if (r.width > PHONE.width) problems.push(`${p}: ${r.width} px wide`)
        for (const t of r.regions) {
          tables++
          // A table in a scrolling box: the box is a focusable region with a name. A table outside
          // one must fit the screen as it is (a two-column table that wraps its text).
          if (t.scrolls ? t.role !== 'region' || t.tabIndex !== 0 || !t.name : !t.fits) {
            problems.push(`${p}: a table box ${JSON.stringify(t)}`)
          }
        }
      }
      expect(problems).toEqual([])
      expect(reached, 'the role reaches its home').toContain(home)
      if (role !== 'patch_manager') expect(reached).toEqual(ADMIN_PAGES)
      expect(tables, 'some pages show tables').toBeGreaterThan(0)
      await page.context().close()
    })
  }
})
