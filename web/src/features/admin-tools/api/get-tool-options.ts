// What the tools can point at: every site (with its campaign-list id) and the places that
// have a waiting list but no site yet.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'

export interface ToolOptions {
  sites: Array<{ id: number; location: string; city: string; ac_id: string | null }>
  places: string[]
}

export async function getToolOptions(): Promise<ToolOptions> {
  const db = supabase()
  const [sites, places] = await Promise.all([
    db.from('global_sites').select('id, location, city, ac_id').order('location'),
    db.from('waiting_list_entries').select('location').is('site_id', null).in('status', [
      'waiting',
      'offered',
    ]).limit(5000),
  ])
  if (sites.error) throw new DbError(sites.error)
  if (places.error) throw new DbError(places.error)
  return {
    sites: sites.data ?? [],
    places: [...new Set((places.data ?? []).map((p) => p.location))].sort(),
  }
}

export const toolOptionsQueryOptions = () =>
  queryOptions({ queryKey: ['admin-tools', 'options'], queryFn: getToolOptions })
export const useToolOptions = () => useQuery(toolOptionsQueryOptions())
