// Signs out and forgets every cached query, so the next user starts clean. Only this browser's
// session ends (scope 'local'): supabase-js's default, 'global', would also end the person's
// sessions on their other devices (Supabase Auth deletes them all), so signing out at the office
// would sign them out on their phone too.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'

export async function signOut(): Promise<void> {
  const { error } = await supabase().auth.signOut({ scope: 'local' })
  // A session the server already dropped still ends locally: nothing to report.
  if (error && error.status !== 401 && error.status !== 403) throw new Error(error.message)
}

export function useSignOut() {
  const qc = useQueryClient()
  return useMutation({ mutationFn: signOut, onSettled: () => qc.clear() })
}

/**
 * Ends this person's sessions on every other device (a lost phone, a shared computer); this
 * browser stays signed in. Supabase Auth deletes those sessions, so their refresh fails and the
 * admin's guard, which asks the server on each page load, sends them to sign in. An access token
 * already issued stays valid until it expires (jwt_expiry, an hour).
 */
export async function signOutOtherDevices(): Promise<void> {
  const { error } = await supabase().auth.signOut({ scope: 'others' })
  if (error) throw new Error(error.message)
}

export function useSignOutOtherDevices() {
  return useMutation({ mutationFn: signOutOtherDevices })
}
