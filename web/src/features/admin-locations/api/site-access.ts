// How to get into a site (migration 20250121000200_plot_access.sql): its gate code and key
// arrangements, kept out of every public table. Staff of the site read them (rpc site_access; the
// panel of every site they work, staff_site_access) and change them (set_site_access); the
// database refuses anyone else, a patch manager included for a site that is not theirs.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { supabase } from '@/lib/supabase'
import type { ReturnRow } from '@/lib/db-types'

/** The generated types call every column of a `returns table` RPC non-null; these may be null. */
type MayBeNull<T, K extends keyof T> = Omit<T, K> & { [P in K]: T[P] | null }

export type SiteAccess = MayBeNull<
  ReturnRow<'site_access'>,
  'gate_code' | 'key_arrangements' | 'updated_at'
>
export type StaffSiteAccess = MayBeNull<
  ReturnRow<'staff_site_access'>,
  'gate_code' | 'key_arrangements' | 'updated_at' | 'updated_by_name'
>

export const siteAccessSchema = z.object({
  gate_code: z.string().trim().max(40, 'A gate code is at most 40 characters.'),
  key_arrangements: z.string().trim().max(2000, 'Key arrangements are at most 2,000 characters.'),
})
export type SiteAccessInput = z.infer<typeof siteAccessSchema>

export async function getSiteAccess(siteId: number): Promise<SiteAccess> {
  const { data, error } = await supabase().rpc('site_access', { p_site_id: siteId })
  if (error) throw new Error(error.message)
  const row = data[0]
  if (!row) throw new Error('There is no such site.')
  return row
}

export async function getStaffSiteAccess(): Promise<StaffSiteAccess[]> {
  const { data, error } = await supabase().rpc('staff_site_access')
  if (error) throw new Error(error.message)
  return data
}

export const siteAccessQueryKey = ['site-access'] as const

export const siteAccessQueryOptions = (siteId: number) =>
  queryOptions({ queryKey: [...siteAccessQueryKey, siteId], queryFn: () => getSiteAccess(siteId) })

export const staffSiteAccessQueryOptions = () =>
  queryOptions({ queryKey: [...siteAccessQueryKey, 'all'], queryFn: getStaffSiteAccess })

export const useSiteAccess = (siteId: number) => useQuery(siteAccessQueryOptions(siteId))
export const useStaffSiteAccess = () => useQuery(staffSiteAccessQueryOptions())

export async function setSiteAccess(siteId: number, input: SiteAccessInput): Promise<SiteAccess> {
  const { data, error } = await supabase().rpc('set_site_access', {
    p_site_id: siteId,
    p_gate_code: input.gate_code,
    p_key_arrangements: input.key_arrangements,
  })
  if (error) throw new Error(error.message)
  const row = data[0]
  if (!row) throw new Error('The site was not found.')
  return row
}

export function useSetSiteAccess(siteId: number) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: SiteAccessInput) => setSiteAccess(siteId, input),
    onSettled: () => qc.invalidateQueries({ queryKey: siteAccessQueryKey }),
  })
}
