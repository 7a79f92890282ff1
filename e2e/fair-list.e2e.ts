// A list that is visibly fair. A visitor reaches a site's list figures from the home page. An
// applicant joins through the site page and, from the link in their e-mail in a fresh browser,
// sees their history. A member of staff moves them, and a move without a reason is refused; the
// applicant's history then shows the move with its reason, and a later move of someone else ahead
// of them as a cause of their position change; the audit log shows the reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import {
  configureApp,
  launchChromium,
  newContext,
  seriousViolations,
  webUrl,
} from './support/browser'
import {
  dismissConsent,
  expectAccessible,
  mailTo,
  noSidewaysScroll,
  serviceRest,
  shootParts,
  siteFromHome,
  uniqueEmail,
} from './public-support'
import { openFromNav, signedInPage } from './admin-support'

const SHOTS = '/tmp/shots-h3'
let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

/** From the home page to Darenth Fields' site page. */
const toSitePage = (page: Page) => siteFromHome(page, 'dartford', 'Darenth Fields')

interface EntryRow {
  id: number
  reference: string
  first_name: string
  last_name: string
}
const waitingAtDarenth = () =>
  serviceRest<EntryRow[]>(
    'waiting_list_entries?select=id,reference,first_name,last_name&site_id=eq.12&status=eq.waiting&order=joined_at,id',
  )

