// Booking a welcome slot. Capacity is enforced in the database; a full slot answers 409.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { callFunction } from '@/lib/call-function'
import { welcomeSlotsQueryKey } from './get-welcome-slots'
import { PHONE_PATTERN } from '@common/phone'

export const welcomeSlotSchema = z.object({
  slot_id: z.coerce.number({ invalid_type_error: 'Choose a slot.' }).int().positive(
    'Choose a slot.',
  ),
  name: z.string().trim().min(1, 'Enter your name.').max(200, 'Use at most 200 characters.'),
  email: z.string().trim().min(1, 'Enter your e-mail address.').max(254).email(
    'Enter a valid e-mail address, like name@example.com.',
  ),
  phone: z.string().trim().transform((v) => (v === '' ? undefined : v))
    .pipe(
      z.string().regex(PHONE_PATTERN, 'Enter a valid phone number, like 07700 900123.').optional(),
    ).optional(),
})
export type WelcomeSlotInput = z.infer<typeof welcomeSlotSchema>

export type BookingResult =
  | {
    created: true
    reference: string
    starts_at: string
    location: string
    confirmation_sent: boolean
  }
  | { created: false; confirmation_sent?: boolean }

export function bookWelcomeSlot(input: WelcomeSlotInput): Promise<BookingResult> {
  return callFunction<BookingResult>('bookings', {
    body: {
      type: 'welcome_slot',
      slot_id: input.slot_id,
      name: input.name,
      email: input.email,
      phone: input.phone ?? null,
    },
  })
}

export function useBookWelcomeSlot(site: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: bookWelcomeSlot,
    // Places left change whether the booking went through or the slot filled meanwhile.
    onSettled: () => qc.invalidateQueries({ queryKey: welcomeSlotsQueryKey(site) }),
  })
}
