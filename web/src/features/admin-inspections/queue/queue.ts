// The phone's queue of inspections waiting to be sent. An inspection is written to the store
// (IndexedDB in the browser: idb-store.ts) before anything is sent, so nothing typed is lost when
// the signal drops, the send fails or the page is closed; it leaves the store only once the server
// has recorded it. Each carries the UUID made when it was typed: sending it again (a retry after a
// lost answer, a reload mid-send) records nothing new, the server answers the same inspection.
//
// Sending: one at a time, oldest first, when the browser says it is online (the `online` event
// and every add start a run; a failed send is tried again after 5 s, 10 s, 20 s… up to 5 minutes).
// A send the server refuses for good (a 4xx other than 401/408/429: another site's plot, a plot
// removed) is kept as "needs attention" with the server's words, to try again or discard by hand.
// Everything the queue touches (store, sender, clock, timers, online state) is injected: the
// browser wiring is in queue-instance.ts, the tests give fakes.

export interface QueuedPhoto {
  blob: Blob
  /** The photo's MIME type (the bucket takes jpeg, png, webp and heic). */
  type: string
}

/** What staff typed: everything the server needs, plus what the queue shows. */
export interface InspectionDraft {
  siteId: number
  siteName: string
  plotId: number
  plotNumber: string
  score: number
  note: string
  photos: QueuedPhoto[]
}

export type QueueState = 'waiting' | 'sending' | 'attention'

export interface QueuedInspection extends InspectionDraft {
  /** Made on the phone when the inspection was saved: the server records it once. */
  id: string
  inspectedAt: string
  state: QueueState
  attempts: number
  /** Why the last send failed, in words staff can act on. */
  error?: string
  /** Not before this time (ms since epoch) does the next automatic try happen. */
  nextTryAt?: number
}

/** Where queued inspections live between page loads. */
export interface InspectionStore {
  list(): Promise<QueuedInspection[]>
  put(item: QueuedInspection): Promise<void>
  remove(id: string): Promise<void>
}

/** How a send ended: sent (with what the server made of it), or failed and whether to retry. */
export type SendResult =
  | { ok: true; outcome: string; repeated: boolean }
  | { ok: false; retry: boolean; message: string }

export interface QueueDeps {
  store: InspectionStore
  send: (item: QueuedInspection) => Promise<SendResult>
  online: () => boolean
  now?: () => number
  newId?: () => string
  /** Calls fn after ms; returns what cancels it. */
  after?: (ms: number, fn: () => void) => () => void
  /** Told of each inspection the server has recorded. */
  onSent?: (item: QueuedInspection, result: Extract<SendResult, { ok: true }>) => void
}

export const FIRST_RETRY_MS = 5_000
export const MAX_RETRY_MS = 5 * 60_000

/** The wait before automatic try n + 1 after n failures: 5 s, 10 s, 20 s … 5 minutes. */
export const retryDelay = (attempts: number) =>
  Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1))

export interface InspectionQueue {
  /** The queue as it is now (a new array after every change). */
  items(): readonly QueuedInspection[]
  subscribe(listener: () => void): () => void
  /** Reads what the store kept from earlier page loads; then sends what is due. */
  load(): Promise<void>
  /** Keeps the inspection (in the store first), then tries to send it. Returns it. */
  add(draft: InspectionDraft): Promise<QueuedInspection>
  /** Sends every inspection due now (or all waiting ones with `force`). */
  flush(force?: boolean): Promise<void>
  /** Puts one that needs attention back in line and sends it now. */
  retry(id: string): Promise<void>
  /** Drops one that needs attention (staff decided it should not be sent). */
  discard(id: string): Promise<void>
  dispose(): void
}

