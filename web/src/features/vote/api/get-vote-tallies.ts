// Votes per place for a new site (never who voted): the get_site_vote_tallies RPC.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { DbError } from '@/lib/admin/db-error'
import { supabase } from '@/lib/supabase'

export interface VoteTally {
  location_name: string
  votes: number
}

export const voteTalliesQueryKey = ['site-vote-tallies'] as const

export async function getVoteTallies(): Promise<VoteTally[]> {
  const { data, error } = await supabase().rpc('get_site_vote_tallies')
  if (error) throw new DbError(error, 'We could not load the votes just now.')
  return (data ?? []).map((r) => ({ location_name: r.location_name, votes: Number(r.votes) }))
}

export const voteTalliesQueryOptions = () =>
  queryOptions({ queryKey: voteTalliesQueryKey, queryFn: getVoteTallies, staleTime: 10_000 })

export function useVoteTallies() {
  return useQuery(voteTalliesQueryOptions())
}
