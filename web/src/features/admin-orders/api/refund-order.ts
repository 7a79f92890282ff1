// A full refund through the payments function (admins; the database checks the role and writes
// who asked and why; the provider refunds; the refund event marks payment and order refunded).
import { useInvalidatingMutation } from '@/lib/admin/crud'
import { z } from 'zod'
import { invokeFunction } from '@/lib/admin/invoke-function'
import { orderQueryKey } from './get-order'
import { ordersQueryKey } from './get-orders'

export const refundSchema = z.object({
  reason: z.string().trim().min(3, 'Give the reason for the refund (at least 3 characters).').max(
    500,
    'At most 500 characters.',
  ),
})

export interface RefundResult {
  order_id: number
  status: string
  amount_pence: number
  refund_id?: string
  repeated?: boolean
}

export const refundOrder = ({ orderId, reason }: { orderId: number; reason: string }) =>
  invokeFunction<RefundResult>('payments/refund', {
    order_id: orderId,
    reason: refundSchema.parse({ reason }).reason,
  }, { fallback: 'The refund did not go through. Nothing was refunded.' })

export const useRefundOrder = () =>
  useInvalidatingMutation(refundOrder, [orderQueryKey, ordersQueryKey], { settled: true })
