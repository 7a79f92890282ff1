// Sign-ups for the monthly seed-sowing reminders (admins only, by RLS), newest first, with the
// exact count and the consent wording each person agreed to.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'

export interface SowingSignup {
  id: number
  email: string
  name: string | null
  consent_text: string
  consented_at: string
  unsubscribed_at: string | null
  created_at: string
}

/** The most the screen loads at once; the caption says when there are more. */
export const SIGNUPS_LIMIT = 5000

export async function getSignups(): Promise<{ rows: SowingSignup[]; total: number }> {
  const { data, error, count } = await supabase().from('sowing_reminder_signups')
    .select('id, email, name, consent_text, consented_at, unsubscribed_at, created_at', { count: 'exact' })
    .order('created_at', { ascending: false }).order('id', { ascending: false }).limit(SIGNUPS_LIMIT)
  if (error) throw new DbError(error, 'The sign-ups could not be loaded.')
  const rows = (data ?? []) as SowingSignup[]
  return { rows, total: count ?? rows.length }
}

export const signupsQueryOptions = () => queryOptions({ queryKey: ['admin-sowing-reminders', 'signups'], queryFn: getSignups })
export const useSignups = () => useQuery(signupsQueryOptions())
