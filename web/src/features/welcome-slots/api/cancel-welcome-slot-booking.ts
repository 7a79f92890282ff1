// A guest cancels their own welcome slot booking with the private reference from their
// confirmation e-mail (the bookings function, action 'cancel'). No live booking → 404.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { callFunction } from '@/lib/call-function'

export const bookingReferenceSchema = z.string().regex(
  /^[0-9a-f]{32}$/,
  'This cancel link is not complete: open it from your e-mail again.',
)

export function cancelWelcomeSlotBooking(reference: string): Promise<{ cancelled: true }> {
  const ref = bookingReferenceSchema.parse(reference)
  return callFunction<{ cancelled: true }>('bookings', {
    body: { action: 'cancel', type: 'welcome_slot', reference: ref },
  })
}

export function useCancelWelcomeSlotBooking() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: cancelWelcomeSlotBooking,
    // A place has freed up: slot lists show it.
    onSettled: () => qc.invalidateQueries({ queryKey: ['welcome-slots'] }),
  })
}
