// The listed sign-ups as CSV, with the consent wording and time (what the person agreed to).
import { toCsv } from '@/lib/admin/csv'
import type { SowingSignup } from './get-signups'

export const SIGNUPS_CSV_HEADER = [
  'Signed up',
  'Email',
  'Name',
  'Signed up for',
  'Consent given',
  'Unsubscribed',
]

export const signupsCsv = (rows: readonly SowingSignup[]) =>
  toCsv([
    SIGNUPS_CSV_HEADER,
    ...rows.map((
      s,
    ) => [s.created_at, s.email, s.name, s.consent_text, s.consented_at, s.unsubscribed_at]),
  ])
