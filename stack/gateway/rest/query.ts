// Stage 3 of a /rest/v1 request (PostgREST's Query): a plan's statement run in one transaction
// as the caller's role, with PostgREST's request settings (request.jwt.claims, request.method,
// request.path, request.headers, request.cookies) and the role's own settings in place first;
// a write's guard is checked before it commits. Bounded waits for a pool connection and for a
// connection that stops answering.
import type postgres from 'postgres'
import type { ApiRequest } from './api-request.ts'
import type { Caller } from './auth.ts'
import { ApiError, singleError } from './errors.ts'
import { unavailable } from './recovery.ts'
import type { DbPlan, Guard, Statement } from './plan.ts'
import type { SchemaCache } from './schema.ts'
import type { Params } from './sql.ts'
import type { Recovery } from './recovery.ts'
import type { WirePool } from './wire.ts'

type Tx = postgres.TransactionSql
export type Rows = postgres.RowList<postgres.Row[]>

/** The one row a read, a representation or a function call returns. */
export interface ResultRow {
  total_result_set: string | number | null
  page_total: string | number
  /** The JSON body as Postgres sent it (bytes), or as text. */
  body: Uint8Array<ArrayBuffer> | string | null
  response_headers: string | null
  response_status: string | null
}

/** Runs a plan's statement and returns its rows (one ResultRow, or a write's RETURNING rows). */
export function runPlan(
  sql: postgres.Sql,
  cache: SchemaCache,
  caller: Caller,
  api: ApiRequest,
  plan: DbPlan,
  recovery?: Recovery,
  wire?: WirePool,
): Promise<Rows> {
  const setup = setupStatement(cache, caller, api)
  const text = statementText(plan.statement, plan.params)
  if (wire && plan.readOnly && !plan.guard && typeof text === 'string') {
    return wireRead(wire, setup, text, plan.params, recovery)
  }
  return transact(
    sql,
    setup,
    plan.readOnly,
    text,
    plan.params,
    plan.guard && guardCheck(plan.guard),
    recovery,
    plan.answer.kind !== 'written',
  )
}

const SETUP_SQL =
  `select set_config('search_path', $1, true), set_config('role', $2, true), set_config('request.jwt.claims', $3, true), ` +
  `set_config('request.method', $4, true), set_config('request.path', $5, true), set_config('request.headers', $6, true), ` +
  `set_config('request.cookies', $7, true)`

/** The settings statement with `n` role settings appended, one text per shape. */
const setupSqlFor: string[] = []
function setupSql(n: number): string {
  return setupSqlFor[n] ??= SETUP_SQL +
    Array.from({ length: n }, (_, i) => `, set_config($${8 + 2 * i}, $${9 + 2 * i}, true)`).join('')
}

/**
 * The statement PostgREST runs first in every transaction: search_path, role, claims, method,
 * path, headers, cookies, then the role's own settings (ALTER ROLE … SET, e.g. anon's
 * statement_timeout), which Postgres does not apply on SET ROLE but PostgREST does.
 */
export function setupStatement(
  cache: SchemaCache,
  caller: Caller,
  api: Pick<ApiRequest, 'method' | 'path' | 'headers' | 'cookies'>,
): { text: string; values: string[] } {
  const settings = cache.roleSettings.get(caller.role) ?? []
  return {
    text: setupSql(settings.length),
    values: [
      searchPathText(cache),
      caller.role,
      claimsText(caller.claims),
      api.method,
      api.path,
      JSON.stringify(api.headers),
      JSON.stringify(api.cookies),
      ...settings.flat(),
    ],
  }
}

/** The cache's search_path as set_config takes it: each schema quoted, comma-separated. */
const searchPathText = (cache: SchemaCache): string =>
  cache.searchPath.map((s) => `"${s.replace(/"/g, '""')}"`).join(', ')

