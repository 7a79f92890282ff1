// What a gift voucher takes off the basket, as the payments function works it out (nothing is
// spent until the order is placed; the order checks the balance again, under a lock).
import { useMutation } from '@tanstack/react-query'
import { callFunction } from '@/lib/call-function'
import type { VoucherQuote } from '@/lib/gift-vouchers'

export const quoteVoucher = (code: string, items: { product_id: number; quantity: number }[]) =>
  callFunction<VoucherQuote>('payments/voucher', { body: { code, items } })

export const useQuoteVoucher = () =>
  useMutation({
    mutationFn: (
      { code, items }: { code: string; items: { product_id: number; quantity: number }[] },
    ) => quoteVoucher(code, items),
  })
