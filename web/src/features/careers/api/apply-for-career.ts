// An application for an open role: name, e-mail, a link to a CV (https) and an optional
// message. The database checks the same rules (and that the role is open) and keeps one
// application per e-mail per role, so a double submit stores one row.
import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'
import { type FieldRule, type InsertOutcome, restInsert } from '@/lib/content/rest'

export const CV_URL_PATTERN = /^https:\/\/[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+(:[0-9]{1,5})?([/?#]\S*)?$/

export const applicationSchema = z.object({
  name: z.string().trim().min(1, 'Enter your name.').max(200, 'Use at most 200 characters.'),
  email: z.string().trim().min(1, 'Enter your e-mail address.').max(
    254,
    'Use at most 254 characters.',
  )
    .email('Enter a valid e-mail address, like name@example.com.'),
  cv_url: z.string().trim().min(1, 'Enter a link to your CV.').max(
    2000,
    'Use a link of at most 2000 characters.',
  )
    .regex(
      CV_URL_PATTERN,
      'Enter a link starting with https://, like https://drive.example.com/my-cv.pdf.',
    ),
  message: z.string().trim().max(5000, 'Use at most 5000 characters.').transform((
    v,
  ) => (v === '' ? null : v)),
})
export type ApplicationInput = z.input<typeof applicationSchema>
export type Application = z.output<typeof applicationSchema>

/** The database's checks, by constraint name, as the same field messages. */
export const APPLICATION_RULES: Record<string, FieldRule> = {
  career_applications_name_length: {
    path: 'name',
    message: 'Enter your name (at most 200 characters).',
  },
  career_applications_email_format: {
    path: 'email',
    message: 'Enter a valid e-mail address, like name@example.com.',
  },
  career_applications_cv_url_https: {
    path: 'cv_url',
    message: 'Enter a link starting with https://, like https://drive.example.com/my-cv.pdf.',
  },
  career_applications_message_length: { path: 'message', message: 'Use at most 5000 characters.' },
}

export function applyForCareer(careerId: number, input: Application): Promise<InsertOutcome> {
  return restInsert('career_applications', { career_id: careerId, ...input }, APPLICATION_RULES)
}

export function useApplyForCareer(careerId: number) {
  return useMutation({ mutationFn: (input: Application) => applyForCareer(careerId, input) })
}
