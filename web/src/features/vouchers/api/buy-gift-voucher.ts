// Buying a gift voucher: the payments function writes a pending order and returns the hosted
// checkout page. One idempotency key per filled-in form, so a double click or a retry after a
// network failure cannot create two orders.
import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'
import { callFunction } from '@/lib/call-function'

const blankToUndefined = (schema: z.ZodTypeAny) =>
  z.string().trim().transform((v) => (v === '' ? undefined : v)).pipe(schema.optional()).optional()

export const VOUCHER_VALUES = [10, 25, 30, 50, 100] as const

export const giftVoucherSchema = z.object({
  value_pounds: z.coerce.number({ invalid_type_error: 'Choose a value.' }).int('Whole pounds only.').min(10, 'Vouchers start at £10.').max(500, 'Vouchers go up to £500.'),
  email: z.string().trim().min(1, 'Enter your e-mail address.').max(254).email('Enter a valid e-mail address, like name@example.com.'),
  recipient_name: blankToUndefined(z.string().max(100, 'Use at most 100 characters.')),
  recipient_email: blankToUndefined(z.string().max(254).email('Enter a valid e-mail address for the recipient.')),
  message: blankToUndefined(z.string().max(1000, 'Keep the message under 1000 characters.')),
})
export type GiftVoucherInput = z.infer<typeof giftVoucherSchema>

export interface CheckoutStarted {
  order_id?: number
  session_id?: string
  url: string
  external?: boolean
  repeated?: boolean
}

export function buyGiftVoucher(input: GiftVoucherInput, idempotencyKey: string): Promise<CheckoutStarted> {
  return callFunction<CheckoutStarted>('payments/checkout', {
    body: {
      kind: 'gift_voucher',
      email: input.email,
      value_pence: input.value_pounds * 100,
      recipient_name: input.recipient_name ?? null,
      recipient_email: input.recipient_email ?? null,
      message: input.message ?? null,
    },
    headers: { 'idempotency-key': idempotencyKey },
  })
}

export function useBuyGiftVoucher() {
  return useMutation({ mutationFn: ({ input, key }: { input: GiftVoucherInput; key: string }) => buyGiftVoucher(input, key) })
}
