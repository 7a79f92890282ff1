// Becoming a paying member: a new visitor starts on the home page, goes to "Become a
// member", picks a site with free plots and nobody waiting, creates their account inside the
// set-up, chooses a plan and sees the deposit, joining fee and monthly price, pays on the local
// payment page and lands on /members with the membership active, the confirmation in the outbox
// and a welcome slot to book (booked too). At a site with people waiting, the set-up says plots go
// to the list and leads there; the API refuses a checkout by hand. Screenshots of every step at
// 1280 and 360 px go to /tmp/shots-membership.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { configureApp, launchChromium, newContext, openApp } from './support/browser'
import { anonKey, apiUrl, asService } from './admin-support'
import {
  CONFIRM_SIGNUP_SUBJECT,
  dismissConsent,
  expectAccessible,
  mailTo,
  noSidewaysScroll,
  serviceRest,
  shootParts,
  signUpConfirmationLink,
  uniqueEmail,
} from './public-support'

const SHOTS = '/tmp/shots-membership'
let browser: Browser
const tag = Date.now().toString(36)
const site = {
  city: 'Appleby',
  city_slug: `appleby-${tag}`,
  location: `Orchard Rise ${tag}`,
  slug: `orchard-rise-${tag}`,
}

const shoot = (page: Page, name: string) => shootParts(SHOTS, page, name)

/** The header's "Become a member" (behind the Menu button on a phone). */
async function openMainLink(page: Page, name: string) {
  const nav = page.getByRole('navigation', { name: 'Main' })
  const menu = nav.getByRole('button', { name: 'Menu' })
  if (await menu.isVisible()) await menu.click()
  await nav.getByRole('link', { name, exact: true }).click()
}

beforeAll(async () => {
  browser = await launchChromium()
  const [row] = await serviceRest<{ id: number }[]>('global_sites', {
    method: 'POST',
    body: JSON.stringify({
      ...site,
      status: 'active',
      allotments: 6,
      description: 'A new orchard site with free plots.',
    }),
  })
  await serviceRest('welcome_slots', {
    method: 'POST',
    body: JSON.stringify({
      site_id: row.id,
      starts_at: new Date(Date.now() + 3 * 86400_000).toISOString(),
      duration_minutes: 60,
      capacity: 8,
    }),
  })
})
afterAll(async () => {
  await browser?.close()
})

