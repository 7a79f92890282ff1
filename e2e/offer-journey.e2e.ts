// Answering a plot offer from the e-mail, each link opened in a fresh browser context
// (another device, nothing saved): the first applicant declines, the page says the place passed
// on, and the next applicant is e-mailed; the next applicant accepts, is e-mailed the set-up link,
// lands in the set-up for that site, creates their account there, pays on the local payment page
// and is a member. Every e-mail is checked in the outbox. Screenshots at 360 and 1280 px go to
// /tmp/shots-membership.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { configureApp, launchChromium, newContext, webUrl } from './support/browser'
import { anonKey, apiUrl, PASSWORD } from './admin-support'
import {
  dismissConsent,
  expectAccessible,
  type Mail,
  mailWith,
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
  city: 'Vale Bridge',
  city_slug: `vale-bridge-${tag}`,
  location: `Offer Vale ${tag}`,
  slug: `offer-vale-${tag}`,
}
const applicants = ['Ada', 'Bea', 'Cy'].map((first) => ({
  first,
  email: uniqueEmail(`offer-${first.toLowerCase()}`),
}))
let siteId = 0

const shoot = (page: Page, name: string) => shootParts(SHOTS, page, name)

const linkIn = (mail: Mail, pattern: RegExp) => {
  const url = mail.body.match(pattern)?.[0]
  if (!url) throw new Error(`no link like ${pattern} in: ${mail.body}`)
  return url
}

beforeAll(async () => {
  browser = await launchChromium()
  const [row] = await serviceRest<{ id: number }[]>('global_sites', {
    method: 'POST',
    body: JSON.stringify({ ...site, status: 'active', allotments: 12 }),
  })
  siteId = row.id
  await serviceRest('waiting_list_entries', {
    method: 'POST',
    body: JSON.stringify(applicants.map((a, i) => ({
      site_id: siteId,
      location: site.location,
      first_name: a.first,
      last_name: 'Applicant',
      email: a.email,
      consent_privacy: true,
      joined_at: new Date(Date.now() - (60 - i) * 86400_000).toISOString(),
    }))),
    headers: { prefer: 'return=minimal' },
  })
  // Staff offer the next plot (the patch manager's screen does the same through this function).
  const session = await (await fetch(`${apiUrl()}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: anonKey(), 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'official@example.com', password: PASSWORD }),
  })).json() as { access_token: string }
  const offered = await fetch(`${apiUrl()}/functions/v1/waiting-list-process`, {
    method: 'POST',
    headers: {
      apikey: anonKey(),
      authorization: `Bearer ${session.access_token}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      action: 'offer',
      site_id: siteId,
      count: 1,
      respond_days: 7,
      idempotency_key: `e2e-offer-${tag}`,
    }),
  })
  expect(offered.status).toBe(200)
})
afterAll(async () => {
  await browser?.close()
})

