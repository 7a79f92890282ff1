// What the public content forms collect, read back by staff: an admin finds a seeded career
// application (filtered by its role, opened to its CV link and message, moved on to "reviewing")
// and exports the list; sees the sowing-reminder sign-ups with their count and exports them;
// both screens fit a 360 px phone and pass axe. A patch manager and a signed-in member without a
// staff role reach neither screen, and read no row through the API either (RLS).
import { readFile } from 'node:fs/promises'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, nothingLoading, seriousViolations, webUrl } from './support/browser'
import {
  accessToken,
  asService,
  asUser,
  openFromNav,
  signedInPage,
  waitForPath,
} from './admin-support'
import { noSidewaysScroll } from './public-support'

const APPLICATIONS = '/admin/career-applications'
const SIGNUPS = '/admin/sowing-reminders'

let browser: Browser
let admin: Page
beforeAll(async () => {
  browser = await launchChromium()
  admin = await signedInPage(browser, 'official@example.com', '/admin')
})
afterAll(async () => {
  await browser?.close()
})

async function openScreen(page: Page, label: string, path: string) {
  await openFromNav(page, label, path)
  await nothingLoading(page)
}

async function downloaded(page: Page, button: string): Promise<string[]> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ])
  return (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '').trim().split(
    '\r\n',
  )
}

