// Monthly sowing reminders: an e-mail address, an optional name, and consent, recorded with the
// words agreed to. The database keeps one sign-up per address, so signing up twice (or a
// double submit) stores one row and both end on the thank-you page.
import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'
import { type FieldRule, type InsertOutcome, restInsert } from '@/lib/content/rest'

export const CONSENT_TEXT =
  'Yes, e-mail me once a month with what to sow and harvest. I can unsubscribe at any time from any reminder.'

export const reminderSchema = z.object({
  email: z.string().trim().min(1, 'Enter your e-mail address.').max(
    254,
    'Use at most 254 characters.',
  )
    .email('Enter a valid e-mail address, like name@example.com.'),
  name: z.string().trim().max(200, 'Use at most 200 characters.').transform((
    v,
  ) => (v === '' ? null : v)),
  consent: z.literal(true, {
    errorMap: () => ({ message: 'Tick the box to agree to the monthly e-mails.' }),
  }),
})
export type ReminderSignUp = z.output<typeof reminderSchema>

export const REMINDER_RULES: Record<string, FieldRule> = {
  sowing_reminder_signups_email_format: {
    path: 'email',
    message: 'Enter a valid e-mail address, like name@example.com.',
  },
  sowing_reminder_signups_name_length: { path: 'name', message: 'Use at most 200 characters.' },
  sowing_reminder_signups_consent_given: {
    path: 'consent',
    message: 'Tick the box to agree to the monthly e-mails.',
  },
}

export function signUpForReminders(input: ReminderSignUp): Promise<InsertOutcome> {
  return restInsert(
    'sowing_reminder_signups',
    { ...input, consent_text: CONSENT_TEXT },
    REMINDER_RULES,
  )
}

export const useSignUpForReminders = () => useMutation({ mutationFn: signUpForReminders })
