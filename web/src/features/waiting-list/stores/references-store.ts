// The private references this browser has joined with (client state), so an applicant can come
// back to their place in the queue without digging out the e-mail. Kept in localStorage.
import { proxy, subscribe } from 'valtio'

export interface SavedReference {
  reference: string
  location: string
  kind: 'waiting_list' | 'pre_registration' | 'general'
  savedAt: string
}

const KEY = 'roots.queue-references'

function read(storage: Storage | null): SavedReference[] {
  try {
    const v = JSON.parse(storage?.getItem(KEY) ?? '[]')
    return Array.isArray(v) ? v.filter((r) => r && typeof r.reference === 'string') : []
  } catch {
    return []
  }
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null
  } catch {
    return null
  }
}

export const references = proxy<{ saved: SavedReference[] }>({ saved: read(storage()) })

subscribe(references, () => {
  try {
    storage()?.setItem(KEY, JSON.stringify(references.saved))
  } catch { /* private mode: keep in memory */ }
})

export function saveReference(r: Omit<SavedReference, 'savedAt'>) {
  references.saved = [
    { ...r, savedAt: new Date().toISOString() },
    ...references.saved.filter((x) => x.reference !== r.reference),
  ].slice(0, 20)
}

export function forgetReference(reference: string) {
  references.saved = references.saved.filter((x) => x.reference !== reference)
}
