// Staff pause or cancel a member's membership, or refund one of their payments, through the
// payments function: the database checks the role and the member's own rules and records who
// asked; the provider is told; the member is e-mailed.
import { z } from 'zod'
import { useInvalidatingMutation } from '@/lib/admin/crud'
import { invokeFunction } from '@/lib/admin/invoke-function'
import { memberQueryKey, termsQueryKey } from './get-member'

export const reasonSchema = z.string().trim().min(3, 'Give the reason (at least 3 characters).')
  .max(500, 'At most 500 characters.')

export interface StaffChange {
  membershipId: number
  action: 'pause' | 'resume' | 'cancel' | 'undo_cancel'
  months?: number
  reason?: string
  /** One key per confirmed dialog: a retry after a lost answer changes nothing twice. */
  key: string
}

export const changeMembership = ({ membershipId, action, months, reason, key }: StaffChange) =>
  invokeFunction<{ change: { status: string; repeated: boolean } }>(
    'payments/membership-change',
    {
      membership_id: membershipId,
      action,
      ...(months ? { months } : {}),
      ...(reason ? { reason } : {}),
    },
    {
      headers: { 'Idempotency-Key': key },
      fallback: 'The change did not go through. Nothing was changed.',
    },
  )

export const useChangeMembership = () =>
  useInvalidatingMutation(changeMembership, [memberQueryKey, termsQueryKey], { settled: true })

export const refundInvoice = (
  { invoiceId, reason, amountPence }: { invoiceId: number; reason: string; amountPence?: number },
) =>
  invokeFunction<{ refund: { amount_pence: number; status: string } }>('payments/invoice-refund', {
    invoice_id: invoiceId,
    reason: reasonSchema.parse(reason),
    ...(amountPence ? { amount_pence: amountPence } : {}),
  }, { fallback: 'The refund did not go through. Nothing was refunded.' })

export const useRefundInvoice = () =>
  useInvalidatingMutation(refundInvoice, [memberQueryKey], { settled: true })
