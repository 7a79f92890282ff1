// Buying from the shop (the £29.99 starter bundle and friends): prices and stock are the
// database's; the client sends product ids, quantities and an optional gift voucher code (the
// function spends it). One idempotency key per filled form.
import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'
import { callFunction } from '@/lib/call-function'
import { voucherCodeField } from '@/lib/gift-vouchers'
import type { CheckoutStarted } from './start-deposit-checkout'

export const shopSchema = z.object({
  email: z.string().trim().min(1, 'Enter your e-mail address.').max(254).email(
    'Enter a valid e-mail address, like name@example.com.',
  ),
  items: z.array(z.object({
    product_id: z.number().int().positive(),
    quantity: z.number({ invalid_type_error: 'Enter a number.' }).int('Whole numbers only.').min(
      0,
      'Not below 0.',
    ).max(20, 'At most 20 of each.'),
  })).transform((items) => items.filter((i) => i.quantity > 0)).refine(
    (items) => items.length > 0,
    'Choose at least one item.',
  ),
  voucher_code: voucherCodeField,
})
export type ShopInput = z.infer<typeof shopSchema>

export interface ShopCheckoutStarted extends CheckoutStarted {
  total_pence: number
  discount_pence: number
  status: string
}

export function startShopCheckout(
  input: ShopInput,
  idempotencyKey: string,
): Promise<ShopCheckoutStarted> {
  const { voucher_code, ...rest } = input
  return callFunction<ShopCheckoutStarted>('payments/checkout', {
    body: { kind: 'shop', ...rest, ...(voucher_code ? { voucher_code } : {}) },
    headers: { 'idempotency-key': idempotencyKey },
  })
}

export function useStartShopCheckout() {
  return useMutation({
    mutationFn: ({ input, key }: { input: ShopInput; key: string }) =>
      startShopCheckout(input, key),
  })
}
