// What a gift voucher takes off a plan's first payment (first period, joining fee, deposit), as
// the payments function works it out. Nothing is spent until the membership checkout is placed.
import { useMutation } from '@tanstack/react-query'
import { callFunction } from '@/lib/call-function'
import type { VoucherQuote } from '@/lib/gift-vouchers'

export const quoteMembershipVoucher = (code: string, planId: number) =>
  callFunction<VoucherQuote>('payments/voucher', { body: { code, plan_id: planId } })

export const useQuoteMembershipVoucher = () =>
  useMutation({
    mutationFn: ({ code, planId }: { code: string; planId: number }) =>
      quoteMembershipVoucher(code, planId),
  })
