// Importing a waiting list from a spreadsheet: a patch manager opens the import page
// from the admin menu, uploads a CSV (byte-order mark, CRLF, a note with a comma and a line break)
// holding good rows, a bad postcode, a seeded applicant again and a repeat within the file, reads
// the per-row check, imports with welcome e-mails while the progress bar fills, reads the report
// and downloads the rows not imported. An imported applicant opens their welcome e-mail on a phone
// (a fresh browser context at 360 px) and their place follows the date they first joined.
// Screenshots at 360 and 1280 px go to /tmp/shots-h2.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readFile } from 'node:fs/promises'
import type { Browser, Page } from 'playwright-core'
import { configureApp, launchChromium, newContext, webUrl } from './support/browser'
import { createStaffUser, openFromNav, signIn, waitForPath } from './admin-support'
import {
  dismissConsent,
  expectAccessible,
  mailTo,
  mailWith,
  noSidewaysScroll,
  serviceRest,
  shootParts,
  uniqueEmail,
} from './public-support'

const SHOTS = '/tmp/shots-h2'
const tag = Date.now().toString(36)
const site = {
  city: 'Importham',
  city_slug: `importham-${tag}`,
  location: `Import Meadow ${tag}`,
  slug: `import-meadow-${tag}`,
}
const seeded = { first: 'Sam', last: 'Seeded', email: uniqueEmail('import-sam') }
const later = { first: 'Lee', last: 'Later', email: uniqueEmail('import-lee') }
const olive = uniqueEmail('import-olive')
const percy = uniqueEmail('import-percy')
const quinn = uniqueEmail('import-quinn')
const welcomeSubject = `Your place on the waiting list for ${site.location}`

// Rows 2–6 as a spreadsheet numbers them (row 5's note holds a line break).
const CSV = '\uFEFF' + [
  'First name,Surname,Email,Phone,Postcode,Date joined,Plot size,Notes',
  `Olive,Orchard,${olive},07700 900111,ba1 6qe,15/03/2019,Half plot,"Keen, since 2019"`,
  `Percy,Plum,${percy},,NOT A CODE,01/01/2020,full,`,
  `Sam,Seeded,${seeded.email.toUpperCase()},,,01/06/2018,,`,
  `Quinn,Quince,${quinn},,BS8 3PX,2023-07-01,any,"Two lines\r\nin one note"`,
  `Olive,Again,${olive},,,01/01/2021,,`,
].join('\r\n') + '\r\n'

let browser: Browser
let page: Page
let siteId = 0

const shoot = (name: string) => shootParts(SHOTS, page, name)

/** Both widths of the page as it is now: 1280 px, then 360 px (checked for sideways scroll). */
async function shootBoth(name: string) {
  await shoot(`${name}-1280`)
  await page.setViewportSize({ width: 360, height: 800 })
  expect(await noSidewaysScroll(page)).toBe(true)
  await shoot(`${name}-360`)
  await page.setViewportSize({ width: 1280, height: 800 })
}

beforeAll(async () => {
  browser = await launchChromium()
  const [row] = await serviceRest<{ id: number }[]>('global_sites', {
    method: 'POST',
    body: JSON.stringify({ ...site, status: 'open', allotments: 20 }),
  })
  siteId = row!.id
  await serviceRest('waiting_list_entries', {
    method: 'POST',
    body: JSON.stringify([seeded, later].map((a, i) => ({
      site_id: siteId,
      location: site.location,
      first_name: a.first,
      last_name: a.last,
      email: a.email,
      consent_privacy: true,
      joined_at: new Date(Date.now() - (i === 0 ? 100 : 10) * 86400_000).toISOString(),
    }))),
    headers: { prefer: 'return=minimal' },
  })
  // A patch manager of this site only: the page offers them their own sites.
  const pm = await createStaffUser('patch_manager', uniqueEmail('import-pm'))
  await serviceRest('patch_manager_sites', {
    method: 'POST',
    body: JSON.stringify({ user_id: pm.id, site_id: siteId }),
    headers: { prefer: 'return=minimal' },
  })
  const context = await newContext(browser, 1280)
  page = await context.newPage()
  await page.goto(`${webUrl()}/`)
  await page.locator('main#main').waitFor()
  await signIn(page, pm.email)
  await waitForPath(page, '/admin/waiting-list')
})
afterAll(async () => {
  await browser?.close()
})

