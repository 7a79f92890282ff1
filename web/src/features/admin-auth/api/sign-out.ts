// Signs out and forgets every cached query, so the next user starts clean.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'

export async function signOut(): Promise<void> {
  const { error } = await supabase().auth.signOut()
  // A session the server already dropped still ends locally: nothing to report.
  if (error && error.status !== 401 && error.status !== 403) throw new Error(error.message)
}

export function useSignOut() {
  const qc = useQueryClient()
  return useMutation({ mutationFn: signOut, onSettled: () => qc.clear() })
}
