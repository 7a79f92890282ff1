// Rent that collects itself (docs/billing.md): a new visitor starts on the home page, becomes a
// member on a monthly plan paying by Bacs Direct Debit on the local hosted checkout, and sees the
// Direct Debit set up on /members; the local provider's clock settles the first collection (the
// welcome shows), then a month later the second payment is on /members with its receipt. The
// member switches to an account whose debits fail through "Change payment method"; the next
// month's payment fails, /members says what is owed, and the failed-payment e-mail's link, opened
// on another device (a fresh browser context), takes a new card: the open payment is paid and the
// membership is active again. At a phone's width; screenshots go to /tmp/shots-billing.
//
// Another member pays by a card whose later payments fail and never pays: the failed-payment
// e-mail, two reminders and, after the grace period, the suspension e-mail; /members says the
// membership is suspended and when it ends; staff find them under Arrears and on their page.
// At a desk's width.
//
// The local provider's clock is one for the whole stack: the file runs in the lane group of the
// other subscription journeys (e2e/support/lanes.ts), after them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { configureApp, launchChromium, newContext, openApp } from './support/browser'
import { asService, openFromNav, signedInPage } from './admin-support'
import {
  dismissConsent,
  expectAccessible,
  type Mail,
  mailTo,
  mainNavLink,
  noSidewaysScroll,
  regionsScrollingSideways,
  rolesAboveCell,
  serviceRest,
  shootParts,
  signUpConfirmationLink,
  uniqueEmail,
} from './public-support'

const SHOTS = '/tmp/shots-billing'
const WIDTH = 360
let browser: Browser
const tag = Date.now().toString(36)
const site = {
  city: 'Bridgwater',
  city_slug: `bridgwater-${tag}`,
  location: `Quantock Rise ${tag}`,
  slug: `quantock-rise-${tag}`,
}
const shoot = (page: Page, name: string) => shootParts(SHOTS, page, name)

/** Moves the local provider's clock (test set-up, as Stripe's test clocks): what falls due on the
 *  way is billed, its events reach the webhook and the dunning e-mails go out. */
async function advanceClock(to: Date): Promise<void> {
  const res = await asService('/functions/v1/payments/local-clock', {
    method: 'POST',
    body: JSON.stringify({ advance_to: to.toISOString() }),
  })
  expect(res.status, await res.clone().text()).toBe(200)
  await res.body?.cancel()
}

/** The local provider's clock now (it may be ahead of the wall clock: other journeys move it). */
async function clockNow(): Promise<number> {
  const res = await asService('/functions/v1/payments/local-clock')
  return Date.parse(((await res.json()) as { now: string }).now)
}

interface SubscriptionRow {
  membership_id: number
  status: string
  current_period_end: string
}
async function subscriptionOf(email: string): Promise<SubscriptionRow> {
  const [member] = await serviceRest<{ id: number }[]>(
    `members?select=id&email=eq.${encodeURIComponent(email)}`,
  )
  const [membership] = await serviceRest<{ id: number }[]>(
    `memberships?select=id&member_id=eq.${member!.id}`,
  )
  const [row] = await serviceRest<SubscriptionRow[]>(
    `subscriptions?select=membership_id,status,current_period_end&membership_id=eq.${
      membership!.id
    }`,
  )
  return row!
}
/** A few hours past the end of the current period plus `days`: a Bacs debit settles in 3 days. */
const pastPeriodEnd = (s: SubscriptionRow, days: number) =>
  new Date(Date.parse(s.current_period_end) + days * 86400_000 + 6 * 3600_000)

async function mailWith(email: string, subject: string, count = 1): Promise<Mail> {
  await expect.poll(async () => (await mailTo(email)).filter((m) => m.subject === subject).length, {
    timeout: 60_000,
  }).toBeGreaterThanOrEqual(count)
  return (await mailTo(email)).filter((m) => m.subject === subject).at(-1)!
}

/** The rent section's rows as their cells' text. */
const rentRows = async (page: Page) =>
  await page.getByTestId('invoice').evaluateAll((rows) =>
    rows.map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent ?? ''))
  )

beforeAll(async () => {
  browser = await launchChromium()
  await serviceRest('global_sites', {
    method: 'POST',
    body: JSON.stringify({
      ...site,
      status: 'active',
      allotments: 4,
      description: 'A hillside site with free plots.',
    }),
  })
})
afterAll(async () => {
  await browser?.close()
})

