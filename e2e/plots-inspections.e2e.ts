// Inspections on a phone with no signal (migration 20250121000300_inspections.sql). Set up through
// SQL: a site of the file's own, which patch@example.com (the seeded patch manager) is given to
// look after, with plot 7 let to Hana's active membership. On a 360 px phone the patch manager
// opens Inspections from the menu, picks plot 7 by its number, loses the signal
// (context.setOffline), scores it below the pass mark with a note and a camera photo, and saves:
// the inspection is kept in the browser (IndexedDB) and shown as "Waiting to send (1)". Still
// offline they go to the waiting list and back (the queue is still there; the app shell cannot
// be reloaded without a signal: there is no service worker). The signal returns: the queue sends
// it by itself, once (one row through the service REST; the same id sent again changes nothing),
// with its photo in the private bucket, and Hana is e-mailed the warning with its deadline and the
// link to /members. Hana signs in on her own phone, sees the inspection (score in words, note,
// photo, deadline) and replies. The subscription agreement says the rules with the settings'
// numbers. Screenshots at 360 and 1280 px go to /tmp/shots-inspections.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import postgres from 'postgres'
import type { Browser, Page } from 'playwright-core'
import { configureApp, launchChromium, newContext, openApp } from './support/browser'
import { anonKey, apiUrl, asService, PASSWORD, signIn, waitForPath } from './admin-support'
import {
  dismissConsent,
  expectAccessible,
  mailTo,
  mainNavLink,
  noSidewaysScroll,
  serviceRest,
  shootParts,
  uniqueEmail,
} from './public-support'
import { png } from './support/png'

const SHOTS = '/tmp/shots-inspections'
const PATCH = 'patch@example.com'
const tag = Date.now().toString(36)
const site = {
  city: 'Inspecton',
  city_slug: `inspecton-${tag}`,
  location: `Furrow Fields ${tag}`,
  slug: `furrow-fields-${tag}`,
}
const holder = uniqueEmail('inspected-holder')
const NOTE = 'Couch grass over most of the beds; the paths are overgrown.'
let browser: Browser
let sql: ReturnType<typeof postgres>
let siteId: number
let plotId: number

async function newUser(email: string): Promise<string> {
  const created = await asService('/auth/v1/admin/users', {
    method: 'POST',
    body: JSON.stringify({ email, password: PASSWORD, email_confirm: true }),
  })
  if (!created.ok) throw new Error(`create user: ${created.status} ${await created.text()}`)
  return ((await created.json()) as { id: string }).id
}

/** Both widths of the page as it stands, the phone's first. */
async function shootBoth(page: Page, name: string) {
  const { width, height } = page.viewportSize()!
  await page.setViewportSize({ width: 360, height: 780 })
  expect(await noSidewaysScroll(page)).toBe(true)
  await shootParts(SHOTS, page, `${name}-360`)
  await page.setViewportSize({ width: 1280, height: 800 })
  await shootParts(SHOTS, page, `${name}-1280`)
  await page.setViewportSize({ width, height })
}

/**
 * Opens an admin page from the menu, as a phone shows it: behind "Menu" when folded away. The
 * menu closes itself after each route change (an effect, a moment after the path): it is opened
 * from closed, and the step ends once it has closed again, never while it is still closing (a
 * check of the link's visibility then saw it open, and the click waited on a hidden link).
 */
async function fromMenu(page: Page, label: string, path: string) {
  const menu = page.getByRole('button', { name: 'Menu' })
  const folded = await menu.isVisible()
  const closed = () => expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false')
  if (folded) {
    await closed()
    await menu.click()
  }
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', {
    name: label,
    exact: true,
  }).click()
  await waitForPath(page, path)
  if (folded) await closed()
}

const inspections = () =>
  serviceRest<{ id: string; score: number; outcome: string; photos: string[]; note: string }[]>(
    `plot_inspections?select=id,score,outcome,photos,note&plot_id=eq.${plotId}`,
  )

/** The inspections this browser still keeps in IndexedDB. */
const keptInBrowser = (page: Page) =>
  page.evaluate(() =>
    new Promise<number>((resolve, reject) => {
      const r = indexedDB.open('roots-inspections', 1)
      r.onerror = () => reject(r.error)
      r.onsuccess = () => {
        const count = r.result.transaction('queue', 'readonly').objectStore('queue').count()
        count.onsuccess = () => resolve(count.result)
        count.onerror = () => reject(count.error)
      }
    })
  )