describe('a list that is visibly fair', () => {
  for (const width of [1280, 360]) {
    it(`a visitor reaches a site's list figures from the home page at ${width} px`, async () => {
      const context = await newContext(browser, width)
      await configureApp(context)
      const page = await context.newPage()
      await toSitePage(page)
      await expect.poll(async () => Number(await page.getByTestId('waiting-count').textContent()))
        .toBeGreaterThan(0)
      const count = Number(await page.getByTestId('waiting-count').textContent())
      await page.getByRole('link', { name: /The list month by month/ }).click()
      await page.getByRole('heading', {
        level: 1,
        name: 'The waiting list at Darenth Fields, in figures',
      }).waitFor()
      expect(new URL(page.url()).pathname).toBe('/sites/dartford/darenth-fields/list')
      await expect.poll(() => page.title()).toBe(
        'Waiting list figures for Darenth Fields | Roots Allotments',
      )
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain(
        'Darenth Fields',
      )
      await page.getByTestId('list-length').waitFor()
      expect(Number(await page.getByTestId('list-length').textContent())).toBe(count)
      const table = page.getByRole('table', { name: 'Plots offered each month, last 12 months' })
      expect(await table.locator('tbody tr').count()).toBe(12)
      // Counts only: nobody on the list is named on the page.
      const names = await waitingAtDarenth()
      const text = (await page.locator('main').textContent()) ?? ''
      for (const n of names.slice(0, 5)) {
        expect(text).not.toContain(`${n.first_name} ${n.last_name}`)
      }
      await expectAccessible(page)
      expect(await noSidewaysScroll(page)).toBe(true)
      await shootParts(SHOTS, page, `list-figures-${width}`)
      await context.close()
    })
  }

  it('an applicant sees their history; staff moves need a reason, which the history and the audit log show', async () => {
    // Join through the site page.
    const joining = await newContext(browser, 360)
    await configureApp(joining)
    const joinPage = await joining.newPage()
    await toSitePage(joinPage)
    await joinPage.getByRole('link', { name: 'Join the waiting list', exact: true }).click()
    await joinPage.getByRole('heading', {
      level: 1,
      name: 'Join the waiting list for Darenth Fields',
    }).waitFor()
    const email = uniqueEmail('fair')
    await joinPage.getByLabel('First name').fill('Fairly')
    await joinPage.getByLabel('Last name').fill('Placed')
    await joinPage.getByLabel('E-mail address').fill(email)
    await joinPage.getByLabel(/I have read the privacy notice/).check()
    await joinPage.getByRole('button', { name: 'Join the waiting list' }).click()
    await joinPage.getByRole('heading', { name: 'Check your inbox' }).waitFor()
    await joining.close()

    // The reference link from the e-mail, in a fresh browser.
    await expect.poll(async () => (await mailTo(email)).length).toBe(1)
    const [mail] = await mailTo(email)
    const link = mail!.body.match(/https?:\/\/\S+\/queue\/ready\?reference=[^\s)]+/)?.[0]
    expect(link, mail!.body).toBeTruthy()
    expect(link!.startsWith(webUrl())).toBe(true)
    const applicantContext = await newContext(browser, 360)
    await configureApp(applicantContext)
    const applicant = await applicantContext.newPage()
    await applicant.goto(link!)
    await dismissConsent(applicant)
    await applicant.getByTestId('queue-position').waitFor()
    const start = Number(await applicant.getByTestId('position').textContent())
    expect(start).toBeGreaterThan(2)
    const history = applicant.getByRole('list', { name: 'Your history, newest first' })
    await history.getByRole('heading', { name: 'You joined the waiting list for Darenth Fields' })
      .waitFor()
    await expectAccessible(applicant)
    expect(await noSidewaysScroll(applicant)).toBe(true)

    // Staff: the waiting list, the applicant's row, Move.
    const staff = await signedInPage(browser, 'founder@example.com', '/admin')
    await openFromNav(staff, 'Waiting list', '/admin/waiting-list')
    await staff.getByLabel('Site').selectOption({ label: 'Darenth Fields' })
    await staff.getByLabel('Search').fill(email)
    await expect.poll(() => staff.locator('tbody tr').count()).toBe(1)
    await staff.getByRole('button', { name: 'Move Fairly Placed in the queue' }).click()
    const dialog = staff.getByRole('dialog', { name: 'Move Fairly Placed' })
    await dialog.getByLabel('New position').fill('1')
    // Without a reason: refused, and what was typed stays.
    await dialog.getByRole('button', { name: 'Move entry' }).click()
    await dialog.getByText(/Give a reason of at least 5 characters/).waitFor()
    expect(await dialog.getByLabel('New position').inputValue()).toBe('1')
    expect(await dialog.getByLabel('Reason').getAttribute('aria-invalid')).toBe('true')
    expect((await waitingAtDarenth()).findIndex((r) => r.first_name === 'Fairly') + 1).toBe(start)
    expect(await seriousViolations(staff)).toEqual([])
    await shootParts(SHOTS, staff, 'move-dialog-1280')
    await staff.setViewportSize({ width: 360, height: 800 })
    await shootParts(SHOTS, staff, 'move-dialog-360')
    await staff.setViewportSize({ width: 1280, height: 900 })
    const reason = 'Signed up on paper in 2023; our mistake'
    await dialog.getByLabel('Reason').fill(reason)
    await dialog.getByRole('button', { name: 'Move entry' }).click()
    await staff.getByText(`Moved Fairly Placed from ${start} to 1 on the list for Darenth Fields`)
      .waitFor()
    expect((await waitingAtDarenth())[0]!.first_name).toBe('Fairly')

    // Someone else moved ahead of them, with a reason the applicant never sees.
    const other = (await waitingAtDarenth())[1]!
    const otherName = `${other.first_name} ${other.last_name}`
    await staff.getByLabel('Search').fill(other.reference)
    await expect.poll(() => staff.locator('tbody tr').count()).toBe(1)
    await staff.getByRole('button', { name: `Move ${otherName} in the queue` }).click()
    const second = staff.getByRole('dialog', { name: `Move ${otherName}` })
    await second.getByLabel('New position').fill('1')
    const otherReason = 'Tenancy transfer agreed by the committee'
    await second.getByLabel('Reason').fill(otherReason)
    await second.getByRole('button', { name: 'Move entry' }).click()
    await staff.getByText(`Moved ${otherName} from 2 to 1 on the list for Darenth Fields`).waitFor()

    // The audit log shows the reason.
    await openFromNav(staff, 'Audit log', '/admin/audit')
    await staff.getByLabel('Table').fill('waiting_list_events')
    await staff.getByText(reason).first().waitFor()
    await staff.getByText(otherReason).first().waitFor()

    // The applicant's history: their move with its reason, and the move ahead of them as a cause.
    await applicant.reload()
    await applicant.getByTestId('queue-position').waitFor()
    expect(Number(await applicant.getByTestId('position').textContent())).toBe(2)
    const moved = history.getByRole('listitem').filter({
      has: applicant.getByRole('heading', {
        name: `Staff moved you from ${ordinalOf(start)} to 1st`,
      }),
    })
    await moved.getByText(`Reason given: ${reason}`).waitFor()
    const change = history.getByRole('listitem').filter({
      has: applicant.getByRole('heading', { name: 'You moved down 1 place' }),
    })
    await change.getByText('Down 1: 1 person moved ahead of you by staff.').waitFor()
    const page = (await applicant.locator('main').textContent()) ?? ''
    expect(page).not.toContain(otherReason)
    expect(page).not.toContain(otherName)
    await expectAccessible(applicant)
    expect(await noSidewaysScroll(applicant)).toBe(true)
    await shootParts(SHOTS, applicant, 'history-360')
    await applicant.setViewportSize({ width: 1280, height: 900 })
    await shootParts(SHOTS, applicant, 'history-1280')
    await applicantContext.close()
    await staff.context().close()
  })
})

function ordinalOf(n: number): string {
  const rem = n % 100
  const suffix = rem >= 11 && rem <= 13
    ? 'th'
    : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th'
  return `${n}${suffix}`
}
