// The page's one queue: kept in IndexedDB (memory where the browser has none), sent by
// sendInspection, started again by the browser's `online` event and when the page comes back
// into view. useInspectionQueue() gives React its items.
import { useSyncExternalStore } from 'react'
import { toast } from '@/lib/toast'
import { idbStore } from './idb-store'
import {
  createInspectionQueue,
  type InspectionQueue,
  memoryStore,
  type QueuedInspection,
} from './queue'
import { sendInspection } from './send'

const OUTCOME: Record<string, string> = {
  warning: 'a warning e-mail is on its way to the member',
  notice: 'a notice to quit is on its way to the member',
  cleared: 'the member is told their warning is closed',
}

let queue: InspectionQueue | null = null
let persistent = true

export function inspectionQueue(): InspectionQueue {
  if (queue) return queue
  const store = idbStore()
  persistent = store !== null
  queue = createInspectionQueue({
    store: store ?? memoryStore(),
    send: sendInspection,
    online: () => navigator.onLine,
    onSent: (item, r) => {
      const said = OUTCOME[r.outcome]
      toast.success(`Plot ${item.plotNumber}: inspection sent${said ? `; ${said}` : ''}.`)
    },
  })
  globalThis.addEventListener('online', () => void queue?.flush(true))
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void queue?.flush()
  })
  void queue.load()
  return queue
}

/** Whether inspections outlive the page here (false in a browser with no IndexedDB). */
export const queueIsPersistent = () => persistent

const EMPTY: readonly QueuedInspection[] = []

export function useInspectionQueue(): readonly QueuedInspection[] {
  return useSyncExternalStore(
    (l) => inspectionQueue().subscribe(l),
    () => inspectionQueue().items(),
    () => EMPTY,
  )
}
