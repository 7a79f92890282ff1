// The queue's store in the browser: IndexedDB, which keeps the photos as Blobs and survives a
// reload, a closed tab and a phone restarting. One database, one object store keyed by the
// inspection's id.
import type { InspectionStore, QueuedInspection } from './queue'

const DB = 'roots-inspections'
const STORE = 'queue'

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result)
    r.onerror = () => reject(r.error ?? new Error('IndexedDB request failed'))
  })
}

function open(idb: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const r = idb.open(DB, 1)
    r.onupgradeneeded = () => {
      if (!r.result.objectStoreNames.contains(STORE)) {
        r.result.createObjectStore(STORE, { keyPath: 'id' })
      }
    }
    r.onsuccess = () => resolve(r.result)
    r.onerror = () => reject(r.error ?? new Error('IndexedDB could not be opened'))
    r.onblocked = () => reject(new Error('IndexedDB is blocked by another tab'))
  })
}

/** A store in IndexedDB, or null where the browser has none (then the queue keeps to memory). */
export function idbStore(
  idb: IDBFactory | undefined = globalThis.indexedDB,
): InspectionStore | null {
  if (!idb) return null
  let db: Promise<IDBDatabase> | null = null
  const tx = async (mode: IDBTransactionMode) => {
    db ??= open(idb)
    return (await db).transaction(STORE, mode).objectStore(STORE)
  }
  const done = (s: IDBObjectStore) =>
    new Promise<void>((resolve, reject) => {
      s.transaction.oncomplete = () => resolve()
      s.transaction.onerror = () =>
        reject(s.transaction.error ?? new Error('IndexedDB write failed'))
      s.transaction.onabort = () =>
        reject(s.transaction.error ?? new Error('IndexedDB write aborted'))
    })
  return {
    async list() {
      return (await request((await tx('readonly')).getAll())) as QueuedInspection[]
    },
    async put(item) {
      const s = await tx('readwrite')
      s.put(item)
      await done(s)
    },
    async remove(id) {
      const s = await tx('readwrite')
      s.delete(id)
      await done(s)
    },
  }
}