describe('rent by Direct Debit', () => {
  it('from the home page to a month of rent paid, a failed payment and its recovery', async () => {
    const context = await newContext(browser, WIDTH)
    await configureApp(context)
    const page = await context.newPage()
    await openApp(page, '/')
    await dismissConsent(page)

    // Becoming a member on the monthly plan.
    await (await mainNavLink(page, 'Become a member')).click()
    await page.getByRole('link', { name: `Become a member at ${site.location}` }).click()
    await page.getByRole('heading', { level: 1, name: `Join ${site.location}` }).waitFor()
    await page.getByRole('radio', { name: /Full plot monthly/ }).check()
    const email = uniqueEmail('rent')
    const account = page.getByRole('form', { name: 'Create your account' })
    await account.getByLabel('First name').fill('Rosalind')
    await account.getByLabel('Last name').fill('Franklin')
    await account.getByLabel('E-mail address').fill(email)
    await account.getByLabel('Choose a password').fill('grow-my-own-veg')
    await account.getByRole('button', { name: 'Create my account' }).click()
    await page.goto(await signUpConfirmationLink(page, email))
    await page.getByText(`Signed in as ${email}`).waitFor()
    const details = page.getByRole('form', { name: 'Your details and payment' })
    await details.getByRole('button', { name: /^Pay £[\d.]+ and join$/ }).click()

    // The hosted checkout: Bacs Direct Debit from the test account that pays.
    await page.getByRole('heading', { name: 'Test checkout' }).waitFor()
    await page.getByRole('radio', { name: 'Bacs Direct Debit' }).check()
    await page.getByLabel('Name on the account').fill('Rosalind Franklin')
    await page.getByLabel('Sort code').fill('10-88-00')
    await page.getByLabel('Account number').fill('00012345')
    await page.getByLabel(/I am the account holder/).check()
    await shoot(page, '01-checkout-direct-debit')
    await page.getByRole('button', { name: /^Pay £/ }).click()

    // Back on /members: the Direct Debit is set up; the first collection takes days.
    const pending = page.getByTestId('debit-pending')
    await pending.waitFor()
    expect(new URL(page.url()).pathname).toBe('/members')
    expect(await pending.textContent()).toContain('Your Direct Debit is set up')
    expect(await pending.textContent()).toContain('from account ending 2345 within 3 working days')
    expect(await noSidewaysScroll(page)).toBe(true)
    await expectAccessible(page)
    await shoot(page, '02-members-debit-pending')

    // Three days on, the first payment has settled: the page, still open, welcomes the member.
    const first = await subscriptionOf(email)
    await advanceClock(new Date(await clockNow() + 3 * 86400_000 + 6 * 3600_000))
    await page.getByTestId('welcome').getByRole('heading', { name: 'Welcome to Roots!' })
      .waitFor({ timeout: 60_000 })
    const rent = page.getByTestId('rent')
    await expect.poll(() => rent.getByTestId('billing-status').textContent()).toBe('Active')
    expect(await rent.getByTestId('payment-method').textContent()).toBe(
      'Direct Debit from account ending 2345, sort code 10-88-00',
    )
    expect(await rent.getByTestId('advance-notice').textContent()).toMatch(
      /^We will collect £29\.99 on or after \d{1,2} \w+ \d{4} by Direct Debit from account ending 2345; you will get at least 3 working days' notice of any change in amount or date\.$/,
    )
    await expect.poll(() => rentRows(page).then((r) => r.map((c) => c[3]))).toEqual(['Paid'])
    await mailWith(email, 'Your Roots Allotments receipt')

    // A month on (and the debit's three days): the second payment, with its receipt.
    await advanceClock(pastPeriodEnd(first, 3))
    await openApp(page, '/members')
    await expect.poll(() => rentRows(page).then((r) => r.map((c) => c[3]))).toEqual([
      'Paid',
      'Paid',
    ])
    const [second] = await rentRows(page)
    expect(second![2]).toBe('£29.99')
    await expectAccessible(page)
    await shoot(page, '03-members-second-payment')
    // On a phone each payment is a block of its own, its amount and status in view without
    // scrolling sideways, and still a table's row and cells to a screen reader.
    expect(await regionsScrollingSideways(page)).toEqual([])
    expect(await rolesAboveCell(page, '£29.99')).toEqual(['cell', 'row', 'rowgroup', 'table'])
    const paid = (await page.getByTestId('payment').first().locator('td').nth(2).textContent())!
    expect(paid).toMatch(/^£\d+\.\d\d$/)
    expect(await rolesAboveCell(page, paid)).toEqual(['cell', 'row', 'rowgroup', 'table'])
    await page.getByTestId('invoice').first().getByRole('link', { name: /^Receipt/ }).click()
    const receipt = page.getByTestId('receipt')
    await receipt.waitFor()
    expect(new URL(page.url()).pathname).toMatch(/^\/members\/receipts\/\d+$/)
    expect(await page.getByTestId('receipt-total').textContent()).toBe('£29.99')
    expect(await receipt.textContent()).toContain('Rosalind Franklin')
    expect(await receipt.textContent()).toContain(site.location)
    expect(await receipt.textContent()).toContain('Direct Debit from account ending 2345')
    await expectAccessible(page)
    await shoot(page, '04-receipt')
    // The PDF, fetched with the member's token from the functions' origin: saved, or the page's
    // error (a refused cross-origin answer says it could not reach Roots).
    const saved = Promise.race([
      page.waitForEvent('download').then((d) => d.suggestedFilename()),
      page.getByRole('alert').waitFor().then(() => page.getByRole('alert').textContent()),
    ])
    await page.getByRole('button', { name: 'Download PDF' }).click()
    expect(await saved).toMatch(/^roots-receipt-.+\.pdf$/)

    // The member moves to an account whose debits fail, through "Change payment method".
    await openApp(page, '/members')
    await page.getByTestId('rent').getByRole('button', { name: 'Change payment method' }).click()
    await page.getByRole('heading', { name: 'Your payment details' }).waitFor()
    await page.getByRole('radio', { name: 'Bacs Direct Debit' }).check()
    await page.getByLabel('Name on the account').fill('Rosalind Franklin')
    await page.getByLabel('Sort code').fill('108800')
    await page.getByLabel('Account number').fill('90012345')
    await page.getByLabel(/I am the account holder/).check()
    await page.getByRole('button', { name: 'Save payment method' }).click()
    await page.waitForURL((u) => u.pathname === '/members')

    // The next month's payment fails: /members says what is owed and since when.
    await advanceClock(pastPeriodEnd(await subscriptionOf(email), 3))
    await openApp(page, '/members')
    const alert = page.getByTestId('arrears-alert')
    await alert.waitFor()
    expect(await alert.textContent()).toContain('Your rent payment failed')
    expect(await alert.textContent()).toMatch(
      /You owe £29\.99 for .*, overdue since \d{1,2} \w+ \d{4}\./,
    )
    expect(await page.getByTestId('billing-status').textContent()).toMatch(
      /^Payment overdue since \d{1,2} \w+ \d{4}$/,
    )
    const [failed] = await rentRows(page)
    expect(failed![3]).toMatch(/^Failed – retrying on \d{1,2} \w+ \d{4}$|^Failed$/)
    expect(await noSidewaysScroll(page)).toBe(true)
    await expectAccessible(page)
    await shoot(page, '05-members-payment-failed')

    // The e-mail's link on another device: a new card pays what is owed at once.
    const mail = await mailWith(email, 'Your membership payment did not go through')
    const link = /https?:\/\/\S+\/payments\/update-payment\/[0-9a-f]{32}/.exec(mail.body)?.[0]
    expect(link, mail.body).toBeTruthy()
    const phone = await newContext(browser, WIDTH)
    await configureApp(phone)
    const other = await phone.newPage()
    await other.goto(link!)
    await other.getByRole('heading', { name: 'Your payment details' }).waitFor()
    await other.getByRole('radio', { name: 'Card' }).check()
    await other.getByLabel('Card number').fill('4242 4242 4242 4242')
    await shoot(other, '06-portal-from-email')
    await other.getByRole('button', { name: 'Save payment method' }).click()
    await other.waitForURL((u) => u.pathname === '/members')
    await phone.close()
    await mailWith(email, 'Thank you: your membership is active again')

    // Active again: no alert, the card on file, the retried payment paid.
    await openApp(page, '/members')
    await expect.poll(() => page.getByTestId('billing-status').textContent()).toBe('Active')
    expect(await page.getByTestId('arrears-alert').count()).toBe(0)
    expect(await page.getByTestId('payment-method').textContent()).toBe('Visa ending 4242')
    expect((await rentRows(page)).map((r) => r[3])).toEqual(['Paid', 'Paid', 'Paid'])
    expect(await page.getByTestId('membership').textContent()).toContain('Active')
    const row = await subscriptionOf(email)
    expect(row.status).toBe('active')
    expect(await serviceRest(`memberships?select=status&id=eq.${row.membership_id}`)).toEqual([
      { status: 'active' },
    ])
    await expectAccessible(page)
    await shoot(page, '07-members-active-again')
    await context.close()
  })
})

