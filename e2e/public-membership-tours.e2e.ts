// A member signs in, sees their membership, site and payments, and cancels; a visitor
// books a guided tour from a link that names the site.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { configureApp, launchChromium, newContext, openApp } from './support/browser'
import {
  dismissConsent,
  expectAccessible,
  noSidewaysScroll,
  serviceRest,
  uniqueEmail,
} from './public-support'

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

describe('members', () => {
  it('signs in, sees the membership, and requests cancellation with a reason', async () => {
    const context = await newContext(browser, 360)
    await configureApp(context)
    const page = await context.newPage()
    await openApp(page, '/members')
    await dismissConsent(page)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByText('You must provide either an email or phone number and a password').first()
      .waitFor()
    await page.getByLabel('E-mail address').fill('member@example.com')
    await page.getByLabel('Password').fill('allotments-demo')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByRole('heading', { level: 1, name: 'Hello, Morgan' }).waitFor()
    const membership = page.getByTestId('membership')
    await membership.getByText('Tuckers Meadow, Bath').waitFor()
    expect(await membership.textContent()).toContain('A12')
    expect(await membership.textContent()).toContain('Active')
    await page.getByRole('heading', { name: 'Payments' }).waitFor()
    expect(await noSidewaysScroll(page)).toBe(true)
    await expectAccessible(page)

    const [row] = await serviceRest<{ id: number }[]>('memberships?select=id&plot_number=eq.A12')
    try {
      await page.getByRole('button', { name: 'Cancel membership' }).click()
      await page.getByRole('form', { name: 'Cancel your membership' }).waitFor()
      await page.getByLabel('Why are you leaving? (optional)').fill('Moving to Leeds')
      await page.getByRole('button', { name: 'Cancel my membership' }).dblclick()
      await page.getByText('Your membership is cancelled and ends on', { exact: false }).waitFor()
      const [after] = await serviceRest<{ status: string; cancellation_reason: string }[]>(
        `memberships?select=status,cancellation_reason&id=eq.${row.id}`,
      )
      expect(after).toEqual({
        status: 'cancellation_requested',
        cancellation_reason: 'Moving to Leeds',
      })
      await expectAccessible(page)
    } finally {
      await serviceRest(`memberships?id=eq.${row.id}`, {
        method: 'PATCH',
        body: JSON.stringify({
          status: 'active',
          cancellation_requested_at: null,
          cancellation_reason: null,
          ends_on: null,
        }),
      })
    }
    await context.close()
  })
})

describe('guided tours', () => {
  it('books a tour from /guided-tour/{location} given the site name', async () => {
    const context = await newContext(browser)
    await configureApp(context)
    const page = await context.newPage()
    await openApp(page, '/guided-tour/Tuckers%20Meadow')
    await dismissConsent(page)
    await page.getByRole('form', { name: 'Book a guided tour' }).waitFor()
    expect(await page.getByLabel('Site').inputValue()).toBe('tuckers-meadow')
    await page.getByRole('button', { name: 'Book the tour' }).click()
    await page.getByText('Choose a tour.').waitFor()
    await page.getByLabel('Tour', { exact: true }).selectOption({ index: 1 })
    await page.getByLabel('Your name').fill('Monty Don')
    const email = uniqueEmail('tour')
    await page.getByLabel('E-mail address').fill(email)
    await page.getByLabel('How many people?').fill('11')
    await page.getByRole('button', { name: 'Book the tour' }).click()
    await page.getByText('At most 10 people per booking.').waitFor()
    await page.getByLabel('How many people?').fill('2')
    await page.getByRole('button', { name: 'Book the tour' }).click()
    await page.getByRole('heading', { level: 1, name: 'Your tour is booked' }).waitFor()
    const rows = await serviceRest<{ party_size: number }[]>(
      `guided_tour_bookings?select=party_size&email=eq.${encodeURIComponent(email)}`,
    )
    expect(rows).toEqual([{ party_size: 2 }])
    await context.close()
  })
})
