// Welcome slots by site, upcoming or past, with places booked.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'

export interface Slot { id: number; site_id: number; starts_at: string; duration_minutes: number; capacity: number; booked_count: number; notes: string | null; cancelled_at: string | null; cancel_reason: string | null; site: { location: string; city: string } | null }
export interface SlotFilters { siteId: string; when: 'upcoming' | 'past' }

export const SLOT_COLUMNS = 'id, site_id, starts_at, duration_minutes, capacity, booked_count, notes, cancelled_at, cancel_reason, site:global_sites(location, city)'

export async function getSlots(f: SlotFilters): Promise<Slot[]> {
  let q = supabase().from('welcome_slots').select(SLOT_COLUMNS)
  if (f.siteId) q = q.eq('site_id', Number(f.siteId))
  const now = new Date().toISOString()
  q = f.when === 'upcoming' ? q.gte('starts_at', now).order('starts_at') : q.lt('starts_at', now).order('starts_at', { ascending: false })
  const { data, error } = await q.limit(200)
  if (error) throw new DbError(error, 'The welcome slots could not be loaded.')
  return (data ?? []) as unknown as Slot[]
}

export const slotsQueryKey = ['admin-welcome-slots', 'slots'] as const
export const slotsQueryOptions = (f: SlotFilters) => queryOptions({ queryKey: [...slotsQueryKey, f], queryFn: () => getSlots(f), placeholderData: keepPreviousData })
export const useSlots = (f: SlotFilters) => useQuery(slotsQueryOptions(f))