describe('a plot offer answered from the e-mail on another device', () => {
  it('the first applicant declines: the page says the place passed on, and the next applicant is e-mailed', async () => {
    const [ada, bea] = applicants
    const offer = await mailWith(ada.email, `A plot is ready for you at ${site.location}`)
    expect(offer.body).toContain('work on any device')
    const declineLink = linkIn(
      offer,
      /https?:\/\/\S+\/queue\/ready\?offer=[0-9a-f]{32}&answer=decline/,
    )
    expect(declineLink.startsWith(webUrl())).toBe(true)
    expect(offer.body).not.toMatch(/reference/i)

    const context = await newContext(browser, 360)
    await configureApp(context)
    const page = await context.newPage()
    await page.goto(declineLink)
    await page.locator('main#main').waitFor()
    await dismissConsent(page)
    await page.getByRole('heading', { level: 1, name: 'Your plot offer' }).waitFor()
    const card = page.getByTestId('plot-offer')
    await card.getByRole('heading', {
      name: `A plot at ${site.location}, ${site.city} is yours if you want it`,
    }).waitFor()
    await card.getByText(`Decline the plot at ${site.location}?`).waitFor()
    expect(page.url()).not.toContain('offer=')
    expect(await noSidewaysScroll(page)).toBe(true)
    await expectAccessible(page)
    await shoot(page, 'offer-360-01-decline-link')

    await card.getByRole('button', { name: 'Yes, decline the plot' }).click()
    const answer = page.getByTestId('offer-answer')
    await answer.getByRole('heading', {
      name: `You declined the plot at ${site.location}, ${site.city}`,
    }).waitFor()
    expect(await answer.textContent()).toContain(
      `The plot has gone to the next person in the queue, and you have left the waiting list for ${site.location}`,
    )
    await expectAccessible(page)
    await shoot(page, 'offer-360-02-declined')
    expect(
      await serviceRest(
        `waiting_list_entries?select=status&email=eq.${encodeURIComponent(ada.email)}`,
      ),
    ).toEqual([{ status: 'declined' }])

    // The place passed on, and its new holder was told at once.
    await mailWith(bea.email, `A plot is ready for you at ${site.location}`)
    expect(
      await serviceRest(
        `waiting_list_entries?select=status&email=eq.${encodeURIComponent(bea.email)}`,
      ),
    ).toEqual([{ status: 'offered' }])
    await context.close()
  })

  it('the next applicant accepts, is e-mailed the set-up link, creates an account, pays and is a member', async () => {
    const bea = applicants[1]
    const offer = await mailWith(bea.email, `A plot is ready for you at ${site.location}`)
    const acceptLink = linkIn(
      offer,
      /https?:\/\/\S+\/queue\/ready\?offer=[0-9a-f]{32}&answer=accept/,
    )

    // Device two: the accept link.
    const context = await newContext(browser, 1280)
    await configureApp(context)
    const page = await context.newPage()
    await page.goto(acceptLink)
    await page.locator('main#main').waitFor()
    await dismissConsent(page)
    const card = page.getByTestId('plot-offer')
    await card.getByRole('heading', {
      name: `A plot at ${site.location}, ${site.city} is yours if you want it`,
    }).waitFor()
    expect(await card.getByTestId('offer-deadline').textContent()).toMatch(/^\d{1,2} \w+ \d{4}$/)
    expect(await page.locator('main').textContent()).not.toContain('Your place is kept')
    await expectAccessible(page)
    await shoot(page, 'offer-1280-01-accept-link')
    await card.getByRole('button', { name: 'Accept the plot' }).click()

    // Straight into the set-up for that site, opened by the offer.
    await page.getByRole('heading', { level: 1, name: `Join ${site.location}` }).waitFor()
    expect(new URL(page.url()).pathname).toBe(`/sites/${site.city_slug}/${site.slug}/setup`)
    await page.getByTestId('offer-banner').waitFor()
    await shoot(page, 'offer-1280-02-setup')

    // The confirmation, with the next step that works on any device.
    const confirmation = await mailWith(
      bea.email,
      `Your plot at ${site.location}: set up your membership`,
    )
    const setupLink = linkIn(
      confirmation,
      new RegExp(`https?://\\S+/sites/${site.city_slug}/${site.slug}/setup\\?offer=[0-9a-f]{32}`),
    )
    expect(confirmation.body).toContain('deposit')

    await page.getByRole('radio', { name: /Half plot monthly/ }).check()
    expect(await page.getByTestId('due-today').textContent()).toBe('£94.99')
    expect(await page.getByTestId('then-price').textContent()).toBe('£19.99 a month')
    const account = page.getByRole('form', { name: 'Create your account' })
    expect(await account.getByLabel('E-mail address').inputValue()).toBe(bea.email)
    expect(await account.getByLabel('First name').inputValue()).toBe('Bea')
    await account.getByLabel('Last name').fill('Applicant')
    await account.getByLabel('Choose a password').fill('grow-my-own-veg')
    await expectAccessible(page)
    await shoot(page, 'offer-1280-03-account')
    await account.getByRole('button', { name: 'Create my account' }).click()
    await page.goto(await signUpConfirmationLink(page, bea.email))
    await page.getByText(`Signed in as ${bea.email}`).waitFor()
    const details = page.getByRole('form', { name: 'Your details and payment' })
    await details.getByLabel('Phone (optional)').fill('07700 900123')
    await details.getByRole('button', { name: 'Pay £94.99 and join' }).click()

    await page.getByRole('heading', { name: 'Test checkout' }).waitFor()
    expect(await page.getByText('Total £94.99').count()).toBe(1)
    await shoot(page, 'offer-1280-04-payment-page')
    await page.getByLabel('Card number').fill('4242 4242 4242 4242')
    await page.getByRole('button', { name: 'Pay £94.99' }).click()

    const welcome = page.getByTestId('welcome')
    await welcome.getByRole('heading', { name: 'Welcome to Roots!' }).waitFor()
    expect(await welcome.textContent()).toContain(`your membership at ${site.location} is active`)
    await welcome.getByRole('link', { name: 'Book your welcome slot' }).waitFor()
    await expectAccessible(page)
    await shoot(page, 'offer-1280-05-members')
    const [order] = await serviceRest<{ id: number; status: string }[]>(
      `orders?select=id,status&email=eq.${encodeURIComponent(bea.email)}`,
    )
    expect(order.status).toBe('paid')
    expect(await serviceRest(`memberships?select=status&order_id=eq.${order.id}`)).toEqual([{
      status: 'active',
    }])
    const welcomeMail = await mailWith(bea.email, `Welcome to Roots: your plot at ${site.location}`)
    expect(welcomeMail.body).toContain(`/welcome-slot?site=${site.slug}`)
    await context.close()

    // Device three: the e-mailed set-up link again, signed out. The offer is used; nobody else can.
    const third = await newContext(browser, 360)
    await configureApp(third)
    const again = await third.newPage()
    await again.goto(setupLink)
    await again.locator('main#main').waitFor()
    await dismissConsent(again)
    await again.getByRole('heading', { name: 'Your membership is set up' }).waitFor()
    expect(await again.getByRole('form', { name: 'Create your account' }).count()).toBe(0)
    expect(await noSidewaysScroll(again)).toBe(true)
    await shoot(again, 'offer-360-03-setup-link-used')

    // The third applicant still waits, so anyone else (a tab without the offer) cannot set up here.
    const stranger = await third.newPage()
    await stranger.goto(`${webUrl()}/sites/${site.city_slug}/${site.slug}/setup`)
    await stranger.getByRole('heading', { name: 'Plots here go to the waiting list' }).waitFor()
    await shoot(stranger, 'offer-360-04-stranger')
    await third.close()
  })

  it('the last applicant moved up: first in the queue now', async () => {
    const cy = applicants[2]
    const [{ reference }] = await serviceRest<{ reference: string }[]>(
      `waiting_list_entries?select=reference&email=eq.${encodeURIComponent(cy.email)}`,
    )
    const context = await newContext(browser, 360)
    await configureApp(context)
    const page = await context.newPage()
    await page.goto(`${webUrl()}/queue/ready?reference=${reference}`)
    await page.locator('main#main').waitFor()
    await dismissConsent(page)
    await page.getByTestId('queue-position').waitFor()
    expect(await page.getByTestId('position').textContent()).toBe('1')
    await shoot(page, 'offer-360-05-position')
    await context.close()
  })
})
