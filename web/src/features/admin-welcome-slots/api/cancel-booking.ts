// Cancels one booking through the bookings function (action 'cancel_booking'): the place frees
// up and the guest is e-mailed (once). Admins only; the database refuses anyone else.
import { useInvalidatingMutation } from '@/lib/admin/crud'
import { invokeFunction } from '@/lib/admin/invoke-function'
import { slotQueryKey } from './get-slot'
import { slotsQueryKey } from './get-slots'

export interface CancelBookingResult {
  cancelled: boolean
  notified: number
}

export async function cancelBooking(id: number): Promise<CancelBookingResult> {
  return await invokeFunction<CancelBookingResult>('bookings', {
    action: 'cancel_booking',
    booking_id: id,
  }, { fallback: 'The booking was not cancelled.' })
}

export const useCancelBooking = () =>
  useInvalidatingMutation(cancelBooking, [slotQueryKey, slotsQueryKey], { settled: true })
