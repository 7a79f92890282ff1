// The signed-in user's MFA factors (verified and not yet verified).
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Factor } from '@supabase/supabase-js'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'

export async function listFactors(): Promise<Factor[]> {
  const { data, error } = await supabase().auth.mfa.listFactors()
  if (error) throw new DbError(error)
  return data.all
}

export const factorsQueryKey = ['admin-auth', 'factors'] as const

export const factorsQueryOptions = (userId: string | undefined) =>
  queryOptions({ queryKey: [...factorsQueryKey, userId], queryFn: listFactors, enabled: !!userId })

export const useFactors = (userId: string | undefined) => useQuery(factorsQueryOptions(userId))