describe('becoming a member where plots are free and nobody waits', () => {
  for (const width of [1280, 360]) {
    it(`from the home page to an active membership at ${width} px`, async () => {
      const shot = (step: string) => `member-${width}-${step}`
      let context = await newContext(browser, width)
      await configureApp(context)
      let page = await context.newPage()
      await openApp(page, '/')
      await dismissConsent(page)
      await shoot(page, shot('01-home'))

      // Become a member: plans, what joining costs, and where one can join now.
      await openMainLink(page, 'Become a member')
      await page.getByRole('heading', { level: 1, name: 'Become a member' }).waitFor()
      await page.getByTestId('sites-free').getByText(`${site.location}, ${site.city}`).waitFor()
      const costs = await page.getByRole('region', { name: 'What you pay' }).textContent()
      expect(costs).toContain('£25.00')
      expect(costs).toContain('£50.00')
      expect(await page.locator('main').textContent()).toContain(
        'Plots at these sites go to the people waiting',
      )
      expect(await noSidewaysScroll(page)).toBe(true)
      await expectAccessible(page)
      await shoot(page, shot('02-become-member'))

      await page.getByRole('link', { name: `Become a member at ${site.location}` }).click()
      await page.getByRole('heading', { level: 1, name: `Join ${site.location}` }).waitFor()
      expect(new URL(page.url()).pathname).toBe(`/sites/${site.city_slug}/${site.slug}/setup`)
      await page.getByTestId('open-banner').waitFor()
      await shoot(page, shot('03-setup'))

      // The plan, and every amount before paying.
      await page.getByRole('radio', { name: /Full plot monthly/ }).check()
      const summary = page.getByTestId('price-summary')
      await summary.waitFor()
      expect(await summary.textContent()).toMatch(
        /Full plot monthly, first month.*£29\.99.*Joining fee \(once\)£25\.00.*Refundable deposit£50\.00/,
      )
      expect(await page.getByTestId('due-today').textContent()).toBe('£104.99')
      expect(await page.getByTestId('then-price').textContent()).toBe('£29.99 a month')
      await shoot(page, shot('04-plan'))

      // The account, made here: bad input first, nothing typed is lost.
      const account = page.getByRole('form', { name: 'Create your account' })
      await account.getByLabel('First name').fill('Ada')
      await account.getByLabel('E-mail address').fill('ada@')
      await account.getByLabel('Choose a password').fill('short')
      await account.getByRole('button', { name: 'Create my account' }).click()
      await account.getByText('Enter your last name.').waitFor()
      await account.getByText('Enter a valid e-mail address, like name@example.com.').waitFor()
      await account.getByText('Use at least 8 characters for your password.').waitFor()
      expect(await account.getByLabel('First name').inputValue()).toBe('Ada')
      await expectAccessible(page)
      await shoot(page, shot('05-account-errors'))
      const email = uniqueEmail(`member${width}`)
      await account.getByLabel('Last name').fill('Grower')
      await account.getByLabel('E-mail address').fill(email)
      await account.getByLabel('Choose a password').fill('grow-my-own-veg')
      await account.getByRole('button', { name: 'Create my account' }).click()

      // The address is confirmed by the e-mailed link, opened as on another device (a fresh
      // browser): it brings Ada back to the set-up there, signed in, with her plan still chosen.
      const link = await signUpConfirmationLink(page, email)
      await expectAccessible(page)
      await shoot(page, shot('05b-check-your-email'))
      await context.close()
      context = await newContext(browser, width)
      await configureApp(context)
      page = await context.newPage()
      await page.goto(link)
      await page.getByText(`Signed in as ${email}`).waitFor()
      expect(new URL(page.url()).pathname).toBe(`/sites/${site.city_slug}/${site.slug}/setup`)
      await dismissConsent(page)

      // Details (named already) and the payment.
      const details = page.getByRole('form', { name: 'Your details and payment' })
      expect(await details.getByLabel('First name').inputValue()).toBe('Ada')
      expect(await details.getByLabel('Last name').inputValue()).toBe('Grower')
      expect(await page.getByRole('radio', { name: /Full plot monthly/ }).isChecked()).toBe(true)
      expect(await noSidewaysScroll(page)).toBe(true)
      await expectAccessible(page)
      await shoot(page, shot('06-details'))
      await details.getByRole('button', { name: 'Pay £104.99 and join' }).click()

      // The local payment page.
      await page.getByRole('heading', { name: 'Test checkout' }).waitFor()
      expect(await page.getByText('Total £104.99').count()).toBe(1)
      expect(await page.locator('body').textContent()).toContain('Refundable deposit')
      await shoot(page, shot('07-payment-page'))
      await page.getByLabel('Card number').fill('4242 4242 4242 4242')
      await page.getByRole('button', { name: 'Pay £104.99' }).click()

      // Back on /members: paid, active, welcomed, with the next step.
      const welcome = page.getByTestId('welcome')
      await welcome.getByRole('heading', { name: 'Welcome to Roots!' }).waitFor()
      expect(new URL(page.url()).pathname).toBe('/members')
      expect(await welcome.textContent()).toContain(`your membership at ${site.location} is active`)
      expect(await page.getByTestId('membership').textContent()).toContain('Active')
      expect(await noSidewaysScroll(page)).toBe(true)
      await expectAccessible(page)
      await shoot(page, shot('08-members'))

      const [order] = await serviceRest<{ id: number; status: string; total_pence: number }[]>(
        `orders?select=id,status,total_pence&email=eq.${encodeURIComponent(email)}`,
      )
      expect([order.status, order.total_pence]).toEqual(['paid', 10499])
      expect(await serviceRest(`memberships?select=status&order_id=eq.${order.id}`)).toEqual([{
        status: 'active',
      }])
      expect(await serviceRest(`deposits?select=status,amount_pence&order_id=eq.${order.id}`))
        .toEqual([{ status: 'paid', amount_pence: 5000 }])

      // The e-mails: the receipt, and the welcome with the next step.
      await expect.poll(async () => (await mailTo(email)).map((m) => m.subject).sort()).toEqual(
        [
          CONFIRM_SIGNUP_SUBJECT,
          'Welcome to Roots: your plot at ' + site.location,
          'Your Roots Allotments receipt',
        ].sort(),
      )
      const mail = (await mailTo(email)).find((m) => m.subject?.startsWith('Welcome to Roots'))!
      expect(mail.body).toContain(`is active`)
      expect(mail.body).toContain(`/welcome-slot?site=${site.slug}`)

      // The next step: a welcome slot at the site.
      await welcome.getByRole('link', { name: 'Book your welcome slot' }).click()
      const booking = page.getByRole('form', { name: 'Book a welcome slot' })
      await booking.waitFor()
      await booking.locator('label.slot input').first().check()
      await booking.getByLabel('Your name').fill('Ada Grower')
      await booking.getByLabel('E-mail address').fill(email)
      await booking.getByRole('button', { name: 'Book this slot' }).click()
      await page.getByRole('heading', { level: 1, name: 'Your welcome slot is booked' }).waitFor()
      await shoot(page, shot('09-welcome-slot'))
      await context.close()
    })
  }
})

