// The page an invitation e-mail's link opens (/members/co-worker?invitation=<token>): what the
// invitation is (rpc co_worker_invitation, which anyone holding the token may read), and accepting
// it, signed in with the invited address, through the plot-access function (which tells the
// member by e-mail).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { callFunction, FunctionError } from '@/lib/call-function'
import { supabase } from '@/lib/supabase'
import type { ReturnRow } from '@/lib/db-types'
import { bearer } from './get-membership-access'
import { plotAccessQueryKey } from './get-plot-access'

/** A token as the e-mail's link carries it. */
export const INVITATION_TOKEN = /^[0-9a-f]{48}$/

export type Invitation =
  & Omit<ReturnRow<'co_worker_invitation'>, 'name' | 'plot_number' | 'status'>
  & {
    name: string | null
    plot_number: string | null
    status: 'invited' | 'accepted' | 'withdrawn' | 'removed' | 'expired'
  }

const STATUSES = ['invited', 'accepted', 'withdrawn', 'removed', 'expired'] as const
const statusOf = (s: string): Invitation['status'] => STATUSES.find((x) => x === s) ?? 'expired'

export async function getInvitation(token: string): Promise<Invitation> {
  const { data, error } = await supabase().rpc('co_worker_invitation', { p_token: token })
  if (error) throw new Error(error.message)
  const row = data[0]
  if (!row) throw new Error('This invitation link is not valid.')
  return { ...row, status: statusOf(row.status) }
}

export const invitationQueryKey = ['co-worker-invitation'] as const

/** Read again per signed-in user: `mine` says whether the reader accepted it. */
export const invitationQueryOptions = (token: string, userId: string | null) =>
  queryOptions({
    queryKey: [...invitationQueryKey, token, userId],
    queryFn: () => getInvitation(token),
    enabled: INVITATION_TOKEN.test(token),
    retry: false,
  })

export const useInvitation = (token: string, userId: string | null) =>
  useQuery(invitationQueryOptions(token, userId))

export async function acceptInvitation(token: string) {
  const auth = await bearer()
  if (!auth.authorization) {
    throw new FunctionError(
      401,
      'unauthorized',
      'Sign in or create an account to accept the invitation.',
    )
  }
  return await callFunction<{ accepted: { co_worker_id: number; membership_id: number } }>(
    'plot-access',
    {
      body: { action: 'accept', token },
      headers: auth,
    },
  )
}

export function useAcceptInvitation(token: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: () => acceptInvitation(token),
    onSuccess: async () => {
      // A read still in flight would keep the answer from before accepting: cancel, then read again.
      await qc.cancelQueries({ queryKey: invitationQueryKey })
      await qc.cancelQueries({ queryKey: plotAccessQueryKey })
      await Promise.all([
        qc.invalidateQueries({ queryKey: invitationQueryKey }),
        qc.invalidateQueries({ queryKey: plotAccessQueryKey }),
      ])
    },
  })
}