/** A token's claims as JSON, once per verified token (auth.ts caches the claims object). */
const claimsJson = new WeakMap<object, string>()
function claimsText(claims: object): string {
  let text = claimsJson.get(claims)
  if (text === undefined) claimsJson.set(claims, text = JSON.stringify(claims))
  return text
}

/** The SQL text, or for Prefer: count=planned a function that asks the planner first (EXPLAIN). */
function statementText(s: Statement, p: Params): string | ((tx: Tx) => Promise<string>) {
  if ('sql' in s) return s.sql
  return async (tx) => {
    // EXPLAIN must see every parameter; those the count does not use are mentioned as text.
    const unused = p.values.map((_, i) => `$${i + 1}`).filter((ref) =>
      !new RegExp(`\\${ref}(?!\\d)`).test(s.countQuery)
    )
    const text = unused.length
      ? s.countQuery.replace(/^select 1/, `select 1, ${unused.map((u) => `${u}::text`).join(', ')}`)
      : s.countQuery
    const [plan] = await tx.unsafe(`explain (format json) ${text}`, p.values as string[])
    const rows = Number(
      (plan['QUERY PLAN'] as { Plan: { 'Plan Rows': number } }[])[0].Plan['Plan Rows'],
    )
    return s.withTotal(String(Math.round(rows)))
  }
}

/** A write's guard as a check of its result: a failure throws, and the write rolls back. */
function guardCheck(g: Guard): (rows: Rows) => void {
  return (rows) => {
    const n = g.rowsFrom === 'page_total'
      ? Number((rows[0] as unknown as ResultRow).page_total)
      : rows.count
    if (g.single && n !== 1) throw singleError(n)
    if (g.maxAffected !== undefined && n > g.maxAffected) {
      throw new ApiError(
        400,
        'PGRST124',
        'Query result exceeds max-affected preference constraint',
        `The query affects ${n} rows`,
      )
    }
  }
}

/**
 * How long a transaction's queries may take before the connection counts as lost. Postgres
 * cancels any statement at 8 s (the authenticator's statement_timeout, which SET ROLE keeps), so
 * only a connection that died under its queries reaches this: postgres.js then neither sends nor
 * rejects them, and without a bound the request would hang.
 */
const QUERY_DEADLINE_MS = Number(Deno.env.get('GATEWAY_QUERY_DEADLINE_MS') ?? 10_000)

/**
 * Deadlines without a timer per request: each wait registers here and one shared ticker fires
 * those that are due (within TICK_MS). A timer per request (two per request, with Node's timer
 * objects under Deno) was a measurable share of the gateway's time under load.
 */
const TICK_MS = 100
const deadlines = new Set<{ at: number; fire: () => void }>()
let ticker: number | undefined
function sweep() {
  const now = performance.now()
  for (const d of deadlines) {
    if (d.at <= now) {
      deadlines.delete(d)
      d.fire()
    }
  }
  if (deadlines.size === 0) {
    clearInterval(ticker)
    ticker = undefined
  }
}
function deadline(ms: number, fire: () => void): () => void {
  const d = { at: performance.now() + ms, fire }
  deadlines.add(d)
  ticker ??= setInterval(sweep, Math.min(TICK_MS, ms)) as unknown as number
  return () => void deadlines.delete(d)
}

/**
 * Settles as `p` does, or rejects when `ms` pass (`onTimeout`'s error) or when recovery starts
 * (its 503), calling `onLost` first in either case.
 */
function bounded<T>(
  p: Promise<T>,
  ms: number,
  onTimeout: () => ApiError,
  onLost: () => void,
  recovery?: Recovery,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false
    const lose = (e: ApiError) => {
      if (settled) return
      settled = true
      stop()
      onLost()
      reject(e)
    }
    const stopTimer = deadline(ms, () => lose(onTimeout()))
    const stopLoss = recovery?.onLoss(lose)
    const stop = () => {
      stopTimer()
      stopLoss?.()
    }
    p.then((v) => {
      if (settled) return
      settled = true
      stop()
      resolve(v)
    }, (e) => {
      if (settled) return
      settled = true
      stop()
      reject(e)
    })
  })
}