beforeAll(async () => {
  browser = await launchChromium()
  sql = postgres(process.env.SUPABASE_DB_URL!, { max: 1, onnotice: () => {} })
  const [s] = await sql`insert into public.global_sites ${
    sql({ ...site, status: 'active' })
  } returning id`
  siteId = Number(s!.id)
  plotId = await sql.begin(async (tx) => {
    await tx`select private.plot_flow(true)`
    const [p] = await tx`insert into public.plots (site_id, number, size, status)
      values (${siteId}, '7', 'full', 'let') returning id`
    await tx`insert into public.plots (site_id, number, size, status) values (${siteId}, '8', 'full', 'vacant'),
      (${siteId}, '17', 'half', 'preparing')`
    return Number(p!.id)
  })
  const userId = await newUser(holder)
  const [mb] = await sql`insert into public.members (user_id, first_name, last_name, email)
    values (${userId}, 'Hana', 'Holder', ${holder}) returning id`
  const [m] =
    await sql`insert into public.memberships (member_id, site_id, status, plot_id, plot_number, plot_size)
    values (${mb!.id}, ${siteId}, 'active', ${plotId}, '7', 'full') returning id`
  await sql`insert into public.plot_tenancies (plot_id, site_id, membership_id) values (${plotId}, ${siteId}, ${
    m!.id
  })`
  await sql`insert into public.patch_manager_sites (user_id, site_id)
    select id, ${siteId} from auth.users where email = ${PATCH}`
})

afterAll(async () => {
  // patch@example.com goes back to the sites the seed gives them.
  if (sql) await sql`delete from public.patch_manager_sites where site_id = ${siteId}`
  await sql?.end()
  await browser?.close()
})

