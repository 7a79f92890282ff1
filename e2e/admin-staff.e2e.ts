// Staff management: an admin assigns a site to the patch manager and takes it away again (with
// a confirmation), gives a user a role and removes it; a patch manager adds a category for their
// own site but cannot touch the categories every site shares.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, newContext, seriousViolations } from './support/browser'
import { asService, createStaffUser, signIn, waitForPath } from './admin-support'

const PATCH_ID = '00000000-0000-4000-a000-000000000004'

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

const sitesOfPatch = async () =>
  ((await (await asService(
    `/rest/v1/patch_manager_sites?user_id=eq.${PATCH_ID}&select=site_id&order=site_id`,
  )).json()) as Array<{ site_id: number }>).map((r) => r.site_id)

describe('staff management', () => {
  it('an admin assigns a site to a patch manager and removes it', async () => {
    const page = await (await newContext(browser)).newPage()
    await signIn(page, 'official@example.com')
    await waitForPath(page, '/admin')
    await page.getByRole('link', { name: 'Patch managers' }).click()
    await waitForPath(page, '/admin/patch-managers')
    await page.getByLabel('Add a site for Sam Patch').selectOption({
      label: 'Leigh Woods Meadows (Bristol)',
    })
    // Other tests add patch managers of their own: the button of Sam Patch's form.
    await page.locator('form').filter({ hasText: 'Add a site for Sam Patch' })
      .getByRole('button', { name: 'Assign' }).click()
    await page.getByText('Leigh Woods Meadows assigned').waitFor()
    expect(await sitesOfPatch()).toEqual([1, 2, 3])
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Remove Leigh Woods Meadows from Sam Patch' }).click()
    const dialog = page.getByRole('dialog', { name: 'Remove Leigh Woods Meadows?' })
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    expect(await sitesOfPatch()).toEqual([1, 2, 3])
    await page.getByRole('button', { name: 'Remove Leigh Woods Meadows from Sam Patch' }).click()
    await dialog.getByRole('button', { name: 'Remove' }).click()
    await page.getByText('Site removed').waitFor()
    expect(await sitesOfPatch()).toEqual([1, 2])
    await page.context().close()
  })

  it('an admin gives a user a role and takes it away', async () => {
    const user = await createStaffUser('roots_team')
    const page = await (await newContext(browser)).newPage()
    await signIn(page, 'founder@example.com')
    await waitForPath(page, '/admin')
    await page.getByRole('link', { name: 'Users' }).click()
    await page.getByLabel('Search users').fill(user.email)
    const select = page.getByLabel(`Staff role of ${user.email}`)
    await select.waitFor()
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1)
    await select.selectOption({ label: 'No staff role' })
    await page.getByRole('dialog', { name: 'Remove staff role?' }).getByRole('button', {
      name: 'Remove role',
    }).click()
    await page.getByText('Role changed').waitFor()
    const row = async () =>
      ((await (await asService(`/rest/v1/profiles?id=eq.${user.id}&select=role_id`))
        .json()) as Array<{ role_id: number | null }>)[0]!.role_id
    expect(await row()).toBeNull()
    await select.selectOption({ label: 'Patch Manager' })
    await page.getByRole('dialog', { name: 'Change staff role?' }).getByRole('button', {
      name: 'Change role',
    }).click()
    await page.getByText('Role changed').first().waitFor()
    await expect.poll(row).not.toBeNull()
    expect(await seriousViolations(page)).toEqual([])
    await page.context().close()
  })

  it('a patch manager adds a category for their own site only', async () => {
    const page = await (await newContext(browser)).newPage()
    await signIn(page, 'patch@example.com')
    await waitForPath(page, '/admin/waiting-list')
    await page.getByRole('link', { name: 'Categories' }).click()
    await waitForPath(page, '/admin/waiting-list/manage-categories')
    const general = page.getByRole('row', { name: /General/ })
    await general.waitFor()
    expect(await general.textContent()).toContain('Admins only')
    // The site choices arrive after the categories: wait for them, not for the table.
    await expect.poll(() => page.getByLabel('Used at').locator('option').allTextContents())
      .toEqual(['Tuckers Meadow', 'Avon Views'].sort())
    await page.getByRole('button', { name: 'Add category' }).click()
    await page.getByText('Enter a name.').first().waitFor()
    const name = `Weekend growers ${Date.now()}`
    await page.getByLabel('Name').fill(name)
    await page.getByLabel('Used at').selectOption({ label: 'Avon Views' })
    await page.getByRole('button', { name: 'Add category' }).click()
    await page.getByText('Category added').waitFor()
    const stored = await (await asService(
      `/rest/v1/waiting_list_categories?name=eq.${encodeURIComponent(name)}&select=site_id`,
    )).json()
    expect(stored).toEqual([{ site_id: 2 }])
    expect(await seriousViolations(page)).toEqual([])
    await page.context().close()
  })
})
