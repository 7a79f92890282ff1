// Waiting-list tools: a dry run first (nothing changes), then the real run after confirming;
// missing choices are named beside their fields; patch managers cannot open the tools.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, seriousViolations } from './support/browser'
import { asService, signedInPage, waitForPath } from './admin-support'

let browser: Browser
let page: Page
beforeAll(async () => {
  browser = await launchChromium()
  page = await signedInPage(browser, 'team@example.com', '/admin')
})
afterAll(async () => {
  await browser?.close()
})

const liveAt = async (
  place: string,
) => ((await (await asService(
  `/rest/v1/waiting_list_entries?location=eq.${
    encodeURIComponent(place)
  }&status=in.(waiting,offered)&select=id,site_id`,
)).json()) as Array<{ id: number; site_id: number | null }>)

describe('waiting-list tools', () => {
  it('the location migrator names missing choices, dry-runs without change, then moves the list', async () => {
    await page.getByRole('link', { name: 'Tools' }).click()
    await waitForPath(page, '/admin/waiting-list/tools')
    await page.getByRole('link', { name: /Location migrator/ }).click()
    await waitForPath(page, '/admin/waiting-list/tools/location-migrator')
    await page.getByRole('button', { name: 'Dry run' }).click()
    await page.getByText('Choose the place to move from.').first().waitFor()
    expect(await page.getByRole('button', { name: 'Run for real' }).isDisabled()).toBe(true)

    const place = 'Exeter'
    const before = await liveAt(place)
    expect(before.length).toBeGreaterThan(0)
    expect(before.every((e) => e.site_id === null)).toBe(true)
    await page.getByLabel('Move from (place)').selectOption(place)
    await page.getByLabel('Move to (site)').selectOption({ label: 'Haigh Fields (Wigan)' })
    await page.getByRole('button', { name: 'Dry run' }).click()
    const dry = page.getByRole('region', { name: 'Dry run: what would happen' })
    await dry.getByText(/would move to Haigh Fields/).waitFor()
    expect(await liveAt(place)).toEqual(before)
    expect(await seriousViolations(page)).toEqual([])

    await page.getByRole('button', { name: 'Run for real' }).click()
    await page.getByRole('dialog', { name: 'Run this for real?' }).getByRole('button', {
      name: 'Run it',
    }).click()
    await page.getByRole('region', { name: 'Done' }).getByText(/moved to Haigh Fields/).waitFor()
    expect(await liveAt(place)).toEqual([])
  })

  it('the consolidator dry run lists duplicates or says there are none', async () => {
    await page.goto(page.url().replace(/\/admin\/.*$/, '/admin/waiting-list/tools/consolidator'))
    await page.getByRole('button', { name: 'Dry run' }).click()
    const dry = page.getByRole('region', { name: 'Dry run: what would happen' })
    await dry.waitFor()
    expect(await dry.textContent()).toMatch(/groups? of duplicates|No duplicates found/)
  })
})
