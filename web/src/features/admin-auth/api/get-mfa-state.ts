// Whether the session still owes the MFA step: a verified factor and an aal1 token means a
// challenge; a staff profile that the database does not yet treat as staff (require_staff_mfa
// on, no factor) means enrolment. current_staff_role() is the database's own answer.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { Factor } from '@supabase/supabase-js'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'
import type { MfaState } from '../guard'

export interface MfaInfo {
  state: MfaState
  currentLevel: string | null
  nextLevel: string | null
  verifiedFactors: Factor[]
}

export async function getMfaState(hasStaffProfile: boolean): Promise<MfaInfo> {
  const client = supabase()
  const { data, error } = await client.auth.mfa.getAuthenticatorAssuranceLevel()
  if (error) throw new DbError(error)
  const factors = await client.auth.mfa.listFactors()
  if (factors.error) throw new DbError(factors.error)
  const verifiedFactors = factors.data.all.filter((f) => f.status === 'verified')
  const base = { currentLevel: data.currentLevel, nextLevel: data.nextLevel, verifiedFactors }
  if (data.currentLevel !== 'aal2' && verifiedFactors.length > 0) {
    return { ...base, state: 'challenge' }
  }
  if (hasStaffProfile && data.currentLevel !== 'aal2') {
    const role = await client.rpc('current_staff_role')
    if (role.error) throw new DbError(role.error)
    if (role.data === null) return { ...base, state: 'enrol' }
  }
  return { ...base, state: 'satisfied' }
}

export const mfaStateQueryKey = ['admin-auth', 'mfa'] as const

export const mfaStateQueryOptions = (
  userId: string | undefined,
  accessToken: string | undefined,
  hasStaffProfile: boolean,
) =>
  queryOptions({
    queryKey: [...mfaStateQueryKey, userId, accessToken, hasStaffProfile],
    queryFn: () => getMfaState(hasStaffProfile),
    enabled: !!userId,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  })

export const useMfaState = (
  userId: string | undefined,
  accessToken: string | undefined,
  hasStaffProfile: boolean,
) => useQuery(mfaStateQueryOptions(userId, accessToken, hasStaffProfile))
