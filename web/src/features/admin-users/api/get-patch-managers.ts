// Patch managers with the sites each manages, and every site to choose from.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'

export interface PatchManager {
  id: string
  full_name: string | null
  email: string | null
  siteIds: number[]
}
export interface PatchManagersData {
  managers: PatchManager[]
  sites: Array<{ id: number; location: string; city: string }>
}

export async function getPatchManagers(): Promise<PatchManagersData> {
  const db = supabase()
  const role = await db.from('roles').select('id').eq('name', 'patch_manager').single()
  if (role.error) throw new DbError(role.error)
  const [people, links, sites] = await Promise.all([
    db.from('profiles').select('id, full_name, email').eq('role_id', role.data.id).order('email'),
    db.from('patch_manager_sites').select('user_id, site_id'),
    db.from('global_sites').select('id, location, city').order('location'),
  ])
  for (const r of [people, links, sites]) {
    if (r.error) throw new DbError(r.error, 'The patch managers could not be loaded.')
  }
  const bySite = new Map<string, number[]>()
  for (const l of links.data ?? []) {
    bySite.set(l.user_id, [...(bySite.get(l.user_id) ?? []), l.site_id])
  }
  return {
    managers: (people.data ?? []).map((p) => ({ ...p, siteIds: bySite.get(p.id) ?? [] })),
    sites: sites.data ?? [],
  }
}

export const patchManagersQueryKey = ['admin-users', 'patch-managers'] as const
export const patchManagersQueryOptions = () =>
  queryOptions({ queryKey: patchManagersQueryKey, queryFn: getPatchManagers })
export const usePatchManagers = () => useQuery(patchManagersQueryOptions())
