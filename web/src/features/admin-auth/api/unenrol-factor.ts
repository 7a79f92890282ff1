// Remove a factor. Removing a verified factor needs an aal2 session.
import { useInvalidatingMutation } from '@/lib/admin/crud'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'
import { factorsQueryKey } from './list-factors'
import { mfaStateQueryKey } from './get-mfa-state'

export async function unenrolFactor(factorId: string): Promise<void> {
  const { error } = await supabase().auth.mfa.unenroll({ factorId })
  if (error) throw new DbError(error)
  // The token still says aal2 with the factor gone; refresh so the next check sees the truth.
  await supabase().auth.refreshSession()
}

export const useUnenrolFactor = () =>
  useInvalidatingMutation(unenrolFactor, [factorsQueryKey, mfaStateQueryKey], { settled: true })
