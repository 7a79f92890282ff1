// The offline queue's rules with a store in memory, a fake sender, clock and timers: kept before
// sending, sent once, retried with the same id, kept when refused, reloaded from the store.
import { describe, expect, it, vi } from 'vitest'
import {
  createInspectionQueue,
  FIRST_RETRY_MS,
  type InspectionDraft,
  memoryStore,
  type QueuedInspection,
  retryDelay,
  type SendResult,
} from './queue'

const draft = (over: Partial<InspectionDraft> = {}): InspectionDraft => ({
  siteId: 1,
  siteName: 'Bath Meadows',
  plotId: 7,
  plotNumber: '7',
  score: 2,
  note: '  Brambles  ',
  photos: [{ blob: new Blob(['jpeg bytes'], { type: 'image/jpeg' }), type: 'image/jpeg' }],
  ...over,
})

function harness(opts: { online?: boolean; results?: (SendResult | Error)[] } = {}) {
  let online = opts.online ?? true
  let clock = Date.parse('2026-06-01T09:00:00Z')
  const timers: { at: number; fn: () => void; cancelled: boolean }[] = []
  const results = [...(opts.results ?? [])]
  const sent: QueuedInspection[] = []
  const store = memoryStore()
  let ids = 0
  const send = vi.fn((item: QueuedInspection): Promise<SendResult> => {
    sent.push(item)
    const r = results.shift() ?? { ok: true, outcome: 'warning', repeated: false }
    return r instanceof Error ? Promise.reject(r) : Promise.resolve(r)
  })
  const onSent = vi.fn()
  const queue = createInspectionQueue({
    store,
    send,
    online: () => online,
    now: () => clock,
    newId: () => `00000000-0000-4000-8000-00000000000${++ids}`,
    after: (ms, fn) => {
      const t = { at: clock + ms, fn, cancelled: false }
      timers.push(t)
      return () => void (t.cancelled = true)
    },
    onSent,
  })
  return {
    queue,
    store,
    send,
    sent,
    onSent,
    setOnline: (v: boolean) => void (online = v),
    /** Moves the clock on and runs the timers that fall due. */
    async advance(ms: number) {
      clock += ms
      for (const t of timers.filter((t) => !t.cancelled && t.at <= clock)) {
        t.cancelled = true
        t.fn()
      }
      await settle()
    },
    liveTimers: () => timers.filter((t) => !t.cancelled).length,
  }
}

const settle = () => new Promise((r) => setTimeout(r, 0))