describe('career applications and sowing reminders (admin)', () => {
  it('an admin finds a seeded application by its role, reads it in full and moves it on', async () => {
    await openScreen(admin, 'Career applications', APPLICATIONS)
    await admin.getByRole('heading', { level: 1, name: 'Career applications' }).waitFor()
    const table = admin.getByRole('table')
    await table.getByRole('rowheader', { name: /Sam Harvest/ }).waitFor()
    // Newest first: Sam (hours ago) above Omar (a day) above Hazel (two days).
    const names = await table.getByRole('rowheader').allTextContents()
    expect(names.findIndex((n) => n.startsWith('Sam Harvest'))).toBeLessThan(
      names.findIndex((n) => n.startsWith('Omar Seedling')),
    )
    expect(names.findIndex((n) => n.startsWith('Omar Seedling'))).toBeLessThan(
      names.findIndex((n) => n.startsWith('Hazel Applicant')),
    )
    expect(await seriousViolations(admin)).toEqual([])

    await admin.getByLabel('Role', { exact: true }).selectOption({
      label: 'Patch Manager, Bristol (Bristol)',
    })
    await table.getByRole('rowheader', { name: /Sam Harvest/ }).waitFor({ state: 'detached' })
    const bristol = await table.getByRole('rowheader').allTextContents()
    expect(bristol.indexOf('Omar Seedlingomar.seedling@example.com')).toBeGreaterThanOrEqual(0)
    expect(bristol.indexOf('Omar Seedlingomar.seedling@example.com')).toBeLessThan(
      bristol.indexOf('Hazel Applicanthazel.applicant@example.com'),
    )
    expect(bristol.filter((n) => /Sam Harvest|Priya Potter/.test(n))).toEqual([])

    const toggle = admin.getByRole('button', { name: 'Show Hazel Applicant’s application' })
    await toggle.focus()
    await admin.keyboard.press('Enter')
    await admin.getByRole('button', { name: 'Hide Hazel Applicant’s application', expanded: true })
      .waitFor()
    const cv = admin.getByRole('link', { name: /hazel-applicant\.pdf/ })
    expect(await cv.getAttribute('href')).toBe('https://cv.example.com/hazel-applicant.pdf')
    expect(await cv.getAttribute('target')).toBe('_blank')
    await admin.getByText('I have run a community orchard in Easton for six years.').waitFor()
    expect(await seriousViolations(admin)).toEqual([])
    const form = admin.getByRole('form', { name: 'Status of Hazel Applicant’s application' })
    await form.getByLabel('Status').selectOption('hired')
    await form.getByRole('button', { name: 'Save status' }).click()
    await admin.getByText('Hazel Applicant’s application is now hired').waitFor()
    const [row] = await (await asService(
      '/rest/v1/career_applications?email=eq.hazel.applicant@example.com&select=status',
    )).json() as Array<{ status: string }>
    expect(row).toEqual({ status: 'hired' })

    const lines = await downloaded(admin, 'Export CSV')
    expect(lines[0]).toBe('Applied,Name,Email,Role,Status,CV link,Message')
    expect(lines.slice(1).every((l) => l.includes('"Patch Manager, Bristol"'))).toBe(true)
    expect(lines.find((l) => l.includes(',Hazel Applicant,'))).toContain(
      ',Hazel Applicant,hazel.applicant@example.com,"Patch Manager, Bristol",Hired,https://cv.example.com/hazel-applicant.pdf,"I have run a community orchard',
    )
  })

  it('an admin sees the sowing-reminder sign-ups with their count, and exports them', async () => {
    await openScreen(admin, 'Sowing reminders', SIGNUPS)
    await admin.getByRole('heading', { level: 1, name: 'Sowing reminder sign-ups' }).waitFor()
    const count =
      (await (await asService('/rest/v1/sowing_reminder_signups?select=id')).json() as unknown[])
        .length
    expect(count).toBeGreaterThanOrEqual(3)
    await admin.getByText(new RegExp(`^${count} sign-ups in all, \\d+ still subscribed`)).waitFor()
    const table = admin.getByRole('table', { name: `${count} sign-ups` })
    await table.getByRole('rowheader', { name: 'rowan.sower@example.com' }).waitFor()
    expect(await table.getByRole('row').filter({ hasText: 'tom.former@example.com' }).textContent())
      .toMatch(/Unsubscribed/)
    expect(await seriousViolations(admin)).toEqual([])
    await admin.getByLabel('Search').fill('rowan')
    const lines = await downloaded(admin, 'Export CSV')
    expect(lines).toHaveLength(2)
    expect(lines[1]).toMatch(
      /^\d{4}-\d{2}-\d{2}T[^,]+,rowan\.sower@example\.com,Rowan,"Yes, e-mail me once a month/,
    )
    // Exporting again at once works too. Stacked toasts used to put the previous export's toast
    // over this button, and with the pointer resting on it the toast paused and never left.
    for (const again of [1, 2]) {
      expect(await downloaded(admin, 'Export CSV'), `again ${again}`).toHaveLength(2)
    }
  })

  it('both screens fit a 360 px phone without sideways scrolling', async () => {
    await admin.setViewportSize({ width: 360, height: 800 })
    try {
      for (const path of [APPLICATIONS, SIGNUPS]) {
        await admin.goto(`${webUrl()}${path}`)
        await admin.getByRole('table').waitFor()
        expect(await noSidewaysScroll(admin), path).toBe(true)
        expect(await seriousViolations(admin), path).toEqual([])
      }
    } finally {
      await admin.setViewportSize({ width: 1280, height: 800 })
    }
  })

  it('a patch manager and a member without a staff role reach neither screen nor the rows', async () => {
    for (
      const [email, landing] of [['patch@example.com', '/admin/waiting-list'], [
        'member@example.com',
        '/admin/unauthorized',
      ]] as const
    ) {
      const page = await signedInPage(browser, email, landing)
      const nav = page.getByRole('navigation', { name: 'Admin' })
      for (const label of ['Career applications', 'Sowing reminders']) {
        expect(await nav.getByRole('link', { name: label, exact: true }).count(), email).toBe(0)
      }
      for (const path of [APPLICATIONS, SIGNUPS]) {
        await page.goto(`${webUrl()}${path}`)
        await waitForPath(page, landing)
        expect(
          await page.getByRole('heading', { name: /Career applications|Sowing reminder/ }).count(),
          `${email} ${path}`,
        ).toBe(0)
      }
      const token = await accessToken(page)
      for (const table of ['career_applications', 'sowing_reminder_signups']) {
        const res = await asUser(token, `/rest/v1/${table}?select=id`)
        expect(res.status, `${email} ${table}`).toBe(200)
        expect(await res.json(), `${email} ${table}`).toEqual([])
      }
      await page.context().close()
    }
  })
})
