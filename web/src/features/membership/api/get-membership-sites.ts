// Every site and what a new visitor may do there now (GET payments/membership-sites): set up
// directly (open), join the waiting list (waiting_list, full) or pre-register (not_open); with
// the deposit and joining fee every membership pays once.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callFunction } from '@/lib/call-function'

export interface MembershipSite {
  slug: string
  reason: 'open' | 'waiting_list' | 'full' | 'not_open'
  waiting: number
  plots_free: number | null
}

export interface MembershipSites {
  deposit_pence: number
  joining_fee_pence: number
  sites: MembershipSite[]
}

export const getMembershipSites = () => callFunction<MembershipSites>('payments/membership-sites')

export const membershipSitesQueryOptions = () =>
  queryOptions({ queryKey: ['membership-sites'], queryFn: getMembershipSites, staleTime: 30_000 })

export function useMembershipSites() {
  return useQuery(membershipSitesQueryOptions())
}
