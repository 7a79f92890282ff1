// One welcome slot with its bookings (admins read bookings; RLS hides them from anyone else).
import { queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'
import { SLOT_COLUMNS } from './get-slots'

export type Booking = Awaited<ReturnType<typeof getSlot>>['bookings'][number]

export async function getSlot(id: number) {
  const db = supabase()
  const [slot, bookings] = await Promise.all([
    db.from('welcome_slots').select(SLOT_COLUMNS).eq('id', id).maybeSingle(),
    db.from('welcome_slot_bookings').select('id, name, email, phone, status, created_at').eq(
      'slot_id',
      id,
    ).order('created_at'),
  ])
  if (slot.error) throw new DbError(slot.error)
  if (bookings.error) throw new DbError(bookings.error)
  return { slot: slot.data, bookings: bookings.data ?? [] }
}

export const slotQueryKey = ['admin-welcome-slots', 'slot'] as const
export const slotQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...slotQueryKey, id], queryFn: () => getSlot(id) })
export const useSlot = (id: number) => useQuery(slotQueryOptions(id))