const lostDuringRequest = () =>
  unavailable('The connection to the database was lost during the request.')

function settleOrLose<T>(p: Promise<T>, onLost: () => void, recovery?: Recovery): Promise<T> {
  return bounded(p, QUERY_DEADLINE_MS, lostDuringRequest, onLost, recovery)
}

/** PostgREST's db-pool-acquisition-timeout (its default is 10 s; ours is shorter and settable). */
const POOL_ACQUISITION_TIMEOUT_MS = Number(
  Deno.env.get('GATEWAY_POOL_ACQUISITION_TIMEOUT_MS') ?? 5000,
)

/**
 * A connection from the pool, or 504 PGRST003 as PostgREST answers when none comes in time.
 * postgres.js can leave a reservation queued forever when Postgres dies under it; the bound
 * keeps such a request from hanging, and a connection that arrives late goes straight back.
 */
function acquire(sql: postgres.Sql, recovery?: Recovery): Promise<postgres.ReservedSql> {
  const pending = sql.reserve()
  let late = false
  const got = bounded(
    pending,
    POOL_ACQUISITION_TIMEOUT_MS,
    () => new ApiError(504, 'PGRST003', 'Timed out acquiring connection from connection pool.'),
    () => {
      late = true
    },
    recovery,
  )
  // A connection that arrives after the wait ended goes straight back.
  pending.then((conn) => late && conn.release(), () => {})
  return got
}

/**
 * Runs a request's statement in one transaction, as PostgREST does: BEGIN, the set_config
 * statement, the statement, COMMIT. They are queued on one reserved connection in the same
 * tick, so postgres.js sends them in one write and Postgres answers in one round trip. The
 * settings are queued first (postgres.js runs a connection's queries in order), so nothing of
 * the request runs before its role and claims are in place. A read-only transaction's COMMIT
 * goes with the rest; a write commits only after `check` accepted the result (else rolls back).
 * `text` may be a function of the open transaction (for a planner estimate first).
 */
async function transact(
  sql: postgres.Sql,
  setup: { text: string; values: string[] },
  readOnly: boolean,
  text: string | ((tx: Tx) => Promise<string>),
  p: Params,
  check?: (r: Rows) => void,
  recovery?: Recovery,
  raw = false,
): Promise<Rows> {
  recovery?.check()
  let conn: postgres.ReservedSql
  try {
    conn = await acquire(sql, recovery)
  } catch (e) {
    recovery?.noteFailure(e)
    throw e
  }
  const sent: Promise<unknown>[] = []
  const send = <T>(q: Promise<T>): Promise<T> => (sent.push(q), q)
  let end: Promise<unknown> | null = null
  let ended = false
  let lost = false
  const onLost = () => {
    lost = true
  }
  const run = (t: string) => {
    const q = conn.unsafe(t, p.values as string[], { prepare: true })
    return (raw ? q.raw() : q).execute() as unknown as Promise<Rows>
  }
  try {
    const begin = send(
      conn.unsafe(
        readOnly
          ? 'begin isolation level read committed read only'
          : 'begin isolation level read committed',
      ).execute(),
    )
    const settings = send(conn.unsafe(setup.text, setup.values, { prepare: true }).execute())
    let main: Promise<Rows>
    if (typeof text === 'string') {
      main = send(run(text))
      if (readOnly && !check) end = send(conn.unsafe('commit').execute().catch(() => {}))
    } else {
      const ready = await settleOrLose(Promise.allSettled([begin, settings]), onLost, recovery)
      for (const r of ready) if (r.status === 'rejected') throw r.reason
      main = send(run(await text(conn as unknown as Tx)))
    }
    // A read-only transaction's COMMIT went with the rest: one wait covers all of it.
    const results = await settleOrLose(
      Promise.allSettled(end ? [begin, settings, main, end] : [begin, settings, main]),
      onLost,
      recovery,
    )
    ended = end !== null
    for (const r of results) if (r.status === 'rejected') throw r.reason
    const rows = (results[2] as PromiseFulfilledResult<Rows>).value
    if (raw) resultRows(rows)
    check?.(rows)
    if (!end) {
      end = send(conn.unsafe('commit').execute())
      await settleOrLose(end, onLost, recovery)
      ended = true
    }
    return rows
  } catch (e) {
    recovery?.noteFailure(e)
    if (!end && !lost) {
      await settleOrLose(send(conn.unsafe('rollback').catch(() => {})), onLost, recovery)
        .catch(() => {})
    }
    throw e
  } finally {
    if (end && !ended && !lost) {
      await settleOrLose(end.catch(() => {}), onLost, recovery).catch(() => {})
    }
    if (!lost) conn.release()
    else {
      // A connection that stopped answering goes back only once everything sent on it has
      // settled (a closed socket rejects them); one that never settles is never handed out.
      console.error('[rest] a database connection stopped answering; it is set aside')
      Promise.allSettled(sent).then(() => conn.release())
    }
  }
}

