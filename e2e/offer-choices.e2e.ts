// Fairer offers: staff turn on the site's "first decline keeps the place" rule and
// offer a plot to a category from /admin; the applicant opens the offer e-mail's link on a phone
// (fresh context, 360 px), books a viewing on the site's welcome slots (e-mailed), cancels and
// books again, then accepts; their entry at another site is asked "keep your place?" by e-mail and
// the answer "no" withdraws it. Staff then extend the next offer's deadline (a bad reason is
// refused first; the applicant is e-mailed the new date), and that applicant declines and keeps
// their place. Every e-mail is checked in the outbox. Screenshots at 360 and 1280 px go to
// /tmp/shots-h1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { weekdayDate } from '@common/dates'
import { configureApp, launchChromium, newContext, webUrl } from './support/browser'
import { openFromNav, signedInPage } from './admin-support'
import {
  dismissConsent,
  expectAccessible,
  type Mail,
  mailTo,
  noSidewaysScroll,
  serviceRest,
  shootParts,
  uniqueEmail,
} from './public-support'

const SHOTS = '/tmp/shots-h1'
let browser: Browser
let admin: Page
const tag = Date.now().toString(36)
const site = {
  city: 'Choice Bridge',
  city_slug: `choice-bridge-${tag}`,
  location: `Choice Vale ${tag}`,
  slug: `choice-vale-${tag}`,
}
const other = {
  city: 'Choice Bridge',
  city_slug: `choice-bridge-${tag}`,
  location: `Second Vale ${tag}`,
  slug: `second-vale-${tag}`,
}
const people = {
  dan: { first: 'Dan', email: uniqueEmail('choice-dan') },
  eve: { first: 'Eve', email: uniqueEmail('choice-eve') },
  fay: { first: 'Fay', email: uniqueEmail('choice-fay') },
}
let siteId = 0
let categoryId = 0

const shoot = (page: Page, name: string) => shootParts(SHOTS, page, name)

/** The e-mails to `to` with this subject, once `count` have arrived. */
async function mailsWith(to: string, subject: string, count = 1): Promise<Mail[]> {
  await expect.poll(async () => (await mailTo(to)).filter((m) => m.subject === subject).length, {
    timeout: 60_000,
  }).toBe(count)
  return (await mailTo(to)).filter((m) => m.subject === subject)
}

const linkIn = (mail: Mail, pattern: RegExp) => {
  const url = mail.body.match(pattern)?.[0]
  if (!url) throw new Error(`no link like ${pattern} in: ${mail.body}`)
  return url
}

const entry = async (email: string, siteOf: number | null = siteId) =>
  (await serviceRest<{ status: string; joined_at: string }[]>(
    `waiting_list_entries?select=status,joined_at&email=eq.${encodeURIComponent(email)}${
      siteOf ? `&site_id=eq.${siteOf}` : '&site_id=neq.' + siteId
    }`,
  ))[0]!

/** A fresh phone: nothing saved, the link from the e-mail. */
async function openOnPhone(url: string, width = 360): Promise<Page> {
  const context = await newContext(browser, width)
  await configureApp(context)
  const page = await context.newPage()
  await page.goto(url)
  await page.locator('main#main').waitFor()
  await dismissConsent(page)
  return page
}

beforeAll(async () => {
  browser = await launchChromium()
  const [a, b] = await serviceRest<{ id: number }[]>('global_sites', {
    method: 'POST',
    body: JSON.stringify([
      { ...site, status: 'active', allotments: 12 },
      { ...other, status: 'active', allotments: 8 },
    ]),
  })
  siteId = a!.id
  const [cat] = await serviceRest<{ id: number }[]>('waiting_list_categories', {
    method: 'POST',
    body: JSON.stringify({ site_id: siteId, name: `Accessible plot ${tag}` }),
  })
  categoryId = cat!.id
  const day = 86400_000
  await serviceRest('waiting_list_entries', {
    method: 'POST',
    body: JSON.stringify([
      { who: people.dan, days: 90, category_id: null, site: siteId },
      { who: people.eve, days: 80, category_id: categoryId, site: siteId },
      { who: people.fay, days: 70, category_id: categoryId, site: siteId },
      { who: people.eve, days: 30, category_id: null, site: b!.id },
    ].map((e) => ({
      site_id: e.site,
      location: 'x',
      first_name: e.who.first,
      last_name: 'Applicant',
      email: e.who.email,
      consent_privacy: true,
      category_id: e.category_id,
      joined_at: new Date(Date.now() - e.days * day).toISOString(),
    }))),
    headers: { prefer: 'return=minimal' },
  })
  await serviceRest('welcome_slots', {
    method: 'POST',
    body: JSON.stringify({
      site_id: siteId,
      starts_at: new Date(Date.now() + 3 * day).toISOString(),
      capacity: 4,
    }),
    headers: { prefer: 'return=minimal' },
  })
  admin = await signedInPage(browser, 'founder@example.com', '/admin')
})
afterAll(async () => {
  await browser?.close()
})

