// Cancels a booking (the place frees up: a trigger keeps the slot's count). Admins may update
// bookings; the bookings function has no staff cancellation with an e-mail yet, so the guest
// is not notified from here (the screen says so).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'
import { slotQueryKey } from './get-slot'
import { slotsQueryKey } from './get-slots'

export async function cancelBooking(id: number): Promise<void> {
  const { data, error } = await supabase().from('welcome_slot_bookings').update({ status: 'cancelled' }).eq('id', id).eq('status', 'booked').select('id')
  if (error) throw new DbError(error, 'The booking was not cancelled.')
  if (!data || data.length === 0) throw new DbError({ code: '42501' })
}

export function useCancelBooking() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: cancelBooking,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: slotQueryKey })
      await qc.invalidateQueries({ queryKey: slotsQueryKey })
    },
  })
}
