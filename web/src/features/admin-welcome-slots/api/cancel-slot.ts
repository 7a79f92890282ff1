// Cancels a whole welcome slot through the bookings function (action 'cancel_slot'): every
// booked guest is e-mailed (once, whatever is clicked twice) and the places are freed. Admins
// only; the database refuses anyone else.
import { useInvalidatingMutation } from '@/lib/admin/crud'
import { z } from 'zod'
import { invokeFunction } from '@/lib/admin/invoke-function'
import { slotQueryKey } from './get-slot'
import { slotsQueryKey } from './get-slots'

export const cancelSlotSchema = z.object({
  slotId: z.number().int().positive(),
  reason: z.string().trim().max(500, 'At most 500 characters.').transform((
    v,
  ) => (v === '' ? null : v)),
})

export type CancelSlotInput = z.input<typeof cancelSlotSchema>
export interface CancelSlotResult {
  cancelled: boolean
  bookings_cancelled: number
  notified: number
}

export async function cancelSlot(input: CancelSlotInput): Promise<CancelSlotResult> {
  const v = cancelSlotSchema.parse(input)
  return await invokeFunction<CancelSlotResult>('bookings', {
    action: 'cancel_slot',
    slot_id: v.slotId,
    reason: v.reason,
  }, { fallback: 'The welcome slot was not cancelled.' })
}

/** The toast after a cancel: how many guests were told; again on a cancelled slot, how many
 *  e-mails that failed before went now. */
export function cancelSlotMessage(r: CancelSlotResult): string {
  if (!r.cancelled) {
    return r.notified > 0
      ? `${r.notified} more ${r.notified === 1 ? 'guest' : 'guests'} e-mailed`
      : 'This slot was already cancelled: every guest has been told'
  }
  if (r.bookings_cancelled === 0) return 'Welcome slot cancelled: nobody was booked'
  const guests = `${r.bookings_cancelled} ${r.bookings_cancelled === 1 ? 'guest' : 'guests'}`
  return r.notified === r.bookings_cancelled
    ? `Welcome slot cancelled: ${guests} e-mailed`
    : `Welcome slot cancelled: ${r.notified} of ${guests} e-mailed so far`
}

export const useCancelSlot = () =>
  useInvalidatingMutation(cancelSlot, [slotQueryKey, slotsQueryKey], { settled: true })
