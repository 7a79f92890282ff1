// Members' self-service: the demo member signs in from the home page, opens
// "My membership" from the menu, pauses billing after reading the rules (dates, the plot, the
// limit left), gets the e-mail, resumes, cancels after reading the notice period, the last payment
// and that the deposit is kept in the first 12 months, gets the e-mail, and keeps the membership
// after all. At a phone's width; the dialogs and pages are shot at 360 and 1280 px into
// /tmp/shots-h5.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { configureApp, launchChromium, newContext, openApp } from './support/browser'
import { openFromNav, PASSWORD, signedInPage } from './admin-support'
import {
  dismissConsent,
  expectAccessible,
  mailTo,
  mainNavLink,
  noSidewaysScroll,
  serviceRest,
  shootParts,
} from './public-support'

const SHOTS = '/tmp/shots-h5'
const EMAIL = 'member@example.com'
let browser: Browser
let membershipId: number
let startDate: string

/** 1 December 2026 for a UTC date. */
const long = (d: Date) =>
  d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
/** The n-th billing date after a start: the start's day of the month, or the month's last day. */
function billingDate(start: Date, n: number): Date {
  const y = start.getUTCFullYear()
  const m = start.getUTCMonth() + n
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate()
  return new Date(Date.UTC(y, m, Math.min(start.getUTCDate(), last)))
}
/** The first billing date after today (UK time), and its number. */
function nextBilling(start: Date): { n: number; date: Date } {
  const today = new Date(
    new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/London' }) + 'T00:00:00Z',
  )
  let n = 1
  while (billingDate(start, n) <= today) n++
  return { n, date: billingDate(start, n) }
}

async function subjects(): Promise<string[]> {
  return (await mailTo(EMAIL)).map((m) => m.subject ?? '')
}
/** Waits for one more e-mail with this subject than there were, and returns it. */
async function newMail(subject: string, before: string[]) {
  const had = before.filter((s) => s === subject).length
  await expect.poll(async () => (await subjects()).filter((s) => s === subject).length, {
    timeout: 60_000,
  }).toBe(had + 1)
  return (await mailTo(EMAIL)).filter((m) => m.subject === subject).at(-1)!
}

async function signInFromHome(page: Page) {
  await openApp(page, '/')
  await dismissConsent(page)
  await (await mainNavLink(page, 'Member sign-in')).click()
  const form = page.getByRole('form', { name: 'With your password' })
  await form.getByLabel('E-mail address').fill(EMAIL)
  await form.getByLabel('Password').fill(PASSWORD)
  await form.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL((u) => u.pathname === '/members')
  // The "signed in" notice covers the phone's menu button until it has gone.
  await page.getByText('You are signed in.').waitFor()
  await expect.poll(() => page.locator('.roots-toast').count(), { timeout: 60_000 }).toBe(0)
  // Back home, then the members' page from the menu, as a member returning would.
  await page.getByRole('link', { name: 'Roots Allotments', exact: true }).first().click()
  await page.waitForURL((u) => u.pathname === '/')
  await (await mainNavLink(page, 'My membership')).click()
  await page.getByRole('heading', { level: 1, name: 'Hello, Morgan' }).waitFor()
}

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name })
const billing = (page: Page) => page.getByTestId('billing')

beforeAll(async () => {
  browser = await launchChromium()
  const [row] = await serviceRest<{ id: number; start_date: string }[]>(
    'memberships?select=id,start_date&plot_number=eq.A12',
  )
  membershipId = row.id
  startDate = row.start_date
})
afterAll(async () => {
  await browser?.close()
})

