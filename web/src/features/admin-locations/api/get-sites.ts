// For the admin list: every stored site by id, each with its live
// waiting-list length (0 when none). A failed count leaves the counts out, not the sites.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'
import type { Site } from './site-schema'

export async function getSites(): Promise<Site[]> {
  const client = supabase()
  const { data, error } = await client.from('global_sites').select('*').order('id', {
    ascending: true,
  })
  if (error) throw new DbError(error, 'The sites could not be loaded.')
  const sites = (data ?? []) as Site[]
  if (sites.length === 0) return sites
  const counts = await client.rpc('get_waiting_list_counts', {
    location_names: sites.map((s) => s.location),
  })
  if (counts.error) return sites
  const byName = new Map(counts.data.map((r) => [r.location, Number(r.count)]))
  return sites.map((s) => ({ ...s, waiting_list_count: byName.get(s.location) ?? 0 }))
}

export const sitesQueryKey = ['admin-locations', 'sites'] as const

export const sitesQueryOptions = () => queryOptions({ queryKey: sitesQueryKey, queryFn: getSites })

export const useSites = () => useQuery(sitesQueryOptions())
