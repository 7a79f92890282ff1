// Recovery mode, as PostgREST has it: when the database connection is lost, every request is
// answered at once with 503 and a Retry-After hint while one worker retries the connection, and
// the first successful probe ends it. Requests caught mid-query on a connection that died are
// answered 503 at that moment too, instead of waiting for a deadline: a client retries rather
// than hangs. PostgREST backs off to 32 s between attempts; here the probe runs every
// RECOVERY_PROBE_MS (200 ms by default) so service returns within a fraction of a second of
// Postgres, and Retry-After says 1.
import { ApiError } from './errors.ts'

const PROBE_MS = Number(Deno.env.get('GATEWAY_RECOVERY_PROBE_MS') ?? 200)

/** Errors that mean the connection, not the request, failed: socket-level, or Postgres going away. */
export function isConnectionLoss(e: unknown): boolean {
  const err = (e ?? {}) as { name?: string; code?: unknown }
  const code = String(err.code ?? '')
  if (err.name === 'PostgresError') {
    // connection_exception (08…), admin_shutdown, crash_shutdown, cannot_connect_now.
    return code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03'
  }
  return /^(E(CONNREFUSED|CONNRESET|PIPE|HOSTUNREACH|NOTFOUND)|CONNECT_TIMEOUT|CONNECTION_(CLOSED|ENDED|DESTROYED))$/
    .test(code)
}

export function unavailable(details: string): ApiError {
  return new ApiError(
    503,
    'PGRST001',
    'Database client error. Retrying the connection.',
    details,
    null,
    { 'retry-after': '1' },
  )
}

interface Loss {
  promise: Promise<never>
  reject: (e: ApiError) => void
}

function nextLoss(): Loss {
  let reject!: (e: ApiError) => void
  const promise = new Promise<never>((_, r) => (reject = r))
  promise.catch(() => {})
  return { promise, reject }
}

export class Recovery {
  #since: number | null = null
  #loss = nextLoss()
  #closed = false
  #timer: number | undefined
  #listeners = new Set<(e: ApiError) => void>()

  /** `probe` opens a fresh connection and runs a trivial query; it throws while Postgres is away. */
  constructor(private probe: () => Promise<void>, private onRecovered: () => void = () => {}) {}

  get recovering(): boolean {
    return this.#since !== null
  }

  /** Before a request takes a connection: in recovery, answer 503 at once. */
  check(): void {
    if (this.#since !== null) {
      throw unavailable('The database is unreachable; the gateway is reconnecting.')
    }
  }

  /** Rejects with a 503 when the next recovery starts: raced against a request's queries. */
  whenLost(): Promise<never> {
    return this.#loss.promise
  }

  /**
   * Calls `fn` with the 503 when the next recovery starts; returns the way to stop listening.
   * What a request's wait uses: unlike racing whenLost(), nothing stays attached to a shared
   * promise once the request is answered (a reaction per request served would pile up).
   */
  onLoss(fn: (e: ApiError) => void): () => void {
    this.#listeners.add(fn)
    return () => void this.#listeners.delete(fn)
  }

  /** Called with any error a request met: a lost connection starts recovery. */
  noteFailure(e: unknown): void {
    if (this.#closed || this.#since !== null || !isConnectionLoss(e)) return
    this.#since = performance.now()
    const loss = this.#loss
    this.#loss = nextLoss()
    const err = unavailable('The connection to the database was lost during the request.')
    loss.reject(err)
    const listeners = [...this.#listeners]
    this.#listeners.clear()
    for (const fn of listeners) fn(err)
    this.#schedule()
  }

  #schedule() {
    if (this.#closed) return
    this.#timer = setTimeout(async () => {
      try {
        await this.probe()
        this.#since = null
        this.onRecovered()
      } catch {
        this.#schedule()
      }
    }, PROBE_MS) as unknown as number
  }

  close(): void {
    this.#closed = true
    clearTimeout(this.#timer)
  }
}
