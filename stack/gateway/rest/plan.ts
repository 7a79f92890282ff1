// Stage 2 of a /rest/v1 request (PostgREST's Plan): what the request means against the schema
// cache — the columns written, the conflict target, the overload called, the page read — and
// the SQL that does it, with what is checked before a write commits and how the result is to be
// answered. Nothing here reaches the database.
import type { Action, ApiRequest, CallArgs, Prefer, Range } from './api-request.ts'
import { ApiError, notEmbeddedError } from './errors.ts'
import type { NodeParams, ParsedQuery } from './parse.ts'
import { closest, type Fn, type Relation, relKey, type SchemaCache } from './schema.ts'
import {
  buildSelect,
  callSql,
  deleteSql,
  ident,
  insertSql,
  Params,
  qualified,
  type ReadNode,
  unknownWriteColumn,
  updateSql,
  wrapResult,
  writeWhere,
} from './sql.ts'

export interface Page {
  offset: number
  limit?: number
}

/**
 * The statement of a plan: its SQL, or (Prefer: count=planned) SQL that still needs the
 * planner's row estimate for `countQuery`, which only the transaction can ask for.
 */
export type Statement = { sql: string } | {
  countQuery: string
  withTotal: (total: string) => string
}

/** How the one row or the row count a statement returns becomes the response. */
export type Answer =
  /** Rows as a JSON array (or one object), with Content-Range. */
  | { kind: 'rows'; status: number; page: Page }
  /** A function returning one composite value. */
  | { kind: 'object' }
  /** A function returning a scalar or void. */
  | { kind: 'scalar'; void: boolean }
  /** A write without its rows (return=minimal, headers-only); Location for a created row's key. */
  | { kind: 'written'; created: boolean; location: { table: string; pk: string[] } | null }

/** A write's checks, made before it commits so that a failure rolls it back. */
export interface Guard {
  /** Accept: application/vnd.pgrst.object+json — exactly one row (else 406 PGRST116). */
  single: boolean
  /** Prefer: handling=strict, max-affected=N (else 400 PGRST124). */
  maxAffected?: number
  /** Where the number of rows is: page_total of a representation, or the command's row count. */
  rowsFrom: 'page_total' | 'count'
}

export interface DbPlan {
  kind: 'db'
  readOnly: boolean
  statement: Statement
  params: Params
  guard?: Guard
  answer: Answer
  /** Preference-Applied for what the plan honours (a count is added with the rows). */
  applied: string[]
}

export type ActionPlan =
  /** GET /: the exposed tables, as a minimal OpenAPI document. */
  | { kind: 'info'; tables: string[] }
  /** A write with nothing to do (an empty array, a PATCH of no columns): no transaction. */
  | { kind: 'empty'; status: number; applied: string[] }
  | DbPlan

export function actionPlan(api: ApiRequest, cache: SchemaCache): ActionPlan {
  const a = api.action
  switch (a.kind) {
    case 'info':
      return {
        kind: 'info',
        tables: [...cache.relations.values()].filter((r) => r.schema === api.schema).map((r) =>
          r.name
        ).sort(),
      }
    case 'read':
      return readPlan(api, cache, a)
    case 'insert':
      return insertPlan(api, cache, a)
    case 'update':
      return updatePlan(api, cache, a)
    case 'delete':
      return deletePlan(api, cache, a)
    case 'call':
      return callPlan(api, cache, a)
  }
}

// ---------------------------------------------------------------------------
// reads
// ---------------------------------------------------------------------------

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
  return {
    rel,
    alias,
    items: q.select,
    params: q.nodes.get('') ?? { conditions: [] },
    embeds: new Map(),
  }
}

/** The Range header and the root's offset and limit, combined, and held to max_rows as
 *  PostgREST's db-max-rows holds them (the top level only: embedded rows are not limited). */
function page(range: Range | null, params: NodeParams, maxRows?: number): Page {
  let offset = range?.offset ?? 0
  let limit = range?.upper !== undefined ? range.upper - range.offset + 1 : undefined
  if (params.offset !== undefined) offset += params.offset
  if (params.limit !== undefined) {
    limit = limit === undefined ? params.limit : Math.min(limit, params.limit)
  }
  if (maxRows !== undefined) limit = limit === undefined ? maxRows : Math.min(limit, maxRows)
  return { offset, limit }
}

