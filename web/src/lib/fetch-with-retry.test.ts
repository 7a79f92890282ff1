import { describe, expect, it } from 'vitest'
import { createFetchWithRetry, isTimeout, retryDelay, TIMEOUT_MS } from './fetch-with-retry'

function scripted(outcomes: Array<number | 'network' | 'abort'>) {
  const calls: string[] = []
  const fetch = (async (input: RequestInfo | URL) => {
    await Promise.resolve()
    calls.push(String(input instanceof Request ? input.url : input))
    const next = outcomes.shift()
    if (next === undefined) throw new Error('no more scripted outcomes')
    if (next === 'network') throw new TypeError('Failed to fetch')
    if (next === 'abort') throw new DOMException('The user aborted a request.', 'AbortError')
    return new Response(`status ${next}`, { status: next })
  }) as typeof globalThis.fetch
  const slept: number[] = []
  const sleep = (ms: number) => {
    slept.push(ms)
    return Promise.resolve()
  }
  return { calls, slept, retrying: createFetchWithRetry({ fetch, sleep }) }
}

describe('fetch with retry', () => {
  it('backs off 200 ms × 2^n', () => {
    expect([0, 1, 2].map(retryDelay)).toEqual([200, 400, 800])
  })

  it('retries a network failure and returns the first success', async () => {
    const s = scripted(['network', 'network', 200])
    const res = await s.retrying('http://api/rest/v1/x')
    expect(res.status).toBe(200)
    expect(s.calls).toHaveLength(3)
    expect(s.slept).toEqual([200, 400])
  })

  for (const status of [502, 503, 504]) {
    it(`retries ${status}`, async () => {
      const s = scripted([status, 200])
      expect((await s.retrying('http://api/x')).status).toBe(200)
      expect(s.slept).toEqual([200])
    })
  }

  it('gives up after three retries and returns the last gateway error', async () => {
    const s = scripted([503, 503, 503, 503])
    const res = await s.retrying('http://api/x')
    expect(res.status).toBe(503)
    expect(s.calls).toHaveLength(4)
    expect(s.slept).toEqual([200, 400, 800])
  })

  it('rethrows the network error after three retries', async () => {
    const s = scripted(['network', 'network', 'network', 'network'])
    await expect(s.retrying('http://api/x')).rejects.toThrow('Failed to fetch')
    expect(s.calls).toHaveLength(4)
  })

  for (const status of [200, 201, 304, 400, 401, 403, 404, 409, 429, 500, 501, 505]) {
    it(`never retries ${status}`, async () => {
      const s = scripted([status, 200])
      expect((await s.retrying('http://api/x')).status).toBe(status)
      expect(s.calls).toHaveLength(1)
      expect(s.slept).toEqual([])
    })
  }

  it("never retries the caller's abort", async () => {
    const s = scripted(['abort', 200])
    await expect(s.retrying('http://api/x')).rejects.toMatchObject({ name: 'AbortError' })
    expect(s.calls).toHaveLength(1)
  })

  it('resends a Request body on each attempt', async () => {
    const bodies: string[] = []
    const outcomes = [503, 200]
    const fetch = (async (input: RequestInfo | URL) => {
      await Promise.resolve()
      bodies.push(await (input as Request).text())
      return new Response(null, { status: outcomes.shift()! })
    }) as typeof globalThis.fetch
    const retrying = createFetchWithRetry({ fetch, sleep: async () => {} })
    const res = await retrying(new Request('http://api/rpc', { method: 'POST', body: '{"a":1}' }))
    expect(res.status).toBe(200)
    expect(bodies).toEqual(['{"a":1}', '{"a":1}'])
  })

  describe('a request with no answer', () => {
    /**
     * A backend that answers the scripted attempts (a status) or never answers them ('hang': the
     * attempt ends only when its signal is aborted), and a clock the test moves by hand.
     */
    function hanging(outcomes: Array<number | 'hang'>) {
      const signals: AbortSignal[] = []
      const fetch = ((_input: RequestInfo | URL, init?: RequestInit) => {
        signals.push(init!.signal!)
        const next = outcomes.shift()
        if (next === undefined) throw new Error('no more scripted outcomes')
        if (next !== 'hang') return Promise.resolve(new Response(null, { status: next }))
        return new Promise<Response>((_, reject) =>
          init!.signal!.addEventListener('abort', () => reject(init!.signal!.reason))
        )
      }) as typeof globalThis.fetch
      const timers: { ms: number; fire: () => void; cancelled: boolean }[] = []
      const after = (ms: number, fire: () => void) => {
        const t = { ms, fire, cancelled: false }
        timers.push(t)
        return () => (t.cancelled = true)
      }
      /** Fires the timeout of the attempt waiting now (the last timer set and not cancelled). */
      const timeOut = async () => {
        await new Promise((r) => setTimeout(r, 0))
        const t = timers.findLast((x) => !x.cancelled)!
        t.fire()
      }
      const retrying = createFetchWithRetry({ fetch, sleep: async () => {}, after })
      return { signals, timers, timeOut, retrying }
    }

    it('is given up after TIMEOUT_MS; a write is not sent again, since it may have been done', async () => {
      const h = hanging(['hang', 200])
      const answer = h.retrying('http://api/functions/v1/x', { method: 'POST', body: '{}' })
      await h.timeOut()
      const err = await answer.catch((e: unknown) => e)
      expect(isTimeout(err)).toBe(true)
      expect(h.timers[0]!.ms).toBe(TIMEOUT_MS)
      expect(h.signals).toHaveLength(1)
      expect(h.signals[0]!.aborted).toBe(true)
    })

    it('a read is tried again, as after a network failure, and its answer returned', async () => {
      const h = hanging(['hang', 200])
      const answer = h.retrying('http://api/rest/v1/x')
      await h.timeOut()
      expect((await answer).status).toBe(200)
      expect(h.signals).toHaveLength(2)
      // The second attempt answered: its timer was cancelled, nothing fires later.
      expect(h.timers.map((t) => t.cancelled)).toEqual([true, true])
    })

    it('a read that never answers fails as a timeout after the last retry', async () => {
      const h = hanging(['hang', 'hang', 'hang', 'hang'])
      const answer = h.retrying('http://api/rest/v1/x', { method: 'GET' }).catch((e: unknown) => e)
      for (let i = 0; i < 4; i++) await h.timeOut()
      expect(isTimeout(await answer)).toBe(true)
      expect(h.signals).toHaveLength(4)
    })

    it("the caller's abort still ends it at once, as an abort and not a timeout", async () => {
      const h = hanging(['hang', 200])
      const caller = new AbortController()
      const answer = h.retrying('http://api/rest/v1/x', { signal: caller.signal })
        .catch((e: unknown) => e)
      await new Promise((r) => setTimeout(r, 0))
      caller.abort()
      const err = await answer
      expect(isTimeout(err)).toBe(false)
      expect(err).toMatchObject({ name: 'AbortError' })
      expect(h.signals).toHaveLength(1)
    })
  })
})
