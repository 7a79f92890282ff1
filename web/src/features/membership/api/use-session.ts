// The signed-in user (Supabase Auth), kept current through onAuthStateChange.
import { useEffect, useState } from 'react'
import type { Session } from '@supabase/supabase-js'
import { z } from 'zod'
import { supabase } from '@/lib/supabase'

export const SIGN_IN_MISSING = 'You must provide either an email or phone number and a password'

export const signInSchema = z.object({
  email: z.string().trim().min(1, SIGN_IN_MISSING).email('Enter a valid e-mail address.'),
  password: z.string().min(1, SIGN_IN_MISSING),
})

export function useSession(): { session: Session | null; ready: boolean } {
  const [state, setState] = useState<{ session: Session | null; ready: boolean }>({
    session: null,
    ready: false,
  })
  useEffect(() => {
    const auth = supabase().auth
    void auth.getSession().then(({ data }) => {
      setState({ session: data.session, ready: true })
      // The server may have ended this session (signed out on another device): asking it who the
      // user is then signs this browser out too (supabase-js drops a session the server no longer
      // has, and onAuthStateChange below hears it), so the page asks them to sign in again.
      if (data.session) void auth.getUser()
    })
    const { data } = auth.onAuthStateChange((_event, session) => setState({ session, ready: true }))
    return () => data.subscription.unsubscribe()
  }, [])
  return state
}

export async function signIn(email: string, password: string) {
  const { error } = await supabase().auth.signInWithPassword({ email, password })
  if (error) throw new Error(error.message)
}

/** Ends this browser's session only (see features/admin-auth/api/sign-out.ts). */
export const signOut = () => supabase().auth.signOut({ scope: 'local' })

/** Ends the member's sessions on every other device (a lost phone, a shared computer); this
 *  browser stays signed in. Those devices are asked to sign in on their next page. */
export async function signOutOtherDevices(): Promise<void> {
  const { error } = await supabase().auth.signOut({ scope: 'others' })
  if (error) throw new Error(error.message)
}
