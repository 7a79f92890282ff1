import { describe, expect, it } from 'vitest'
import { createFetchWithRetry, retryDelay } from './fetch-with-retry'

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
})
