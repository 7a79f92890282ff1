// What this person may do at a site and what it costs (GET payments/membership): the database's
// queue rule says whether they may set up here (an accepted offer, or free plots and nobody
// waiting) and why not; the function prices each plan's first payment. Signed in, the answer is
// theirs (a claimed offer, a membership they hold); the offer token comes from their offer link.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callFunction } from '@/lib/call-function'
import { supabase } from '@/lib/supabase'
import type { MembershipAccess } from '@common/membership-access'

/** The signed-in user's access token, for calls that answer per person. */
export async function bearer(): Promise<Record<string, string>> {
  const { data } = await supabase().auth.getSession()
  return data.session ? { authorization: `Bearer ${data.session.access_token}` } : {}
}

export async function getMembershipAccess(
  site: string,
  offer: string | null,
): Promise<MembershipAccess> {
  return await callFunction<MembershipAccess>('payments/membership', {
    query: { site, ...(offer ? { offer } : {}) },
    headers: await bearer(),
  })
}

export const membershipAccessQueryKey = ['membership-access'] as const

export const membershipAccessQueryOptions = (
  site: string,
  offer: string | null,
  userId: string | null,
) =>
  queryOptions({
    queryKey: [...membershipAccessQueryKey, site, offer, userId],
    queryFn: () => getMembershipAccess(site, offer),
    enabled: site.length > 0,
  })

export function useMembershipAccess(
  site: string,
  offer: string | null,
  userId: string | null,
  enabled = true,
) {
  // Signing in changes the key: keep showing the last answer meanwhile, so the page (and the plan
  // chosen on it) stays put.
  return useQuery({
    ...membershipAccessQueryOptions(site, offer, userId),
    enabled: enabled && site.length > 0,
    placeholderData: (prev, prevQuery) => (prevQuery?.queryKey[1] === site ? prev : undefined),
  })
}
