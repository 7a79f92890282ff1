// The sites the signed-in member of staff inspects (admins: every site with plots; patch managers:
// theirs, as inspection_sites decides), each with its pass mark.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import type { ReturnRow } from '@/lib/db-types'

export type InspectionSite = ReturnRow<'inspection_sites'>

export async function getInspectionSites(): Promise<InspectionSite[]> {
  const { data, error } = await supabase().rpc('inspection_sites')
  if (error) throw new Error(error.message)
  return data
}

export const inspectionSitesQueryOptions = () =>
  queryOptions({
    queryKey: ['inspection-sites'],
    queryFn: getInspectionSites,
    staleTime: 10 * 60_000,
  })

export function useInspectionSites() {
  return useQuery(inspectionSitesQueryOptions())
}
