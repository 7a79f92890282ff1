// Cheap repeat loads for public, read-mostly answers: a strong ETag over the body, 304 for a
// matching If-None-Match, Cache-Control for browsers and CDNs, and a short in-process cache so
// a burst of loads costs one database read. A request with `Cache-Control: no-cache` skips the
// in-process cache (fresh read), as a browser's hard reload does.
import { corsHeaders } from './cors.ts'

export async function etagOf(body: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(body))
  const hex = Array.from(
    new Uint8Array(digest).slice(0, 16),
    (b) => b.toString(16).padStart(2, '0'),
  ).join('')
  return `"${hex}"`
}

/** True when If-None-Match lists the tag (or `*`); weak prefixes are ignored, as for GET. */
export function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false
  return ifNoneMatch.split(',').map((t) => t.trim().replace(/^W\//, '')).some((t) =>
    t === etag || t === '*'
  )
}

export interface Cached {
  body: string
  etag: string
  at: number
}

/** Serves `body` with its ETag, or 304 when the client already holds it. */
export function conditional(req: Request, c: Cached, cacheControl: string): Response {
  const headers = {
    ...corsHeaders,
    etag: c.etag,
    'cache-control': cacheControl,
    vary: 'Accept-Encoding',
  }
  if (matches(req.headers.get('if-none-match'), c.etag)) {
    return new Response(null, { status: 304, headers })
  }
  return new Response(req.method === 'HEAD' ? null : c.body, {
    status: 200,
    headers: { ...headers, 'content-type': 'application/json' },
  })
}

/** How long a caller waits on a load another caller started before it starts its own. */
export const JOIN_LIMIT_MS = 10_000

/**
 * A value computed at most once per `ttlMs`; concurrent callers share one computation. A load
 * that has not settled after `joinLimitMs` is no longer shared: the next caller starts its own,
 * so one read that never answers (a stuck connection) cannot hold every later request with it.
 */
export class MicroCache<T> {
  private value: { v: T; at: number } | null = null
  private inflight: { p: Promise<T>; at: number } | null = null
  constructor(
    private ttlMs: number,
    private joinLimitMs = JOIN_LIMIT_MS,
    private now: () => number = Date.now,
  ) {}

  get(load: () => Promise<T>, fresh = false): Promise<T> {
    const now = this.now()
    if (!fresh && this.value && now - this.value.at < this.ttlMs) {
      return Promise.resolve(this.value.v)
    }
    if (!fresh && this.inflight && now - this.inflight.at < this.joinLimitMs) {
      return this.inflight.p
    }
    const p = load().then((v) => {
      // A slower, older load does not replace what a newer one already brought.
      const at = this.now()
      if (!this.value || this.value.at < now) this.value = { v, at }
      return v
    }).finally(() => {
      if (this.inflight?.p === p) this.inflight = null
    })
    if (!fresh) this.inflight = { p, at: now }
    return p
  }
}

export const wantsFresh = (req: Request) =>
  /no-cache|no-store|max-age=0/i.test(req.headers.get('cache-control') ?? '') ||
  req.headers.get('pragma') === 'no-cache'

export function cacheTtl(name: string, fallbackMs: number): number {
  const v = Number(Deno.env.get(name))
  return Number.isFinite(v) && v >= 0 && Deno.env.get(name) ? v : fallbackMs
}
