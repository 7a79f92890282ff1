// The inspection rules' numbers for the subscription agreement (public): the pass mark (and the
// sites that set their own), the days a warning gives, the notice. The database's settings own them.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'

export interface InspectionTerms {
  pass_mark: number
  warning_days: number
  notice_months: number
  site_pass_marks: { site_id: number; location: string; pass_mark: number }[]
}

export async function getInspectionTerms(): Promise<InspectionTerms> {
  const { data, error } = await supabase().rpc('inspection_terms')
  if (error) throw new Error(error.message)
  return data as unknown as InspectionTerms
}

export const inspectionTermsQueryOptions = () =>
  queryOptions({
    queryKey: ['inspection-terms'],
    queryFn: getInspectionTerms,
    staleTime: 10 * 60_000,
  })

export function useInspectionTerms() {
  return useQuery(inspectionTermsQueryOptions())
}
