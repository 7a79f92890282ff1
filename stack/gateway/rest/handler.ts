// One request to /rest/v1: resolve it against the schema cache, build its SQL, run it in one
// transaction as the caller's role with PostgREST's request settings, and shape the response
// (status, Content-Range, Preference-Applied, Location) as PostgREST does.
import type postgres from 'postgres'
import type { RequestInfo } from '../context.ts'
import { ApiError, bodyError, notEmbeddedError } from './errors.ts'
import { type NodeParams, parseQuery, type ParsedQuery } from './parse.ts'
import { authenticate, type Caller } from './auth.ts'
import {
  type AcceptKind, invalidPath, parseAccept, parseCookies, parsePrefer, parseRangeHeader, type Prefer, profile,
  type Range, readBody, wantsStrippedNulls,
} from './request.ts'
import { closest, type Fn, relKey, type Relation, type SchemaCache } from './schema.ts'
import {
  buildSelect, callSql, deleteSql, ident, insertSql, Params, qualified, type ReadNode, unknownWriteColumn, updateSql, wrapResult,
  writeWhere,
} from './sql.ts'

type Sql = postgres.Sql
type Tx = postgres.TransactionSql

const SETUP_SQL = `select set_config('search_path', $1, true), set_config('role', $2, true), set_config('request.jwt.claims', $3, true), ` +
  `set_config('request.method', $4, true), set_config('request.path', $5, true), set_config('request.headers', $6, true), ` +
  `set_config('request.cookies', $7, true)`

/** The settings statement with `n` role settings appended, one text per shape. */
const setupSqlFor: string[] = []
function setupSql(n: number): string {
  return setupSqlFor[n] ??= SETUP_SQL + Array.from({ length: n }, (_, i) => `, set_config($${8 + 2 * i}, $${9 + 2 * i}, true)`).join('')
}

export interface Env {
  sql: Sql
  jwtSecret: string
  cache(): Promise<SchemaCache>
}

interface Ctx {
  env: Env
  req: Request
  info: RequestInfo
  caller: Caller
  cache: SchemaCache
  schema: string
  prefer: Prefer
  accept: AcceptKind
  stripNulls: boolean
}

interface ResultRow {
  total_result_set: string | number | null
  page_total: string | number
  body: string | null
  response_headers: string | null
  response_status: string | null
}

/**
 * The statement PostgREST runs first in every transaction: search_path, role, claims, method,
 * path, headers, cookies, then the role's own settings (ALTER ROLE … SET, e.g. anon's
 * statement_timeout), which Postgres does not apply on SET ROLE but PostgREST does.
 */
export function setupStatement(cache: SchemaCache, caller: Caller, req: Request, path: string): { text: string; values: string[] } {
  const settings = cache.roleSettings.get(caller.role) ?? []
  return {
    text: setupSql(settings.length),
    values: [
      'public, extensions',
      caller.role,
      JSON.stringify(caller.claims),
      req.method,
      path,
      JSON.stringify(Object.fromEntries(req.headers)),
      JSON.stringify(parseCookies(req)),
      ...settings.flat(),
    ],
  }
}

type Rows = postgres.RowList<postgres.Row[]>

/**
 * How long a transaction's queries may take before the connection counts as lost. Postgres
 * cancels any statement at 8 s (the authenticator's statement_timeout, which SET ROLE keeps), so
 * only a connection that died under its queries reaches this: postgres.js then neither sends nor
 * rejects them, and without a bound the request would hang.
 */
const QUERY_DEADLINE_MS = Number(Deno.env.get('GATEWAY_QUERY_DEADLINE_MS') ?? 10_000)

async function settleOrLose<T>(p: Promise<T>, onLost: () => void): Promise<T> {
  let timer: number | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onLost()
      reject(new ApiError(503, 'PGRST001', 'Database client error. Retrying the connection.', 'The connection to the database was lost during the request.'))
    }, QUERY_DEADLINE_MS) as unknown as number
  })
  try {
    return await Promise.race([p, deadline])
  } finally {
    clearTimeout(timer)
  }
}

/** PostgREST's db-pool-acquisition-timeout (its default is 10 s; ours is shorter and settable). */
const POOL_ACQUISITION_TIMEOUT_MS = Number(Deno.env.get('GATEWAY_POOL_ACQUISITION_TIMEOUT_MS') ?? 5000)

