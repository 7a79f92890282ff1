// The waiting list for an admin: filter by site and status, search by e-mail, edit an entry
// (bad input caught beside the field), move entries to another category, export CSV.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, seriousViolations } from './support/browser'
import { asService, signedInPage } from './admin-support'

let browser: Browser
let page: Page
beforeAll(async () => {
  browser = await launchChromium()
  page = await signedInPage(browser, 'founder@example.com', '/admin')
})
afterAll(async () => {
  await browser?.close()
})

interface Row {
  id: number
  email: string
  first_name: string
  last_name: string
  category_id: number | null
  phone: string | null
}
const entriesAt = async (siteId: number) =>
  (await (await asService(
    `/rest/v1/waiting_list_entries?site_id=eq.${siteId}&status=eq.waiting&select=id,email,first_name,last_name,category_id,phone&order=joined_at,id`,
  )).json()) as Row[]

describe('waiting list (admin)', () => {
  it('filters, searches and edits an entry', async () => {
    const [target] = await entriesAt(8)
    await page.getByRole('link', { name: 'Waiting list', exact: true }).click()
    await page.getByLabel('Site').selectOption({ label: 'Bowshaw Views' })
    await page.getByLabel('Status').selectOption('waiting')
    await page.getByLabel('Search').fill(target!.email)
    const who = `${target!.first_name} ${target!.last_name}`
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1)
    await page.getByRole('button', { name: `Edit ${who}` }).click()
    const dialog = page.getByRole('dialog', { name: `Edit ${who}` })
    await dialog.getByLabel('Phone').fill('call me')
    await dialog.getByLabel('Notes').fill('Prefers a shady plot')
    await dialog.getByRole('button', { name: 'Save entry' }).click()
    await dialog.getByText('Enter a phone number, like 07700 900123.').waitFor()
    expect(await dialog.getByLabel('Notes').inputValue()).toBe('Prefers a shady plot')
    expect(await seriousViolations(page)).toEqual([])
    await dialog.getByLabel('Phone').fill('07700 900456')
    await dialog.getByRole('button', { name: 'Save entry' }).click()
    await page.getByText('Entry saved').waitFor()
    const saved = await (await asService(
      `/rest/v1/waiting_list_entries?id=eq.${target!.id}&select=phone,notes`,
    )).json()
    expect(saved).toEqual([{ phone: '07700 900456', notes: 'Prefers a shady plot' }])
  })

  it('moves selected entries to another category', async () => {
    const rows = (await entriesAt(8)).slice(1, 3)
    await page.getByLabel('Search').fill('')
    await expect.poll(() => page.locator('tbody tr').count()).toBeGreaterThan(2)
    for (const r of rows) {
      await page.getByRole('checkbox', { name: `Select ${r.first_name} ${r.last_name}` }).first()
        .check()
    }
    await page.getByLabel('Move to category').selectOption({ label: 'Accessible plot' })
    await page.getByRole('button', { name: 'Move', exact: true }).click()
    await page.getByText('Moved 2 entries').waitFor()
    const cats = await (await asService(
      '/rest/v1/waiting_list_categories?name=eq.Accessible%20plot&select=id',
    )).json() as Array<{ id: number }>
    const after = await (await asService(
      `/rest/v1/waiting_list_entries?id=in.(${rows.map((r) => r.id).join(',')})&select=category_id`,
    )).json()
    expect(after).toEqual(rows.map(() => ({ category_id: cats[0]!.id })))
  })

  it('exports the filtered list as CSV', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^waiting-list-\d{4}-\d{2}-\d{2}\.csv$/)
    const stream = await download.createReadStream()
    const chunks: Buffer[] = []
    for await (const c of stream) chunks.push(c as Buffer)
    const lines = Buffer.concat(chunks).toString('utf8').replace(/^\uFEFF/, '').trim().split('\r\n')
    expect(lines[0]).toBe(
      'Reference,Place,First name,Last name,Email,Phone,Postcode,Status,Joined,Plot size,Marketing consent,Notes,Category',
    )
    expect(lines.length - 1).toBe((await entriesAt(8)).length)
    expect(lines.slice(1).every((l) => l.includes(',Bowshaw Views,'))).toBe(true)
  })
})