export function createInspectionQueue(deps: QueueDeps): InspectionQueue {
  const now = deps.now ?? Date.now
  const newId = deps.newId ?? (() => crypto.randomUUID())
  const after = deps.after ??
    ((ms: number, fn: () => void) => {
      const t = setTimeout(fn, ms)
      return () => clearTimeout(t)
    })
  let items: QueuedInspection[] = []
  const listeners = new Set<() => void>()
  let running: Promise<void> | null = null
  let again = false
  let cancelTimer: (() => void) | null = null
  let disposed = false

  const emit = () => {
    items = [...items].sort((a, b) => a.inspectedAt.localeCompare(b.inspectedAt))
    for (const l of listeners) l()
  }
  const replace = (item: QueuedInspection) => {
    items = items.some((i) => i.id === item.id)
      ? items.map((i) => (i.id === item.id ? item : i))
      : [...items, item]
    emit()
  }

  const schedule = () => {
    cancelTimer?.()
    cancelTimer = null
    // Offline, the `online` event starts the next run: no timer spins meanwhile.
    if (disposed || !deps.online()) return
    const next = items.filter((i) => i.state === 'waiting').map((i) => i.nextTryAt ?? 0)
    if (next.length === 0) return
    const wait = Math.max(250, Math.min(...next) - now())
    cancelTimer = after(wait, () => {
      cancelTimer = null
      void flush()
    })
  }

  async function sendOne(item: QueuedInspection) {
    const sending = { ...item, state: 'sending' as const }
    replace(sending)
    let result: SendResult
    try {
      result = await deps.send(sending)
    } catch (e) {
      result = { ok: false, retry: true, message: e instanceof Error ? e.message : String(e) }
    }
    if (result.ok) {
      await deps.store.remove(item.id)
      items = items.filter((i) => i.id !== item.id)
      emit()
      deps.onSent?.(item, result)
      return
    }
    const attempts = item.attempts + 1
    const failed: QueuedInspection = result.retry
      ? {
        ...item,
        state: 'waiting',
        attempts,
        error: result.message,
        nextTryAt: now() + retryDelay(attempts),
      }
      : { ...item, state: 'attention', attempts, error: result.message, nextTryAt: undefined }
    await deps.store.put(failed)
    replace(failed)
  }

  async function run(force: boolean) {
    do {
      again = false
      for (const item of [...items]) {
        if (disposed || !deps.online()) return
        const current = items.find((i) => i.id === item.id)
        if (!current || current.state !== 'waiting') continue
        if (!force && (current.nextTryAt ?? 0) > now()) continue
        await sendOne(current)
      }
    } while (again && !disposed)
  }

  function flush(force = false): Promise<void> {
    if (running) {
      again = true
      return running
    }
    running = run(force).finally(() => {
      running = null
      schedule()
    })
    return running
  }

  return {
    items: () => items,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async load() {
      const kept = await deps.store.list()
      const known = new Set(items.map((i) => i.id))
      // A send cut off by a closed page is simply due again (its id makes it safe to resend).
      const loaded = kept.filter((i) => !known.has(i.id)).map((i) =>
        i.state === 'sending' ? { ...i, state: 'waiting' as const } : i
      )
      items = [...items, ...loaded]
      emit()
      await flush()
    },
    async add(draft) {
      const item: QueuedInspection = {
        ...draft,
        note: draft.note.trim(),
        id: newId(),
        inspectedAt: new Date(now()).toISOString(),
        state: 'waiting',
        attempts: 0,
      }
      await deps.store.put(item)
      replace(item)
      void flush()
      return item
    },
    flush,
    async retry(id) {
      const item = items.find((i) => i.id === id)
      if (!item || item.state === 'sending') return
      const due = { ...item, state: 'waiting' as const, nextTryAt: undefined }
      await deps.store.put(due)
      replace(due)
      await flush(true)
    },
    async discard(id) {
      const item = items.find((i) => i.id === id)
      if (!item || item.state === 'sending') return
      await deps.store.remove(id)
      items = items.filter((i) => i.id !== id)
      emit()
    },
    dispose() {
      disposed = true
      cancelTimer?.()
      listeners.clear()
    },
  }
}

/** A store in memory: for tests, and for a browser that has no IndexedDB (private windows). */
export function memoryStore(
  initial: QueuedInspection[] = [],
): InspectionStore & { rows: Map<string, QueuedInspection> } {
  const rows = new Map(initial.map((i) => [i.id, i]))
  return {
    rows,
    list: () => Promise.resolve([...rows.values()].map((i) => ({ ...i }))),
    put: (item) => {
      rows.set(item.id, { ...item })
      return Promise.resolve()
    },
    remove: (id) => {
      rows.delete(id)
      return Promise.resolve()
    },
  }
}
