// Admin commerce: staff add a product (image types checked, uploaded to Storage) and
// it is on sale, with its image, at the public checkout; a gift voucher lowers a checkout's total
// and cannot be spent twice; an admin refunds an order through the local payment provider and
// sees order and payment refunded; the store screens pass axe; a patch manager reaches none of
// them and reads no orders by hand.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  launchChromium,
  newContext,
  nothingLoading,
  seriousViolations,
  webUrl,
} from './support/browser'
import { accessToken, anonKey, apiUrl, asUser, signedInPage, waitForPath } from './admin-support'
import { dismissConsent, noSidewaysScroll, serviceRest, uniqueEmail } from './public-support'

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

let browser: Browser
let admin: Page
beforeAll(async () => {
  browser = await launchChromium()
  admin = await signedInPage(browser, 'official@example.com', '/admin')
})
afterAll(async () => {
  await browser?.close()
})

async function publicPage(path: string): Promise<Page> {
  const page = await (await newContext(browser, 390, 844)).newPage()
  await page.goto(`${webUrl()}${path}`)
  await page.locator('main#main').waitFor()
  await dismissConsent(page)
  return page
}

async function newVoucher(valuePence: number): Promise<string> {
  const raw = `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`.toUpperCase()
    .replace(/[^A-Z0-9]/g, '').padEnd(12, '7').slice(-12)
  const code = `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8)}`
  await serviceRest('gift_vouchers', {
    method: 'POST',
    body: JSON.stringify({
      code,
      value_pence: valuePence,
      buyer_email: 'giver@example.com',
      status: 'active',
      expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    }),
  })
  return code
}

async function expectAxeClean(page: Page) {
  expect(await seriousViolations(page)).toEqual([])
}

