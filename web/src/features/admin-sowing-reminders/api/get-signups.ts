// Sign-ups for the monthly seed-sowing reminders (admins only, by RLS), newest first, with the
// exact count and the consent wording each person agreed to.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'
import type { Selected } from '@/lib/db-types'

const SIGNUP_COLUMNS = 'id, email, name, consent_text, consented_at, unsubscribed_at, created_at'
export type SowingSignup = Selected<'sowing_reminder_signups', typeof SIGNUP_COLUMNS>

/** The most the screen loads at once; the caption says when there are more. */
export const SIGNUPS_LIMIT = 5000

export async function getSignups(): Promise<{ rows: SowingSignup[]; total: number }> {
  const { data, error, count } = await supabase().from('sowing_reminder_signups')
    .select(SIGNUP_COLUMNS, { count: 'exact' })
    .order('created_at', { ascending: false }).order('id', { ascending: false }).limit(
      SIGNUPS_LIMIT,
    )
  if (error) throw new DbError(error, 'The sign-ups could not be loaded.')
  const rows = data ?? []
  return { rows, total: count ?? rows.length }
}

export const signupsQueryOptions = () =>
  queryOptions({ queryKey: ['admin-sowing-reminders', 'signups'], queryFn: getSignups })
export const useSignups = () => useQuery(signupsQueryOptions())
