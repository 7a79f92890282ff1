// Welcome slots: an admin creates a slot (missing choices named beside their fields), a visitor
// books it, and the admin sees the booking and cancels it after confirming, freeing the place
// and e-mailing the guest; then cancels the whole slot, and its remaining guest is e-mailed.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, newContext, seriousViolations } from './support/browser'
import { anonKey, apiUrl, asService, signIn, waitForPath } from './admin-support'

/** The cancellation e-mails the outbox holds for one address. */
async function cancellationMails(to: string): Promise<Array<{ subject?: string; body?: string }>> {
  const { messages } =
    await (await fetch(`${apiUrl()}/_outbox/messages?to=${encodeURIComponent(to)}`)).json() as {
      messages: Array<{ subject?: string; body?: string }>
    }
  return messages.filter((m) => /is cancelled/.test(m.subject ?? ''))
}

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

describe('welcome slots', () => {
  it('creates a slot, shows a booking and cancels it', async () => {
    const page = await (await newContext(browser)).newPage()
    await signIn(page, 'official@example.com')
    await waitForPath(page, '/admin')
    await page.getByRole('link', { name: 'Welcome slots' }).click()
    await waitForPath(page, '/admin/welcome-slots')
    await page.getByRole('link', { name: 'New welcome slot' }).click()
    await page.getByRole('button', { name: 'Create slot' }).click()
    await page.getByText('Choose a site.').first().waitFor()
    await page.getByText('Choose a date.').first().waitFor()
    const day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10)
    await page.getByLabel('Site').selectOption({ label: 'Darenth Fields (Dartford)' })
    await page.getByLabel('Date').fill(day)
    await page.getByLabel('Start time').fill('11:30')
    await page.getByLabel('Places').fill('0')
    await page.getByRole('button', { name: 'Create slot' }).click()
    await page.getByText('At least 1 place.').first().waitFor()
    expect(await page.getByLabel('Date').inputValue()).toBe(day)
    await page.getByLabel('Places').fill('3')
    await page.getByRole('button', { name: 'Create slot' }).click()
    await page.getByText('Welcome slot created').waitFor()
    await page.waitForURL((u) => /^\/admin\/welcome-slots\/\d+$/.test(u.pathname))
    const slotId = Number(new URL(page.url()).pathname.split('/').pop())
    await page.getByText('No bookings yet.').waitFor()
    expect(await seriousViolations(page)).toEqual([])

    const wendy = `wendy${Date.now()}@example.com`
    const gus = `gus${Date.now()}@example.com`
    for (const [name, email] of [['Wendy Welcome', wendy], ['Gus Guest', gus]]) {
      const booked = await fetch(`${apiUrl()}/functions/v1/bookings`, {
        method: 'POST',
        headers: {
          apikey: anonKey(),
          authorization: `Bearer ${anonKey()}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ type: 'welcome_slot', slot_id: slotId, name, email }),
      })
      expect(booked.status).toBe(201)
    }
    await page.reload()
    await page.getByText('2 of 3 places booked').waitFor()
    await page.getByRole('button', { name: 'Cancel the booking of Wendy Welcome' }).click()
    await page.getByRole('dialog', { name: /Cancel Wendy Welcome/ }).getByRole('button', {
      name: 'Cancel booking',
    }).click()
    await page.getByText('Booking cancelled: Wendy Welcome e-mailed').waitFor()
    await page.getByText('1 of 3 places booked').waitFor()
    expect(await cancellationMails(wendy)).toHaveLength(1)

    // The whole slot: the remaining guest is told, once, however often it is cancelled.
    await page.getByRole('button', { name: 'Cancel slot' }).click()
    const dialog = page.getByRole('dialog', { name: /Cancel the slot of/ })
    await dialog.getByLabel('Reason for the guests (optional)').fill('The site is flooded.')
    expect(await seriousViolations(page)).toEqual([])
    await dialog.getByRole('button', { name: 'Cancel slot' }).click()
    await page.getByText('Welcome slot cancelled: 1 guest e-mailed').waitFor()
    await page.getByTestId('slot-cancelled').getByText(/The site is flooded\./).waitFor()
    await page.getByText('0 of 3 places booked').waitFor()
    expect(await page.getByRole('link', { name: 'Edit slot' }).count()).toBe(0)
    const told = await cancellationMails(gus)
    expect(told).toHaveLength(1)
    expect(told[0]!.body).toContain('The reason: The site is flooded.')
    expect(await cancellationMails(wendy)).toHaveLength(1)
    // Asking again sends only what failed before: here nothing.
    await page.getByRole('button', { name: 'Send any cancellation e-mails that failed' }).click()
    await page.getByText('This slot was already cancelled: every guest has been told').waitFor()
    expect(await cancellationMails(gus)).toHaveLength(1)
    const slot = await (await asService(
      `/rest/v1/welcome_slots?id=eq.${slotId}&select=booked_count,capacity,cancel_reason`,
    )).json()
    expect(slot).toEqual([{ booked_count: 0, capacity: 3, cancel_reason: 'The site is flooded.' }])
    await page.context().close()
  })
})
