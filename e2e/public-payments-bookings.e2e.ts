// Buying a gift voucher through the local payment provider's hosted checkout, and booking a
// welcome slot (places left shown, a full slot cannot be picked).
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

describe('gift vouchers', () => {
  it('buys a £50 voucher: bad input first, a declined card, then a good one', async () => {
    const context = await newContext(browser, 360)
    await configureApp(context)
    const page = await context.newPage()
    await openApp(page, '/gift-vouchers')
    await dismissConsent(page)
    await page.getByRole('heading', { level: 1, name: 'Gift vouchers' }).waitFor()
    await expectAccessible(page)
    expect(await noSidewaysScroll(page)).toBe(true)

    await page.getByRole('radio', { name: 'Other amount' }).check()
    await page.getByLabel('Amount in pounds (£10 to £500)').fill('5')
    await page.getByLabel('Your e-mail address').fill('buyer@')
    await page.getByRole('button', { name: 'Continue to payment' }).click()
    await page.getByText('Vouchers start at £10.').first().waitFor()
    await page.getByText('Enter a valid e-mail address, like name@example.com.').waitFor()
    expect(await page.getByLabel('Your e-mail address').inputValue()).toBe('buyer@')

    const email = uniqueEmail('voucher')
    await page.getByRole('radio', { name: '£50' }).check()
    await page.getByLabel('Your name').fill('Sam Giver')
    await page.getByLabel('Your e-mail address').fill(email)
    await page.getByLabel("Recipient's name (optional)").fill('Grandma Joan')
    await page.getByLabel("Recipient's e-mail (optional)").fill(uniqueEmail('recipient'))
    await page.getByLabel('Message (optional)').fill('Happy growing!')
    await page.getByRole('button', { name: 'Continue to payment' }).dblclick()

    // The local provider's hosted checkout page.
    await page.getByRole('heading', { name: 'Test checkout' }).waitFor()
    expect(await page.getByText('Total £50.00').count()).toBe(1)
    await page.getByLabel('Card number').fill('4000 0000 0000 0002')
    await page.getByRole('button', { name: 'Pay £50.00' }).click()
    await page.getByRole('alert').waitFor()
    await page.getByLabel('Card number').fill('4242 4242 4242 4242')
    await page.getByRole('button', { name: 'Pay £50.00' }).click()

    await page.getByRole('heading', { level: 1, name: 'Thank you: payment received' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/gift-vouchers/success')
    expect(await page.getByTestId('checkout-status').textContent()).toContain('£50.00 paid')
    expect(await page.getByTestId('checkout-status').textContent()).toContain(
      'gift voucher to Grandma Joan',
    )
    await expectAccessible(page)

    const orders = await serviceRest<{ status: string; total_pence: number }[]>(
      `orders?select=status,total_pence&email=eq.${encodeURIComponent(email)}`,
    )
    expect(orders).toEqual([{ status: 'paid', total_pence: 5000 }])
    const vouchers = await serviceRest<
      { value_pence: number; recipient_name: string; message: string; code: string }[]
    >(`gift_vouchers?select=value_pence,recipient_name,message,code&buyer_email=eq.${
      encodeURIComponent(email)
    }`)
    expect(vouchers).toHaveLength(1)
    expect(vouchers[0]).toMatchObject({
      value_pence: 5000,
      recipient_name: 'Grandma Joan',
      message: 'Happy growing!',
    })
    expect(vouchers[0].code).toBeTruthy()
    await context.close()
  })
})

describe('the shop', () => {
  it('buys the £29.99 starter bundle, showing the CTA offer', async () => {
    const context = await newContext(browser)
    await configureApp(context)
    const page = await context.newPage()
    await openApp(page, '/checkout/new')
    await dismissConsent(page)
    await page.getByRole('heading', { name: 'Starter Bundle · £29.99' }).waitFor()
    await page.getByText('FREE £29.99 Starter Bundle When You Join This February').waitFor()
    const email = uniqueEmail('shop')
    await page.getByLabel('E-mail address').fill(email)
    await page.getByRole('button', { name: 'Continue to payment' }).click()
    await page.getByText('Choose at least one item.').first().waitFor()
    await page.getByLabel('Quantity of Starter Bundle').fill('1')
    await page.getByText('Total £29.99').waitFor()
    await expectAccessible(page)
    await page.getByRole('button', { name: 'Continue to payment' }).click()
    await page.getByRole('heading', { name: 'Test checkout' }).waitFor()
    await page.getByLabel('Card number').fill('4242424242424242')
    await page.getByRole('button', { name: 'Pay £29.99' }).click()
    await page.getByRole('heading', { level: 1, name: 'Thank you: payment received' }).waitFor()
    expect(await page.getByTestId('checkout-status').textContent()).toContain('£29.99 paid')
    const orders = await serviceRest<{ status: string; total_pence: number }[]>(
      `orders?select=status,total_pence&email=eq.${encodeURIComponent(email)}`,
    )
    expect(orders).toEqual([{ status: 'paid', total_pence: 2999 }])
    await context.close()
  })
})

describe('welcome slots', () => {
  it('books a slot at a site, and the places left go down', async () => {
    const context = await newContext(browser)
    await configureApp(context)
    const page = await context.newPage()
    await openApp(page, '/welcome-slot')
    await dismissConsent(page)
    await page.getByLabel('Your site').selectOption('avon-views')
    await page.getByRole('form', { name: 'Book a welcome slot' }).waitFor()
    await expectAccessible(page)
    const first = page.locator('label.slot').first()
    const before = Number((await first.locator('small').textContent())!.match(/^(\d+) of/)![1])

    await page.getByRole('button', { name: 'Book this slot' }).click()
    await page.getByText('Choose a slot.').waitFor()
    await page.getByText('Enter your name.').waitFor()

    const email = uniqueEmail('welcome')
    await first.locator('input').check()
    await page.getByLabel('Your name').fill('Percy Thrower')
    await page.getByLabel('E-mail address').fill(email)
    await page.getByRole('button', { name: 'Book this slot' }).dblclick()
    await page.getByRole('heading', { level: 1, name: 'Your welcome slot is booked' }).waitFor()
    expect(await page.getByRole('status').textContent()).toContain('Avon Views')
    const bookings = await serviceRest<unknown[]>(
      `welcome_slot_bookings?select=id&email=eq.${encodeURIComponent(email)}`,
    )
    expect(bookings).toHaveLength(1)

    await openApp(page, '/welcome-slot?site=avon-views')
    await page.getByRole('form', { name: 'Book a welcome slot' }).waitFor()
    expect(await page.locator('label.slot').first().locator('small').textContent()).toBe(
      `${before - 1} of 12 places left`,
    )
    await context.close()
  })

  it('a full slot is shown as full and cannot be chosen', async () => {
    const [slot] = await serviceRest<{ id: number }[]>('welcome_slots', {
      method: 'POST',
      body: JSON.stringify({
        site_id: 9,
        starts_at: new Date(Date.now() + 2 * 86400_000).toISOString(),
        duration_minutes: 45,
        capacity: 1,
      }),
    })
    await serviceRest('welcome_slot_bookings', {
      method: 'POST',
      body: JSON.stringify({ slot_id: slot.id, name: 'Early Bird', email: uniqueEmail('full') }),
    })
    const context = await newContext(browser, 360)
    await configureApp(context)
    const page = await context.newPage()
    await openApp(page, '/welcome-slot?site=galleywood-meadow')
    await dismissConsent(page)
    await page.getByRole('form', { name: 'Book a welcome slot' }).waitFor()
    // This slot among any others (its radio's value is its id).
    const full = page.locator('label.slot').filter({
      has: page.locator(`input[value="${slot.id}"]`),
    })
    expect(await full.count()).toBe(1)
    expect(await full.getAttribute('data-full')).toBe('true')
    expect(await full.locator('small').textContent()).toBe('Full')
    expect(await full.locator('input').isDisabled()).toBe(true)
    expect(await noSidewaysScroll(page)).toBe(true)
    await expectAccessible(page)
    await context.close()
  })
})