describe('an inspection on a phone with no signal', () => {
  it('is kept while offline, sent once when the signal returns, and warns the member', async () => {
    const context = await newContext(browser, 360, 780)
    await configureApp(context)
    const page = await context.newPage()
    await signIn(page, PATCH)
    await waitForPath(page, '/admin/waiting-list')
    await fromMenu(page, 'Inspections', '/admin/inspections')
    await page.getByLabel('Site').waitFor()
    expect(await page.getByLabel('Site').locator('option').allTextContents()).toEqual([
      `${site.location}, ${site.city} (3 plots)`,
    ])

    // Plot 7, found by its number.
    await page.getByLabel('Plot number').fill('7')
    const plots = page.getByRole('list', { name: 'Plots' }).getByRole('button')
    await expect.poll(() => plots.count()).toBe(2) // 7 and 17
    await plots.filter({ hasText: 'Plot 7' }).first().click()
    const form = page.getByRole('form', { name: 'Inspect plot 7, held by Hana Holder' })
    await form.waitFor()
    await expectAccessible(page)
    await shootBoth(page, 'inspect-online')

    // The signal goes.
    await context.setOffline(true)
    await page.getByTestId('offline-banner').waitFor()
    await form.getByLabel('1 of 5: Barely cultivated').check()
    await form.getByLabel(/^Note/).fill(NOTE)
    const camera = form.getByLabel('Take a photo')
    expect(await camera.getAttribute('capture')).toBe('environment')
    expect(await camera.getAttribute('accept')).toBe('image/*')
    await camera.setInputFiles({ name: 'plot-7.png', mimeType: 'image/png', buffer: png(64, 48) })
    await form.getByRole('img', { name: 'Photo 1' }).waitFor()
    await form.getByText('Below the pass mark').waitFor()
    await form.getByRole('button', { name: 'Save inspection' }).click()
    await page.getByTestId('inspection-saved').getByText('It will be sent when you are back online')
      .waitFor()
    const queue = page.getByTestId('inspection-queue')
    await queue.getByRole('heading', { name: 'Waiting to send (1)' }).waitFor()
    expect(await queue.textContent()).toContain('Plot 7')
    expect(await keptInBrowser(page)).toBe(1)
    expect(await inspections()).toEqual([])
    await shootBoth(page, 'queued-offline')

    // Still offline: away (to a page already loaded once: a page's code not yet on the phone
    // cannot load without a signal) and back inside the app; the queue is where it was.
    await fromMenu(page, 'Waiting list', '/admin/waiting-list')
    await fromMenu(page, 'Inspections', '/admin/inspections')
    await page.getByTestId('inspection-queue').getByRole('heading', { name: 'Waiting to send (1)' })
      .waitFor()
    expect(await inspections()).toEqual([])

    // The signal returns: sent by itself, once.
    await context.setOffline(false)
    await expect.poll(async () => (await inspections()).length, { timeout: 60_000 }).toBe(1)
    await page.getByTestId('inspection-queue').waitFor({ state: 'detached' })
    expect(await keptInBrowser(page)).toBe(0)
    const [row] = await inspections()
    expect(row).toMatchObject({ score: 1, outcome: 'warning', note: NOTE })
    expect(row!.photos).toEqual([`${siteId}/${row!.id}/0.jpg`])
    const [photo] = await sql`select metadata ->> 'mimetype' as type from storage.objects
      where bucket_id = 'inspection-photos' and name = ${row!.photos[0]!}`
    expect(photo?.type).toBe('image/jpeg')

    // The same inspection sent again (a lost answer, a second tab) is answered, not recorded twice.
    const again = await page.evaluate(async ({ url, key, id, plot, photos }) => {
      let token = ''
      for (let i = 0; i < localStorage.length; i++) {
        const v = localStorage.getItem(localStorage.key(i)!) ?? ''
        if (v.includes('access_token')) token = JSON.parse(v).access_token
      }
      const res = await fetch(`${url}/functions/v1/plot-inspections`, {
        method: 'POST',
        headers: {
          apikey: key,
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ action: 'record', id, plot_id: plot, score: 5, photos }),
      })
      return { status: res.status, body: await res.json() }
    }, { url: apiUrl(), key: anonKey(), id: row!.id, plot: plotId, photos: row!.photos })
    expect(again.status).toBe(200)
    expect(again.body.inspection).toMatchObject({ repeated: true, score: 1 })
    expect((await inspections()).length).toBe(1)
    await expectAccessible(page)
    await shootBoth(page, 'sent')

    // Hana is warned, once, with what to do, the deadline and the link to /members.
    await expect.poll(
      async () => (await mailTo(holder)).filter((m) => m.meta?.tag === 'inspection-warning').length,
      { timeout: 60_000 },
    ).toBe(1)
    const mail = (await mailTo(holder)).find((m) => m.meta?.tag === 'inspection-warning')!
    expect(mail.subject).toMatch(
      /^Inspection of plot 7: a warning, with what to do by \d{1,2} \w+ \d{4}$/,
    )
    expect(mail.body).toContain('Barely cultivated (1 of 5)')
    expect(mail.body).toContain(NOTE)
    expect(mail.meta?.html ?? '').toContain('/members"')
    await context.close()
  })

  it('the member sees the inspection on /members and replies', async () => {
    const context = await newContext(browser, 360, 780)
    await configureApp(context)
    const page = await context.newPage()
    await openApp(page, '/')
    await dismissConsent(page)
    await (await mainNavLink(page, 'Member sign-in')).click()
    const signInForm = page.getByRole('form', { name: 'With your password' })
    await signInForm.getByLabel('E-mail address').fill(holder)
    await signInForm.getByLabel('Password').fill(PASSWORD)
    await signInForm.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL((u) => u.pathname === '/members')
    const section = page.getByTestId('plot-inspections')
    await section.waitFor({ timeout: 60_000 })
    const item = section.getByTestId('inspection').first()
    expect(await item.getByRole('heading').textContent()).toMatch(
      /^Plot 7, \d{1,2} \w+ \d{4}: Barely cultivated \(1 of 5\)$/,
    )
    expect(await item.getByTestId('inspection-warning').textContent()).toMatch(
      /Please do this by \d{1,2} \w+ \d{4}/,
    )
    expect(await item.textContent()).toContain(NOTE)
    const img = item.getByRole('img', { name: 'Inspection photo 1 of plot 7' })
    await img.scrollIntoViewIfNeeded()
    await expect.poll(() => img.evaluate((i) => (i as HTMLImageElement).naturalWidth), {
      timeout: 30_000,
    })
      .toBeGreaterThan(0)

    await item.getByRole('button', { name: 'Reply to this inspection' }).click()
    await item.getByLabel('Your reply').fill(
      'Sorry: I was ill in May. I will clear the couch grass this weekend.',
    )
    await item.getByRole('button', { name: 'Send reply' }).click()
    await item.getByText('You replied').waitFor()
    const replies = await serviceRest<{ body: string }[]>(`plot_inspection_replies?select=body`)
    expect(replies.map((r) => r.body)).toContain(
      'Sorry: I was ill in May. I will clear the couch grass this weekend.',
    )
    await expectAccessible(page)
    await dismissConsent(page)
    await section.scrollIntoViewIfNeeded()
    await shootBoth(page, 'member-inspections')

    // The rules, in the agreement, with the settings' numbers.
    await openApp(page, '/subscription-agreement')
    await page.getByRole('heading', { name: 'Plot inspections' }).waitFor()
    await expect.poll(() => page.getByTestId('pass-mark').textContent()).toBe('3')
    expect(await page.getByTestId('warning-days').textContent()).toBe('28 days')
    expect(await page.getByTestId('inspection-scale').getByRole('listitem').count()).toBe(6)
    await shootBoth(page, 'agreement')
    await context.close()
  })
})
