// Data rights: an applicant joins from the home page, opens their reference link from
// the e-mail on another device, downloads their data (JSON and CSV: their entry, not that of
// another applicant with the same name), asks for erasure after reading what is kept, and is
// e-mailed; an admin completes the request from /admin/data-rights; the applicant is e-mailed
// again, their old link shows nothing personal, and nobody else's place moves. Screenshots at 360
// and 1280 px go to /tmp/shots-h6.
import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { configureApp, launchChromium, newContext, openApp, webUrl } from './support/browser'
import { anonKey, apiUrl, openFromNav, signedInPage } from './admin-support'
import {
  dismissConsent,
  expectAccessible,
  mailTo,
  mailWith,
  mainNavLink,
  noSidewaysScroll,
  serviceRest,
  shootParts,
  uniqueEmail,
} from './public-support'

const SHOTS = '/tmp/shots-h6'
const shoot = (page: Page, name: string) => shootParts(SHOTS, page, name)
let browser: Browser
const email = uniqueEmail('rights-ada')
const namesake = uniqueEmail('rights-namesake')

interface Position {
  queue_position: number | null
  list_length: number
  status: string
}

/** The applicant's position as the public RPC answers it (anon key, private reference). */
async function positionOf(reference: string): Promise<Position | undefined> {
  const res = await fetch(`${apiUrl()}/rest/v1/rpc/get_waiting_list_position`, {
    method: 'POST',
    headers: {
      apikey: anonKey(),
      authorization: `Bearer ${anonKey()}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ p_reference: reference }),
  })
  expect(res.status).toBe(200)
  return ((await res.json()) as Position[])[0]
}

let namesakeReference = ''

beforeAll(async () => {
  browser = await launchChromium()
  // Another Ada Lovelace, with another address, already waiting at the same site.
  const [site] = await serviceRest<{ id: number; location: string }[]>(
    'global_sites?select=id,location&slug=eq.darenth-fields',
  )
  const [row] = await serviceRest<{ reference: string }[]>('waiting_list_entries', {
    method: 'POST',
    body: JSON.stringify({
      site_id: site!.id,
      location: site!.location,
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: namesake,
      consent_privacy: true,
      joined_at: new Date(Date.now() - 86400_000).toISOString(),
    }),
  })
  namesakeReference = row!.reference
})
afterAll(async () => {
  await browser?.close()
})

describe('an applicant downloads their data and has it erased', () => {
  it('join, download, ask for erasure, an admin completes it, nothing personal remains', async () => {
    // Join from the home page.
    const first = await newContext(browser, 1280)
    await configureApp(first)
    const page = await first.newPage()
    await openApp(page, '/')
    await dismissConsent(page)
    await (await mainNavLink(page, 'Find a site')).click()
    await page.getByRole('heading', { level: 1, name: 'Our sites' }).waitFor()
    await page.getByLabel('City').selectOption('dartford')
    await page.getByRole('link', { name: 'Darenth Fields', exact: true }).click()
    await page.getByRole('heading', { level: 1, name: 'Darenth Fields' }).waitFor()
    await page.getByRole('link', { name: 'Join the waiting list', exact: true }).click()
    await page.getByRole('heading', { level: 1, name: 'Join the waiting list for Darenth Fields' })
      .waitFor()
    await page.getByLabel('First name').fill('Ada')
    await page.getByLabel('Last name').fill('Lovelace')
    await page.getByLabel('E-mail address').fill(email)
    await page.getByLabel('Postcode (optional)').fill('DA1 5QJ')
    await page.getByLabel(/I have read the privacy notice/).check()
    await page.getByRole('button', { name: 'Join the waiting list' }).click()
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor()
    await first.close()

    const [joined] = await mailTo(email)
    const link = joined!.body.match(/https?:\/\/\S+\/queue\/ready\?reference=[^\s)]+/)?.[0]
    expect(link, joined!.body).toBeTruthy()
    const reference = decodeURIComponent(new URL(link!).searchParams.get('reference')!)
    const namesakeBefore = await positionOf(namesakeReference)
    const mineBefore = await positionOf(reference)
    expect(mineBefore!.status).toBe('waiting')
    expect(namesakeBefore!.queue_position).toBeLessThan(mineBefore!.queue_position!)

    // The reference link, on another device (a phone): the status page links to the data page.
    const phone = await newContext(browser, 360)
    await configureApp(phone)
    const applicant = await phone.newPage()
    await applicant.goto(link!)
    await applicant.getByRole('heading', { level: 1, name: 'Your place in the queue' }).waitFor()
    await dismissConsent(applicant)
    await applicant.getByRole('link', { name: 'Download or delete your data' }).click()
    await applicant.getByRole('heading', { level: 1, name: 'Your data' }).waitFor()
    await applicant.getByText('Using the private reference from your e-mail.').waitFor()
    expect(applicant.url()).toBe(`${webUrl()}/your-data`)
    expect(await noSidewaysScroll(applicant)).toBe(true)
    await expectAccessible(applicant)
    await shoot(applicant, 'your-data-360-01')

    // Download: JSON with their entry, and never the namesake's.
    const [jsonFile] = await Promise.all([
      applicant.waitForEvent('download'),
      applicant.getByRole('button', { name: 'Download as JSON' }).click(),
    ])
    expect(jsonFile.suggestedFilename()).toMatch(/^roots-my-data-\d{4}-\d{2}-\d{2}\.json$/)
    const text = await readFile((await jsonFile.path())!, 'utf8')
    const doc = JSON.parse(text.replace(/^\uFEFF/, '')) as {
      waiting_list_entries: Array<
        { email: string; first_name: string; location: string; postcode: string }
      >
      consents: unknown[]
    }
    expect(doc.waiting_list_entries).toHaveLength(1)
    expect(doc.waiting_list_entries[0]).toMatchObject({
      email,
      first_name: 'Ada',
      location: 'Darenth Fields',
      postcode: 'DA1 5QJ',
    })
    expect(doc.consents.length).toBeGreaterThan(0)
    expect(text).not.toContain(namesake)
    await applicant.getByTestId('held').getByText('Waiting lists: Darenth Fields.').waitFor()
    // CSV: one file, a row per value.
    const [csvFile] = await Promise.all([
      applicant.waitForEvent('download'),
      applicant.getByRole('button', { name: 'Download as CSV (spreadsheet)' }).click(),
    ])
    const csv = await readFile((await csvFile.path())!, 'utf8')
    expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('table,row,field,value')
    expect(csv).toContain(`waiting_list_entries,1,email,${email}`)
    expect(csv).not.toContain(namesake)

    // Ask for erasure: the page says what goes and what is kept before anything is sent.
    await applicant.getByRole('button', { name: 'Delete my data…' }).click()
    await applicant.getByRole('heading', { name: 'Before you ask us to erase your data' }).waitFor()
    await applicant.getByRole('heading', { name: 'What we keep' }).waitFor()
    await applicant.getByText(/Payment records .* for 6 years, as HMRC requires/).waitFor()
    await applicant.getByText(/you lose your place/).waitFor()
    await expectAccessible(applicant)
    await shoot(applicant, 'your-data-360-02-confirm')
    await applicant.getByRole('button', { name: 'Yes, erase my data' }).click()
    await applicant.getByRole('heading', { name: 'Request received' }).waitFor()
    await shoot(applicant, 'your-data-360-03-received')
    const ack = await mailWith(email, 'We have your request to erase your data')
    expect(ack.body).toContain('HMRC')
    // Asking twice is refused with a clear message, nothing new filed.
    const again = await fetch(`${apiUrl()}/functions/v1/data-rights`, {
      method: 'POST',
      headers: {
        apikey: anonKey(),
        authorization: `Bearer ${anonKey()}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ action: 'request', reference }),
    })
    expect(again.status).toBe(409)
    expect(((await again.json()) as { error: { message: string } }).error.message).toContain(
      'already asked',
    )

    // An admin completes it.
    const admin = await signedInPage(browser, 'official@example.com', '/admin')
    await openFromNav(admin, 'Data erasure requests', '/admin/data-rights')
    const card = admin.getByTestId('erasure-request').filter({ hasText: email })
    await card.getByText('Ada Lovelace').waitFor()
    await expectAccessible(admin)
    await shoot(admin, 'admin-data-rights-1280-01')
    await admin.setViewportSize({ width: 360, height: 800 })
    expect(await noSidewaysScroll(admin)).toBe(true)
    await shoot(admin, 'admin-data-rights-360-01')
    await admin.setViewportSize({ width: 1280, height: 800 })
    await card.getByRole('button', { name: 'Erase this person’s data' }).click()
    await admin.getByRole('dialog').getByRole('button', { name: 'Erase their data' }).click()
    await expect.poll(() => admin.getByTestId('erasure-request').filter({ hasText: email }).count())
      .toBe(0)
    await admin.getByText(/Request \d+: completed/).first().waitFor()
    await admin.getByText(/Erased \(rows per table\): .*waiting list entries: 1/).first().waitFor()
    await shoot(admin, 'admin-data-rights-1280-02-completed')
    const done = await mailWith(email, 'Your data has been erased')
    expect(done.body).toContain('last e-mail')

    // The old link now shows nothing personal.
    await applicant.goto(link!)
    await applicant.getByRole('heading', { level: 1, name: 'Your place in the queue' }).waitFor()
    await applicant.getByText(/No entry has the reference/).waitFor()
    const main = (await applicant.locator('main').textContent()) ?? ''
    expect(main).not.toContain('Ada')
    expect(main).not.toContain(email)
    expect(main).not.toContain('Darenth Fields')
    await shoot(applicant, 'your-data-360-04-old-link')

    // Nobody else moved: the namesake ahead keeps their place; the list is one shorter.
    const namesakeAfter = await positionOf(namesakeReference)
    expect(namesakeAfter!.queue_position).toBe(namesakeBefore!.queue_position)
    expect(namesakeAfter!.list_length).toBe(namesakeBefore!.list_length - 1)
    const left = await serviceRest<unknown[]>(
      `waiting_list_entries?select=id&email_normalised=eq.${encodeURIComponent(email)}`,
    )
    expect(left).toHaveLength(0)
    const erased = await serviceRest<
      Array<{ first_name: string; postcode: string | null; status: string }>
    >(
      `waiting_list_entries?select=first_name,postcode,status&first_name=eq.Erased&site_id=not.is.null&order=id.desc&limit=1`,
    )
    expect(erased[0]).toEqual({ first_name: 'Erased', postcode: null, status: 'withdrawn' })
    await phone.close()
  })

  it('a signed-in member downloads their account data from their page', async () => {
    const context = await newContext(browser, 1280)
    await configureApp(context)
    const page = await context.newPage()
    await openApp(page, '/')
    await dismissConsent(page)
    await page.getByRole('link', { name: 'Member sign-in' }).first().click()
    // The member sign-in page, then the member's page it leads to.
    const signIn = page.getByRole('form', { name: 'With your password' })
    await signIn.getByLabel('E-mail address').fill('member@example.com')
    await signIn.getByLabel('Password').fill('allotments-demo')
    await signIn.getByRole('button', { name: 'Sign in' }).click()
    await page.getByRole('heading', { level: 1, name: /^Hello, / }).waitFor()
    await page.getByRole('link', { name: 'Download or delete your data' }).click()
    await page.getByRole('heading', { level: 1, name: 'Your data' }).waitFor()
    await page.getByText('Signed in as member@example.com').waitFor()
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download as JSON' }).click(),
    ])
    const doc = JSON.parse(
      (await readFile((await file.path())!, 'utf8')).replace(/^\uFEFF/, ''),
    ) as {
      account: { email: string }
      members: Array<{ email: string }>
      memberships: unknown[]
    }
    expect(doc.account.email).toBe('member@example.com')
    expect(doc.members.map((m) => m.email)).toEqual(['member@example.com'])
    expect(doc.memberships.length).toBeGreaterThan(0)
    await expectAccessible(page)
    await shoot(page, 'your-data-1280-02-member')
    await context.close()
  })

  it('the data page at 1280 px, with a mistyped reference', async () => {
    const context = await newContext(browser, 1280)
    await configureApp(context)
    const page = await context.newPage()
    await openApp(page, '/')
    await dismissConsent(page)
    // From the privacy notice's "Your rights". The footer's link is followed from the keyboard:
    // the home page's live site list can grow past the server's copy (other tests add sites) and
    // push the footer down between a pointer's aim and its click.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy', exact: true }).press(
      'Enter',
    )
    await page.getByRole('heading', { level: 1, name: 'Privacy notice' }).waitFor()
    await page.getByRole('link', { name: 'your data', exact: true }).click()
    await page.getByRole('heading', { level: 1, name: 'Your data' }).waitFor()
    await page.getByRole('textbox', { name: 'Your private reference' }).fill(
      '0123456789abcdef0123456789abcdef',
    )
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByRole('button', { name: 'Download as JSON' }).click()
    await page.getByRole('alert').filter({ hasText: 'No entry has that reference' }).waitFor()
    await expectAccessible(page)
    await shoot(page, 'your-data-1280-01-unknown-reference')
    await context.close()
  })
})
