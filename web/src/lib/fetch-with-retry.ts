// Backend fetches (spec §7, §8, §9): a network failure or a 502/503/504 is retried up to three
// times, waiting 200 ms × 2^n before retry n (200, 400, 800 ms). Every other status, and a
// caller's abort, is returned or thrown at once.

export const RETRY_STATUSES: ReadonlySet<number> = new Set([502, 503, 504])
export const MAX_RETRIES = 3
export const BASE_DELAY_MS = 200

export const retryDelay = (retry: number) => BASE_DELAY_MS * 2 ** retry

export interface RetryOptions {
  fetch?: typeof fetch
  sleep?: (ms: number) => Promise<void>
  maxRetries?: number
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

const isAbort = (e: unknown) => e instanceof Error && e.name === 'AbortError'

export function createFetchWithRetry(opts: RetryOptions = {}): typeof fetch {
  const sleep = opts.sleep ?? realSleep
  const max = opts.maxRetries ?? MAX_RETRIES
  return async (input, init) => {
    const base = opts.fetch ?? globalThis.fetch
    // A Request's body can be read once: keep a pristine copy to clone for each attempt.
    const template = input instanceof Request ? input.clone() : null
    for (let attempt = 0;; attempt++) {
      const req = template && attempt > 0 ? template.clone() : input
      try {
        const res = await base(req, init)
        if (!RETRY_STATUSES.has(res.status) || attempt >= max) return res
        await res.body?.cancel().catch(() => {})
      } catch (e) {
        if (isAbort(e) || init?.signal?.aborted || attempt >= max) throw e
      }
      await sleep(retryDelay(attempt))
      if (init?.signal?.aborted) {
        throw init.signal.reason ?? new DOMException('Aborted', 'AbortError')
      }
    }
  }
}

export const fetchWithRetry = createFetchWithRetry()
