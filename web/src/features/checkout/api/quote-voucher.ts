// What a gift voucher takes off the basket, as the payments function works it out (nothing is
// spent until the order is placed; the order checks the balance again, under a lock).
import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'
import { callFunction } from '@/lib/call-function'

/** A code as printed (ABCD-1234-EF56): any case, dashes and spaces optional; blank means none. */
export const voucherCodeField = z.string().transform((v) => v.replace(/[\s-]/g, '').toUpperCase())
  .refine((v) => v === '' || /^[A-Z0-9]{12}$/.test(v), 'Enter the voucher code as printed, like ABCD-1234-EF56.')
  .transform((v) => (v === '' ? undefined : `${v.slice(0, 4)}-${v.slice(4, 8)}-${v.slice(8)}`))

export interface VoucherQuote { code: string; balance_pence: number; discount_pence: number; subtotal_pence: number; total_pence: number; expires_at: string | null }

export const quoteVoucher = (code: string, items: { product_id: number; quantity: number }[]) =>
  callFunction<VoucherQuote>('payments/voucher', { body: { code, items } })

export const useQuoteVoucher = () => useMutation({ mutationFn: ({ code, items }: { code: string; items: { product_id: number; quantity: number }[] }) => quoteVoucher(code, items) })
