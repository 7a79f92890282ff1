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

type Tx = postgres.TransactionSql
export type Rows = postgres.RowList<postgres.Row[]>

/** The one row a read, a representation or a function call returns. */
export interface ResultRow {
  total_result_set: string | number | null
  page_total: string | number
  body: string | null
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
): Promise<Rows> {
  const setup = setupStatement(cache, caller, api)
  const text = statementText(plan.statement, plan.params)
  return transact(
    sql,
    setup,
    plan.readOnly,
    text,
    plan.params,
    plan.guard && guardCheck(plan.guard),
    recovery,
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
      'public, extensions',
      caller.role,
      JSON.stringify(caller.claims),
      api.method,
      api.path,
      JSON.stringify(api.headers),
      JSON.stringify(api.cookies),
      ...settings.flat(),
    ],
  }
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

async function settleOrLose<T>(
  p: Promise<T>,
  onLost: () => void,
  recovery?: Recovery,
): Promise<T> {
  let timer: number | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onLost()
      reject(unavailable('The connection to the database was lost during the request.'))
    }, QUERY_DEADLINE_MS) as unknown as number
  })
  // Recovery starting (another request saw the connection go) ends this wait at once.
  const lost = recovery?.whenLost().catch((e) => {
    onLost()
    throw e
  })
  try {
    return await Promise.race(lost ? [p, deadline, lost] : [p, deadline])
  } finally {
    clearTimeout(timer)
  }
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
async function acquire(sql: postgres.Sql, recovery?: Recovery): Promise<postgres.ReservedSql> {
  const pending = sql.reserve()
  let timer: number | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new ApiError(504, 'PGRST003', 'Timed out acquiring connection from connection pool.'),
        ),
      POOL_ACQUISITION_TIMEOUT_MS,
    ) as unknown as number
  })
  try {
    const lost = recovery?.whenLost()
    return await Promise.race(lost ? [pending, timeout, lost] : [pending, timeout])
  } catch (e) {
    pending.then((late) => late.release(), () => {})
    throw e
  } finally {
    clearTimeout(timer)
  }
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
  let lost = false
  const onLost = () => {
    lost = true
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
      main = send(
        conn.unsafe(text, p.values as string[], { prepare: true })
          .execute() as unknown as Promise<Rows>,
      )
      if (readOnly && !check) end = send(conn.unsafe('commit').execute().catch(() => {}))
    } else {
      const ready = await settleOrLose(Promise.allSettled([begin, settings]), onLost, recovery)
      for (const r of ready) if (r.status === 'rejected') throw r.reason
      main = send(
        conn.unsafe(await text(conn as unknown as Tx), p.values as string[], { prepare: true })
          .execute() as unknown as Promise<Rows>,
      )
    }
    const results = await settleOrLose(
      Promise.allSettled([begin, settings, main]),
      onLost,
      recovery,
    )
    for (const r of results) if (r.status === 'rejected') throw r.reason
    const rows = (results[2] as PromiseFulfilledResult<Rows>).value
    check?.(rows)
    if (!end) {
      end = send(conn.unsafe('commit').execute())
      await settleOrLose(end, onLost, recovery)
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
    if (end && !lost) await settleOrLose(end.catch(() => {}), onLost, recovery).catch(() => {})
    if (!lost) conn.release()
    else {
      // A connection that stopped answering goes back only once everything sent on it has
      // settled (a closed socket rejects them); one that never settles is never handed out.
      console.error('[rest] a database connection stopped answering; it is set aside')
      Promise.allSettled(sent).then(() => conn.release())
    }
  }
}
