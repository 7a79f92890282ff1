// Sites to send to and to filter the log by.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'

export async function getCommsSites(): Promise<
  Array<{ id: number; location: string; city: string }>
> {
  const { data, error } = await supabase().from('global_sites').select('id, location, city').order(
    'location',
  )
  if (error) throw new DbError(error)
  return data ?? []
}

export const commsSitesQueryOptions = () =>
  queryOptions({
    queryKey: ['admin-comms', 'sites'],
    queryFn: getCommsSites,
    staleTime: 5 * 60_000,
  })
export const useCommsSites = () => useQuery(commsSitesQueryOptions())