describe('a member pauses, resumes, cancels and keeps their membership', () => {
  it('sees the rules before each change, and an e-mail after it', async () => {
    const start = new Date(`${startDate}T00:00:00Z`)
    const next = nextBilling(start)
    const context = await newContext(browser, 360)
    await configureApp(context)
    const page = await context.newPage()
    await signInFromHome(page)
    await billing(page).getByText(`Your next payment of £29.99 is on ${long(next.date)}.`).waitFor()
    await page.getByText('Pauses left in the last 12 months: 2 of 2 (3 of 3 months).').waitFor()
    expect(await noSidewaysScroll(page)).toBe(true)
    await expectAccessible(page)
    await shootParts(SHOTS, page, 'members-360')

    // Pause: the rules first.
    let before = await subjects()
    await page.getByRole('button', { name: 'Pause billing' }).click()
    const pause = dialog(page, 'Pause your billing')
    await pause.waitFor()
    await pause.getByRole('radio', { name: /^2 months/ }).check()
    const resumes = billingDate(start, next.n + 2)
    const terms = pause.getByTestId('pause-terms')
    await terms.getByText(`No payment is taken from your next billing date, ${long(next.date)}`, {
      exact: false,
    }).waitFor()
    expect(await terms.textContent()).toContain(
      `billing restarts on ${long(resumes)} at £29.99 a month`,
    )
    expect(await terms.textContent()).toContain('Your plot A12 at Tuckers Meadow stays yours')
    expect(await terms.textContent()).toContain('After this one you have 1 pause and 1 month left.')
    expect(await noSidewaysScroll(page)).toBe(true)
    await expectAccessible(page)
    await shootParts(SHOTS, page, 'pause-dialog-360')
    await pause.getByRole('button', { name: 'Pause for 2 months' }).dblclick()
    await page.getByTestId('change-done').filter({
      hasText: 'Billing paused. We have e-mailed you the dates.',
    }).waitFor()
    await billing(page).getByText(
      `Billing is paused from ${long(next.date)}; it restarts on ${long(resumes)}.`,
    ).waitFor()
    const paused = await newMail('Your Roots membership is paused', before)
    expect(paused.body).toContain(
      `no payment is taken from ${long(next.date)}, and billing restarts on ${long(resumes)}`,
    )
    expect(paused.body).toContain('Plot A12 at Tuckers Meadow stays yours')
    expect(
      (await serviceRest<unknown[]>(
        `memberships?select=id&id=eq.${membershipId}&paused_from=eq.${
          next.date.toISOString().slice(0, 10)
        }`,
      )).length,
    ).toBe(1)
    // A rule break is explained, not offered: no pause and no cancel while paused.
    expect(await page.getByRole('button', { name: 'Pause billing' }).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Cancel membership' }).count()).toBe(0)

    // Resume before the pause starts: it is withdrawn.
    before = await subjects()
    await page.getByRole('button', { name: 'Resume billing' }).click()
    const resume = dialog(page, 'Resume your billing')
    await resume.getByTestId('resume-terms').getByText('Resuming withdraws it', { exact: false })
      .waitFor()
    await shootParts(SHOTS, page, 'resume-dialog-360')
    await resume.getByRole('button', { name: 'Resume billing' }).click()
    await billing(page).getByText(`Your next payment of £29.99 is on ${long(next.date)}.`).waitFor()
    await page.getByText('Pauses left in the last 12 months: 2 of 2 (3 of 3 months).').waitFor()
    expect((await newMail('Your Roots membership billing is back on', before)).body).toContain(
      'Your pause is withdrawn',
    )

    // Cancel: notice period, last payment, end date, the deposit kept.
    before = await subjects()
    await page.getByRole('button', { name: 'Cancel membership' }).click()
    const cancel = dialog(page, 'Cancel your membership')
    const ends = new Date(billingDate(start, next.n + 1).getTime() - 86_400_000)
    const cancelTerms = cancel.getByTestId('cancel-terms')
    await cancelTerms.waitFor()
    const shown = (await cancelTerms.textContent())!
    expect(shown).toContain('One full billing month, from your next billing date.')
    expect(shown).toContain(`£29.99 on ${long(next.date)}`)
    expect(shown).toContain(long(ends))
    expect(shown).toContain('Your deposit of £50.00 is not refunded')
    expect(await noSidewaysScroll(page)).toBe(true)
    await expectAccessible(page)
    await shootParts(SHOTS, page, 'cancel-dialog-360')
    await cancel.getByLabel('Why are you leaving? (optional)').fill('Moving to Leeds')
    await cancel.getByRole('button', { name: 'Cancel my membership' }).click()
    await billing(page).getByText(`Your membership is cancelled and ends on ${long(ends)}.`)
      .waitFor()
    const cancelled = await newMail('Your Roots membership cancellation', before)
    expect(cancelled.body).toContain(
      `your last payment of £29.99 is taken on ${long(next.date)} and your membership ends on ${
        long(ends)
      }`,
    )
    expect(cancelled.body).toContain('Your deposit of £50.00 is not refunded')
    const [row] = await serviceRest<
      { status: string; cancellation_reason: string; ends_on: string }[]
    >(
      `memberships?select=status,cancellation_reason,ends_on&id=eq.${membershipId}`,
    )
    expect(row).toEqual({
      status: 'cancellation_requested',
      cancellation_reason: 'Moving to Leeds',
      ends_on: ends.toISOString().slice(0, 10),
    })
    expect(await page.getByRole('button', { name: 'Cancel membership' }).count()).toBe(0)
    await shootParts(SHOTS, page, 'members-cancelled-360')

    // Changed their mind.
    before = await subjects()
    await page.getByRole('button', { name: 'Keep my membership' }).click()
    const keep = dialog(page, 'Keep your membership')
    await keep.getByText(`no longer ends on ${long(ends)}`, { exact: false }).waitFor()
    await keep.getByRole('button', { name: 'Keep my membership' }).click()
    await billing(page).getByText(`Your next payment of £29.99 is on ${long(next.date)}.`).waitFor()
    expect((await newMail('Your Roots membership carries on', before)).body).toContain(
      'Your cancellation is withdrawn',
    )
    const [after] = await serviceRest<{ status: string; ends_on: string | null }[]>(
      `memberships?select=status,ends_on&id=eq.${membershipId}`,
    )
    expect(after).toEqual({ status: 'active', ends_on: null })
    await context.close()
  })

  it('shows the same dialogs and the cancellation page at 1280 px, and Escape closes without a change', async () => {
    const context = await newContext(browser, 1280)
    await configureApp(context)
    const page = await context.newPage()
    await signInFromHome(page)
    await shootParts(SHOTS, page, 'members-1280')
    await page.getByRole('button', { name: 'Pause billing' }).click()
    await dialog(page, 'Pause your billing').getByTestId('pause-terms').waitFor()
    await shootParts(SHOTS, page, 'pause-dialog-1280')
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Cancel membership' }).click()
    await dialog(page, 'Cancel your membership').getByTestId('cancel-terms').waitFor()
    await shootParts(SHOTS, page, 'cancel-dialog-1280')
    await dialog(page, 'Cancel your membership').getByRole('button', { name: 'Go back' }).click()
    expect(await dialog(page, 'Cancel your membership').count()).toBe(0)
    // The footer's "Cancel a membership": the same terms in the page.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Cancel a membership' }).click()
    await page.getByRole('heading', { level: 1, name: 'Cancel your membership' }).waitFor()
    await page.getByTestId('cancel-terms').waitFor()
    await expectAccessible(page)
    await shootParts(SHOTS, page, 'cancellation-page-1280')
    const [row] = await serviceRest<{ status: string; paused_from: string | null }[]>(
      `memberships?select=status,paused_from&id=eq.${membershipId}`,
    )
    expect(row).toEqual({ status: 'active', paused_from: null })
    await context.close()
  })

  it('lets an admin see the changes, with the deposit outcome', async () => {
    const page = await signedInPage(browser, 'official@example.com', '/admin')
    await openFromNav(page, 'Membership changes', '/admin/membership-changes')
    const cancel = page.getByTestId('membership-change').filter({
      hasText: 'Cancellation: Morgan Member',
    })
    await cancel.waitFor()
    const text = (await cancel.textContent())!
    expect(text).toContain('Tuckers Meadow, plot A12')
    expect(text).toContain('Deposit £50.00: kept (first 12 months).')
    expect(text).toContain('Reason: Moving to Leeds')
    await page.getByTestId('membership-change').filter({ hasText: 'Pause: Morgan Member' })
      .filter({ hasText: '(withdrawn before it started)' }).waitFor()
    await expectAccessible(page)
    await shootParts(SHOTS, page, 'admin-changes-1280')
    await page.setViewportSize({ width: 360, height: 800 })
    expect(await noSidewaysScroll(page)).toBe(true)
    await shootParts(SHOTS, page, 'admin-changes-360')
    await page.context().close()
  })
})