/**
 * A read on the wire client (wire.ts): the settings statement, read-only for the rest of the
 * transaction, and the statement in one implicit transaction, one round trip and one Sync.
 * Same deadline and recovery as transact(); the result in the shape resultRows() gives.
 */
async function wireRead(
  wire: WirePool,
  setup: { text: string; values: string[] },
  text: string,
  p: Params,
  recovery?: Recovery,
): Promise<Rows> {
  recovery?.check()
  try {
    const result = await bounded(
      wire.run([
        { text: readOnlySetup(setup.text), values: setup.values },
        { text, values: p.values },
      ]),
      QUERY_DEADLINE_MS + POOL_ACQUISITION_TIMEOUT_MS,
      lostDuringRequest,
      () => console.error('[rest] a database connection stopped answering; it is set aside'),
      recovery,
    )
    const rows = result.rows.map((values) => {
      const row: Record<string, string | Uint8Array | null> = {}
      for (let j = 0; j < result.columns.length; j++) {
        const v = values[j]
        const name = result.columns[j]
        row[name] = v === null ? null : name === 'body' ? v : decoder.decode(v)
      }
      return row
    })
    return Object.assign(rows, { count: rows.length, columns: [] }) as unknown as Rows
  } catch (e) {
    recovery?.noteFailure(e)
    throw e
  }
}

const readOnlySetups = new Map<string, string>()
export function readOnlySetup(text: string): string {
  let ro = readOnlySetups.get(text)
  if (ro === undefined) {
    readOnlySetups.set(text, ro = `${text}, set_config('transaction_read_only', 'on', true)`)
  }
  return ro
}

/**
 * A raw result (each row an array of the columns' bytes) as ResultRows: the body stays bytes,
 * handed to the Response as they came from Postgres (no UTF-8 decoding of a large JSON body
 * into a string, then encoding it again); the other, small columns become text.
 */
function resultRows(rows: Rows) {
  const names = rows.columns.map((c) => c.name)
  for (let i = 0; i < rows.length; i++) {
    const values = rows[i] as unknown as (Uint8Array | null)[]
    const row: Record<string, string | Uint8Array | null> = {}
    for (let j = 0; j < names.length; j++) {
      const v = values[j]
      // The bytes may be a view of the connection's read buffer: the body gets its own copy.
      row[names[j]] = v === null
        ? null
        : names[j] === 'body'
        ? new Uint8Array(v)
        : decoder.decode(v)
    }
    ;(rows as unknown as Record<string, string | Uint8Array | null>[])[i] = row
  }
}

const decoder = new TextDecoder()
