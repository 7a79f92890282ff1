// Challenge a factor (a phone factor gets its code by text), then
// verify the code. The answer is an aal2 session, which supabase-js saves and broadcasts.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'
import { factorsQueryKey } from './list-factors'
import { mfaStateQueryKey } from './get-mfa-state'

export const codeSchema = z.object({
  code: z.string().transform((s) => s.replace(/\s/g, '')).pipe(
    z.string().regex(/^[0-9]{6}$/, 'Enter the 6-digit code.'),
  ),
})

export async function startChallenge(factorId: string): Promise<string> {
  const { data, error } = await supabase().auth.mfa.challenge({ factorId })
  if (error) throw new DbError(error)
  return data.id
}

export interface VerifyInput {
  factorId: string
  code: string
  challengeId?: string
}

export async function verifyFactor({ factorId, code, challengeId }: VerifyInput) {
  const { code: clean } = codeSchema.parse({ code })
  const id = challengeId ?? await startChallenge(factorId)
  const { data, error } = await supabase().auth.mfa.verify({
    factorId,
    challengeId: id,
    code: clean,
  })
  if (error) {
    throw new Error(
      /invalid|expired/i.test(error.message)
        ? 'That code is not right or has expired. Try the current code.'
        : error.message,
    )
  }
  return data
}

export function useVerifyFactor() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: verifyFactor,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: factorsQueryKey })
      await qc.invalidateQueries({ queryKey: mfaStateQueryKey })
    },
  })
}

export const useStartChallenge = () => useMutation({ mutationFn: startChallenge })
