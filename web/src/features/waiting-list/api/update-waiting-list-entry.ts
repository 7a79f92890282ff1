// Updating one's own contact details by private reference (rpc update_waiting_list_entry).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { restRpc } from '@/lib/sites/rest'
import { positionQueryKey } from './get-waiting-list-position'
import { PHONE_PATTERN } from '@common/phone'

/** A blank optional field is left out. */
const optional = (schema: z.ZodString) =>
  z.string().trim().transform((v) => (v === '' ? undefined : v)).pipe(schema.optional()).optional()

export const updateDetailsSchema = z.object({
  first_name: optional(z.string().trim().max(100, 'Use at most 100 characters.')),
  last_name: optional(z.string().trim().max(100, 'Use at most 100 characters.')),
  phone: optional(
    z.string().trim().regex(PHONE_PATTERN, 'Enter a valid phone number, like 07700 900123.'),
  ),
  postcode: optional(
    z.string().trim().regex(
      /^[a-z]{1,2}[0-9][a-z0-9]? ?[0-9][a-z]{2}$/i,
      'Enter a valid UK postcode, like BA1 6QE.',
    ),
  ),
}).refine((v) => Object.values(v).some((x) => x !== undefined), {
  message: 'Change at least one detail.',
  path: ['_form'],
})
export type UpdateDetailsInput = z.infer<typeof updateDetailsSchema>

export async function updateWaitingListEntry(
  reference: string,
  input: UpdateDetailsInput,
): Promise<boolean> {
  return await restRpc<boolean>('update_waiting_list_entry', {
    p_reference: reference,
    p_first_name: input.first_name ?? null,
    p_last_name: input.last_name ?? null,
    p_phone: input.phone ?? null,
    p_postcode: input.postcode ? input.postcode.toUpperCase() : null,
  })
}

export function useUpdateWaitingListEntry(reference: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: UpdateDetailsInput) => updateWaitingListEntry(reference, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: positionQueryKey(reference) }),
  })
}
