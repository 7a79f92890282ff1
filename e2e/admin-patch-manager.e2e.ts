// A patch manager works only their own sites: they process Tuckers Meadow's list (preview,
// offers, the offers table), the guard keeps them out of every other screen, and their own
// token gets nothing of another site from the API (RLS), whatever the UI shows.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, seriousViolations, webUrl } from './support/browser'
import { accessToken, apiUrl, asService, asUser, signedInPage, waitForPath } from './admin-support'

const OWN_SITE = 1 // Tuckers Meadow, Bath: managed by patch@example.com
const OTHER_SITE = 3 // Leigh Woods Meadows, Bristol: not theirs

let browser: Browser
let page: Page
beforeAll(async () => {
  browser = await launchChromium()
  page = await signedInPage(browser, 'patch@example.com', '/admin/waiting-list')
})
afterAll(async () => {
  await browser?.close()
})

async function waitingAt(
  siteId: number,
): Promise<Array<{ id: number; first_name: string; last_name: string; email: string }>> {
  const res = await asService(
    `/rest/v1/waiting_list_entries?site_id=eq.${siteId}&status=eq.waiting&select=id,first_name,last_name,email&order=joined_at,id`,
  )
  return await res.json() as Array<
    { id: number; first_name: string; last_name: string; email: string }
  >
}

