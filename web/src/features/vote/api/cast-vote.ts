// A vote for where a new site should open: one per e-mail per place. The database keeps that
// rule (a unique index on the place and the e-mail, both compared trimmed and lowercased); a
// second vote comes back as { created: false } for a friendly message, never an error page.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { DbError } from '@/lib/admin/db-error'
import { supabase } from '@/lib/supabase'
import { voteTalliesQueryKey } from './get-vote-tallies'

const POSTCODE = /^[a-z]{1,2}[0-9][a-z0-9]? ?[0-9][a-z]{2}$/i

export const voteSchema = z.object({
  location_name: z.string().trim().min(1, 'Enter the town or area you would like a site in.').max(200, 'Use at most 200 characters.')
    .regex(/^[^<>{}\\]*$/, 'Use letters, numbers and ordinary punctuation only.'),
  email: z.string().trim().min(1, 'Enter your e-mail address.').max(254, 'Use at most 254 characters.')
    .email('Enter a valid e-mail address, like name@example.com.'),
  postcode: z.string().trim().transform((v) => (v === '' ? undefined : v.toUpperCase()))
    .pipe(z.string().regex(POSTCODE, 'Enter a UK postcode, like BA1 1AA, or leave it empty.').optional()).optional(),
})
export type VoteInput = z.infer<typeof voteSchema>

export const NOT_ACCEPTED = 'We could not accept this vote: check the place and e-mail address and try again.'

export type VoteResult = { created: boolean; location_name: string }

export async function castVote(input: VoteInput): Promise<VoteResult> {
  const { error } = await supabase().from('site_votes').insert({
    location_name: input.location_name, email: input.email, postcode: input.postcode ?? null,
  })
  if (error && error.code === '23505') return { created: false, location_name: input.location_name }
  if (error?.code === '23514') throw new Error(NOT_ACCEPTED)
  if (error) throw new DbError(error, 'We could not record your vote. Please try again.')
  return { created: true, location_name: input.location_name }
}

export function useCastVote() {
  const qc = useQueryClient()
  return useMutation({ mutationFn: castVote, onSettled: () => qc.invalidateQueries({ queryKey: voteTalliesQueryKey }) })
}