describe('the inspection queue', () => {
  it('keeps an inspection made offline, shows it waiting, and sends it once when back online', async () => {
    const h = harness({ online: false })
    const item = await h.queue.add(draft())
    await settle()
    expect(h.send).not.toHaveBeenCalled()
    expect(h.queue.items()).toEqual([
      expect.objectContaining({ id: item.id, state: 'waiting', note: 'Brambles' }),
    ])
    expect([...h.store.rows.keys()]).toEqual([item.id])
    expect(h.liveTimers()).toBe(0)

    h.setOnline(true)
    await h.queue.flush(true)
    expect(h.send).toHaveBeenCalledTimes(1)
    expect(h.sent[0]).toMatchObject({ id: item.id, score: 2, plotId: 7 })
    expect(h.sent[0]!.photos).toHaveLength(1)
    expect(h.queue.items()).toEqual([])
    expect(h.store.rows.size).toBe(0)
    expect(h.onSent).toHaveBeenCalledWith(
      expect.objectContaining({ id: item.id }),
      expect.objectContaining({ ok: true }),
    )
  })

  it('is in the store before the first send starts, so a failed send loses nothing', async () => {
    const h = harness({ results: [new Error('Failed to fetch')] })
    let storedWhenSent = false
    h.send.mockImplementationOnce((i) => {
      storedWhenSent = h.store.rows.has(i.id)
      return Promise.reject(new Error('Failed to fetch'))
    })
    const item = await h.queue.add(draft())
    await settle()
    expect(storedWhenSent).toBe(true)
    expect(h.store.rows.get(item.id)).toMatchObject({
      state: 'waiting',
      attempts: 1,
      error: 'Failed to fetch',
    })
  })

  it('retries a failed send with backoff, with the same id each time', async () => {
    const h = harness({
      results: [
        { ok: false, retry: true, message: 'No connection' },
        { ok: false, retry: true, message: 'The server answered 503.' },
      ],
    })
    const item = await h.queue.add(draft())
    await settle()
    expect(h.queue.items()[0]).toMatchObject({
      state: 'waiting',
      attempts: 1,
      error: 'No connection',
    })
    await h.advance(FIRST_RETRY_MS - 1)
    expect(h.send).toHaveBeenCalledTimes(1)
    await h.advance(1)
    expect(h.send).toHaveBeenCalledTimes(2)
    expect(h.queue.items()[0]).toMatchObject({ attempts: 2, error: 'The server answered 503.' })
    await h.advance(retryDelay(2))
    expect(h.send).toHaveBeenCalledTimes(3)
    expect(new Set(h.sent.map((s) => s.id))).toEqual(new Set([item.id]))
    expect(h.queue.items()).toEqual([])
  })

  it('never sends one inspection twice at once (an online event during a send)', async () => {
    const h = harness()
    let release!: () => void
    h.send.mockImplementationOnce(
      () =>
        new Promise<SendResult>((resolve) => {
          release = () => resolve({ ok: true, outcome: 'passed', repeated: false })
        }),
    )
    await h.queue.add(draft())
    void h.queue.flush(true)
    void h.queue.flush(true)
    await settle()
    expect(h.send).toHaveBeenCalledTimes(1)
    expect(h.queue.items()[0]!.state).toBe('sending')
    release()
    await settle()
    await settle()
    expect(h.send).toHaveBeenCalledTimes(1)
    expect(h.queue.items()).toEqual([])
  })

  it('keeps a refused inspection for a person to retry or discard', async () => {
    const h = harness({
      results: [{
        ok: false,
        retry: false,
        message: 'Only staff of this site can inspect its plots',
      }],
    })
    const kept = await h.queue.add(draft({ plotNumber: '12' }))
    await settle()
    expect(h.queue.items()[0]).toMatchObject({
      state: 'attention',
      error: 'Only staff of this site can inspect its plots',
    })
    await h.advance(MAX_WAIT)
    expect(h.send).toHaveBeenCalledTimes(1)

    await h.queue.retry(kept.id)
    expect(h.send).toHaveBeenCalledTimes(2)
    expect(h.sent[1]!.id).toBe(kept.id)
    expect(h.queue.items()).toEqual([])

    const refused = harness({ results: [{ ok: false, retry: false, message: 'Plot not found' }] })
    const gone = await refused.queue.add(draft())
    await settle()
    await refused.queue.discard(gone.id)
    expect(refused.queue.items()).toEqual([])
    expect(refused.store.rows.size).toBe(0)
  })

  it('sends, oldest first, what an earlier page load left in the store (a send cut off too)', async () => {
    const h = harness()
    const left = (id: string, at: string, state: QueuedInspection['state']): QueuedInspection => ({
      ...draft(),
      id,
      inspectedAt: at,
      state,
      attempts: 1,
    })
    await h.store.put(left('b', '2026-06-01T08:30:00Z', 'waiting'))
    await h.store.put(left('a', '2026-06-01T08:00:00Z', 'sending'))
    await h.queue.load()
    expect(h.sent.map((s) => s.id)).toEqual(['a', 'b'])
    expect(h.store.rows.size).toBe(0)
  })

  it('a second inspection added while one is sending is sent after it', async () => {
    const h = harness()
    let release!: () => void
    h.send.mockImplementationOnce(
      () =>
        new Promise<SendResult>((resolve) => {
          release = () => resolve({ ok: true, outcome: 'passed', repeated: false })
        }),
    )
    await h.queue.add(draft({ plotNumber: '1' }))
    await h.queue.add(draft({ plotNumber: '2' }))
    await settle()
    release()
    for (let i = 0; i < 5; i++) await settle()
    expect(h.send.mock.calls.map(([s]) => s.plotNumber)).toEqual(['1', '2'])
    expect(h.queue.items()).toEqual([])
  })

  it('waits 5 s, 10 s, 20 s… and never more than 5 minutes between tries', () => {
    expect([1, 2, 3, 4].map(retryDelay)).toEqual([5_000, 10_000, 20_000, 40_000])
    expect(retryDelay(30)).toBe(MAX_WAIT)
  })
})

const MAX_WAIT = 5 * 60_000
