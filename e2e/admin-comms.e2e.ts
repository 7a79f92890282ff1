// Communications: an admin writes a template in the rich-text editor (bad input caught beside
// the fields), previews it merged for a site's waiting applicants, sends it, and finds it in
// the message log and the local outbox.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, seriousViolations } from './support/browser'
import { apiUrl, asService, signedInPage, waitForPath } from './admin-support'

let browser: Browser
let page: Page
beforeAll(async () => {
  browser = await launchChromium()
  page = await signedInPage(browser, 'founder@example.com', '/admin')
})
afterAll(async () => {
  await browser?.close()
})

const name = `Spring open day ${Date.now()}`

describe('communications', () => {
  it('writes a template with the editor; unknown merge fields and a missing subject are caught', async () => {
    await page.getByRole('link', { name: 'Communications' }).click()
    await waitForPath(page, '/admin/waiting-list/comms')
    await page.getByRole('link', { name: 'New template' }).click()
    await waitForPath(page, '/admin/waiting-list/comms/create')
    await page.getByLabel('Template name').fill(name)
    const editor = page.getByRole('textbox', { name: 'Message' })
    await editor.click()
    await page.keyboard.type(
      'Dear {{first_name}}, come to our open day at {{site}}. Bring {{wellies}}.',
    )
    await page.getByRole('button', { name: 'Save template' }).click()
    await page.getByText('Give the e-mail a subject.').first().waitFor()
    await page.getByText('Unknown merge field: {{wellies}}.').first().waitFor()
    expect(await page.getByLabel('Template name').inputValue()).toBe(name)
    expect(await seriousViolations(page)).toEqual([])
    await page.getByLabel('Subject').fill('Open day at {{site}}')
    await editor.click()
    await page.keyboard.press('Control+End')
    for (let i = 0; i < ' Bring {{wellies}}.'.length; i++) await page.keyboard.press('Backspace')
    expect(await editor.textContent()).toBe(
      'Dear {{first_name}}, come to our open day at {{site}}.',
    )
    await page.getByRole('button', { name: 'Save template' }).click()
    await page.getByText('Template saved').waitFor()
    await page.getByRole('heading', { name }).waitFor()
  })

  it('previews merged for the chosen site, sends, and logs each message', async () => {
    const waiting = await (await asService(
      '/rest/v1/waiting_list_entries?site_id=eq.13&status=eq.waiting&select=email,first_name&order=joined_at,id',
    )).json() as Array<{ email: string; first_name: string }>
    expect(waiting.length).toBeGreaterThan(0)
    await page.getByRole('button', { name: 'Preview' }).click()
    await page.getByText('Choose a site.').first().waitFor()
    await page.getByLabel('Site').selectOption({ label: 'Loxley Meadow (Sheffield)' })
    await page.getByRole('button', { name: 'Preview' }).click()
    const preview = page.getByRole('region', { name: 'Preview' })
    await preview.getByText('Subject:').waitFor()
    expect(await preview.textContent()).toContain('Open day at Loxley Meadow')
    const body = await page.frameLocator('iframe[title="Message preview"]').locator('body')
      .textContent()
    expect(body).toContain(`Dear ${waiting[0]!.first_name}, come to our open day at Loxley Meadow.`)
    await page.getByRole('button', { name: `Send to ${waiting.length} applicant` }).click()
    await page.getByRole('dialog', { name: 'Send this message?' }).getByRole('button', {
      name: 'Send',
    }).click()
    await page.getByText(`${waiting.length} message`).first().waitFor()

    const { messages } = await (await fetch(
      `${apiUrl()}/_outbox/messages?to=${encodeURIComponent(waiting[0]!.email)}`,
    )).json() as { messages: Array<{ subject?: string }> }
    expect(messages.some((m) => m.subject === 'Open day at Loxley Meadow')).toBe(true)

    await page.getByRole('link', { name: 'Message log' }).click()
    await waitForPath(page, '/admin/waiting-list/communications')
    await page.getByLabel('Site').selectOption({ label: 'Loxley Meadow' })
    const rows = page.getByRole('row', { name: new RegExp(name) })
    await rows.first().waitFor()
    expect(await rows.count()).toBe(Math.min(waiting.length, 50))
    expect(await seriousViolations(page)).toEqual([])
  })
})
