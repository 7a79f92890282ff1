// Locations: an admin edits a site (the saved row replaces the list's), bad input is caught
// beside its fields with everything typed kept, and the change shows on the public site page.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, newContext, seriousViolations, webUrl } from './support/browser'
import { asService, signedInPage, waitForPath } from './admin-support'

const SITE = { id: 13, location: 'Loxley Meadow', city: 'sheffield', slug: 'loxley-meadow' } // active: its site page is live

let browser: Browser
let page: Page
beforeAll(async () => {
  browser = await launchChromium()
  page = await signedInPage(browser, 'official@example.com', '/admin')
})
afterAll(async () => {
  await browser?.close()
})

describe('locations', () => {
  it('lists the sites with search and status filter', async () => {
    await page.getByRole('link', { name: 'Locations' }).click()
    await waitForPath(page, '/admin/locations')
    await page.getByRole('link', { name: `Edit ${SITE.location}` }).waitFor()
    await page.getByLabel('Search sites').fill('loxley')
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1)
    await page.getByLabel('Search sites').fill('')
    await page.getByLabel('Status').selectOption('upcoming')
    const statuses = await page.locator('tbody tr td:nth-child(3)').allTextContents()
    expect(statuses.length).toBeGreaterThan(0)
    expect(new Set(statuses)).toEqual(new Set(['upcoming']))
    await page.getByLabel('Status').selectOption('')
    expect(await seriousViolations(page)).toEqual([])
  })

  it('refuses bad input beside the fields and keeps what was typed', async () => {
    await page.getByRole('link', { name: `Edit ${SITE.location}` }).click()
    await waitForPath(page, `/admin/locations/edit/${SITE.id}`)
    await page.getByLabel('Description title').fill('Kept while invalid')
    await page.getByLabel('Slug', { exact: true }).fill('Not A Slug')
    await page.getByLabel('Coordinates').fill('95,-2.1')
    await page.getByLabel('Deposit payment link').fill('http://insecure.example.com')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await page.getByText('Use lower-case letters, digits and single hyphens, like tuckers-meadow.')
      .first().waitFor()
    await page.getByText(/Enter latitude,longitude/).waitFor()
    await page.getByText('The link must start with https://').waitFor()
    expect(await page.getByLabel('Slug', { exact: true }).getAttribute('aria-invalid')).toBe('true')
    expect(await page.getByLabel('Description title').inputValue()).toBe('Kept while invalid')
    // Another site's slug is caught before the database is asked.
    await page.getByLabel('Slug', { exact: true }).fill('tuckers-meadow')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await page.getByText('Another site already uses this slug.').first().waitFor()
    expect(await seriousViolations(page)).toEqual([])
  })

  it('saves an edit, shows it in the list and on the public site page', async () => {
    const title = `Fresh beds at Loxley ${Date.now()}`
    await page.getByLabel('Slug', { exact: true }).fill(SITE.slug)
    await page.getByLabel('Coordinates').fill('53.4, -1.55')
    await page.getByLabel('Deposit payment link').fill('')
    await page.getByLabel('Description title').fill(title)
    await page.getByLabel('Plots').fill('61')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await waitForPath(page, '/admin/locations')
    await page.getByText(`${SITE.location} saved`).waitFor()
    const row = page.getByRole('row', { name: new RegExp(SITE.location) })
    expect(await row.locator('td').nth(3).textContent()).toBe('61')
    const stored = await (await asService(
      `/rest/v1/global_sites?id=eq.${SITE.id}&select=description_title,allotments,coordinates`,
    )).json()
    expect(stored).toEqual([{
      description_title: title,
      allotments: 61,
      coordinates: '53.4,-1.55',
    }])

    const visitor = await (await newContext(browser)).newPage()
    await visitor.goto(`${webUrl()}/sites/${SITE.city}/${SITE.slug}`)
    await visitor.getByText(title).waitFor()
    await visitor.context().close()
  })

  it('adds a site, which joins the list (removed again afterwards)', async () => {
    const slug = `e2e-field-${Date.now()}`
    try {
      await page.getByRole('link', { name: 'Add a site' }).click()
      await waitForPath(page, '/admin/locations/add')
      await page.getByRole('button', { name: 'Add site' }).click()
      await page.getByText('Enter the site name.').first().waitFor()
      await page.getByLabel('Site name').fill('E2E Field')
      await page.getByLabel('Slug', { exact: true }).fill(slug)
      await page.getByLabel('City', { exact: true }).fill('Testford')
      await page.getByLabel('City slug').fill('testford')
      await page.getByLabel('Status').selectOption('upcoming')
      await page.getByLabel('Coordinates').fill('52.1,-1.2')
      await page.getByRole('button', { name: 'Add site' }).click()
      await waitForPath(page, '/admin/locations')
      await page.getByText('E2E Field added').waitFor()
      // Sites are listed by id, 20 a page: the new one is found by searching.
      await page.getByLabel('Search sites').fill(slug)
      await page.getByRole('link', { name: 'Edit E2E Field' }).waitFor()
      const stored = await (await asService(
        `/rest/v1/global_sites?slug=eq.${slug}&select=location,status,coordinates`,
      )).json()
      expect(stored).toEqual([{
        location: 'E2E Field',
        status: 'upcoming',
        coordinates: '52.1,-1.2',
      }])
    } finally {
      await asService(`/rest/v1/global_sites?slug=eq.${slug}`, { method: 'DELETE' })
    }
  })
})
