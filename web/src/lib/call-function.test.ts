import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { callFunction, FunctionError, NETWORK_MESSAGE } from './call-function'
import { TIMEOUT_MESSAGE, TIMEOUT_MS } from './fetch-with-retry'

beforeEach(() => {
  globalThis.__ROOTS_CONFIG__ = { supabaseUrl: 'http://api.test', supabaseAnonKey: 'anon-key' }
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

const failure = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e as FunctionError)

describe('callFunction', () => {
  it("turns the function's error shape into a FunctionError with its code and message", async () => {
    vi.stubGlobal(
      'fetch',
      () =>
        Promise.resolve(Response.json({
          error: { code: 'offer_expired', message: 'This offer has expired.', details: null },
        }, {
          status: 410,
        })),
    )
    const e = await failure(callFunction('waiting-list-process', { body: { action: 'respond' } }))
    expect(e).toBeInstanceOf(FunctionError)
    expect(e).toMatchObject({
      status: 410,
      code: 'offer_expired',
      message: 'This offer has expired.',
    })
  })

  it('says honestly that a request given up with no answer may have gone through', async () => {
    vi.useFakeTimers()
    const calls: string[] = []
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push(`${init?.method} ${String(input)}`)
      // The backend never answers: the attempt ends only when it is given up.
      return new Promise<Response>((_, reject) =>
        init!.signal!.addEventListener('abort', () => reject(init!.signal!.reason))
      )
    })
    const answered = failure(
      callFunction('waiting-list-process', { body: { action: 'respond', accept: true } }),
    )
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS - 1)
    expect(calls).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    const e = await answered
    expect(e).toMatchObject({ status: 0, code: 'timeout', message: TIMEOUT_MESSAGE })
    // Accepting a plot is not sent twice on the strength of a silence.
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS * 4)
    expect(calls).toEqual(['POST http://api.test/functions/v1/waiting-list-process'])
  })

  it('a network failure (after the retries) is the network message', async () => {
    vi.useFakeTimers()
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')))
    const answered = failure(callFunction('sites'))
    await vi.advanceTimersByTimeAsync(2_000)
    expect(await answered).toMatchObject({ status: 0, code: 'network', message: NETWORK_MESSAGE })
  })
})
