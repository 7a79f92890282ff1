// The signed-in session as client state (valtio). supabase-js owns the session itself: it
// refreshes the access token before expiry, stops refreshing while the tab is hidden and
// recovers the session when it becomes visible again; this store only mirrors the
// auth events (initial session, signed in/out, token refreshed, user updated, MFA verified).
import type { Session, SupabaseClient } from '@supabase/supabase-js'
import { proxy, ref } from 'valtio'
import { supabase } from '@/lib/supabase'

export interface AuthState {
  /** True once the stored session (or its absence) is known. */
  loaded: boolean
  session: Session | null
  lastEvent: string | null
}

export const authStore = proxy<AuthState>({ loaded: false, session: null, lastEvent: null })

let unsubscribe: (() => void) | null = null

export function setSession(session: Session | null, event: string | null = null): void {
  authStore.session = session ? ref(session) : null
  authStore.lastEvent = event
  authStore.loaded = true
}

/** Starts mirroring the client's auth events; idempotent. Returns a stop function. */
export function startAuthListener(client: SupabaseClient = supabase()): () => void {
  if (unsubscribe) return unsubscribe
  const { data } = client.auth.onAuthStateChange((event, session) => setSession(session, event))
  void client.auth.getSession().then(({ data: d }) => {
    if (!authStore.loaded) setSession(d.session, 'INITIAL_SESSION')
  })
  unsubscribe = () => {
    data.subscription.unsubscribe()
    unsubscribe = null
  }
  return unsubscribe
}

/** The access token's assurance level (the current level is read from the token). */
export function tokenAal(session: Session | null): 'aal1' | 'aal2' | null {
  if (!session) return null
  try {
    const payload = session.access_token.split('.')[1] ?? ''
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { aal?: string }
    return json.aal === 'aal2' ? 'aal2' : 'aal1'
  } catch {
    return 'aal1'
  }
}
