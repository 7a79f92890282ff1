// Phone as a second step: a fresh admin adds a phone on the security page (the code arrives
// by text, read here from the local outbox), then removes it after confirming.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, seriousViolations } from './support/browser'
import { apiUrl, createStaffUser, signedInPage, waitForPath } from './admin-support'

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

async function lastCode(phone: string): Promise<string> {
  const { messages } =
    await (await fetch(`${apiUrl()}/_outbox/messages?to=${encodeURIComponent(phone)}`)).json() as {
      messages: Array<{ body: string }>
    }
  const m = /\b(\d{6})\b/.exec(messages[0]?.body ?? '')
  if (!m) throw new Error(`no code texted to ${phone}`)
  return m[1]!
}

describe('MFA with a phone', () => {
  it('adds a phone with the texted code and removes it', async () => {
    const user = await createStaffUser('roots_team')
    const page = await signedInPage(browser, user.email, '/admin')
    await page.getByRole('link', { name: 'Sign-in security' }).click()
    await waitForPath(page, '/admin/security')
    await page.getByRole('button', { name: 'Add phone' }).click()
    await page.getByLabel('Phone number').fill('07700 900123')
    await page.getByRole('button', { name: 'Text me a code' }).click()
    await page.getByText('Enter the number in international form, like +44 7700 900123.').first()
      .waitFor()
    const phone = `+4477009${String(Date.now()).slice(-5)}`
    await page.getByLabel('Phone number').fill(phone)
    await page.getByRole('button', { name: 'Text me a code' }).click()
    await page.getByLabel('Code from the text message').waitFor()
    // The auth server stores and texts the number without its '+'.
    const code = await lastCode(phone.replace('+', ''))
    await page.getByLabel('Code from the text message').fill(code)
    await page.getByRole('button', { name: 'Verify phone' }).click()
    await page.getByText('Phone added').waitFor()
    await page.getByRole('row', { name: /Mobile phone\s*Phone\s*Verified/ }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Remove Mobile phone' }).click()
    await page.getByRole('dialog', { name: 'Remove this sign-in method?' }).getByRole('button', {
      name: 'Remove',
    }).click()
    await page.getByText('Sign-in method removed').waitFor()
    await page.getByText('No second sign-in step yet').waitFor()
    await page.context().close()
  })
})
