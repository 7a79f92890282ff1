// The sites whose plots the caller keeps: every site for admins, a patch manager's own
// (patch_manager_sites, which RLS shows them). The same sites can_work_site lets them change.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { DbError } from '@/lib/admin/db-error'
import type { Row } from '@/lib/db-types'
import { supabase } from '@/lib/supabase'

export type PlotSite = Pick<Row<'global_sites'>, 'id' | 'location' | 'city' | 'slug'>

export async function getPlotSites(): Promise<PlotSite[]> {
  const db = supabase()
  // All three at once (one round trip on a slow phone); the role says which list is theirs.
  const [role, managed, all] = await Promise.all([
    db.rpc('current_staff_role'),
    db.from('patch_manager_sites').select('site:global_sites(id, location, city, slug)'),
    db.from('global_sites').select('id, location, city, slug').is('archived_at', null),
  ])
  if (role.error || role.data === null) throw new DbError(role.error ?? { code: '42501' })
  const mine = role.data === 'patch_manager'
  const error = mine ? managed.error : all.error
  if (error) throw new DbError(error, 'The sites could not be loaded.')
  const sites = mine
    ? (managed.data ?? []).flatMap((x) => (x.site ? [x.site] : []))
    : all.data ?? []
  return sites.sort((a, b) => a.location.localeCompare(b.location))
}

export const plotSitesQueryOptions = () =>
  queryOptions({ queryKey: ['admin-plots', 'sites'], queryFn: getPlotSites, staleTime: 5 * 60_000 })

export const usePlotSites = () => useQuery(plotSitesQueryOptions())
