// "Keep your place at X?" by the token from its e-mail (waiting-list-process, actions
// keep_place_view and keep_place): asked of an applicant's other waiting lists once they accept
// a plot somewhere. No login: the token is the key, on any device. null for an unknown token.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { callFunction, FunctionError } from '@/lib/call-function'

export interface KeepPlaceQuestion {
  status: 'asked' | 'kept' | 'withdrawn' | 'lapsed' | 'closed'
  due_by: string
  answered_at: string | null
  first_name: string
  /** The list the question is about. */
  location: string
  entry_status: string
  /** Where the applicant accepted a plot. */
  accepted_location: string
}

export const KEEP_PLACE_TOKEN_PATTERN = /^[0-9a-f]{32}$/
export const keepPlaceQueryKey = (token: string) => ['keep-place', token] as const

export async function getKeepPlaceQuestion(token: string): Promise<KeepPlaceQuestion | null> {
  try {
    return await callFunction<KeepPlaceQuestion>('waiting-list-process', {
      body: { action: 'keep_place_view', token },
    })
  } catch (e) {
    if (e instanceof FunctionError && (e.status === 404 || e.status === 400)) return null
    throw e
  }
}

export const useKeepPlaceQuestion = (token: string) =>
  useQuery(queryOptions({
    queryKey: keepPlaceQueryKey(token),
    queryFn: () => getKeepPlaceQuestion(token),
    enabled: KEEP_PLACE_TOKEN_PATTERN.test(token),
  }))

export function answerKeepPlace(token: string, keep: boolean): Promise<{ status: string }> {
  return callFunction<{ status: string }>('waiting-list-process', {
    body: { action: 'keep_place', token, keep },
  })
}

export function useAnswerKeepPlace(token: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (keep: boolean) => answerKeepPlace(token, keep),
    onSettled: () => qc.invalidateQueries({ queryKey: keepPlaceQueryKey(token) }),
  })
}
