// Joining a queue through the waiting-list function: a site's waiting list, a pre-registration
// for an upcoming site, or the general list of a waiting-list-only place. The same zod rules as
// the function (which checks again); the database checks a third time.
import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'
import { callFunction } from '@/lib/call-function'
import { refreshLocations } from '@/lib/sites/locations-store'
import { PHONE_PATTERN } from '@common/phone'

/** A blank optional field is left out. */
const optional = (schema: z.ZodString) =>
  z.string().trim().transform((v) => (v === '' ? undefined : v)).pipe(schema.optional()).optional()

export const personSchema = z.object({
  first_name: z.string().trim().min(1, 'Enter your first name.').max(
    100,
    'Use at most 100 characters.',
  ),
  last_name: z.string().trim().min(1, 'Enter your last name.').max(
    100,
    'Use at most 100 characters.',
  ),
  email: z.string().trim().min(1, 'Enter your e-mail address.').max(254).email(
    'Enter a valid e-mail address, like name@example.com.',
  ),
  phone: optional(
    z.string().trim().regex(PHONE_PATTERN, 'Enter a valid phone number, like 07700 900123.'),
  ),
  postcode: optional(
    z.string().trim().regex(
      /^[a-z]{1,2}[0-9][a-z0-9]? ?[0-9][a-z]{2}$/i,
      'Enter a valid UK postcode, like BA1 6QE.',
    ),
  ),
  consent_privacy: z.literal(true, {
    errorMap: () => ({ message: 'Please accept the privacy notice to join.' }),
  }),
  consent_marketing: z.boolean().default(false),
  /** The monthly e-mail with the applicant's place (off unless ticked; sent only when true). */
  monthly_updates: z.boolean().optional().transform((v) => (v ? true : undefined)),
})
export type PersonInput = z.infer<typeof personSchema>

export type JoinTarget =
  | { kind: 'waiting_list'; site: string }
  | { kind: 'pre_registration'; site: string }
  | { kind: 'general'; location: string }

export type JoinInput = JoinTarget & PersonInput

/** The same answer whether the address is new to the list or already on it: the private
 *  reference goes only to the inbox, with word of which it was. */
export interface JoinResult {
  kind: JoinTarget['kind']
  location: string
  confirmation_sent: boolean
}

export function joinWaitingList(input: JoinInput): Promise<JoinResult> {
  return callFunction<JoinResult>('waiting-list', { body: input })
}

export function useJoinWaitingList() {
  return useMutation({
    mutationFn: joinWaitingList,
    onSuccess: () => void refreshLocations(),
  })
}
