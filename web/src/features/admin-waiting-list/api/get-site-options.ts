// The sites the caller may work: every site for admins; a patch manager's own sites
// (patch_manager_sites). The database's current_staff_role() decides which.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'
import type { Row } from '@/lib/db-types'

export type SiteOption = Pick<Row<'global_sites'>, 'id' | 'location' | 'city' | 'status'>
export interface SiteOptions {
  role: string | null
  sites: SiteOption[]
}

export async function getSiteOptions(): Promise<SiteOptions> {
  const db = supabase()
  const role = await db.rpc('current_staff_role')
  if (role.error) throw new DbError(role.error)
  if (role.data === null) throw new DbError({ code: '42501' })
  if (role.data === 'patch_manager') {
    const { data, error } = await db.from('patch_manager_sites').select(
      'site:global_sites(id, location, city, status)',
    )
    if (error) throw new DbError(error)
    const sites = data.flatMap((r) => (r.site ? [r.site] : []))
    return { role: role.data, sites: sites.sort((a, b) => a.location.localeCompare(b.location)) }
  }
  const { data, error } = await db.from('global_sites').select('id, location, city, status').order(
    'location',
  )
  if (error) throw new DbError(error)
  return { role: role.data, sites: data ?? [] }
}

export const siteOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin-waiting-list', 'site-options'],
    queryFn: getSiteOptions,
    staleTime: 5 * 60_000,
  })

export const useSiteOptions = () => useQuery(siteOptionsQueryOptions())