/** The statement with total_result_set for the count preference: exact, none, or the planner's estimate. */
function counted(
  prefer: Prefer,
  countQuery: string,
  withTotal: (total: string) => string,
): Statement {
  if (prefer.count === 'exact' || prefer.count === 'estimated') {
    return { sql: withTotal(`(select count(*) from (${countQuery}) _c)`) }
  }
  if (prefer.count !== 'planned') return { sql: withTotal('null::bigint') }
  return { countQuery, withTotal }
}

/** The SQL of a table read, before the count preference is applied (the benchmark replays it). */
export function planRead(
  cache: SchemaCache,
  rel: Relation,
  query: ParsedQuery,
  range: Range | null,
) {
  checkEmbedPaths(query)
  const root = rootNode(rel, query)
  const pg = page(range, root.params, cache.maxRows)
  const params = new Params()
  const from = qualified(rel.schema, rel.name)
  const built = buildSelect(cache, root, query.nodes, params, from, true, pg.limit, pg.offset)
  return {
    page: pg,
    params,
    sql: built.sql,
    countQuery: `select 1 from ${from} as ${root.alias}${built.joins}${built.where}`,
  }
}

function readPlan(
  api: ApiRequest,
  cache: SchemaCache,
  a: Extract<Action, { kind: 'read' }>,
): DbPlan {
  const read = planRead(cache, a.rel, a.query, a.range)
  const statement = counted(
    api.prefer,
    read.countQuery,
    (total) =>
      wrapResult(read.sql, total, api.accept === 'object', '', '_postgrest_t', api.stripNulls),
  )
  return {
    kind: 'db',
    readOnly: true,
    statement,
    params: read.params,
    answer: { kind: 'rows', status: 200, page: read.page },
    applied: [],
  }
}

// ---------------------------------------------------------------------------
// writes
// ---------------------------------------------------------------------------

