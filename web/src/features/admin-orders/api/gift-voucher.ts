// The gift voucher a gift-voucher order bought, as admins see it on the order's page: to whom
// and when it goes, whether it went, and what is left; and sending it again (to the same address
// or a corrected one): the database checks the admin and the voucher (resend_gift_voucher, in
// the audit log), then the payments function's sender e-mails it at once.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { useInvalidatingMutation } from '@/lib/admin/crud'
import { DbError } from '@/lib/admin/db-error'
import { invokeFunction } from '@/lib/admin/invoke-function'
import { supabase } from '@/lib/supabase'
import { ukDay } from '@/lib/dates'

export async function getOrderVoucher(orderId: number) {
  const db = supabase()
  const { data, error } = await db.from('gift_vouchers')
    .select(
      'id, code, value_pence, balance_pence, status, buyer_name, buyer_email, recipient_name, recipient_email, deliver_on, expires_at, resent_count',
    )
    .eq('order_id', orderId).maybeSingle()
  if (error) throw new DbError(error, 'The gift voucher could not be loaded.')
  if (!data) return null
  const sent = await db.rpc('gift_voucher_sent_at', { p_voucher_id: data.id })
  if (sent.error) throw new DbError(sent.error, 'The gift voucher could not be loaded.')
  return { ...data, sent_at: sent.data as string | null }
}

export type OrderVoucher = NonNullable<Awaited<ReturnType<typeof getOrderVoucher>>>

export const orderVoucherQueryKey = ['admin-orders', 'voucher'] as const
export const useOrderVoucher = (orderId: number, enabled: boolean) =>
  useQuery({
    ...queryOptions({
      queryKey: [...orderVoucherQueryKey, orderId],
      queryFn: () => getOrderVoucher(orderId),
    }),
    enabled,
  })

export const resendSchema = z.object({
  email: z.string().trim().min(1, 'Enter the e-mail address to send it to.').max(
    254,
    'Use at most 254 characters.',
  )
    .email('Enter a valid e-mail address, like name@example.com.'),
})

/** Can the voucher still be spent (and so be sent again)? */
export const canResend = (
  v: Pick<OrderVoucher, 'status' | 'balance_pence' | 'expires_at'>,
  now = Date.now(),
) =>
  v.status === 'active' && v.balance_pence > 0 &&
  (v.expires_at === null || Date.parse(v.expires_at) > now)

/** Sends the voucher again; whether it went now (false: it waits for its delivery date). */
export async function resendVoucher(
  { voucherId, email }: { voucherId: number; email: string },
): Promise<{ sentNow: boolean }> {
  const { data, error } = await supabase().rpc('resend_gift_voucher', {
    p_voucher_id: voucherId,
    p_recipient_email: resendSchema.parse({ email }).email,
  })
  if (error) throw new DbError(error, 'The gift voucher was not sent again.')
  const voucher = data as { deliver_on: string | null }
  if (voucher.deliver_on !== null && voucher.deliver_on > ukDay()) return { sentNow: false }
  await invokeFunction<{ delivered: number; failed: number }>('payments/deliver-vouchers', {}, {
    fallback: NOT_SENT_YET,
  })
  const sent = await supabase().rpc('gift_voucher_sent_at', { p_voucher_id: voucherId })
  if (sent.error || !sent.data) throw new Error(NOT_SENT_YET)
  return { sentNow: true }
}

const NOT_SENT_YET =
  'The address is saved, but the e-mail has not gone yet: it is tried again within the minute.'

export const useResendVoucher = () =>
  useInvalidatingMutation(resendVoucher, [orderVoucherQueryKey], { settled: true })