describe('a site with people waiting', () => {
  it('the set-up says plots go to the list and leads there; a checkout by hand is refused', async () => {
    for (const width of [1280, 360]) {
      const context = await newContext(browser, width)
      await configureApp(context)
      const page = await context.newPage()
      await openApp(page, '/sites/dartford/darenth-fields/setup')
      await dismissConsent(page)
      const refused = page.getByTestId('setup-refused')
      await refused.getByRole('heading', { name: 'Plots here go to the waiting list' }).waitFor()
      expect(await refused.textContent()).toMatch(/\d+ people are waiting/)
      expect(await page.getByRole('radio').count()).toBe(0)
      expect(await page.getByRole('form', { name: 'Create your account' }).count()).toBe(0)
      expect(await noSidewaysScroll(page)).toBe(true)
      await expectAccessible(page)
      await shoot(page, `queue-${width}-01-setup-refused`)
      await refused.getByRole('link', { name: 'Join the waiting list for Darenth Fields' }).click()
      await page.getByRole('heading', {
        level: 1,
        name: 'Join the waiting list for Darenth Fields',
      }).waitFor()
      await context.close()
    }

    // By hand, as a signed-in stranger: nothing is written.
    const email = uniqueEmail('byhand')
    const created = await asService('/auth/v1/admin/users', {
      method: 'POST',
      body: JSON.stringify({ email, password: 'grow-my-own-veg', email_confirm: true }),
    })
    expect(created.ok).toBe(true)
    const session = await (await fetch(`${apiUrl()}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: anonKey(), 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'grow-my-own-veg' }),
    })).json() as { access_token: string }
    const res = await fetch(`${apiUrl()}/functions/v1/payments/checkout`, {
      method: 'POST',
      headers: {
        apikey: anonKey(),
        authorization: `Bearer ${session.access_token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        kind: 'membership',
        site: 'darenth-fields',
        plan_id: 2,
        first_name: 'Queue',
        last_name: 'Jumper',
      }),
    })
    expect(res.status).toBe(409)
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('waiting_list')
    const rest = await fetch(`${apiUrl()}/rest/v1/memberships`, {
      method: 'POST',
      headers: {
        apikey: anonKey(),
        authorization: `Bearer ${session.access_token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ member_id: 1, site_id: 12 }),
    })
    expect(rest.status).toBe(403)
    expect(await serviceRest(`orders?select=id&email=eq.${encodeURIComponent(email)}`)).toEqual([])
  })
})

describe('a gift voucher towards a membership', () => {
  it('the code from the voucher e-mail takes £40 off the first payment; the card pays the rest', async () => {
    const code = `E2EM-${tag.slice(-4).toUpperCase().padStart(4, '0')}-${
      Math.random().toString(36).slice(2, 6).toUpperCase().padEnd(4, '0')
    }`
    await serviceRest('gift_vouchers', {
      method: 'POST',
      body: JSON.stringify({
        code,
        value_pence: 4000,
        buyer_email: 'giver@example.com',
        status: 'active',
        expires_at: new Date(Date.now() + 30 * 86400_000).toISOString(),
      }),
    })
    const context = await newContext(browser, 360)
    await configureApp(context)
    const page = await context.newPage()
    await openApp(page, '/')
    await dismissConsent(page)
    await openMainLink(page, 'Become a member')
    await page.getByRole('link', { name: `Become a member at ${site.location}` }).click()
    await page.getByRole('radio', { name: /Full plot monthly/ }).check()
    const email = uniqueEmail('voucher-member')
    const account = page.getByRole('form', { name: 'Create your account' })
    await account.getByLabel('First name').fill('Grace')
    await account.getByLabel('Last name').fill('Hopper')
    await account.getByLabel('E-mail address').fill(email)
    await account.getByLabel('Choose a password').fill('grow-my-own-veg')
    await account.getByRole('button', { name: 'Create my account' }).click()
    await page.goto(await signUpConfirmationLink(page, email))
    await page.getByText(`Signed in as ${email}`).waitFor()

    // A wrong code first: said beside the field, nothing else changes.
    const details = page.getByRole('form', { name: 'Your details and payment' })
    await details.getByLabel('Gift voucher code (optional)').fill('AAAA-BBBB-CCCC')
    await details.getByRole('button', { name: 'Apply voucher' }).click()
    await details.getByText('That gift voucher code is not valid.').waitFor()
    await details.getByRole('button', { name: 'Pay £104.99 and join' }).waitFor()

    await details.getByLabel('Gift voucher code (optional)').fill(code.toLowerCase())
    await details.getByRole('button', { name: 'Apply voucher' }).click()
    await details.getByTestId('voucher-discount').getByText(/−£40\.00 off today's payment/)
      .waitFor()
    expect(await noSidewaysScroll(page)).toBe(true)
    await expectAccessible(page)
    await shoot(page, 'voucher-360-01-applied')
    await details.getByRole('button', { name: 'Pay £64.99 and join' }).click()

    await page.getByRole('heading', { name: 'Test checkout' }).waitFor()
    expect(await page.getByText('Total £64.99').count()).toBe(1)
    await page.getByLabel('Card number').fill('4242 4242 4242 4242')
    await page.getByRole('button', { name: 'Pay £64.99' }).click()
    await page.getByTestId('welcome').getByRole('heading', { name: 'Welcome to Roots!' }).waitFor()
    expect(await page.getByTestId('membership').textContent()).toContain('Active')
    await shoot(page, 'voucher-360-02-members')

    const [order] = await serviceRest<
      { status: string; total_pence: number; discount_pence: number }[]
    >(`orders?select=status,total_pence,discount_pence&email=eq.${encodeURIComponent(email)}`)
    expect(order).toEqual({ status: 'paid', total_pence: 6499, discount_pence: 4000 })
    expect(await serviceRest(`gift_vouchers?select=status,balance_pence&code=eq.${code}`)).toEqual([
      { status: 'redeemed', balance_pence: 0 },
    ])
    await expect.poll(async () => (await mailTo(email)).map((m) => m.subject).sort()).toEqual(
      [
        CONFIRM_SIGNUP_SUBJECT,
        'Welcome to Roots: your plot at ' + site.location,
        'Your Roots Allotments receipt',
      ].sort(),
    )
    const receipt = (await mailTo(email)).find((m) =>
      m.subject === 'Your Roots Allotments receipt'
    )!
    expect(receipt.body).toContain('£64.99 by card and £40.00 with your gift voucher')
    await context.close()
  })
})
