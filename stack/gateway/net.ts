// The stack's pg_net worker. Debian has no pg_net, so stack/bootstrap.sql gives the database
// pg_net's interface (net.http_post / net.http_get queue a row in net.http_request_queue and
// return its id); this worker does what pg_net's background worker does: it takes queued
// requests (each taken once, even with several gateways on one database), sends them, and
// records each answer, or the error, in net._http_response under the request's id. Answers are
// kept six hours, as pg_net's default ttl.
import postgres from 'postgres'
import { asRole, SUPERUSER } from '../postgres.ts'

interface Queued {
  id: string
  method: string
  url: string
  headers: Record<string, string>
  body: Uint8Array | null
  timeout_milliseconds: number
}

export interface NetWorker {
  /** Sends everything queued now; resolves when those answers are recorded. */
  drain(): Promise<number>
  close(): Promise<void>
}

const BATCH = 20
const POLL_MS = 1000

export function startNetWorker(dbUrl: string, opts: { quiet?: boolean } = {}): NetWorker {
  const sql = postgres(asRole(dbUrl, SUPERUSER), {
    max: 2,
    onnotice: () => {},
    idle_timeout: 60,
    connect_timeout: 5,
  })
  const inFlight = new Set<AbortController>()
  let closed = false
  let running: Promise<number> | null = null
  let again = false
  let lastSweep = 0

  const send = async (r: Queued) => {
    const abort = new AbortController()
    inFlight.add(abort)
    const timer = setTimeout(
      () => abort.abort(new DOMException('timed out', 'TimeoutError')),
      r.timeout_milliseconds,
    )
    try {
      const res = await fetch(r.url, {
        method: r.method,
        headers: r.headers,
        body: r.body ? new Uint8Array(r.body) : undefined,
        signal: abort.signal,
      })
      const content = await res.text()
      await sql`insert into net._http_response (id, status_code, content_type, headers, content, timed_out)
        values (${r.id}, ${res.status}, ${res.headers.get('content-type')}, ${
        sql.json(Object.fromEntries(res.headers))
      }, ${content}, false)`
    } catch (e) {
      if (closed) return
      const timedOut = abort.signal.aborted
      await sql`insert into net._http_response (id, timed_out, error_msg)
        values (${r.id}, ${timedOut}, ${
        timedOut
          ? `Timeout of ${r.timeout_milliseconds} ms reached`
          : String(e instanceof Error ? e.message : e)
      })`
    } finally {
      clearTimeout(timer)
      inFlight.delete(abort)
    }
  }

  const drainOnce = async (): Promise<number> => {
    let sent = 0
    while (!closed) {
      // Taken rows leave the queue at once, as pg_net's worker does.
      const batch = await sql<Queued[]>`
        delete from net.http_request_queue
        where id in (select id from net.http_request_queue order by id limit ${BATCH} for update skip locked)
        returning id, method, url, headers, body, timeout_milliseconds`
      if (batch.length === 0) break
      await Promise.all(batch.map(send))
      sent += batch.length
    }
    if (Date.now() - lastSweep > 60_000) {
      lastSweep = Date.now()
      await sql`delete from net._http_response where created < now() - interval '6 hours'`
    }
    return sent
  }

  const drain = (): Promise<number> => {
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      let total = 0
      do {
        again = false
        total += await drainOnce()
      } while (again && !closed)
      return total
    })().catch((e) => {
      if (!closed && !opts.quiet) console.error('[net] worker:', e instanceof Error ? e.message : e)
      return 0
    }).finally(() => running = null)
    return running
  }

  const listening = sql.listen('stack_net', () => void drain()).catch((e) => {
    if (!closed && !opts.quiet) {
      console.error('[net] listen failed:', e instanceof Error ? e.message : e)
    }
  })
  const poll = setInterval(() => void drain(), POLL_MS)
  void drain()

  return {
    drain,
    async close() {
      closed = true
      clearInterval(poll)
      for (const a of inFlight) a.abort()
      await listening
      await running?.catch(() => {})
      await sql.end({ timeout: 1 })
    },
  }
}
