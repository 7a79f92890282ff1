// The holder (or co-worker) answers an inspection in their own words: a row of
// plot_inspection_replies, which RLS lets them write only for their plot's inspections, in their
// own name; 1 to 2,000 characters (the table's check).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { supabase } from '@/lib/supabase'
import { myInspectionsQueryKey } from './get-inspections'

export const replySchema = z.object({
  body: z.string().trim().min(1, 'Write your reply first.').max(
    2000,
    'Keep your reply to 2,000 characters.',
  ),
})
export type ReplyInput = z.infer<typeof replySchema>

export async function replyToInspection(inspectionId: string, userId: string, input: ReplyInput) {
  const { error } = await supabase()
    .from('plot_inspection_replies')
    .insert({ inspection_id: inspectionId, author_id: userId, body: input.body })
  if (error) throw new Error(error.message)
}

export function useReplyToInspection(userId: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ inspectionId, input }: { inspectionId: string; input: ReplyInput }) =>
      replyToInspection(inspectionId, userId, input),
    onSettled: () => qc.invalidateQueries({ queryKey: myInspectionsQueryKey(userId) }),
  })
}