/** Columns of an insert: `columns=`, else the keys of the body (all objects must agree). */
function insertColumns(rel: Relation, rows: Record<string, unknown>[], q: ParsedQuery): string[] {
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

/** Supabase runs PostgREST with pg-safeupdate: UPDATE and DELETE need a WHERE clause. */
function requireFilter(where: string, verb: 'UPDATE' | 'DELETE') {
  if (!where) throw new ApiError(400, '21000', `${verb} requires a WHERE clause`)
}

/** A write with nothing to do answers without a transaction. */
function emptyPlan(prefer: Prefer, status: number, applied: string[]): ActionPlan {
  return {
    kind: 'empty',
    status,
    applied: prefer.return ? [...applied, `return=${prefer.return}`] : applied,
  }
}

function insertPlan(
  api: ApiRequest,
  cache: SchemaCache,
  a: Extract<Action, { kind: 'insert' }>,
): ActionPlan {
  const { rel, query: q, body } = a
  const prefer = api.prefer
  const cols = insertColumns(rel, body.rows, q)
  const applied: string[] = []
  const missingDefault = prefer.missing === 'default'
  if (prefer.missing) applied.push(`missing=${prefer.missing}`)
  let conflict: { cols: string[]; mode: 'merge' | 'ignore' } | null = null
  if (prefer.resolution) {
    applied.push(`resolution=${prefer.resolution}`)
    const target = q.onConflict ?? rel.pk
    if (target.length === 0) {
      throw new ApiError(400, 'PGRST103', 'An upsert needs on_conflict columns or a primary key')
    }
    conflict = { cols: target, mode: prefer.resolution === 'merge-duplicates' ? 'merge' : 'ignore' }
  } else if (q.onConflict) {
    conflict = { cols: q.onConflict, mode: 'merge' }
  }
  for (const col of conflict?.cols ?? []) {
    if (!rel.columns.has(col)) throw unknownWriteColumn(rel, col)
  }
  if (body.array && body.rows.length === 0 && !q.columns) return emptyPlan(prefer, 201, applied)
  return writePlan(
    api,
    cache,
    rel,
    q,
    'insert',
    applied,
    (p, returning) => insertSql(rel, cols, p.add(body.text), missingDefault, conflict, returning),
  )
}

function updatePlan(
  api: ApiRequest,
  cache: SchemaCache,
  a: Extract<Action, { kind: 'update' }>,
): ActionPlan {
  const { rel, query: q, body } = a
  const cols = q.columns ?? Object.keys(body.object)
  for (const col of cols) if (!rel.columns.has(col)) throw unknownWriteColumn(rel, col)
  const conditions = q.nodes.get('')?.conditions ?? []
  if (cols.length === 0) return emptyPlan(api.prefer, 204, [])
  return writePlan(api, cache, rel, q, 'update', [], (p, returning) => {
    const bodyParam = p.add(body.text)
    const where = writeWhere(rel, conditions, p)
    requireFilter(where, 'UPDATE')
    return updateSql(rel, cols, bodyParam, where, returning)
  })
}

function deletePlan(
  api: ApiRequest,
  cache: SchemaCache,
  a: Extract<Action, { kind: 'delete' }>,
): DbPlan {
  const conditions = a.query.nodes.get('')?.conditions ?? []
  return writePlan(api, cache, a.rel, a.query, 'delete', [], (p, returning) => {
    const where = writeWhere(a.rel, conditions, p)
    requireFilter(where, 'DELETE')
    return deleteSql(a.rel, where, returning)
  })
}

/**
 * A write, answered per Prefer: return=minimal | headers-only | representation. `build` makes
 * the INSERT, UPDATE or DELETE with the RETURNING clause it is given; with representation the
 * returned rows are read as a table read would be (select, embeds), but not filtered again.
 */
function writePlan(
  api: ApiRequest,
  cache: SchemaCache,
  rel: Relation,
  q: ParsedQuery,
  kind: 'insert' | 'update' | 'delete',
  applied: string[],
  build: (p: Params, returning: string) => string,
): DbPlan {
  const prefer = api.prefer
  const ret = prefer.return ?? 'minimal'
  if (prefer.return) applied.push(`return=${ret}`)
  if (prefer.count) applied.push(`count=${prefer.count}`)
  const created = kind === 'insert'
  const single = api.accept === 'object'
  const maxAffected = created ? undefined : prefer.maxAffected
  const params = new Params()
  if (ret === 'representation') {
    const root = rootNode(rel, q)
    checkEmbedPaths(q)
    const selectRoot: ReadNode = { ...root, params: { conditions: [] } }
    const writeSql = build(params, ` returning ${ident(rel.name)}.*`)
    const built = buildSelect(cache, selectRoot, q.nodes, params, 'pgrst_write', false)
    const total = prefer.count ? '(select count(*) from pgrst_write)' : 'null::bigint'
    const sql = wrapResult(
      built.sql,
      total,
      single,
      `with pgrst_write as (${writeSql})`,
      '_postgrest_t',
      api.stripNulls,
    )
    return {
      kind: 'db',
      readOnly: false,
      statement: { sql },
      params,
      guard: { single, maxAffected, rowsFrom: 'page_total' },
      answer: { kind: 'rows', status: created ? 201 : 200, page: { offset: 0 } },
      applied,
    }
  }
  const pk = rel.pk
  const located = ret === 'headers-only' && created && pk.length > 0
  const returning = located
    ? ` returning ${pk.map((k) => `${ident(rel.name)}.${ident(k)}`).join(', ')}`
    : ''
  return {
    kind: 'db',
    readOnly: false,
    statement: { sql: build(params, returning) },
    params,
    guard: { single, maxAffected, rowsFrom: 'count' },
    answer: { kind: 'written', created, location: located ? { table: rel.name, pk } : null },
    applied,
  }
}

// ---------------------------------------------------------------------------
// rpc
// ---------------------------------------------------------------------------

function fnNotFound(schema: string, name: string, args: string[], cache: SchemaCache): never {
  const near = closest(
    name,
    [...cache.functions.values()].flat().filter((f) => f.schema === schema).map((f) => f.name),
  )
  const list = args.join(', ')
  throw new ApiError(
    404,
    'PGRST202',
    `Could not find the function ${schema}.${name}${
      args.length ? `(${list})` : ' without parameters'
    } in the schema cache`,
    `Searched for the function ${schema}.${name}${
      args.length ? ` with parameters ${list}` : ' without parameters'
    } or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    near ? `Perhaps you meant to call the function ${schema}.${near}` : null,
  )
}

/** Picks the overload whose parameter names fit the arguments given. */
function chooseFunction(
  fns: Fn[],
  args: string[],
  singleObject: boolean,
  hasBody: boolean,
): { fn: Fn; singleJson: boolean } | null {
  if (singleObject) {
    const f = fns.find((f) =>
      f.params.length === 1 && (f.params[0].type === 'json' || f.params[0].type === 'jsonb')
    )
    return f ? { fn: f, singleJson: true } : null
  }
  const fits = fns.filter((f) =>
    args.every((a) => f.params.some((p) => p.name === a)) && f.params.every((p) =>
      p.hasDefault || args.includes(p.name)
    ) &&
    !f.singleUnnamedJson
  )
  if (fits.length > 1) {
    throw new ApiError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${
        fits.map((f) =>
          `${f.schema}.${f.name}(${f.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`
        ).join(', ')
      }`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    )
  }
  if (fits.length === 1) return { fn: fits[0], singleJson: false }
  const json = fns.find((f) => f.singleUnnamedJson)
  return json && hasBody ? { fn: json, singleJson: true } : null
}

/** The overload for the arguments: by name from the query string or a body object, else one json parameter. */
function chooseFor(fns: Fn[], args: CallArgs) {
  if (!args.body) return chooseFunction(fns, args.names, false, false)
  if (args.body.object || args.body.singleObject) {
    return chooseFunction(fns, args.names, args.body.singleObject, true)
  }
  return chooseFunction(fns.filter((f) => f.singleUnnamedJson), [], false, true)
}

/** A relation standing for what a function returns, so filters and select apply to it. */
function resultRelation(cache: SchemaCache, fn: Fn): Relation {
  const bare = fn.returnType.replace(/^setof /, '')
  const [schema, name] = bare.includes('.') ? bare.split('.') : [fn.schema, bare]
  const table = cache.relations.get(relKey(schema.replace(/"/g, ''), name.replace(/"/g, '')))
  if (table) return table
  const cols = fn.returnsComposite ? fn.outColumns : [{ name: fn.name, type: fn.returnType }]
  return {
    schema: fn.schema,
    name: fn.name,
    kind: 'view',
    pk: [],
    insertable: false,
    columns: new Map(
      cols.map((
        col,
      ) => [col.name, {
        name: col.name,
        type: col.type,
        nullable: true,
        default: null,
        generated: false,
      }]),
    ),
  }
}

function callPlan(
  api: ApiRequest,
  cache: SchemaCache,
  a: Extract<Action, { kind: 'call' }>,
): DbPlan {
  const { args, query: q } = a
  const choice = chooseFor(a.fns, args)
  if (!choice) fnNotFound(api.schema, a.name, args.names, cache)
  const { fn, singleJson } = choice
  checkEmbedPaths(q)
  const applied = args.body?.singleObject ? ['params=single-object'] : []
  const params = new Params()
  const callArgs = singleJson ? [] : args.names
  const call = callSql(
    fn,
    callArgs,
    singleJson || callArgs.length ? params.add(args.json) : '',
    singleJson,
  )
  const readOnly = !args.body || fn.volatility !== 'v'
  if (fn.returnsVoid || (!fn.returnsSet && !fn.returnsComposite)) {
    const sql =
      `select to_json(${call.call})::text as body, nullif(current_setting('response.headers', true), '') as response_headers, ` +
      `nullif(current_setting('response.status', true), '') as response_status${
        call.from ? ` from ${call.from}` : ''
      }`
    return {
      kind: 'db',
      readOnly,
      statement: { sql },
      params,
      answer: { kind: 'scalar', void: fn.returnsVoid },
      applied,
    }
  }
  const rel = resultRelation(cache, fn)
  const scalarSet = !fn.returnsComposite
  const root = rootNode(rel, q, ident('pgrst_call'))
  const pg = page(a.range(), root.params, cache.maxRows)
  const from = `${call.from ? `${call.from} cross join lateral ` : ''}${call.call}`
  const source = scalarSet
    ? `(select ${ident('pgrst_call')} as ${ident(fn.name)} from ${from} as ${ident('pgrst_call')})`
    : from
  const built = buildSelect(cache, root, q.nodes, params, source, true, pg.limit, pg.offset)
  const countQuery = `select 1 from ${source} as ${root.alias}${built.joins}${built.where}`
  const single = api.accept === 'object' || !fn.returnsSet
  const aggregated = scalarSet ? `_postgrest_t.${ident(fn.name)}` : '_postgrest_t'
  const statement = counted(
    api.prefer,
    countQuery,
    (total) => wrapResult(built.sql, total, single, '', aggregated, api.stripNulls),
  )
  const answer: Answer = fn.returnsSet
    ? { kind: 'rows', status: 200, page: pg }
    : { kind: 'object' }
  return { kind: 'db', readOnly, statement, params, answer, applied }
}
