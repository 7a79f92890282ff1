// The sites a welcome slot may be at: every site that has not closed.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'

export async function getSlotSites(): Promise<
  Array<{ id: number; location: string; city: string }>
> {
  // An archived site takes no new slots (the database refuses them): it is not offered.
  const { data, error } = await supabase().from('global_sites').select('id, location, city').is(
    'archived_at',
    null,
  ).order('location')
  if (error) throw new DbError(error)
  return data ?? []
}

export const slotSitesQueryOptions = () =>
  queryOptions({
    queryKey: ['admin-welcome-slots', 'sites'],
    queryFn: getSlotSites,
    staleTime: 5 * 60_000,
  })
export const useSlotSites = () => useQuery(slotSitesQueryOptions())
