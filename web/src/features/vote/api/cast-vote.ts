// A vote for where a new site should open goes through the site-votes function: it checks the
// input, limits each connection and e-mails a confirmation link; the vote counts in the tallies
// once that link is followed (confirm-vote.ts). The answer is the same for a first and a
// repeated vote, so the page never learns whether an address has voted before.
import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'
import { callFunction } from '@/lib/call-function'

const POSTCODE = /^[a-z]{1,2}[0-9][a-z0-9]? ?[0-9][a-z]{2}$/i

export const voteSchema = z.object({
  location_name: z.string().trim().min(1, 'Enter the town or area you would like a site in.').max(
    200,
    'Use at most 200 characters.',
  )
    .regex(/^[^<>{}\\]*$/, 'Use letters, numbers and ordinary punctuation only.'),
  email: z.string().trim().min(1, 'Enter your e-mail address.').max(
    254,
    'Use at most 254 characters.',
  )
    .email('Enter a valid e-mail address, like name@example.com.'),
  postcode: z.string().trim().transform((v) => (v === '' ? undefined : v.toUpperCase()))
    .pipe(
      z.string().regex(POSTCODE, 'Enter a UK postcode, like BA1 1AA, or leave it empty.')
        .optional(),
    ).optional(),
})
export type VoteInput = z.infer<typeof voteSchema>

export type VoteResult = { location_name: string; email: string }

export async function castVote(input: VoteInput): Promise<VoteResult> {
  await callFunction<{ accepted: true }>('site-votes', {
    body: {
      location_name: input.location_name,
      email: input.email,
      postcode: input.postcode ?? null,
    },
  })
  return { location_name: input.location_name, email: input.email }
}

export function useCastVote() {
  return useMutation({ mutationFn: castVote })
}
