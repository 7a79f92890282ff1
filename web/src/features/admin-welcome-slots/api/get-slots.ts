// Welcome slots by site, upcoming or past, open or cancelled, with places booked: one page at
// a time (the database counts them all).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'

export type Slot = Awaited<ReturnType<typeof getSlots>>['rows'][number]
export interface SlotFilters {
  siteId: string
  when: 'upcoming' | 'past'
  status: 'all' | 'open' | 'cancelled'
}

export const SLOT_COLUMNS =
  'id, site_id, starts_at, duration_minutes, capacity, booked_count, notes, cancelled_at, cancel_reason, site:global_sites(location, city)'
export const SLOTS_PAGE_SIZE = 25

export async function getSlots(f: SlotFilters, page = 0) {
  let q = supabase().from('welcome_slots').select(SLOT_COLUMNS, { count: 'exact' })
  if (f.siteId) q = q.eq('site_id', Number(f.siteId))
  if (f.status === 'open') q = q.is('cancelled_at', null)
  if (f.status === 'cancelled') q = q.not('cancelled_at', 'is', null)
  const now = new Date().toISOString()
  q = f.when === 'upcoming'
    ? q.gte('starts_at', now).order('starts_at')
    : q.lt('starts_at', now).order('starts_at', { ascending: false })
  const from = page * SLOTS_PAGE_SIZE
  const { data, error, count } = await q.order('id').range(from, from + SLOTS_PAGE_SIZE - 1)
  if (error) throw new DbError(error, 'The welcome slots could not be loaded.')
  return { rows: data ?? [], total: count ?? 0 }
}

export const slotsQueryKey = ['admin-welcome-slots', 'slots'] as const
export const slotsQueryOptions = (f: SlotFilters, page = 0) =>
  queryOptions({
    queryKey: [...slotsQueryKey, f, page],
    queryFn: () => getSlots(f, page),
    placeholderData: keepPreviousData,
  })
export const useSlots = (f: SlotFilters, page = 0) => useQuery(slotsQueryOptions(f, page))
