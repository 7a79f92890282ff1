// Buying a gift voucher: the payments function writes a pending order and returns the hosted
// checkout page. One idempotency key per filled-in form, so a double click or a retry after a
// network failure cannot create two orders. With a recipient's e-mail the voucher goes to them
// (on the chosen day, or as soon as it is paid), from the buyer's name; without one, its code is
// in the buyer's receipt.
import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'
import { callFunction } from '@/lib/call-function'
import { aYearOn, isRealDay, ukDay } from '@/lib/dates'

const blankToUndefined = (schema: z.ZodTypeAny) =>
  z.string().trim().transform((v) => (v === '' ? undefined : v)).pipe(schema.optional()).optional()

export const VOUCHER_VALUES = [10, 25, 30, 50, 100] as const

export const giftVoucherSchema = z.object({
  value_pounds: z.coerce.number({ invalid_type_error: 'Choose a value.' }).int('Whole pounds only.')
    .min(10, 'Vouchers start at £10.').max(500, 'Vouchers go up to £500.'),
  buyer_name: z.string().trim().min(
    1,
    'Enter your name: the recipient sees who the voucher is from.',
  ).max(100, 'Use at most 100 characters.'),
  email: z.string().trim().min(1, 'Enter your e-mail address.').max(254).email(
    'Enter a valid e-mail address, like name@example.com.',
  ),
  recipient_name: blankToUndefined(z.string().max(100, 'Use at most 100 characters.')),
  recipient_email: blankToUndefined(
    z.string().max(254).email('Enter a valid e-mail address for the recipient.'),
  ),
  deliver_on: blankToUndefined(z.string().refine(isRealDay, 'Enter a date, like 25/12/2025.')),
  message: blankToUndefined(z.string().max(1000, 'Keep the message under 1000 characters.')),
}).superRefine((v, ctx) => {
  if (!v.deliver_on || !isRealDay(v.deliver_on)) return
  const today = ukDay()
  if (!v.recipient_email) {
    ctx.addIssue({
      code: 'custom',
      path: ['deliver_on'],
      message: "Add the recipient's e-mail address to choose a delivery date.",
    })
  } else if (v.deliver_on < today) {
    ctx.addIssue({ code: 'custom', path: ['deliver_on'], message: 'Choose today or a later date.' })
  } else if (v.deliver_on > aYearOn(today)) {
    ctx.addIssue({ code: 'custom', path: ['deliver_on'], message: 'Choose a date within a year.' })
  }
})
export type GiftVoucherInput = z.infer<typeof giftVoucherSchema>

export interface CheckoutStarted {
  order_id?: number
  session_id?: string
  url: string
  external?: boolean
  repeated?: boolean
}

export function buyGiftVoucher(
  input: GiftVoucherInput,
  idempotencyKey: string,
): Promise<CheckoutStarted> {
  return callFunction<CheckoutStarted>('payments/checkout', {
    body: {
      kind: 'gift_voucher',
      email: input.email,
      value_pence: input.value_pounds * 100,
      buyer_name: input.buyer_name,
      recipient_name: input.recipient_name ?? null,
      recipient_email: input.recipient_email ?? null,
      message: input.message ?? null,
      deliver_on: input.deliver_on ?? null,
    },
    headers: { 'idempotency-key': idempotencyKey },
  })
}

export function useBuyGiftVoucher() {
  return useMutation({
    mutationFn: ({ input, key }: { input: GiftVoucherInput; key: string }) =>
      buyGiftVoucher(input, key),
  })
}
