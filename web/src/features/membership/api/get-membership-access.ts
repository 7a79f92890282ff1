// What this person may do at a site and what it costs (GET payments/membership): the database's
// queue rule says whether they may set up here (an accepted offer, or free plots and nobody
// waiting) and why not; the function prices each plan's first payment. Signed in, the answer is
// theirs (a claimed offer, a membership they hold); the offer token comes from their offer link.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callFunction } from '@/lib/call-function'
import { supabase } from '@/lib/supabase'
import type { Plan } from './get-plans'

export type AccessReason =
  | 'open'
  | 'offer'
  | 'waiting_list'
  | 'full'
  | 'not_open'
  | 'already_member'
  | 'offer_unanswered'
  | 'offer_used'
  | 'offer_taken'
  | 'offer_closed'

export interface PriceLine {
  name: string
  amount_pence: number
}

/** A plan with what its first payment is made of. */
export interface PricedPlan extends Plan {
  lines: PriceLine[]
  due_today_pence: number
}

export interface MembershipAccess {
  site: { slug: string; city_slug: string; location: string; city: string; status: string }
  access: {
    allowed: boolean
    reason: AccessReason
    message: string | null
    waiting: number
    plots_free: number | null
  }
  offer: {
    status: string
    respond_by: string
    this_site: boolean
    first_name: string
    email: string
    linked_to_other: boolean
    used: boolean
  } | null
  deposit_pence: number
  joining_fee_pence: number
  plans: PricedPlan[]
}

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
