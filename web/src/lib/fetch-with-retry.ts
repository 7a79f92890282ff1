// Backend fetches: a network failure or a 502/503/504 is retried up to three
// times, waiting 200 ms × 2^n before retry n (200, 400, 800 ms). Every other status, and a
// caller's abort, is returned or thrown at once.
//
// An attempt that has no answer (not even its headers) after TIMEOUT_MS is given up, so a button
// never says "Accepting…" for ever: the platform itself cuts a request off after 150 s, and ours
// answer in well under a second. A read (GET, HEAD) given up is tried again like a network failure;
// any other request is not, since it may have been done (a plot accepted, a payment started), and
// the caller gets a TimeoutError (isTimeout) to say so.

export const RETRY_STATUSES: ReadonlySet<number> = new Set([502, 503, 504])
export const MAX_RETRIES = 3
export const BASE_DELAY_MS = 200
export const TIMEOUT_MS = 60_000

export const retryDelay = (retry: number) => BASE_DELAY_MS * 2 ** retry

export interface RetryOptions {
  fetch?: typeof fetch
  sleep?: (ms: number) => Promise<void>
  maxRetries?: number
  timeoutMs?: number
  /** Calls `fn` after `ms` and returns what cancels it (setTimeout unless a test says otherwise). */
  after?: (ms: number, fn: () => void) => () => void
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
const realAfter = (ms: number, fn: () => void) => {
  const id = setTimeout(fn, ms)
  return () => clearTimeout(id)
}

const isAbort = (e: unknown) => e instanceof Error && e.name === 'AbortError'

/** What a person is told when a request that may have been done was given up with no answer. */
export const TIMEOUT_MESSAGE =
  'Roots did not answer in time, so this may or may not have gone through. Nothing you typed is lost: reload the page to see where things stand before trying again.'

/** True for the error of a request given up after TIMEOUT_MS with no answer. */
export const isTimeout = (e: unknown) => e instanceof Error && e.name === 'TimeoutError'

const timeoutError = () => new DOMException('The server did not answer in time.', 'TimeoutError')

export function createFetchWithRetry(opts: RetryOptions = {}): typeof fetch {
  const sleep = opts.sleep ?? realSleep
  const after = opts.after ?? realAfter
  const max = opts.maxRetries ?? MAX_RETRIES
  const timeoutMs = opts.timeoutMs ?? TIMEOUT_MS
  return async (input, init) => {
    const base = opts.fetch ?? globalThis.fetch
    // A Request's body can be read once: keep a pristine copy to clone for each attempt.
    const template = input instanceof Request ? input.clone() : null
    const outer = init?.signal ?? (input instanceof Request ? input.signal : null)
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase()
    const isRead = method === 'GET' || method === 'HEAD'
    for (let attempt = 0;; attempt++) {
      const req = template && attempt > 0 ? template.clone() : input
      // Each attempt has a signal of its own: the caller's abort, or the timeout, ends it.
      const ctl = new AbortController()
      const onAbort = () => ctl.abort(outer?.reason)
      if (outer?.aborted) ctl.abort(outer.reason)
      else outer?.addEventListener('abort', onAbort, { once: true })
      let timedOut = false
      const cancel = after(timeoutMs, () => {
        timedOut = true
        ctl.abort(timeoutError())
      })
      try {
        const res = await base(req, { ...init, signal: ctl.signal })
        if (!RETRY_STATUSES.has(res.status) || attempt >= max) return res
        await res.body?.cancel().catch(() => {})
      } catch (e) {
        if (timedOut && !outer?.aborted) {
          if (!isRead || attempt >= max) throw timeoutError()
        } else if (isAbort(e) || outer?.aborted || attempt >= max) throw e
      } finally {
        // The answer has come (or the attempt ended): no more timeout. The caller's abort stays
        // wired, so it still stops the body's download.
        cancel()
      }
      await sleep(retryDelay(attempt))
      if (outer?.aborted) {
        throw outer.reason ?? new DOMException('Aborted', 'AbortError')
      }
    }
  }
}

export const fetchWithRetry = createFetchWithRetry()
