// A member's co-worker: the invitation goes through the plot-access function (which e-mails the
// link), withdrawing an invitation or removing a co-worker (or a co-worker leaving) is the RPC
// end_co_worker. The rules (one per membership, who may) are the database's.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { callFunction, FunctionError } from '@/lib/call-function'
import { supabase } from '@/lib/supabase'
import { bearer } from './get-membership-access'
import { plotAccessQueryKey } from './get-plot-access'

export const inviteSchema = z.object({
  name: z.string().trim().max(100, 'Keep the name to 100 characters.').optional(),
  email: z.string().trim().min(1, "Enter your co-worker's e-mail address.").max(
    254,
    'Use at most 254 characters.',
  ).email('Enter a valid e-mail address, like name@example.com.'),
})
export type InviteInput = z.infer<typeof inviteSchema>

export async function inviteCoWorker(membershipId: number, input: InviteInput) {
  const auth = await bearer()
  if (!auth.authorization) {
    throw new FunctionError(401, 'unauthorized', 'Sign in to name a co-worker.')
  }
  return await callFunction<{ co_worker: { id: number; email: string; expires_at: string } }>(
    'plot-access',
    {
      body: {
        action: 'invite',
        membership_id: membershipId,
        email: input.email,
        name: input.name || null,
      },
      headers: auth,
    },
  )
}

export function useInviteCoWorker(membershipId: number) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: InviteInput) => inviteCoWorker(membershipId, input),
    onSettled: () => qc.invalidateQueries({ queryKey: plotAccessQueryKey }),
  })
}

export async function endCoWorker(coWorkerId: number): Promise<string> {
  const { data, error } = await supabase().rpc('end_co_worker', { p_co_worker_id: coWorkerId })
  if (error) throw new Error(error.message)
  return data[0]?.status ?? 'removed'
}

export function useEndCoWorker() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: endCoWorker,
    onSettled: () => qc.invalidateQueries({ queryKey: plotAccessQueryKey }),
  })
}