describe('importing a waiting list from a spreadsheet', () => {
  it('checks every row before anything is imported', async () => {
    await openFromNav(page, 'Import a waiting list', '/admin/waiting-list/import')
    await page.getByRole('heading', { level: 1, name: 'Import a waiting list' }).waitFor()
    const siteSelect = page.getByLabel('Site', { exact: true })
    await expect.poll(() => siteSelect.locator('option').count()).toBe(2)
    await siteSelect.selectOption({ label: `${site.location}, ${site.city}` })

    // Checking without a file says what is missing and keeps the site chosen.
    await page.getByLabel('CSV file').setInputFiles({
      name: 'empty.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('\uFEFF\r\n'),
    })
    await page.getByText('The file is empty: choose the CSV export of your list.').waitFor()
    expect(await siteSelect.inputValue()).toBe(String(siteId))

    await page.getByLabel('CSV file').setInputFiles({
      name: 'old-list.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(CSV, 'utf8'),
    })
    await page.getByText('old-list.csv: 5 rows under a header of 8 columns.').waitFor()
    // The mapping guessed from the headers, each changeable.
    const chosen = async (label: string) =>
      await page.getByLabel(label, { exact: true }).evaluate((s: HTMLSelectElement) =>
        s.selectedOptions[0]?.textContent
      )
    expect(await chosen('Last name (required)')).toBe('Surname')
    expect(await chosen('Joined date')).toBe('Date joined')
    expect(await chosen('Category')).toBe('Not in the file')

    await page.getByRole('button', { name: 'Check the rows' }).click()
    const results = page.getByRole('region', { name: 'Rows of the file' })
    await results.waitFor()
    const summary = page.getByLabel('Check results')
    expect(await summary.textContent()).toBe(
      'Ready to import2Duplicates (skipped)2Errors (skipped)1',
    )
    const rowText = async (n: number) =>
      (await results.locator(`tr[data-row="${n}"]`).innerText()).replace(/\s+/g, ' ')
    expect(await rowText(3)).toContain('Error Postcode "NOT A CODE" is not a valid UK postcode.')
    expect(await rowText(4)).toMatch(
      /Duplicate Already on this waiting list \(joined \d\d\/\d\d\/\d{4}\)\./,
    )
    expect(await rowText(6)).toContain('Duplicate Same e-mail as row 2 of this file.')
    expect(await results.locator('tbody tr').count()).toBe(3)
    // Every row, on request.
    await page.getByLabel('Show every row, not only those with a problem').first().check()
    expect(await rowText(5)).toContain('Quinn Quince')
    expect(await rowText(5)).toContain('Ready')
    await expectAccessible(page)
    await shootBoth('import-01-checked')

    // The check wrote nothing.
    expect(await serviceRest(`waiting_list_entries?select=id&site_id=eq.${siteId}`)).toHaveLength(2)
  })

  it('imports the ready rows with welcome e-mails, with a progress bar and a report', async () => {
    await page.getByLabel('E-mail each imported applicant a welcome with their reference').check()
    await page.getByRole('button', { name: `Import 2 applicants into ${site.location}` }).click()
    await page.getByRole('heading', { name: 'Import finished' }).waitFor()
    const bar = page.getByRole('progressbar', { name: 'Import progress' })
    expect(await bar.getAttribute('value')).toBe('5')
    expect(await bar.getAttribute('max')).toBe('5')
    expect(await page.getByLabel('Import report').textContent()).toBe(
      'Imported2Duplicates skipped2Errors skipped1',
    )
    await page.getByText('Welcome e-mails sent: 2.').waitFor()
    // The import is on the site's record of imports (read under RLS by its staff).
    const earlier = page.getByRole('region', { name: 'Earlier imports at this site' })
    await earlier.getByRole('cell', { name: 'old-list.csv' }).waitFor()
    expect((await earlier.locator('tbody tr').innerText()).replace(/\s+/g, ' ')).toMatch(
      / 5 2 2 1 Finished$/,
    )
    await expectAccessible(page)
    await shootBoth('import-02-report')

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the rows not imported (CSV)' }).click(),
    ])
    expect(download.suggestedFilename()).toBe('not-imported-old-list.csv')
    const csv = (await readFile(await download.path())).toString('utf8').replace(/^\uFEFF/, '')
    const lines = csv.trim().split('\r\n')
    expect(lines[0]).toBe(
      'Row,Outcome,Why,First name,Surname,Email,Phone,Postcode,Date joined,Plot size,Notes',
    )
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['3', '4', '6'])

    // In the database: two new entries keeping their join dates; the import recorded.
    const entries = await serviceRest<
      { email: string; joined_at: string; postcode: string | null }[]
    >(
      `waiting_list_entries?select=email,joined_at,postcode&site_id=eq.${siteId}&order=joined_at`,
    )
    expect(entries.map((e) => e.email)).toEqual([olive, quinn, seeded.email, later.email])
    expect(entries[0]!.joined_at.slice(0, 10)).toBe('2019-03-15')
    expect(entries[0]!.postcode).toBe('BA1 6QE')
    expect(
      await serviceRest(
        `waiting_list_imports?select=file_name,total_rows,imported_count,duplicate_count,error_count&site_id=eq.${siteId}`,
      ),
    ).toEqual([{
      file_name: 'old-list.csv',
      total_rows: 5,
      imported_count: 2,
      duplicate_count: 2,
      error_count: 1,
    }])
  })

  it('each imported applicant is e-mailed once, and their place follows the date they joined', async () => {
    const mail = await mailWith(olive, welcomeSubject)
    expect(mail.body).toContain('you joined on 15 March 2019')
    expect((await mailTo(percy)).length).toBe(0)
    expect((await mailTo(seeded.email)).filter((m) => m.subject === welcomeSubject)).toEqual([])
    const link = mail.body.match(/https?:\/\/\S+\/queue\/ready\?reference=[0-9a-f]+/)?.[0]
    if (!link) throw new Error(`no position link in: ${mail.body}`)
    expect(link.startsWith(webUrl())).toBe(true)

    const context = await newContext(browser, 360)
    await configureApp(context)
    const phone = await context.newPage()
    await phone.goto(link)
    await phone.locator('main#main').waitFor()
    await dismissConsent(phone)
    await phone.getByRole('heading', { level: 1, name: 'Your place in the queue' }).waitFor()
    // Joined in 2019: ahead of everyone who joined later, the applicants already on the list too.
    await expect.poll(() => phone.getByTestId('position').textContent()).toBe('1')
    expect(await phone.getByTestId('list-length').textContent()).toBe('4')
    expect(await noSidewaysScroll(phone)).toBe(true)
    await expectAccessible(phone)
    await shootParts(SHOTS, phone, 'import-03-welcome-link-360')
    await context.close()

    // The second imported applicant (joined July 2023) is second, still ahead of Sam (100 days ago).
    const quinnMail = await mailWith(quinn, welcomeSubject)
    const quinnLink = quinnMail.body.match(/https?:\/\/\S+\/queue\/ready\?reference=[0-9a-f]+/)![0]
    const desk = await newContext(browser, 1280)
    await configureApp(desk)
    const deskPage = await desk.newPage()
    await deskPage.goto(quinnLink)
    await deskPage.locator('main#main').waitFor()
    await dismissConsent(deskPage)
    await expect.poll(() => deskPage.getByTestId('position').textContent()).toBe('2')
    await shootParts(SHOTS, deskPage, 'import-04-welcome-link-1280')
    await desk.close()
  })
})