describe('rent that is never paid', () => {
  it('reminders, then suspension after the grace period, each e-mail checked, and staff see it', async () => {
    const context = await newContext(browser, 1280)
    await configureApp(context)
    const page = await context.newPage()
    await openApp(page, '/')
    await dismissConsent(page)
    await (await mainNavLink(page, 'Become a member')).click()
    await page.getByRole('link', { name: `Become a member at ${site.location}` }).click()
    await page.getByRole('radio', { name: /Full plot monthly/ }).check()
    const email = uniqueEmail('arrears')
    const account = page.getByRole('form', { name: 'Create your account' })
    await account.getByLabel('First name').fill('Gregor')
    await account.getByLabel('Last name').fill('Mendel')
    await account.getByLabel('E-mail address').fill(email)
    await account.getByLabel('Choose a password').fill('grow-my-own-peas')
    await account.getByRole('button', { name: 'Create my account' }).click()
    await page.goto(await signUpConfirmationLink(page, email))
    await page.getByText(`Signed in as ${email}`).waitFor()
    await page.getByRole('form', { name: 'Your details and payment' })
      .getByRole('button', { name: /^Pay £[\d.]+ and join$/ }).click()

    // A card that pays today and fails every later payment (Stripe's 4000 0000 0000 0341).
    await page.getByRole('heading', { name: 'Test checkout' }).waitFor()
    await page.getByRole('radio', { name: 'Card' }).check()
    await page.getByLabel('Card number').fill('4000 0000 0000 0341')
    await page.getByRole('button', { name: /^Pay £/ }).click()
    await page.getByTestId('welcome').getByRole('heading', { name: 'Welcome to Roots!' }).waitFor()
    await mailWith(email, 'Welcome to Roots: your plot at ' + site.location)

    // The first renewal fails: one e-mail, with what is owed and the link to pay.
    const start = await subscriptionOf(email)
    const due = Date.parse(start.current_period_end)
    await advanceClock(new Date(due + 6 * 3600_000))
    const failed = await mailWith(email, 'Your membership payment did not go through')
    expect(failed.body).toContain('£29.99')
    expect(failed.body).toMatch(/\/payments\/update-payment\/[0-9a-f]{32}/)

    // The provider's retries fail too; reminders on days 3 and 7, and no second "did not go
    // through" for the same payment.
    await advanceClock(new Date(due + 8 * 86400_000))
    const reminder = await mailWith(email, 'A reminder: your membership payment is still due', 2)
    expect(reminder.body).toMatch(/\/payments\/update-payment\/[0-9a-f]{32}/)
    expect(
      (await mailTo(email)).filter((m) =>
        m.subject === 'Your membership payment did not go through'
      ),
    )
      .toHaveLength(1)
    const row = await subscriptionOf(email)
    expect(await serviceRest(`memberships?select=status&id=eq.${row.membership_id}`)).toEqual([
      { status: 'past_due' },
    ])

    // The grace period (14 days from the first failure) ends: suspended, with a month's notice.
    await advanceClock(new Date(due + 15 * 86400_000))
    const suspended = await mailWith(email, 'Your membership has been suspended')
    expect(suspended.body).toMatch(/\d{1,2} \w+ \d{4}/)
    const [ended] = await serviceRest<{ status: string; ends_on: string }[]>(
      `memberships?select=status,ends_on&id=eq.${row.membership_id}`,
    )
    expect(ended!.status).toBe('suspended')
    expect(ended!.ends_on).toMatch(/^\d{4}-\d{2}-\d{2}$/)

    await openApp(page, '/members')
    const alert = page.getByTestId('arrears-alert')
    await alert.waitFor()
    expect(await alert.textContent()).toContain('Your membership is suspended')
    expect(await page.getByTestId('billing-status').textContent()).toMatch(
      /^Suspended — ends on \d{1,2} \w+ \d{4}$/,
    )
    expect(await noSidewaysScroll(page)).toBe(true)
    await expectAccessible(page)
    await shoot(page, '08-members-suspended-1280')
    await context.close()

    // Staff: the member is under Arrears, and their page says what happened.
    const admin = await signedInPage(browser, 'official@example.com', '/admin')
    await openFromNav(admin, 'Arrears', '/admin/arrears')
    const arrearsRow = admin.getByTestId('arrears-row').filter({ hasText: email })
    await arrearsRow.waitFor()
    expect(await arrearsRow.textContent()).toContain('£29.99')
    await shoot(admin, '09-admin-arrears')
    await arrearsRow.getByRole('link', { name: 'Gregor Mendel' }).click()
    await admin.waitForURL((u) => u.pathname === `/admin/members/${row.membership_id}`)
    expect(await admin.getByTestId('membership-status').textContent()).toBe('Suspended for arrears')
    expect(await admin.getByRole('status').filter({ hasText: 'overdue' }).textContent()).toContain(
      '£29.99 overdue',
    )
    await expectAccessible(admin)
    await shoot(admin, '10-admin-member')
    await admin.context().close()
  })
})
