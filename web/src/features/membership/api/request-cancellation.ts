// A member asks to cancel an active membership, with a reason (rpc request_membership_cancellation).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { supabase } from '@/lib/supabase'
import { myAccountQueryKey } from './get-my-membership'

export const cancellationSchema = z.object({
  membership_id: z.coerce.number({ invalid_type_error: 'Choose the membership to cancel.' }).int()
    .positive('Choose the membership to cancel.'),
  reason: z.string().trim().min(3, 'Tell us briefly why you are leaving.').max(
    2000,
    'Keep it under 2000 characters.',
  ),
})
export type CancellationInput = z.infer<typeof cancellationSchema>

export async function requestCancellation(input: CancellationInput) {
  const { data, error } = await supabase().rpc('request_membership_cancellation', {
    p_membership_id: input.membership_id,
    p_reason: input.reason,
  })
  if (error) throw new Error(error.message)
  return data
}

export function useRequestCancellation() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: requestCancellation,
    onSuccess: () => qc.invalidateQueries({ queryKey: myAccountQueryKey }),
  })
}
