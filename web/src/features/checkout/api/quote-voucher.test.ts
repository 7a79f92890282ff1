import { describe, expect, it } from 'vitest'
import { voucherCodeField } from '@/lib/gift-vouchers'
import { shopSchema } from './start-shop-checkout'

describe('gift voucher code at checkout', () => {
  it('reads a code however it was typed', () => {
    expect(voucherCodeField.parse('abcd-1234-ef56')).toBe('ABCD-1234-EF56')
    expect(voucherCodeField.parse(' ABCD 1234 EF56 ')).toBe('ABCD-1234-EF56')
    expect(voucherCodeField.parse('abcd1234ef56')).toBe('ABCD-1234-EF56')
  })
  it('is optional, and refuses what cannot be a code', () => {
    expect(voucherCodeField.parse('')).toBeUndefined()
    const r = voucherCodeField.safeParse('ABCD-1234')
    expect(r.success).toBe(false)
    if (!r.success) expect(r.error.issues[0]!.message).toBe('Enter the voucher code as printed, like ABCD-1234-EF56.')
  })
  it('is part of the shop form', () => {
    const base = { email: 'a@example.com', items: [{ product_id: 1, quantity: 1 }] }
    expect(shopSchema.parse({ ...base, voucher_code: 'abcd-1234-ef56' }).voucher_code).toBe('ABCD-1234-EF56')
    expect(shopSchema.parse({ ...base, voucher_code: '' }).voucher_code).toBeUndefined()
    const bad = shopSchema.safeParse({ ...base, voucher_code: 'nope' })
    expect(bad.success).toBe(false)
    if (!bad.success) expect(bad.error.issues[0]!.path).toEqual(['voucher_code'])
  })
})
