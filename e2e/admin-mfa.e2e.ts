// TOTP two-step sign-in: a fresh founder enrols an authenticator app (the code is computed
// here from the secret, RFC 6238), signs out, signs in again and must pass /admin/confirm;
// until then the database withholds staff rights (aal1 with a verified factor).
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, newContext, seriousViolations, webUrl } from './support/browser'
import { accessToken, asUser, createStaffUser, signIn, totp, waitForPath } from './admin-support'

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

const step = () => Math.floor(Date.now() / 1000 / 30)

describe('MFA with an authenticator app', () => {
  it('enrols TOTP, then signs out and back in through /admin/confirm', async () => {
    const user = await createStaffUser('founder')
    const context = await newContext(browser)
    const page = await context.newPage()
    await signIn(page, user.email)
    await waitForPath(page, '/admin')

    await page.getByRole('link', { name: 'Sign-in security' }).click()
    await waitForPath(page, '/admin/security')
    await page.getByText('No second sign-in step yet').waitFor()
    await page.getByRole('button', { name: 'Add authenticator app' }).click()
    await page.getByLabel('Name for this authenticator').fill('Test phone')
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click()
    const qr = page.getByRole('img', { name: /QR code/ })
    await qr.waitFor()
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/)
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim()
    expect(secret).toMatch(/^[A-Z2-7]+=*$/)
    expect(await seriousViolations(page)).toEqual([])

    // A wrong code is refused beside the field and the field keeps it.
    const wrong = totp(secret, step() + 5)
    await page.getByLabel('Code from the app').fill(wrong)
    await page.getByRole('button', { name: 'Verify and turn on' }).click()
    await page.getByText('That code is not right or has expired. Try the current code.').first()
      .waitFor()
    expect(await page.getByLabel('Code from the app').inputValue()).toBe(wrong)

    const enrolStep = step()
    await page.getByLabel('Code from the app').fill(totp(secret, enrolStep))
    await page.getByRole('button', { name: 'Verify and turn on' }).click()
    await page.getByText('Authenticator app added').waitFor()
    await page.getByRole('row', { name: /Test phone\s*Authenticator app\s*Verified/ }).waitFor()

    await page.getByRole('button', { name: 'Sign out', exact: true }).click()
    await waitForPath(page, '/admin/login')
    await signIn(page, user.email)
    await waitForPath(page, '/admin/confirm')
    await page.getByRole('heading', { name: 'Confirm it is you' }).waitFor()

    // Signed in with a password only (aal1): the database gives no staff rights yet.
    const aal1 = await accessToken(page)
    const role = await asUser(aal1, '/rest/v1/rpc/current_staff_role', {
      method: 'POST',
      body: '{}',
    })
    expect(await role.json()).toBeNull()
    // And the guard keeps sending admin paths to the confirm step.
    await page.goto(`${webUrl()}/admin/locations`)
    await waitForPath(page, '/admin/confirm')
    expect(await seriousViolations(page)).toEqual([])

    // Each code works once: use the step after the one spent on enrolment (within the ±1 window).
    await page.getByLabel('Code from your authenticator app').fill(
      totp(secret, Math.max(step(), enrolStep + 1)),
    )
    await page.getByRole('button', { name: 'Confirm' }).click()
    await waitForPath(page, '/admin')
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor()
    const aal2 = await accessToken(page)
    const after = await asUser(aal2, '/rest/v1/rpc/current_staff_role', {
      method: 'POST',
      body: '{}',
    })
    expect(await after.json()).toBe('founder')
    await context.close()
  })
})
