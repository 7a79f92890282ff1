// Whether this browser holds a signed-in session, without loading the auth client (it stays out of
// the first load): supabase-js keeps the session in localStorage under `sb-<ref>-auth-token`. Read
// again on every route change (signing in or out in this tab ends on another page) and when another
// tab changes it. A stored session may have expired; the members' page then asks to sign in again.
import { useEffect, useState } from 'react'
import { useLocation } from 'wouter'

const SESSION_KEY = /^sb-.+-auth-token$/

export function hasStoredSession(
  storage: Pick<Storage, 'length' | 'key' | 'getItem'> | null = safeStorage(),
): boolean {
  if (!storage) return false
  try {
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i)
      if (key && SESSION_KEY.test(key) && (storage.getItem(key) ?? '').includes('refresh_token')) {
        return true
      }
    }
  } catch { /* storage blocked: signed out as far as the header knows */ }
  return false
}

function safeStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null
  } catch {
    return null
  }
}

export function useSignedIn(): boolean {
  const [location] = useLocation()
  const [signedIn, setSignedIn] = useState(() => hasStoredSession())
  useEffect(() => setSignedIn(hasStoredSession()), [location])
  useEffect(() => {
    const onStorage = () => setSignedIn(hasStoredSession())
    globalThis.addEventListener('storage', onStorage)
    return () => globalThis.removeEventListener('storage', onStorage)
  }, [])
  return signedIn
}