/**
 * A connection from the pool, or 504 PGRST003 as PostgREST answers when none comes in time.
 * postgres.js can leave a reservation queued forever when Postgres dies under it; the bound
 * keeps such a request from hanging, and a connection that arrives late goes straight back.
 */
async function acquire(sql: postgres.Sql): Promise<postgres.ReservedSql> {
  const pending = sql.reserve()
  let timer: number | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ApiError(504, 'PGRST003', 'Timed out acquiring connection from connection pool.')), POOL_ACQUISITION_TIMEOUT_MS) as unknown as number
  })
  try {
    return await Promise.race([pending, timeout])
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
async function transact(c: Ctx, readOnly: boolean, text: string | ((tx: Tx) => Promise<string>), p: Params, check?: (r: Rows) => void): Promise<Rows> {
  const setup = setupStatement(c.cache, c.caller, c.req, `/rest/v1${c.info.path}`)
  const conn = await acquire(c.env.sql)
  let end: Promise<unknown> | null = null
  let lost = false
  try {
    const begin = conn.unsafe(readOnly ? 'begin isolation level read committed read only' : 'begin isolation level read committed').execute()
    const settings = conn.unsafe(setup.text, setup.values, { prepare: true }).execute()
    let main: Promise<Rows>
    if (typeof text === 'string') {
      main = conn.unsafe(text, p.values as string[], { prepare: true }).execute() as unknown as Promise<Rows>
      if (readOnly && !check) end = conn.unsafe('commit').execute().catch(() => {})
    } else {
      const ready = await Promise.allSettled([begin, settings])
      for (const r of ready) if (r.status === 'rejected') throw r.reason
      main = conn.unsafe(await text(conn as unknown as Tx), p.values as string[], { prepare: true }).execute() as unknown as Promise<Rows>
    }
    const results = await settleOrLose(Promise.allSettled([begin, settings, main]), () => { lost = true })
    for (const r of results) if (r.status === 'rejected') throw r.reason
    const rows = (results[2] as PromiseFulfilledResult<Rows>).value
    check?.(rows)
    if (!end) {
      end = conn.unsafe('commit').execute()
      await end
    }
    return rows
  } catch (e) {
    if (!end && !lost) await settleOrLose(conn.unsafe('rollback').catch(() => {}), () => { lost = true })
    throw e
  } finally {
    if (end && !lost) await settleOrLose(end.catch(() => {}), () => { lost = true })
    // A connection whose queries never settle is dead: it is not handed to anyone else.
    if (lost) console.error('[rest] a database connection stopped answering; it is set aside')
    else conn.release()
  }
}


// ---------------------------------------------------------------------------
// responses
// ---------------------------------------------------------------------------

const JSON_TYPE = 'application/json; charset=utf-8'
const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8'

export function errorResponse(e: ApiError, method: string): Response {
  return new Response(method === 'HEAD' ? null : JSON.stringify(e.body()), {
    status: e.status,
    headers: { 'content-type': JSON_TYPE, ...e.headers },
  })
}

function contentRange(offset: number, pageTotal: number, total: number | null): string {
  const t = total === null ? '*' : String(total)
  return pageTotal > 0 ? `${offset}-${offset + pageTotal - 1}/${t}` : `*/${t}`
}

function singleError(rows: number): ApiError {
  return new ApiError(406, 'PGRST116', 'JSON object requested, multiple (or no) rows returned', `The result contains ${rows} rows`)
}

/** Status and headers a function set through response.status / response.headers. */
function applyResponseGucs(row: ResultRow, status: number, headers: Headers): number {
  if (row.response_headers) {
    try {
      const list = JSON.parse(row.response_headers) as Record<string, string>[]
      for (const h of list) for (const [k, v] of Object.entries(h)) headers.set(k, String(v))
    } catch {
      throw new ApiError(500, 'PGRST111', 'response.headers guc must be a JSON array composed of objects with a single key and a string value')
    }
  }
  if (row.response_status) {
    const s = Number(row.response_status)
    if (!Number.isInteger(s) || s < 100 || s > 599) throw new ApiError(500, 'PGRST112', 'response.status guc must be a valid status code')
    return s
  }
  return status
}

function preferenceApplied(headers: Headers, prefer: Prefer) {
  if (prefer.applied.length) headers.set('preference-applied', prefer.applied.join(', '))
}

// ---------------------------------------------------------------------------
// routing
// ---------------------------------------------------------------------------

export async function handleRequest(env: Env, req: Request, info: RequestInfo): Promise<Response> {
  const caller = await authenticate(req, env.jwtSecret)
  const cache = await env.cache()
  const c: Ctx = { env, req, info, caller, cache, schema: profile(req, cache.schemas), prefer: parsePrefer(req), accept: parseAccept(req), stripNulls: wantsStrippedNulls(req) }
  const parts = info.path.split('/').filter(Boolean).map(decodeURIComponent)
  if (parts.length === 0) return root(c)
  if (parts[0] === 'rpc' && parts.length === 2) return await rpc(c, parts[1])
  if (parts.length !== 1) throw invalidPath()
  const rel = findRelation(cache, c.schema, parts[0])
  switch (req.method) {
    case 'GET':
    case 'HEAD':
      return await read(c, rel)
    case 'POST':
      return await insert(c, rel)
    case 'PATCH':
      return await update(c, rel)
    case 'DELETE':
      return await remove(c, rel)
    default:
      throw new ApiError(405, 'PGRST117', `Unsupported HTTP method: ${req.method}`)
  }
}

function root(c: Ctx): Response {
  const tables = [...c.cache.relations.values()].filter((r) => r.schema === c.schema).map((r) => r.name).sort()
  return Response.json({ swagger: '2.0', info: { title: 'standard public schema', description: 'PostgREST-compatible API of the local stack' }, paths: Object.fromEntries(tables.map((t) => [`/${t}`, {}])) })
}

export function findRelation(cache: SchemaCache, schema: string, name: string): Relation {
  const rel = cache.relations.get(relKey(schema, name))
  if (rel) return rel
  const near = closest(name, [...cache.relations.values()].filter((r) => r.schema === schema).map((r) => r.name))
  throw new ApiError(404, 'PGRST205', `Could not find the table '${schema}.${name}' in the schema cache`, null, near ? `Perhaps you meant the table '${schema}.${near}'` : null)
}

/** Every embed path named by a filter must be an embed of the select (PGRST108). */
function checkEmbedPaths(q: ParsedQuery) {
  const known = new Set([''])
  const walk = (items: ParsedQuery['select'], prefix: string) => {
    for (const it of items) {
      if (it.type !== 'embed') continue
      const path = prefix ? `${prefix}.${it.alias ?? it.name}` : (it.alias ?? it.name)
      known.add(path)
      walk(it.select, path)
    }
  }
  walk(q.select, '')
  for (const path of q.nodes.keys()) {
    if (!known.has(path)) {
      throw notEmbeddedError(path)
    }
  }
}

function rootNode(rel: Relation, q: ParsedQuery, alias = ident(rel.name)): ReadNode {
  return { rel, alias, items: q.select, params: q.nodes.get('') ?? { conditions: [] }, embeds: new Map() }
}

// ---------------------------------------------------------------------------
// reads
// ---------------------------------------------------------------------------

interface Page {
  offset: number
  limit?: number
}

function page(range: Range | null, params: NodeParams): Page {
  let offset = range?.offset ?? 0
  let limit = range?.upper !== undefined ? range.upper - range.offset + 1 : undefined
  if (params.offset !== undefined) offset += params.offset
  if (params.limit !== undefined) limit = limit === undefined ? params.limit : Math.min(limit, params.limit)
  return { offset, limit }
}

/** The statement with total_result_set for the count preference: exact, or the planner's estimate. */
function statementWithCount(c: Ctx, countQuery: string, p: Params, wrap: (total: string) => string): string | ((tx: Tx) => Promise<string>) {
  if (c.prefer.count === 'exact' || c.prefer.count === 'estimated') return wrap(`(select count(*) from (${countQuery}) _c)`)
  if (c.prefer.count !== 'planned') return wrap('null::bigint')
  return async (tx) => {
    // EXPLAIN must see every parameter; those the count does not use are mentioned as text.
    const unused = p.values.map((_, i) => `$${i + 1}`).filter((ref) => !new RegExp(`\\${ref}(?!\\d)`).test(countQuery))
    const text = unused.length ? countQuery.replace(/^select 1/, `select 1, ${unused.map((u) => `${u}::text`).join(', ')}`) : countQuery
    const [plan] = await tx.unsafe(`explain (format json) ${text}`, p.values as string[])
    const rows = Number((plan['QUERY PLAN'] as { Plan: { 'Plan Rows': number } }[])[0].Plan['Plan Rows'])
    return wrap(String(Math.round(rows)))
  }
}

/** Shapes a read result (table read, rpc set, write representation) into the response. */
function rowsResponse(c: Ctx, row: ResultRow, status: number, pg: Page, headers = new Headers()): Response {
  const pageTotal = Number(row.page_total)
  const total = row.total_result_set === null ? null : Number(row.total_result_set)
  if (c.accept === 'object' && pageTotal !== 1) throw singleError(pageTotal)
  if (c.prefer.count) c.prefer.applied.push(`count=${c.prefer.count}`)
  headers.set('content-range', contentRange(pg.offset, pageTotal, total))
  headers.set('content-type', c.accept === 'object' ? OBJECT_TYPE : JSON_TYPE)
  if (total !== null && c.req.method !== 'POST') {
    if (pg.offset > total && pg.offset > 0) {
      throw new ApiError(416, 'PGRST103', 'Requested range not satisfiable', `An offset of ${pg.offset} was requested, but there are only ${total} rows.`, null, {
        'content-range': `*/${total}`,
      })
    }
    if (status === 200 && pageTotal < total) status = 206
  }
  status = applyResponseGucs(row, status, headers)
  preferenceApplied(headers, c.prefer)
  return new Response(c.req.method === 'HEAD' ? null : row.body, { status, headers })
}

/** The SQL of a table read, before the count preference is applied (the benchmark replays it). */
export function planRead(cache: SchemaCache, rel: Relation, search: URLSearchParams, range: Range | null) {
  const q = parseQuery(search)
  checkEmbedPaths(q)
  const root = rootNode(rel, q)
  const pg = page(range, root.params)
  const p = new Params()
  const from = qualified(rel.schema, rel.name)
  const built = buildSelect(cache, root, q.nodes, p, from, true, pg.limit, pg.offset)
  return { pg, p, sql: built.sql, countQuery: `select 1 from ${from} as ${root.alias}${built.joins}${built.where}` }
}

async function read(c: Ctx, rel: Relation): Promise<Response> {
  const plan = planRead(c.cache, rel, c.info.url.searchParams, parseRangeHeader(c.req))
  const text = statementWithCount(c, plan.countQuery, plan.p, (total) => wrapResult(plan.sql, total, c.accept === 'object', '', '_postgrest_t', c.stripNulls))
  const [row] = await transact(c, true, text, plan.p) as unknown as ResultRow[]
  return rowsResponse(c, row, 200, plan.pg)
}

// ---------------------------------------------------------------------------
// writes
// ---------------------------------------------------------------------------

function parseJson(text: string): unknown {
  if (text.trim() === '') throw bodyError('Empty request body')
  try {
    return JSON.parse(text)
  } catch (e) {
    throw bodyError((e as Error).message)
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Columns of an insert: `columns=`, else the keys of the body (all objects must agree). */
function insertColumns(rel: Relation, body: unknown, q: ParsedQuery): string[] {
  const rows = Array.isArray(body) ? body : [body]
  if (!rows.every(isObject)) throw bodyError('Expected a JSON object or an array of JSON objects')
  if (q.columns) {
    for (const col of q.columns) if (!rel.columns.has(col)) throw unknownWriteColumn(rel, col)
    return q.columns
  }
  if (rows.length === 0) return []
  const keys = Object.keys(rows[0])
  for (const r of rows.slice(1)) {
    const k = Object.keys(r)
    if (k.length !== keys.length || !k.every((x) => keys.includes(x))) {
      throw new ApiError(400, 'PGRST102', 'All object keys must match')
    }
  }
  for (const col of keys) if (!rel.columns.has(col)) throw unknownWriteColumn(rel, col)
  return keys
}

type WriteKind = 'insert' | 'update' | 'delete'

/** Prefer: handling=strict, max-affected=N — more rows than N fails and rolls back. */
function checkMaxAffected(c: Ctx, n: number) {
  if (c.prefer.maxAffected !== undefined && c.req.method !== 'POST' && n > c.prefer.maxAffected) {
    throw new ApiError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${n} rows`)
  }
}

/** Runs a write and answers per Prefer: return=minimal | headers-only | representation. */
async function write(c: Ctx, rel: Relation, q: ParsedQuery, kind: WriteKind, build: (p: Params, returning: string) => string): Promise<Response> {
  const ret = c.prefer.return ?? 'minimal'
  if (c.prefer.return) c.prefer.applied.push(`return=${ret}`)
  if (c.prefer.count) c.prefer.applied.push(`count=${c.prefer.count}`)
  const created = kind === 'insert'
  const headers = new Headers()
  const p = new Params()
  if (ret === 'representation') {
    const root = rootNode(rel, q)
    checkEmbedPaths(q)
    // Filters in the query apply to the write itself, not again to its returned rows.
    const selectRoot: ReadNode = { ...root, params: { conditions: [] } }
    const writeSql = build(p, ` returning ${ident(rel.name)}.*`)
    const built = buildSelect(c.cache, selectRoot, q.nodes, p, 'pgrst_write', false)
    const text = wrapResult(built.sql, c.prefer.count ? '(select count(*) from pgrst_write)' : 'null::bigint', c.accept === 'object', `with pgrst_write as (${writeSql})`, '_postgrest_t', c.stripNulls)
    const [row] = await transact(c, false, text, p, (rows) => {
      const n = Number((rows[0] as unknown as ResultRow).page_total)
      if (c.accept === 'object' && n !== 1) throw singleError(n)
      checkMaxAffected(c, n)
    }) as unknown as ResultRow[]
    return rowsResponse(c, row, created ? 201 : 200, { offset: 0 }, headers)
  }
  const pk = rel.pk
  const returning = ret === 'headers-only' && created && pk.length ? ` returning ${pk.map((k) => `${ident(rel.name)}.${ident(k)}`).join(', ')}` : ''
  const sqlText = build(p, returning)
  const result = await transact(c, false, sqlText, p, (r) => {
    if (c.accept === 'object' && r.count !== 1) throw singleError(r.count)
    checkMaxAffected(c, r.count)
  })
  const n = result.count
  headers.set('content-range', contentRange(0, created ? 0 : n, c.prefer.count ? n : null))
  if (returning && result.length > 0) {
    const first = result[0] as Record<string, unknown>
    headers.set('location', `/${rel.name}?${pk.map((k) => `${k}=eq.${encodeURIComponent(String(first[k]))}`).join('&')}`)
  }
  preferenceApplied(headers, c.prefer)
  return new Response(null, { status: created ? 201 : 204, headers })
}

async function insert(c: Ctx, rel: Relation): Promise<Response> {
  const q = parseQuery(c.info.url.searchParams)
  const text = await readBody(c.req)
  const body = parseJson(text)
  const cols = insertColumns(rel, body, q)
  const missingDefault = c.prefer.missing === 'default'
  if (c.prefer.missing) c.prefer.applied.push(`missing=${c.prefer.missing}`)
  let conflict: { cols: string[]; mode: 'merge' | 'ignore' } | null = null
  if (c.prefer.resolution) {
    c.prefer.applied.push(`resolution=${c.prefer.resolution}`)
    const target = q.onConflict ?? rel.pk
    if (target.length === 0) throw new ApiError(400, 'PGRST103', 'An upsert needs on_conflict columns or a primary key')
    conflict = { cols: target, mode: c.prefer.resolution === 'merge-duplicates' ? 'merge' : 'ignore' }
  } else if (q.onConflict) {
    conflict = { cols: q.onConflict, mode: 'merge' }
  }
  for (const col of conflict?.cols ?? []) if (!rel.columns.has(col)) throw unknownWriteColumn(rel, col)
  if (Array.isArray(body) && body.length === 0 && !q.columns) {
    return emptyWrite(c, 201)
  }
  return await write(c, rel, q, 'insert', (p, returning) => insertSql(rel, cols, p.add(text), missingDefault, conflict, returning))
}

/** A write with nothing to do (empty array, empty PATCH body) answers without a transaction. */
function emptyWrite(c: Ctx, status: number): Response {
  const headers = new Headers({ 'content-range': '*/*' })
  if (c.prefer.return) c.prefer.applied.push(`return=${c.prefer.return}`)
  preferenceApplied(headers, c.prefer)
  if (c.prefer.return === 'representation') {
    if (c.accept === 'object') throw singleError(0)
    headers.set('content-type', JSON_TYPE)
    return new Response('[]', { status: status === 204 ? 200 : status, headers })
  }
  return new Response(null, { status, headers })
}

/** Supabase runs PostgREST with pg-safeupdate: UPDATE and DELETE need a WHERE clause. */
function requireFilter(where: string, verb: 'UPDATE' | 'DELETE') {
  if (!where) throw new ApiError(400, '21000', `${verb} requires a WHERE clause`)
}

async function update(c: Ctx, rel: Relation): Promise<Response> {
  const q = parseQuery(c.info.url.searchParams)
  const text = await readBody(c.req)
  const body = parseJson(text)
  if (!isObject(body)) throw bodyError('Expected a JSON object')
  const cols = q.columns ?? Object.keys(body)
  for (const col of cols) if (!rel.columns.has(col)) throw unknownWriteColumn(rel, col)
  const conditions = q.nodes.get('')?.conditions ?? []
  if (cols.length === 0) return emptyWrite(c, 204)
  return await write(c, rel, q, 'update', (p, returning) => {
    const bodyParam = p.add(text)
    const where = writeWhere(rel, conditions, p)
    requireFilter(where, 'UPDATE')
    return updateSql(rel, cols, bodyParam, where, returning)
  })
}

async function remove(c: Ctx, rel: Relation): Promise<Response> {
  const q = parseQuery(c.info.url.searchParams)
  const conditions = q.nodes.get('')?.conditions ?? []
  return await write(c, rel, q, 'delete', (p, returning) => {
    const where = writeWhere(rel, conditions, p)
    requireFilter(where, 'DELETE')
    return deleteSql(rel, where, returning)
  })
}

// ---------------------------------------------------------------------------
// rpc
// ---------------------------------------------------------------------------

function fnNotFound(schema: string, name: string, args: string[], cache: SchemaCache): never {
  const near = closest(name, [...cache.functions.values()].flat().filter((f) => f.schema === schema).map((f) => f.name))
  const list = args.join(', ')
  throw new ApiError(
    404,
    'PGRST202',
    `Could not find the function ${schema}.${name}${args.length ? `(${list})` : ' without parameters'} in the schema cache`,
    `Searched for the function ${schema}.${name}${args.length ? ` with parameters ${list}` : ' without parameters'} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    near ? `Perhaps you meant to call the function ${schema}.${near}` : null,
  )
}

/** Picks the overload whose parameter names fit the arguments given. */
function chooseFunction(fns: Fn[], args: string[], singleObject: boolean, hasBody: boolean): { fn: Fn; singleJson: boolean } | null {
  if (singleObject) {
    const f = fns.find((f) => f.params.length === 1 && (f.params[0].type === 'json' || f.params[0].type === 'jsonb'))
    return f ? { fn: f, singleJson: true } : null
  }
  const fits = fns.filter((f) =>
    args.every((a) => f.params.some((p) => p.name === a)) && f.params.every((p) => p.hasDefault || args.includes(p.name)) &&
    !f.singleUnnamedJson
  )
  if (fits.length > 1) {
    throw new ApiError(300, 'PGRST203', `Could not choose the best candidate function between: ${fits.map((f) => `${f.schema}.${f.name}(${f.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`).join(', ')}`, null, 'Try renaming the parameters or the function itself in the database so function overloading can be resolved')
  }
  if (fits.length === 1) return { fn: fits[0], singleJson: false }
  const json = fns.find((f) => f.singleUnnamedJson)
  return json && hasBody ? { fn: json, singleJson: true } : null
}

/** A relation standing for what a function returns, so filters and select apply to it. */
function resultRelation(c: Ctx, fn: Fn): Relation {
  const bare = fn.returnType.replace(/^setof /, '')
  const [schema, name] = bare.includes('.') ? bare.split('.') : [fn.schema, bare]
  const table = c.cache.relations.get(relKey(schema.replace(/"/g, ''), name.replace(/"/g, '')))
  if (table) return table
  const cols = fn.returnsComposite ? fn.outColumns : [{ name: fn.name, type: fn.returnType }]
  return {
    schema: fn.schema,
    name: fn.name,
    kind: 'view',
    pk: [],
    insertable: false,
    columns: new Map(cols.map((col) => [col.name, { name: col.name, type: col.type, nullable: true, default: null, generated: false }])),
  }
}

async function rpc(c: Ctx, name: string): Promise<Response> {
  const method = c.req.method
  if (!['GET', 'HEAD', 'POST'].includes(method)) throw new ApiError(405, 'PGRST101', 'Only GET, HEAD or POST are allowed for /rpc/*')
  const fns = c.cache.functions.get(relKey(c.schema, name)) ?? []
  const argNames = new Set(fns.flatMap((f) => f.params.map((p) => p.name)))
  const isGet = method !== 'POST'
  const q = parseQuery(c.info.url.searchParams, isGet ? (k) => argNames.has(k) : () => false)
  let argsJson: string
  let given: string[]
  let choice: { fn: Fn; singleJson: boolean } | null
  if (isGet) {
    const args = Object.fromEntries(q.rest)
    given = Object.keys(args)
    argsJson = JSON.stringify(args)
    choice = chooseFunction(fns, given, false, false)
  } else {
    const text = await readBody(c.req)
    const body = text.trim() === '' ? {} : parseJson(text)
    const singleObject = c.prefer.params === 'single-object'
    if (singleObject) c.prefer.applied.push('params=single-object')
    given = isObject(body) && !singleObject ? Object.keys(body) : []
    argsJson = text.trim() === '' ? '{}' : text
    choice = isObject(body) || singleObject ? chooseFunction(fns, given, singleObject, true) : chooseFunction(fns.filter((f) => f.singleUnnamedJson), [], false, true)
  }
  if (!choice) fnNotFound(c.schema, name, given, c.cache)
  const { fn, singleJson } = choice
  checkEmbedPaths(q)
  const p = new Params()
  const callArgs = singleJson ? [] : given
  const call = callSql(fn, callArgs, singleJson || callArgs.length ? p.add(argsJson) : '', singleJson)
  const readOnly = isGet || fn.volatility !== 'v'
  const fromArgs = call.from ? `${call.from} cross join lateral ` : ''
  if (fn.returnsVoid || (!fn.returnsSet && !fn.returnsComposite)) {
    const text = `select to_json(${call.call})::text as body, nullif(current_setting('response.headers', true), '') as response_headers, ` +
      `nullif(current_setting('response.status', true), '') as response_status${call.from ? ` from ${call.from}` : ''}`
    const [row] = await transact(c, readOnly, text, p) as unknown as ResultRow[]
    const headers = new Headers({ 'content-type': JSON_TYPE })
    const status = applyResponseGucs(row, fn.returnsVoid ? 204 : 200, headers)
    preferenceApplied(headers, c.prefer)
    if (fn.returnsVoid || method === 'HEAD') return new Response(null, { status, headers })
    return new Response(row.body ?? 'null', { status, headers })
  }
  const rel = resultRelation(c, fn)
  const scalarSet = !fn.returnsComposite
  const root = rootNode(rel, q, ident('pgrst_call'))
  const pg = page(parseRangeHeader(c.req), root.params)
  const from = `${fromArgs}${call.call}`
  const source = scalarSet ? `(select ${ident('pgrst_call')} as ${ident(fn.name)} from ${from} as ${ident('pgrst_call')})` : from
  const built = buildSelect(c.cache, root, q.nodes, p, source, true, pg.limit, pg.offset)
  const countQuery = `select 1 from ${source} as ${root.alias}${built.joins}${built.where}`
  const single = c.accept === 'object' || !fn.returnsSet
  const text = statementWithCount(c, countQuery, p, (total) => wrapResult(built.sql, total, single, '', scalarSet ? `_postgrest_t.${ident(fn.name)}` : '_postgrest_t', c.stripNulls))
  const [row] = await transact(c, readOnly, text, p) as unknown as ResultRow[]
  if (!fn.returnsSet) {
    const headers = new Headers({ 'content-type': c.accept === 'object' ? OBJECT_TYPE : JSON_TYPE })
    const status = applyResponseGucs(row, 200, headers)
    preferenceApplied(headers, c.prefer)
    return new Response(method === 'HEAD' ? null : row.body ?? 'null', { status, headers })
  }
  return rowsResponse(c, row, 200, pg)
}
