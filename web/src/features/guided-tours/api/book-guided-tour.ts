// Booking places on a guided tour (1 to 10 people); capacity is enforced in the database.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { callFunction } from '@/lib/call-function'
import { PHONE_PATTERN } from '@common/phone'

export const guidedTourSchema = z.object({
  tour_id: z.coerce.number({ invalid_type_error: 'Choose a tour.' }).int().positive(
    'Choose a tour.',
  ),
  name: z.string().trim().min(1, 'Enter your name.').max(200, 'Use at most 200 characters.'),
  email: z.string().trim().min(1, 'Enter your e-mail address.').max(254).email(
    'Enter a valid e-mail address, like name@example.com.',
  ),
  phone: z.string().trim().transform((v) => (v === '' ? undefined : v))
    .pipe(
      z.string().regex(PHONE_PATTERN, 'Enter a valid phone number, like 07700 900123.').optional(),
    ).optional(),
  party_size: z.coerce.number().int('Whole people only.').min(1, 'At least 1 person.').max(
    10,
    'At most 10 people per booking.',
  ),
  wants_membership: z.boolean().default(false),
})
export type GuidedTourInput = z.infer<typeof guidedTourSchema>

export function bookGuidedTour(input: GuidedTourInput) {
  return callFunction<
    { created: boolean; reference?: string; starts_at?: string; location?: string }
  >('bookings', {
    body: { type: 'guided_tour', ...input, phone: input.phone ?? null },
  })
}

export function useBookGuidedTour(site: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: bookGuidedTour,
    onSettled: () => qc.invalidateQueries({ queryKey: ['guided-tours', site] }),
  })
}
