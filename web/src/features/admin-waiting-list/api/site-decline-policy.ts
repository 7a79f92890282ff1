// A site's decline rule (global_sites.first_decline_keeps_place): whether an applicant's first
// decline of an offer keeps their place in the queue. Stored with the site, so only admins may
// change it (as the site's other settings); everyone working the site reads it.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { useInvalidatingMutation } from '@/lib/admin/crud'
import { DbError } from '@/lib/admin/db-error'
import { supabase } from '@/lib/supabase'

export const declinePolicyQueryKey = ['admin-waiting-list', 'decline-policy'] as const

export async function getDeclinePolicy(siteId: number): Promise<boolean> {
  const { data, error } = await supabase().from('global_sites').select('first_decline_keeps_place')
    .eq('id', siteId).single()
  if (error) throw new DbError(error, 'The decline rule could not be loaded.')
  return data.first_decline_keeps_place
}

export const useDeclinePolicy = (siteId: number | null) =>
  useQuery(queryOptions({
    queryKey: [...declinePolicyQueryKey, siteId],
    queryFn: () => getDeclinePolicy(siteId!),
    enabled: siteId !== null,
  }))

export async function setDeclinePolicy(
  { siteId, keepsPlace }: { siteId: number; keepsPlace: boolean },
): Promise<boolean> {
  const { data, error } = await supabase().from('global_sites')
    .update({ first_decline_keeps_place: keepsPlace }).eq('id', siteId)
    .select('first_decline_keeps_place')
  if (error) throw new DbError(error, 'The decline rule was not changed.')
  if (!data || data.length === 0) {
    throw new DbError({ code: '42501' }, "Only admins can change a site's decline rule.")
  }
  return data[0]!.first_decline_keeps_place
}

export const useSetDeclinePolicy = () =>
  useInvalidatingMutation(setDeclinePolicy, [declinePolicyQueryKey], { settled: true })
