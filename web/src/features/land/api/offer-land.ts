// A landowner's offer of land, stored for staff only (anon may insert, nobody but admins read).
// Each filled-in form carries a submission key: a form sent twice (double click, a retried
// request) is one row, because the database refuses the key a second time.
import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'
import { DbError } from '@/lib/admin/db-error'
import { supabase } from '@/lib/supabase'
import { PHONE_PATTERN } from '@common/phone'

const optional = <T extends z.ZodTypeAny>(inner: T) =>
  z.string().trim().transform((v) => (v === '' ? undefined : v)).pipe(inner.optional()).optional()

export const landOfferSchema = z.object({
  name: z.string().trim().min(1, "Enter your name or your organisation's.").max(
    200,
    'Use at most 200 characters.',
  ),
  email: z.string().trim().min(1, 'Enter your e-mail address.').max(
    254,
    'Use at most 254 characters.',
  )
    .email('Enter a valid e-mail address, like name@example.com.'),
  phone: optional(
    z.string().regex(
      PHONE_PATTERN,
      'Enter a valid phone number, like 07700 900123, or leave it empty.',
    ),
  ),
  location: z.string().trim().min(1, 'Tell us where the land is: a town, village or postcode.').max(
    300,
    'Use at most 300 characters.',
  ),
  acreage: optional(
    z.coerce.number({ invalid_type_error: 'Enter the size in acres as a number, like 4.5.' })
      .positive('Enter a size above 0 acres.').max(10000, 'Enter at most 10,000 acres.')
      .refine((n) => Math.round(n * 100) === n * 100, 'Use at most two decimal places.'),
  ),
  description: optional(z.string().max(5000, 'Use at most 5,000 characters.')),
})
export type LandOfferInput = z.infer<typeof landOfferSchema>

export const NOT_ACCEPTED = 'We could not accept this offer: check the details and try again.'

export async function offerLand(input: LandOfferInput, submissionKey: string): Promise<void> {
  const { error } = await supabase().from('land_offers').insert({
    name: input.name,
    email: input.email,
    phone: input.phone ?? null,
    location: input.location,
    acreage: input.acreage ?? null,
    description: input.description ?? null,
    submission_key: submissionKey,
  })
  // The same submission already arrived (a resent request): it is stored once, which is success.
  if (error && error.code === '23505') return
  if (error?.code === '23514') throw new Error(NOT_ACCEPTED)
  if (error) throw new DbError(error, 'We could not send your offer. Please try again.')
}

export function useOfferLand() {
  return useMutation({
    mutationFn: ({ input, key }: { input: LandOfferInput; key: string }) => offerLand(input, key),
  })
}
