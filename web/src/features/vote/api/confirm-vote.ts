// The voter follows the link in their e-mail (/vote?confirm=<token>): the confirm_site_vote RPC
// counts the vote and names the place. Anyone holding the link may confirm; a second time
// changes nothing.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { DbError } from '@/lib/admin/db-error'
import { supabase } from '@/lib/supabase'
import { voteTalliesQueryKey } from './get-vote-tallies'

export const CONFIRM_NOT_FOUND =
  'This confirmation link is not valid any more. Vote again below and we will send a new one.'

export async function confirmVote(token: string): Promise<string> {
  const { data, error } = await supabase().rpc('confirm_site_vote', { p_token: token })
  if (error?.code === 'PT404') throw new Error(CONFIRM_NOT_FOUND)
  if (error) {
    throw new DbError(
      error,
      'We could not confirm your vote just now. Please follow the link again.',
    )
  }
  return data
}

export function useConfirmVote() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: confirmVote,
    // The page reads the list as it confirms. A read still on its way started before the vote
    // counted, and invalidating would only wait for it (a first read is shared, not restarted):
    // it is dropped, and the list read afresh.
    onSettled: async () => {
      await qc.cancelQueries({ queryKey: voteTalliesQueryKey })
      await qc.invalidateQueries({ queryKey: voteTalliesQueryKey })
    },
  })
}