describe('patch manager', () => {
  it('sees only their sites in the waiting list', async () => {
    const site = page.getByLabel('Site')
    await page.getByRole('option', { name: 'Tuckers Meadow' }).waitFor({ state: 'attached' })
    const options = await site.locator('option').allTextContents()
    expect(options).toEqual(['All my sites', 'Avon Views', 'Tuckers Meadow'])
    const caption = await page.locator('caption').first().textContent()
    // 18 seeded applicants at each Bath site, every status included.
    expect(Number(caption!.split(' ')[0])).toBeGreaterThanOrEqual(36)
    expect(await seriousViolations(page)).toEqual([])
  })

  it('processes their site: preview in queue order, make offers, see them awaiting a reply', async () => {
    const queue = await waitingAt(OWN_SITE)
    expect(queue.length).toBeGreaterThan(2)
    const firstEmail = queue[0]!.email
    await page.getByRole('link', { name: 'Process offers' }).click()
    await waitForPath(page, '/admin/waiting-list/process')
    await page.getByLabel('Site').selectOption({ label: 'Tuckers Meadow (Bath)' })
    await page.getByLabel('Free plots').fill('2')
    await page.getByRole('button', { name: 'Preview' }).click()
    const preview = page.getByRole('region', { name: 'Who will be offered a plot' })
    await preview.getByRole('row').nth(2).waitFor()
    const names = await preview.locator('tbody tr td:nth-child(2)').allTextContents()
    expect(names).toEqual(queue.slice(0, 2).map((a) => `${a.first_name} ${a.last_name}`))
    await page.getByRole('button', { name: 'Make 2 offers' }).click()
    await page.getByRole('dialog', { name: 'Make these offers?' }).getByRole('button', {
      name: 'Make offers',
    }).click()
    await page.getByText('2 offers made').waitFor()
    const after = await waitingAt(OWN_SITE)
    expect(after.map((a) => a.id)).toEqual(queue.slice(2).map((a) => a.id))
    // Each applicant offered a plot is e-mailed their links (the local provider's outbox).
    const { messages: mail } =
      await (await fetch(`${apiUrl()}/_outbox/messages?to=${encodeURIComponent(firstEmail)}`))
        .json() as { messages: Array<{ subject?: string }> }
    expect(mail.some((m) => m.subject === 'A plot is ready for you at Tuckers Meadow')).toBe(true)
    const offers = page.getByRole('region', { name: 'Offers at Tuckers Meadow' })
    for (const a of queue.slice(0, 2)) {
      await offers.getByText(`${a.first_name} ${a.last_name}`).first().waitFor()
    }
    expect(await seriousViolations(page)).toEqual([])
  })

  it('withdraws an offer made in error (the applicant keeps their place) and re-offers the plot', async () => {
    const offers = page.getByRole('region', { name: 'Offers at Tuckers Meadow' })
    const live = async () =>
      (await (await asService(
        `/rest/v1/plot_offers?site_id=eq.${OWN_SITE}&status=eq.offered&select=id,entry_id&order=id`,
      )).json()) as Array<{ id: number; entry_id: number }>
    const before = await live()
    const target = before[before.length - 1]!
    const entry = (await (await asService(
      `/rest/v1/waiting_list_entries?id=eq.${target.entry_id}&select=first_name,last_name`,
    )).json() as Array<{ first_name: string; last_name: string }>)[0]!
    const who = `${entry.first_name} ${entry.last_name}`
    await offers.getByRole('button', { name: `Withdraw the offer to ${who}` }).click()
    await page.getByRole('dialog', { name: 'Withdraw this offer?' }).getByRole('button', {
      name: 'Withdraw offer',
    }).click()
    await page.getByText('Offer withdrawn; the applicant keeps their place in the queue').waitFor()
    const status = await (await asService(
      `/rest/v1/waiting_list_entries?id=eq.${target.entry_id}&select=status`,
    )).json()
    expect(status).toEqual([{ status: 'waiting' }])
    expect((await live()).map((o) => o.id)).not.toContain(target.id)
    await offers.getByRole('button', { name: `Re-offer the plot withdrawn from ${who}` }).click()
    await page.getByText('Plot re-offered to the next in line').waitFor()
    await expect.poll(async () => (await live()).length).toBe(before.length)
    // The same re-offer again changes nothing: one freed plot, one new offer.
    await offers.getByRole('button', { name: `Re-offer the plot withdrawn from ${who}` }).click()
    await page.getByText('This plot was already re-offered').waitFor()
    expect((await live()).length).toBe(before.length)
  })

  it.each([
    '/admin',
    '/admin/locations',
    '/admin/locations/edit/3',
    '/admin/waiting-list/comms',
    '/admin/security',
  ])(
    'is sent from %s back to the waiting list',
    async (path) => {
      await page.goto(`${webUrl()}${path}`)
      await waitForPath(page, '/admin/waiting-list')
      await page.getByRole('heading', { name: 'Waiting list' }).waitFor()
    },
  )

  it("gets nothing of another site's data with a hand-made API call", async () => {
    const token = await accessToken(page)
    expect((await waitingAt(OTHER_SITE)).length).toBeGreaterThan(0)
    const read = await asUser(
      token,
      `/rest/v1/waiting_list_entries?site_id=eq.${OTHER_SITE}&select=id,email`,
    )
    expect(read.status).toBe(200)
    expect(await read.json()).toEqual([])
    const own = await asUser(
      token,
      `/rest/v1/waiting_list_entries?site_id=eq.${OWN_SITE}&select=id&limit=1`,
    )
    expect(await own.json()).toHaveLength(1)
    const offers = await asUser(token, '/rest/v1/rpc/make_plot_offers', {
      method: 'POST',
      body: JSON.stringify({ p_site_id: OTHER_SITE, p_count: 1 }),
    })
    expect(offers.status).toBe(403)
    expect(await offers.json() as { code: string; message: string }).toMatchObject({
      code: '42501',
      message: 'Not allowed to make offers at this site',
    })
    const edit = await asUser(token, `/rest/v1/global_sites?id=eq.${OTHER_SITE}`, {
      method: 'PATCH',
      headers: { prefer: 'return=representation' },
      body: JSON.stringify({ promo: 'hacked' }),
    })
    expect(await edit.json()).toEqual([])
    const site = await (await asService(`/rest/v1/global_sites?id=eq.${OTHER_SITE}&select=promo`))
      .json() as Array<{ promo: string | null }>
    expect(site[0]!.promo).not.toBe('hacked')
  })
})
