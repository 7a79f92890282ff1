import { describe, expect, it } from 'vitest'
import { shopSchema } from './start-shop-checkout'

describe('gift voucher code at checkout', () => {
  it('is part of the shop form', () => {
    const base = { email: 'a@example.com', items: [{ product_id: 1, quantity: 1 }] }
    expect(shopSchema.parse({ ...base, voucher_code: 'abcd-1234-ef56' }).voucher_code).toBe(
      'ABCD-1234-EF56',
    )
    expect(shopSchema.parse({ ...base, voucher_code: '' }).voucher_code).toBeUndefined()
    const bad = shopSchema.safeParse({ ...base, voucher_code: 'nope' })
    expect(bad.success).toBe(false)
    if (!bad.success) expect(bad.error.issues[0]!.path).toEqual(['voucher_code'])
  })
})
