// The preview of an offer round: the next `count` waiting applicants at a site, in queue
// order (joined_at, id), exactly the order make_plot_offers uses, within the round's category
// and plot size when it has them (as make_plot_offers chooses: the size, any, or not stated).
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

export interface Target {
  categoryId?: number | null
  plotSize?: 'half' | 'full' | null
}

export async function getNextApplicants(
  siteId: number,
  count: number,
  target: Target = {},
): Promise<Applicant[]> {
  let q = supabase().from('waiting_list_entries')
    .select('id, first_name, last_name, email, joined_at, reference')
    .eq('site_id', siteId).eq('status', 'waiting')
  if (target.categoryId) q = q.eq('category_id', target.categoryId)
  if (target.plotSize) {
    q = q.or(
      `plot_size_preference.is.null,plot_size_preference.in.(${target.plotSize},any)`,
    )
  }
  const { data, error } = await q.order('joined_at').order('id').limit(count)
  if (error) throw new DbError(error, 'The preview could not be loaded.')
  return data ?? []
}

export const nextApplicantsQueryKey = ['admin-waiting-list', 'next-applicants'] as const

export const nextApplicantsQueryOptions = (
  siteId: number | null,
  count: number,
  target: Target = {},
) =>
  queryOptions({
    queryKey: [
      ...nextApplicantsQueryKey,
      siteId,
      count,
      target.categoryId ?? null,
      target.plotSize ?? null,
    ],
    queryFn: () => getNextApplicants(siteId!, count, target),
    enabled: siteId !== null && count >= 1,
  })

export const useNextApplicants = (siteId: number | null, count: number, target: Target = {}) =>
  useQuery(nextApplicantsQueryOptions(siteId, count, target))
