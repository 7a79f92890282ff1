// The preview of an offer round: the next `count` waiting applicants at a site, in queue
// order (joined_at, id), exactly the order make_plot_offers uses.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'

export interface Applicant {
  id: number
  first_name: string
  last_name: string
  email: string
  joined_at: string
  reference: string
}

export async function getNextApplicants(siteId: number, count: number): Promise<Applicant[]> {
  const { data, error } = await supabase().from('waiting_list_entries')
    .select('id, first_name, last_name, email, joined_at, reference')
    .eq('site_id', siteId).eq('status', 'waiting')
    .order('joined_at').order('id').limit(count)
  if (error) throw new DbError(error, 'The preview could not be loaded.')
  return data ?? []
}

export const nextApplicantsQueryKey = ['admin-waiting-list', 'next-applicants'] as const

export const nextApplicantsQueryOptions = (siteId: number | null, count: number) =>
  queryOptions({
    queryKey: [...nextApplicantsQueryKey, siteId, count],
    queryFn: () => getNextApplicants(siteId!, count),
    enabled: siteId !== null && count >= 1,
  })

export const useNextApplicants = (siteId: number | null, count: number) =>
  useQuery(nextApplicantsQueryOptions(siteId, count))