describe('fairer offers', () => {
  it('staff set the decline rule and offer a plot to a category', async () => {
    await openFromNav(admin, 'Process offers', '/admin/waiting-list/process')
    await admin.getByLabel('Site', { exact: true }).selectOption({
      label: `${site.location} (${site.city})`,
    })
    const rule = admin.getByRole('form', { name: `Decline rule at ${site.location}` })
    await rule.getByLabel("A first decline keeps the applicant's place").check()
    await rule.getByRole('button', { name: 'Save the decline rule' }).click()
    await expect.poll(async () =>
      (await serviceRest<{ first_decline_keeps_place: boolean }[]>(
        `global_sites?select=first_decline_keeps_place&id=eq.${siteId}`,
      ))[0]!.first_decline_keeps_place
    ).toBe(true)

    await admin.getByLabel('Free plots').fill('1')
    await admin.getByLabel('Offer to category').selectOption({ label: `Accessible plot ${tag}` })
    await admin.getByRole('button', { name: 'Preview' }).click()
    const preview = admin.getByRole('region', { name: 'Who will be offered a plot' }).first()
    await preview.getByText(people.eve.email).waitFor()
    expect(await preview.textContent()).not.toContain(people.dan.email)
    await admin.getByTestId('offer-target').getByText(`Accessible plot ${tag}`).waitFor()
    await expectAccessible(admin)
    await shoot(admin, 'admin-1280-01-category-preview')
    await admin.setViewportSize({ width: 360, height: 800 })
    expect(await noSidewaysScroll(admin)).toBe(true)
    await shoot(admin, 'admin-360-01-category-preview')
    await admin.setViewportSize({ width: 1280, height: 900 })

    await admin.getByRole('button', { name: 'Make 1 offer' }).click()
    await admin.getByRole('dialog').getByRole('button', { name: 'Make offers' }).click()
    const offers = admin.getByRole('region', { name: `Offers at ${site.location}` }).first()
    await offers.getByText(people.eve.email).waitFor()
    expect(await offers.textContent()).toContain(`Accessible plot ${tag}`)
    expect((await entry(people.dan.email)).status).toBe('waiting')
    expect((await entry(people.eve.email)).status).toBe('offered')
  })

  it('the applicant books a viewing on a phone, is e-mailed, cancels, books again and accepts', async () => {
    const [offer] = await mailsWith(people.eve.email, `A plot is ready for you at ${site.location}`)
    const link = linkIn(offer!, /https?:\/\/\S+\/queue\/ready\?offer=[0-9a-f]{32}&answer=accept/)
    expect(link.startsWith(webUrl())).toBe(true)
    const page = await openOnPhone(link)
    const card = page.getByTestId('plot-offer')
    await card.getByRole('heading', {
      name: `A plot at ${site.location}, ${site.city} is yours if you want it`,
    })
      .waitFor()
    expect(await card.getByTestId('decline-rule').textContent()).toContain(
      `you keep your place on the waiting list for ${site.location}`,
    )
    const viewing = card.getByTestId('offer-viewing')
    await viewing.getByRole('button', { name: 'Book this viewing' }).click()
    await viewing.getByText('Choose a time for your viewing.').waitFor()
    await viewing.getByRole('radio').first().check()
    expect(await noSidewaysScroll(page)).toBe(true)
    await expectAccessible(page)
    await shoot(page, 'offer-360-01-choose-viewing')
    await viewing.getByRole('button', { name: 'Book this viewing' }).click()
    await viewing.getByText('Your viewing is booked for').waitFor()
    const [booked] = await mailsWith(people.eve.email, `Your viewing at ${site.location} is booked`)
    expect(booked!.body).toContain('Please answer the offer by')
    expect(booked!.body).toMatch(/\/queue\/ready\?offer=[0-9a-f]{32}/)
    await shoot(page, 'offer-360-02-viewing-booked')

    await viewing.getByRole('button', { name: 'Cancel the viewing' }).click()
    await viewing.getByRole('button', { name: 'Book this viewing' }).waitFor()
    expect(
      await serviceRest(
        `welcome_slot_bookings?select=status&email=eq.${encodeURIComponent(people.eve.email)}`,
      ),
    ).toEqual([{ status: 'cancelled' }])
    await viewing.getByRole('radio').first().check()
    await viewing.getByRole('button', { name: 'Book this viewing' }).click()
    await viewing.getByText('Your viewing is booked for').waitFor()
    await mailsWith(people.eve.email, `Your viewing at ${site.location} is booked`, 2)

    await card.getByRole('button', { name: 'Accept the plot' }).click()
    await page.waitForURL((u) => u.pathname === `/sites/${site.city_slug}/${site.slug}/setup`)
    expect((await entry(people.eve.email)).status).toBe('accepted')
    await page.context().close()
  })

  it('the other list asks "keep your place?" by e-mail; answering no withdraws that entry', async () => {
    const [ask] = await mailsWith(people.eve.email, `Keep your place at ${other.location}?`)
    expect(ask!.body).toContain(`Congratulations on your plot at ${site.location}`)
    const link = linkIn(ask!, /https?:\/\/\S+\/queue\/keep-place\?token=[0-9a-f]{32}/)
    const page = await openOnPhone(link)
    const card = page.getByTestId('keep-place')
    await card.getByRole('heading', { name: `Keep your place at ${other.location}?` }).waitFor()
    expect(await noSidewaysScroll(page)).toBe(true)
    await expectAccessible(page)
    await shoot(page, 'keep-place-360-01-question')
    await card.getByRole('button', { name: 'No, take me off this list' }).click()
    await card.getByText(`Leave the waiting list for ${other.location}?`).waitFor()
    await card.getByRole('button', { name: 'Yes, leave the list' }).click()
    await page.getByTestId('keep-place-answer').getByRole('heading', {
      name: `You have left the waiting list for ${other.location}`,
    }).waitFor()
    await shoot(page, 'keep-place-360-02-left')
    expect((await entry(people.eve.email, null)).status).toBe('withdrawn')
    await page.setViewportSize({ width: 1280, height: 900 })
    await shoot(page, 'keep-place-1280-02-left')
    await page.context().close()
  })

  it("staff extend the next offer's deadline; the applicant is e-mailed, declines and keeps their place", async () => {
    await admin.getByLabel('Free plots').fill('1')
    await admin.getByRole('button', { name: 'Preview' }).click()
    await admin.getByRole('region', { name: 'Who will be offered a plot' }).first().getByText(
      people.fay.email,
    )
      .waitFor()
    await admin.getByRole('button', { name: 'Make 1 offer' }).click()
    await admin.getByRole('dialog').getByRole('button', { name: 'Make offers' }).click()
    const offers = admin.getByRole('region', { name: `Offers at ${site.location}` }).first()
    await offers.getByText(people.fay.email).waitFor()
    const [first] = await mailsWith(people.fay.email, `A plot is ready for you at ${site.location}`)
    const before = (await serviceRest<{ respond_by: string }[]>(
      `plot_offers?select=respond_by&site_id=eq.${siteId}&status=eq.offered`,
    ))[0]!.respond_by

    await offers.getByRole('button', { name: 'Extend the deadline of the offer to Fay Applicant' })
      .click()
    const dialog = admin.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Extend the deadline' }).click()
    await dialog.getByText('Give a reason for the extension.').waitFor()
    const target = new Date(Date.now() + 20 * 86400_000)
    const local = await admin.evaluate((iso) => {
      const d = new Date(iso)
      const p = (n: number) => String(n).padStart(2, '0')
      return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T12:00`
    }, target.toISOString())
    await dialog.getByLabel('New deadline').fill(local)
    await dialog.getByLabel('Reason').fill('Away on holiday')
    await expectAccessible(admin)
    await shoot(admin, 'admin-1280-02-extend')
    await dialog.getByRole('button', { name: 'Extend the deadline' }).click()
    await offers.getByText(/extended from .*Away on holiday/).waitFor()
    const after = (await serviceRest<{ respond_by: string }[]>(
      `plot_offers?select=respond_by&site_id=eq.${siteId}&status=eq.offered`,
    ))[0]!.respond_by
    expect(new Date(after).getTime()).toBeGreaterThan(new Date(before).getTime())
    const [more] = await mailsWith(
      people.fay.email,
      `More time to answer: your plot offer at ${site.location}`,
    )
    expect(more!.body).toContain(weekdayDate(after))
    expect(more!.body).toContain('Away on holiday')
    await admin.setViewportSize({ width: 360, height: 800 })
    await shoot(admin, 'admin-360-02-extended')
    await admin.setViewportSize({ width: 1280, height: 900 })

    const joined = (await entry(people.fay.email)).joined_at
    const link = linkIn(first!, /https?:\/\/\S+\/queue\/ready\?offer=[0-9a-f]{32}&answer=decline/)
    const page = await openOnPhone(link)
    const card = page.getByTestId('plot-offer')
    await card.getByTestId('offer-extended').waitFor()
    expect(await card.getByTestId('decline-rule').textContent()).toContain('you keep your place')
    await card.getByText(`You keep your place on the waiting list for ${site.location}.`).waitFor()
    await shoot(page, 'offer-360-03-extended-decline')
    await card.getByRole('button', { name: 'Yes, decline the plot' }).click()
    const answer = page.getByTestId('offer-answer')
    await answer.getByRole('heading', {
      name: `You declined the plot at ${site.location}, ${site.city}`,
    })
      .waitFor()
    expect(await answer.textContent()).toContain(
      `You keep your place on the waiting list for ${site.location}, with your original joining date`,
    )
    await expectAccessible(page)
    await shoot(page, 'offer-360-04-declined-kept')
    const fay = await entry(people.fay.email)
    expect(fay.status).toBe('waiting')
    expect(new Date(fay.joined_at).getTime()).toBe(new Date(joined).getTime())
    // Nobody else in the category is waiting: the place is not passed outside it.
    expect((await entry(people.dan.email)).status).toBe('waiting')
    await page.context().close()
  })
})
