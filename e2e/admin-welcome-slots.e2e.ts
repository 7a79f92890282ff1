// Welcome slots: an admin creates a slot (missing choices named beside their fields), a visitor
// books it, and the admin sees the booking and cancels it after confirming, freeing the place.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, newContext, seriousViolations } from './support/browser'
import { anonKey, apiUrl, asService, signIn, waitForPath } from './admin-support'

let browser: Browser
beforeAll(async () => { browser = await launchChromium() })
afterAll(async () => { await browser?.close() })

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

    const booked = await fetch(`${apiUrl()}/functions/v1/bookings`, {
      method: 'POST',
      headers: { apikey: anonKey(), authorization: `Bearer ${anonKey()}`, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'welcome_slot', slot_id: slotId, name: 'Wendy Welcome', email: `wendy${Date.now()}@example.com` }),
    })
    expect(booked.status).toBe(201)
    await page.reload()
    await page.getByText('1 of 3 places booked').waitFor()
    await page.getByRole('button', { name: 'Cancel the booking of Wendy Welcome' }).click()
    await page.getByRole('dialog', { name: /Cancel Wendy Welcome/ }).getByRole('button', { name: 'Cancel booking' }).click()
    await page.getByText('Booking cancelled: let the guest know').waitFor()
    await page.getByText('0 of 3 places booked').waitFor()
    const slot = await (await asService(`/rest/v1/welcome_slots?id=eq.${slotId}&select=booked_count,capacity`)).json()
    expect(slot).toEqual([{ booked_count: 0, capacity: 3 }])
    await page.context().close()
  })
})
