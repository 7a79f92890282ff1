// Redirects on navigation (the route rules): the redirect table from the `redirect-lookup`
// edge function, kept in localStorage and refreshed in the background with its ETag, so every
// navigation is checked synchronously and never waits on the network once warm.
// The rules themselves (normalising a path, following a chain) are the function's too:
// supabase/functions/_shared/common/redirect-paths.ts.
import {
  isExternalTarget,
  normaliseRedirectPath,
  type RedirectHit,
  type RedirectRule,
  resolveRedirect,
} from '@common/redirect-paths'
import { isIntegerIn, isNonEmptyString, isRecord } from './shape'

/** A well-formed rule (a 3xx with a source and a target), else null. */
export function asRule(v: unknown): RedirectRule | null {
  if (
    !isRecord(v) || !isNonEmptyString(v.from) || !isNonEmptyString(v.to) ||
    !isIntegerIn(v.status, 300, 399)
  ) return null
  return { from: v.from, to: v.to, status: v.status }
}

interface StoredTable {
  etag: string | null
  fetchedAt: number
  redirects: RedirectRule[]
}

function asStoredTable(v: unknown): StoredTable | null {
  if (
    !isRecord(v) || !(v.etag === null || typeof v.etag === 'string') ||
    typeof v.fetchedAt !== 'number'
  ) return null
  if (!Array.isArray(v.redirects)) return null
  const redirects = v.redirects.map(asRule)
  return redirects.every((r) => r !== null)
    ? { etag: v.etag, fetchedAt: v.fetchedAt, redirects: redirects as RedirectRule[] }
    : null
}

export const STORAGE_KEY = 'roots:redirects:v1'
/** Background refresh at most this often (and on every app start). */
export const REFRESH_INTERVAL_MS = 5 * 60 * 1000
/** A cold cache (first visit) waits at most this long before the page renders without it. */
export const COLD_START_TIMEOUT_MS = 4000
/**
 * A lookup that has not answered by then counts as failed: an address the catalogue does not
 * know waits for this session's answer before it is called unknown (RedirectsKnown), so a
 * lookup that hangs kept such a page on "Loading the site…" for as long as the request lived.
 */
export const LOOKUP_TIMEOUT_MS = 8000
const isInternal = (to: string) =>
  to.startsWith('/') && !to.startsWith('//') && !to.startsWith('/\\')

export interface RedirectCacheOptions {
  /** `{supabaseUrl}/functions/v1/redirect-lookup` */
  url: string
  headers?: Record<string, string>
  fetch?: typeof fetch
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null
  now?: () => number
  /**
   * The page preloads the table with its HTML (the web server's `Link` header): the first
   * request is then the same plain GET, which takes the preloaded answer (the browser's own
   * cache revalidates it with the ETag); later ones ask with If-None-Match.
   */
  preloaded?: boolean
}

export class RedirectCache {
  private table = new Map<string, RedirectRule>()
  private etag: string | null = null
  private fetchedAt = 0
  private inflight: Promise<void> | null = null
  private requests = 0
  private listeners = new Set<() => void>()
  /** Bumped whenever the table changes (for useSyncExternalStore). */
  version = 0
  /** True once a table is known: from storage, or after the first fetch settled either way. */
  ready = false
  /**
   * True once this session's first fetch settled, either way: a stored table may predate a site's
   * closure, so only then may a page call an address unknown (RedirectsKnown).
   */
  checked = false

  constructor(private readonly opts: RedirectCacheOptions) {
    const raw = this.opts.storage?.getItem(STORAGE_KEY)
    if (raw) {
      try {
        const s = asStoredTable(JSON.parse(raw))
        if (!s) throw new Error('corrupt redirect table')
        this.replace(s.redirects)
        this.etag = s.etag
        this.fetchedAt = s.fetchedAt
        this.ready = true
      } catch { /* corrupt: fetch afresh */ }
    }
  }

  subscribe = (fn: () => void) => {
    this.listeners.add(fn)
    return () => {
      this.listeners.delete(fn)
    }
  }

  getVersion = () => this.version

  /** Resolves once a table is known (at once when warm), or after `maxMs` whatever happens. */
  whenReady(maxMs = COLD_START_TIMEOUT_MS): Promise<void> {
    if (this.ready) return Promise.resolve()
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer)
        unsubscribe()
        resolve()
      }
      const timer = setTimeout(done, maxMs)
      const unsubscribe = this.subscribe(() => {
        if (this.ready) done()
      })
    })
  }

  private replace(rules: RedirectRule[]) {
    this.table = new Map()
    for (const r of rules) {
      if (!isExternalTarget(r.to) && !isInternal(r.to)) continue
      this.table.set(normaliseRedirectPath(r.from), r)
    }
  }

  private changed() {
    this.version++
    for (const fn of this.listeners) fn()
  }

  get size() {
    return this.table.size
  }

  /**
   * Where `path` (with any query and hash) should go, following internal chains; null when it
   * stays. An internal target without a query keeps the original query and hash.
   */
  lookup(path: string): RedirectHit | null {
    return resolveRedirect(this.table, path)
  }

  isStale() {
    return (this.opts.now ?? Date.now)() - this.fetchedAt >= REFRESH_INTERVAL_MS
  }

  refreshIfStale(): Promise<void> {
    return this.isStale() ? this.refresh() : Promise.resolve()
  }

  /** Fetches the table; 304 keeps it; any failure keeps what is cached. */
  refresh(): Promise<void> {
    this.inflight ??= this.doRefresh().finally(() => {
      this.inflight = null
      if (!this.checked) {
        this.ready = this.checked = true
        this.changed()
      }
    })
    return this.inflight
  }

  private async doRefresh() {
    const headers: Record<string, string> = { ...this.opts.headers }
    const takesPreload = this.opts.preloaded === true && this.requests++ === 0
    if (this.etag && this.ready && !takesPreload) headers['if-none-match'] = this.etag
    const now = (this.opts.now ?? Date.now)()
    // The whole answer, body included, within LOOKUP_TIMEOUT_MS (a timer rather than
    // AbortSignal.timeout, which older Safari lacks).
    const abort = new AbortController()
    const timer = setTimeout(() => abort.abort(), LOOKUP_TIMEOUT_MS)
    let res: Response
    let body: unknown
    try {
      res = await (this.opts.fetch ?? fetch)(this.opts.url, { headers, signal: abort.signal })
      if (res.status === 304) {
        this.fetchedAt = now
        this.persist()
        return
      }
      if (!res.ok) return
      body = await res.json()
    } catch {
      return
    } finally {
      clearTimeout(timer)
    }
    if (!isRecord(body) || !Array.isArray(body.redirects)) return
    const etag = res.headers.get('etag')
    if (etag !== null && etag === this.etag && this.ready) {
      // The same table (a preloaded or browser-cached answer): nothing changed.
      this.fetchedAt = now
      this.persist()
      return
    }
    const rules = body.redirects.map(asRule).filter((r): r is RedirectRule => r !== null)
    this.replace(rules)
    this.etag = etag
    this.fetchedAt = now
    this.persist()
    // Checked too, so subscribers hear of this answer once (not again as the refresh settles).
    this.ready = this.checked = true
    this.changed()
  }

  private persist() {
    try {
      this.opts.storage?.setItem(
        STORAGE_KEY,
        JSON.stringify({
          etag: this.etag,
          fetchedAt: this.fetchedAt,
          redirects: [...this.table.values()],
        }),
      )
    } catch { /* storage full or blocked: memory only */ }
  }
}
