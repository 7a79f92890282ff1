// A visitor finds a site, joins its waiting list (bad input first, then a double click), sees
// their place in the queue, updates their details and leaves the list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { configureApp, launchChromium, newContext, openApp, webUrl } from './support/browser'
import {
  dismissConsent,
  expectAccessible,
  mailTo,
  mainNavLink,
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

interface Entry {
  reference: string
  status: string
  postcode: string | null
  first_name: string
}

describe('find a site, join its waiting list, see the position', () => {
  for (const width of [1280, 360]) {
    it(`works end to end at ${width} px`, async () => {
      const context = await newContext(browser, width)
      await configureApp(context)
      const page = await context.newPage()
      await openApp(page, '/')
      await dismissConsent(page)
      await expectAccessible(page)

      // Find: /sites filtered to Dartford.
      await (await mainNavLink(page, 'Find a site')).click()
      await page.getByRole('heading', { level: 1, name: 'Our sites' }).waitFor()
      await expect.poll(() => page.title()).toBe('Sites | Roots Allotments')
      await page.getByLabel('City').selectOption('dartford')
      await expect.poll(() => page.getByTestId('site-card').count()).toBe(1)
      expect(page.url()).toContain('city=dartford')
      await expectAccessible(page)
      expect(await noSidewaysScroll(page)).toBe(true)

      // The site page, with its live count.
      await page.getByRole('link', { name: 'Darenth Fields', exact: true }).click()
      await page.getByRole('heading', { level: 1, name: 'Darenth Fields' }).waitFor()
      expect(new URL(page.url()).pathname).toBe('/sites/dartford/darenth-fields')
      await expect.poll(async () => Number(await page.getByTestId('waiting-count').textContent()))
        .toBeGreaterThan(0)
      const before = Number(await page.getByTestId('waiting-count').textContent())
      await expectAccessible(page)
      expect(await noSidewaysScroll(page)).toBe(true)

      // Join: the site's call to action follows its state (people are waiting), with no joining offer.
      expect(await page.getByTestId('site-state').textContent()).toBe('Waiting list')
      expect(await page.getByText('for your first month free').count()).toBe(0)
      await page.getByRole('link', { name: 'Join the waiting list', exact: true }).click()
      await page.getByRole('heading', {
        level: 1,
        name: 'Join the waiting list for Darenth Fields',
      }).waitFor()
      expect(new URL(page.url()).pathname).toBe('/landing/darenth-fields/join')

      // Bad input: errors beside the fields and as a toast; nothing typed is lost.
      await page.getByLabel('First name').fill('Ada')
      await page.getByLabel('E-mail address').fill('not-an-email')
      await page.getByRole('button', { name: 'Join the waiting list' }).click()
      await page.getByText('Enter your last name.').waitFor()
      await page.getByText('Enter a valid e-mail address, like name@example.com.').waitFor()
      await page.getByText('Please accept the privacy notice to join.').waitFor()
      await page.getByRole('alert').filter({ hasText: 'Some details need attention' }).first()
        .waitFor()
      expect(await page.getByLabel('First name').inputValue()).toBe('Ada')
      expect(await page.getByLabel('E-mail address').getAttribute('aria-invalid')).toBe('true')
      await expectAccessible(page)

      // Good input, submitted with a double click: one entry.
      const email = uniqueEmail(`join${width}`)
      await page.getByLabel('Last name').fill('Lovelace')
      await page.getByLabel('E-mail address').fill(email)
      await page.getByLabel('Postcode (optional)').fill('DA1 5QJ')
      await page.getByLabel(/I have read the privacy notice/).check()
      await page.getByRole('button', { name: 'Join the waiting list' }).dblclick()

      // The page says the same for a new address as for one already on the list: the e-mail
      // carries the private reference, and its link opens their place in the queue.
      await page.getByRole('heading', { name: 'Check your inbox' }).waitFor()
      const entries = await serviceRest<Entry[]>(
        `waiting_list_entries?select=reference,status,postcode,first_name&email_normalised=eq.${
          encodeURIComponent(email)
        }`,
      )
      expect(entries).toHaveLength(1)
      expect(await page.locator('main').textContent()).not.toContain(entries[0].reference)
      const [mail, ...more] = await mailTo(email)
      expect(more).toHaveLength(0)
      expect(mail!.body).toContain('Hello Ada')
      const link = mail!.body.match(/https?:\/\/\S+\/queue\/ready\?reference=[^\s)]+/)?.[0]
      expect(link, mail!.body).toBe(
        `${webUrl()}/queue/ready?reference=${encodeURIComponent(entries[0].reference)}`,
      )
      await page.goto(link!)
      await page.getByRole('heading', { level: 1, name: 'Your place in the queue' }).waitFor()
      await page.getByTestId('queue-position').waitFor()
      expect(await page.getByTestId('reference').textContent()).toBe(entries[0].reference)
      const position = Number(await page.getByTestId('position').textContent())
      const length = Number(await page.getByTestId('list-length').textContent())
      expect(length).toBe(before + 1)
      // The newest applicant is last of those waiting.
      expect(position).toBe(length)
      expect(await page.getByTestId('estimated-wait').textContent()).toBeTruthy()
      expect(page.url()).not.toContain(entries[0].reference)
      await expectAccessible(page)
      expect(await noSidewaysScroll(page)).toBe(true)

      // Update details.
      await page.getByText('Update your details').click()
      await page.getByRole('form', { name: 'Update your details' }).getByLabel('Postcode').fill(
        'not a postcode',
      )
      await page.getByRole('button', { name: 'Save my details' }).click()
      await page.getByText('Enter a valid UK postcode, like BA1 6QE.').waitFor()
      await page.getByRole('form', { name: 'Update your details' }).getByLabel('Postcode').fill(
        'DA2 6AA',
      )
      await page.getByRole('button', { name: 'Save my details' }).click()
      await page.getByText('Your details are updated.').waitFor()
      await expect.poll(async () =>
        (await serviceRest<Entry[]>(
          `waiting_list_entries?select=postcode&reference=eq.${entries[0].reference}`,
        ))[0].postcode
      ).toBe('DA2 6AA')

      // A reload keeps the place (the reference is saved in this browser).
      await page.reload()
      await page.getByTestId('queue-position').waitFor()
      expect(Number(await page.getByTestId('position').textContent())).toBe(position)

      // Leave the list, after confirming.
      await page.getByRole('button', { name: 'Leave this waiting list' }).click()
      await page.getByRole('dialog').getByRole('button', { name: 'Yes, leave the list' }).click()
      await page.getByRole('heading', { name: 'This entry is withdrawn' }).waitFor()
      expect(
        (await serviceRest<Entry[]>(
          `waiting_list_entries?select=status&reference=eq.${entries[0].reference}`,
        ))[0].status,
      ).toBe('withdrawn')
      await context.close()
    })
  }

  it('joining again with the same e-mail creates no second entry', async () => {
    const context = await newContext(browser)
    await configureApp(context)
    const page = await context.newPage()
    const email = uniqueEmail('twice')
    for (let i = 0; i < 2; i++) {
      await openApp(page, '/landing/haigh-fields/join')
      await dismissConsent(page)
      await page.getByLabel('First name').fill('Grace')
      await page.getByLabel('Last name').fill('Hopper')
      await page.getByLabel('E-mail address').fill(email.toUpperCase())
      await page.getByLabel(/I have read the privacy notice/).check()
      await page.getByRole('button', { name: 'Join the waiting list' }).click()
      // The same answer both times: nobody learns from the page whether an address is on a list.
      await page.getByRole('heading', { name: 'Check your inbox' }).waitFor()
      await expect.poll(async () => (await mailTo(email)).length).toBe(i + 1)
    }
    const rows = await serviceRest<Entry[]>(
      `waiting_list_entries?select=reference&email_normalised=eq.${encodeURIComponent(email)}`,
    )
    expect(rows).toHaveLength(1)
    // Only the inbox hears which it was, with the same reference again.
    const bodies = (await mailTo(email)).map((m) => m.body)
    expect(bodies.every((b) => b.includes(rows[0]!.reference))).toBe(true)
    expect(bodies.filter((b) => /already on/i.test(b))).toHaveLength(1)
    await context.close()
  })

  it('a waiting-list-only place takes its general list, and the e-mailed link opens the position', async () => {
    const context = await newContext(browser, 360)
    await configureApp(context)
    const page = await context.newPage()
    await openApp(page, '/locations')
    await dismissConsent(page)
    await page.getByRole('link', { name: 'Join the waiting list for Exeter' }).click()
    await page.getByRole('heading', { level: 1, name: 'Join the waiting list for Exeter' })
      .waitFor()
    const email = uniqueEmail('exeter')
    await page.getByLabel('First name').fill('Mary')
    await page.getByLabel('Last name').fill('Anning')
    await page.getByLabel('E-mail address').fill(email)
    await page.getByLabel(/I have read the privacy notice/).check()
    await page.getByRole('button', { name: 'Join the waiting list' }).click()
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor()
    const [entry] = await serviceRest<Entry[]>(
      `waiting_list_entries?select=reference,status&email_normalised=eq.${
        encodeURIComponent(email)
      }`,
    )
    expect(entry.status).toBe('waiting')
    const [mail] = await mailTo(email)
    expect(mail!.body).toContain(`/queue/ready?reference=${encodeURIComponent(entry.reference)}`)

    // A fresh browser (no saved reference) following the e-mail's link.
    const other = await newContext(browser)
    await configureApp(other)
    const linkPage = await other.newPage()
    await openApp(linkPage, `/queue/ready?reference=${entry.reference}`)
    await linkPage.getByTestId('queue-position').waitFor()
    expect(await linkPage.getByTestId('reference').textContent()).toBe(entry.reference)
    // The secret leaves the address bar.
    await expect.poll(() => linkPage.url()).not.toContain(entry.reference)
    await dismissConsent(linkPage)
    await expectAccessible(linkPage)
    await other.close()
    await context.close()
  })

  it('the seeded demo applicant is 8th at Tuckers Meadow, with an estimate from a year of movement', async () => {
    const context = await newContext(browser)
    await configureApp(context)
    const page = await context.newPage()
    await openApp(page, '/queue/ready')
    await dismissConsent(page)
    await page.getByLabel('Your private reference').fill('nonsense ref!')
    await page.getByRole('button', { name: 'Show my place' }).click()
    await page.getByText('Enter the reference from your confirmation e-mail').waitFor()
    await page.getByLabel('Your private reference').fill('demo-reference-tuckers-meadow-0001')
    await page.getByRole('button', { name: 'Show my place' }).click()
    await page.getByTestId('queue-position').waitFor()
    expect(await page.getByTestId('position').textContent()).toBe('8')
    expect(await page.getByRole('heading', { name: '8th' }).count()).toBe(1)
    expect(await page.getByTestId('estimated-wait').textContent()).toMatch(
      /^(about \d+ (month|year)|less than a month)/,
    )
    await expectAccessible(page)
    await context.close()
  })
})