describe('admin commerce', () => {
  it('staff create a product (only allowed image types) and it is on sale at the public checkout', async () => {
    const name = `Compost bin ${Date.now().toString(36)}`
    await admin.getByRole('link', { name: 'Products', exact: true }).click()
    await waitForPath(admin, '/admin/products')
    await admin.getByRole('link', { name: 'New product' }).click()
    await waitForPath(admin, '/admin/products/new')
    await admin.getByRole('button', { name: 'Create product' }).click()
    await admin.getByText('Enter the product name.').waitFor()
    await admin.getByText('Enter a price in pounds, like 29.99.').waitFor()
    await admin.getByLabel('Name').fill(name)
    await admin.getByLabel('Price (£)').fill('12.50')
    await admin.getByLabel('Stock').fill('5')
    await admin.getByLabel('Description').fill('Made from recycled plastic.')
    const image = admin.getByRole('group', { name: 'Image' })
    await image.getByLabel('Choose an image').setInputFiles({
      name: 'logo.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    })
    await image.getByRole('alert').filter({ hasText: 'Choose a PNG, GIF, JPEG, BMP or ICO image.' })
      .waitFor()
    await image.getByLabel('Choose an image').setInputFiles({
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    })
    await image.getByRole('alert').filter({ hasText: 'Choose a PNG, GIF, JPEG, BMP or ICO image.' })
      .waitFor()
    expect(await image.getByRole('button', { name: 'Upload image' }).count()).toBe(0)
    await image.getByLabel('Choose an image').setInputFiles({
      name: 'bin.png',
      mimeType: 'image/png',
      buffer: PNG,
    })
    await image.getByRole('button', { name: 'Upload image' }).click()
    await admin.getByRole('img', { name: `Image of ${name}` }).waitFor()
    expect(await admin.getByLabel('Name').inputValue()).toBe(name)
    await expectAxeClean(admin)
    await admin.getByRole('button', { name: 'Create product' }).click()
    await admin.getByText('Product created').waitFor()
    await admin.waitForURL((u) => /^\/admin\/products\/\d+$/.test(u.pathname))
    const [row] = await serviceRest<
      Array<{ price_pence: number; stock: number; image_url: string; active: boolean }>
    >(`products?select=price_pence,stock,image_url,active&name=eq.${encodeURIComponent(name)}`)
    expect(row).toMatchObject({ price_pence: 1250, stock: 5, active: true })
    expect(row!.image_url).toMatch(/^products\/[0-9a-f-]{36}\.png$/)
    const audit = await serviceRest<Array<{ actor_role: string }>>(
      `audit_log?select=actor_role&table_name=eq.products&action=eq.insert&after->>name=eq.${
        encodeURIComponent(name)
      }`,
    )
    expect(audit).toEqual([{ actor_role: 'roots_official' }])

    await admin.getByRole('link', { name: 'Products', exact: true }).click()
    await waitForPath(admin, '/admin/products')
    await admin.getByLabel('Search').fill(name.toUpperCase())
    await admin.getByRole('link', { name }).waitFor()
    // The new product is on the first page before the search is applied; wait for the filtered count.
    await expect.poll(() => admin.locator('caption').textContent()).toBe('1 product')

    const shop = await publicPage('/checkout/new')
    await shop.getByRole('heading', { name: `${name} · £12.50` }).waitFor()
    const shown = shop.getByRole('listitem').filter({ hasText: name }).locator('img')
    expect(await shown.getAttribute('src')).toBe(
      `/images/${row!.image_url}`,
    )
    await shown.scrollIntoViewIfNeeded()
    await expect.poll(() =>
      shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)
    ).toBe(1)
    await shop.getByLabel(`Quantity of ${name}`).fill('2')
    await shop.getByText('Total £25.00').waitFor()
    await shop.context().close()
  })

  it('a gift voucher at checkout lowers the total, and cannot be spent again', async () => {
    const code = await newVoucher(1000)
    const email = uniqueEmail('voucher')
    const shop = await publicPage('/checkout/new')
    await shop.getByLabel('Quantity of Starter Bundle').fill('1')
    await shop.getByLabel('Gift voucher code (optional)').fill(code.toLowerCase())
    await shop.getByRole('button', { name: 'Apply voucher' }).click()
    await shop.getByTestId('voucher-discount').getByText(/−£10\.00/).waitFor()
    await shop.getByText('Total £19.99').waitFor()
    await expectAxeClean(shop)
    await shop.getByLabel('E-mail address').fill(email)
    await shop.getByRole('button', { name: 'Continue to payment' }).click()
    await shop.getByRole('heading', { name: 'Test checkout' }).waitFor()
    await shop.getByLabel('Card number').fill('4242424242424242')
    await shop.getByRole('button', { name: 'Pay £19.99' }).click()
    await shop.getByRole('heading', { level: 1, name: 'Thank you: payment received' }).waitFor()
    const orders = await serviceRest<
      Array<{ status: string; total_pence: number; discount_pence: number }>
    >(`orders?select=status,total_pence,discount_pence&email=eq.${encodeURIComponent(email)}`)
    expect(orders).toEqual([{ status: 'paid', total_pence: 1999, discount_pence: 1000 }])
    const [voucher] = await serviceRest<Array<{ status: string; balance_pence: number }>>(
      `gift_vouchers?select=status,balance_pence&code=eq.${code}`,
    )
    expect(voucher).toEqual({ status: 'redeemed', balance_pence: 0 })
    await shop.context().close()

    const again = await publicPage('/checkout/new')
    await again.getByLabel('Quantity of Starter Bundle').fill('1')
    await again.getByLabel('Gift voucher code (optional)').fill(code)
    await again.getByRole('button', { name: 'Apply voucher' }).click()
    await again.getByText('That gift voucher has already been used in full.').first().waitFor()
    await again.getByLabel('E-mail address').fill(uniqueEmail('voucher2'))
    await again.getByRole('button', { name: 'Continue to payment' }).click()
    await again.getByText('That gift voucher has already been used in full.').first().waitFor()
    expect(new URL(again.url()).pathname).toBe('/checkout/new')
    expect(await again.getByLabel('Quantity of Starter Bundle').inputValue()).toBe('1')
    await again.context().close()
  })

  it('an admin refunds an order through the local provider and sees order and payment refunded', async () => {
    const email = uniqueEmail('refund')
    const started = await fetch(`${apiUrl()}/functions/v1/payments/checkout`, {
      method: 'POST',
      headers: {
        apikey: anonKey(),
        authorization: `Bearer ${anonKey()}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ kind: 'shop', email, items: [{ product_id: 2, quantity: 2 }] }),
    })
    expect(started.status).toBe(201)
    const { order_id: orderId, url } = await started.json() as { order_id: number; url: string }
    const paid = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'card_number=4242424242424242',
    })
    expect(paid.status).toBe(303)

    await admin.goto(`${webUrl()}/admin/orders`)
    await admin.getByLabel('Search').fill(email)
    await admin.getByRole('link', { name: `Order ${orderId}` }).click()
    await waitForPath(admin, `/admin/orders/${orderId}`)
    expect(await admin.getByTestId('order-status').textContent()).toBe('paid')
    await expectAxeClean(admin)
    await admin.getByRole('button', { name: 'Refund order' }).click()
    const dialog = admin.getByRole('dialog', { name: `Refund order #${orderId}?` })
    await dialog.getByRole('button', { name: 'Refund £17.98' }).click()
    await dialog.getByText('Give the reason for the refund (at least 3 characters).').waitFor()
    await dialog.getByLabel('Reason for the refund').fill('Seeds arrived damp')
    await dialog.getByRole('button', { name: 'Refund £17.98' }).click()
    await admin.getByText('Refunded £17.98').waitFor()
    await admin.getByTestId('order-status').getByText('refunded').waitFor()
    await admin.getByTestId('payment-status').getByText('refunded').waitFor()
    const [order] = await serviceRest<
      Array<
        {
          status: string
          refund_reason: string
          payments: Array<{ status: string; refund_ref: string }>
        }
      >
    >(`orders?select=status,refund_reason,payments(status,refund_ref)&id=eq.${orderId}`)
    expect(order!.status).toBe('refunded')
    expect(order!.refund_reason).toBe('Seeds arrived damp')
    expect(order!.payments).toHaveLength(1)
    expect(order!.payments[0]!.status).toBe('refunded')
    expect(order!.payments[0]!.refund_ref).toMatch(/^re_local_/)
  })

  it('staff make a checkout link for a phone sale', async () => {
    const email = uniqueEmail('phone')
    await admin.goto(`${webUrl()}/admin/checkout`)
    await admin.getByLabel('Their name').fill('Pat Phone')
    await admin.getByLabel('Their e-mail address').fill(email)
    await admin.getByLabel('Quantity of Starter Bundle').fill('1')
    await admin.getByText('Total £29.99').waitFor()
    await admin.getByRole('button', { name: 'Create checkout link' }).click()
    await admin.getByText('Checkout link created and e-mailed').waitFor()
    const link = await admin.getByTestId('checkout-link').textContent()
    expect(link).toMatch(/\/functions\/v1\/payments\/local-checkout\/cs_local_/)
    const [order] = await serviceRest<
      Array<{ status: string; total_pence: number; created_by: string | null }>
    >(`orders?select=status,total_pence,created_by&email=eq.${encodeURIComponent(email)}`)
    expect(order).toMatchObject({ status: 'pending', total_pence: 2999 })
    expect(order!.created_by).not.toBeNull()
  })

  it.each([
    ['/admin/store/dashboard', 'Store dashboard'],
    ['/admin/products', 'Products'],
    ['/admin/products/categories', 'Product categories'],
    ['/admin/orders', 'Orders'],
    ['/admin/payments', 'Payments'],
    ['/admin/sales', 'Sales'],
    ['/admin/checkout', 'Checkout link'],
    ['/admin/plans', 'Membership plans'],
    ['/admin/joining-fee', 'Joining fee'],
  ])('%s renders for an admin and passes axe', async (path, heading) => {
    await admin.goto(`${webUrl()}${path}`)
    await admin.getByRole('heading', { level: 1, name: heading }).waitFor()
    await nothingLoading(admin)
    expect(await admin.title()).toBe(
      `${heading === 'Membership plans' ? 'Plans' : heading} | Roots Allotments`,
    )
    await expectAxeClean(admin)
  })

  it('the store screens fit a 360 px phone without sideways scrolling', async () => {
    await admin.setViewportSize({ width: 360, height: 800 })
    try {
      for (
        const path of [
          '/admin/store/dashboard',
          '/admin/products',
          '/admin/orders',
          '/admin/sales',
          '/admin/checkout',
          '/admin/plans',
        ]
      ) {
        await admin.goto(`${webUrl()}${path}`)
        await admin.getByRole('heading', { level: 1 }).waitFor()
        await nothingLoading(admin)
        expect(await noSidewaysScroll(admin), path).toBe(true)
      }
      await expectAxeClean(admin)
    } finally {
      await admin.setViewportSize({ width: 1280, height: 800 })
    }
  })

  it('the sales report exports the figures it shows as CSV', async () => {
    await admin.goto(`${webUrl()}/admin/sales`)
    await admin.getByRole('img', { name: /Charged per day/ }).waitFor()
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('button', { name: 'Export CSV' }).click(),
    ])
    const path = await download.path()
    const { readFile } = await import('node:fs/promises')
    const lines = (await readFile(path!, 'utf8')).trim().split('\r\n')
    expect(lines[0]).toBe(
      'Period starting,Paid orders,Charged (GBP),Paid by gift voucher (GBP),Refunded orders,Refunded (GBP)',
    )
    expect(lines).toHaveLength(32)
    expect(lines.at(-1)).toMatch(/^Total,\d+,\d+\.\d{2},/)
  })

  it('a patch manager reaches none of these screens and reads no orders through the API', async () => {
    const pm = await signedInPage(browser, 'patch@example.com', '/admin/waiting-list')
    for (
      const path of [
        '/admin/orders',
        '/admin/products',
        '/admin/store/dashboard',
        '/admin/payments',
        '/admin/checkout',
      ]
    ) {
      await pm.goto(`${webUrl()}${path}`)
      await waitForPath(pm, '/admin/waiting-list')
    }
    expect(await pm.getByRole('link', { name: 'Orders' }).count()).toBe(0)
    const token = await accessToken(pm)
    const orders = await asUser(token, '/rest/v1/orders?select=id,email,total_pence')
    expect(orders.status).toBe(200)
    expect(await orders.json()).toEqual([])
    const payments = await asUser(token, '/rest/v1/payments?select=id')
    expect(await payments.json()).toEqual([])
    const figures = await asUser(token, '/rest/v1/rpc/store_dashboard', {
      method: 'POST',
      body: '{}',
    })
    expect(figures.status).toBe(403)
    const refund = await asUser(token, '/functions/v1/payments/refund', {
      method: 'POST',
      body: JSON.stringify({ order_id: 1, reason: 'Trying my luck' }),
    })
    expect(refund.status).toBe(403)
    const [seeded] = await serviceRest<Array<{ status: string }>>('orders?select=status&id=eq.1')
    expect(seeded!.status).toBe('paid')
    await pm.context().close()
  })
})
