// The reload guard: at most one automatic reload per 10 s, remembered in sessionStorage so
// it survives the reload itself and a broken build cannot put the tab in a reload loop.

export const RELOAD_GUARD_KEY = 'roots:reload-guard'
export const RELOAD_GUARD_TTL_MS = 10_000

export interface ReloadGuardOptions {
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null
  now?: () => number
  reload?: () => void
}

/** Reloads unless another automatic reload happened within the last 10 s. Returns whether it did. */
export function guardedReload(opts: ReloadGuardOptions = {}): boolean {
  const storage = opts.storage === undefined ? safeSessionStorage() : opts.storage
  const now = (opts.now ?? Date.now)()
  const last = Number(storage?.getItem(RELOAD_GUARD_KEY) ?? 0)
  if (Number.isFinite(last) && last > 0 && now - last < RELOAD_GUARD_TTL_MS) return false
  try {
    storage?.setItem(RELOAD_GUARD_KEY, String(now))
  } catch { /* blocked storage: reload anyway */ }
  ;(opts.reload ?? (() => globalThis.location.reload()))()
  return true
}

function safeSessionStorage(): Storage | null {
  try {
    return globalThis.sessionStorage
  } catch {
    return null
  }
}
