// Stage 1 of a /rest/v1 request (PostgREST's ApiRequest): the HTTP request read into what it
// asks for — the schema (profile), the action on a table or function, the parsed query string,
// Prefer, Accept, Range and the body — before anything is planned or sent to Postgres.
import { MAX_BODY_BYTES, readBoundedText } from '../body.ts'
import type { RequestInfo } from '../context.ts'
import { ApiError, bodyError } from './errors.ts'
import { type ParsedQuery, parseQuery } from './parse.ts'
import { findRelation, type Fn, type Relation, relKey, type SchemaCache } from './schema.ts'

export { MAX_BODY_BYTES }

export interface ApiRequest {
  method: string
  /** The path as request.path shows it to SQL: `/rest/v1/…`. */
  path: string
  /** The exposed schema addressed (Accept-Profile for reads, Content-Profile for writes). */
  schema: string
  prefer: Prefer
  accept: AcceptKind
  stripNulls: boolean
  /** What request.headers and request.cookies show to SQL. */
  headers: Record<string, string>
  cookies: Record<string, string>
  action: Action
}

/**
 * What the request does. The table or functions named by the path are looked up here already,
 * so an unknown table is 404 before its method, query string or body are looked at.
 */
export type Action =
  | { kind: 'info' }
  | { kind: 'read'; rel: Relation; range: Range | null; query: ParsedQuery }
  | { kind: 'insert'; rel: Relation; query: ParsedQuery; body: InsertBody }
  | {
    kind: 'update'
    rel: Relation
    query: ParsedQuery
    body: { text: string; object: Record<string, unknown> }
  }
  | { kind: 'delete'; rel: Relation; query: ParsedQuery }
  | {
    kind: 'call'
    name: string
    /** The overloads of that name in the schema cache (none: 404 once the plan looks). */
    fns: Fn[]
    query: ParsedQuery
    args: CallArgs
    /** Read only if the function returns rows, so a Range sent to any other is ignored. */
    range: () => Range | null
  }

export interface InsertBody {
  text: string
  rows: Record<string, unknown>[]
  /** The body is an array (an empty one inserts nothing). */
  array: boolean
}

export interface CallArgs {
  /** All arguments as one JSON object text: the query string's (GET) or the body ('{}' if empty). */
  json: string
  /** The argument names given: the query string's, or the body object's keys (none under params=single-object). */
  names: string[]
  /** POST only: whether the body is an object, and whether it goes whole to one json parameter. */
  body: { object: boolean; singleObject: boolean } | null
}

/** Reads the request; `cache` resolves the path's table or function. */
export async function apiRequest(
  req: Request,
  info: RequestInfo,
  cache: SchemaCache,
): Promise<ApiRequest> {
  const schema = profile(req, cache.schemas)
  const prefer = parsePrefer(req)
  const accept = parseAccept(req)
  const head = {
    method: req.method,
    path: `/rest/v1${info.path}`,
    schema,
    prefer,
    accept,
    stripNulls: wantsStrippedNulls(req),
    headers: Object.fromEntries(req.headers),
    cookies: parseCookies(req),
  }
  const parts = info.path.split('/').filter(Boolean).map(decodeSegment)
  if (parts.length === 0) return { ...head, action: { kind: 'info' } }
  if (parts[0] === 'rpc' && parts.length === 2) {
    return {
      ...head,
      action: await callAction(req, info.url.searchParams, cache, schema, parts[1], prefer),
    }
  }
  if (parts.length !== 1) throw invalidPath()
  const rel = findRelation(cache, schema, parts[0])
  const search = info.url.searchParams
  switch (req.method) {
    case 'GET':
    case 'HEAD': {
      const range = parseRangeHeader(req)
      return { ...head, action: { kind: 'read', rel, range, query: parseQuery(search) } }
    }
    case 'POST': {
      const query = parseQuery(search)
      const text = await readBody(req)
      const body = parseJson(text)
      const rows = Array.isArray(body) ? body : [body]
      if (!rows.every(isObject)) {
        throw bodyError('Expected a JSON object or an array of JSON objects')
      }
      return {
        ...head,
        action: { kind: 'insert', rel, query, body: { text, rows, array: Array.isArray(body) } },
      }
    }
    case 'PATCH': {
      const query = parseQuery(search)
      const text = await readBody(req)
      const body = parseJson(text)
      if (!isObject(body)) throw bodyError('Expected a JSON object')
      return { ...head, action: { kind: 'update', rel, query, body: { text, object: body } } }
    }
    case 'DELETE':
      return { ...head, action: { kind: 'delete', rel, query: parseQuery(search) } }
    default:
      throw new ApiError(405, 'PGRST117', `Unsupported HTTP method: ${req.method}`)
  }
}

/** /rpc/name: the arguments come from the query string (GET, HEAD) or the body (POST). */
async function callAction(
  req: Request,
  search: URLSearchParams,
  cache: SchemaCache,
  schema: string,
  name: string,
  prefer: Prefer,
): Promise<Action> {
  if (!['GET', 'HEAD', 'POST'].includes(req.method)) {
    throw new ApiError(405, 'PGRST101', 'Only GET, HEAD or POST are allowed for /rpc/*')
  }
  const fns = cache.functions.get(relKey(schema, name)) ?? []
  const range = () => parseRangeHeader(req)
  if (req.method !== 'POST') {
    // A query parameter named like a parameter of the function is an argument, not a filter.
    const argNames = new Set(fns.flatMap((f) => f.params.map((p) => p.name)))
    const query = parseQuery(search, (k) => argNames.has(k))
    const args = Object.fromEntries(query.rest)
    return {
      kind: 'call',
      name,
      fns,
      query,
      args: { json: JSON.stringify(args), names: Object.keys(args), body: null },
      range,
    }
  }
  const query = parseQuery(search)
  const text = await readBody(req)
  const body = text.trim() === '' ? {} : parseJson(text)
  const singleObject = prefer.params === 'single-object'
  return {
    kind: 'call',
    name,
    fns,
    query,
    args: {
      json: text.trim() === '' ? '{}' : text,
      names: isObject(body) && !singleObject ? Object.keys(body) : [],
      body: { object: isObject(body), singleObject },
    },
    range,
  }
}

function parseJson(text: string): unknown {
  if (text.trim() === '') throw bodyError('Empty request body')
  try {
    return JSON.parse(text)
  } catch (e) {
    throw bodyError((e as Error).message)
  }
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

export interface Prefer {
  return?: 'minimal' | 'representation' | 'headers-only'
  count?: 'exact' | 'planned' | 'estimated'
  resolution?: 'merge-duplicates' | 'ignore-duplicates'
  missing?: 'default' | 'null'
  params?: 'single-object'
  handling?: 'strict' | 'lenient'
  /** With handling=strict: a write affecting more rows than this fails (PGRST124). */
  maxAffected?: number
}

const PREFER_VALUES: Record<string, string[]> = {
  return: ['minimal', 'representation', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  params: ['single-object'],
  handling: ['strict', 'lenient'],
}

/** The values PostgREST knows for a preference; a name like `toString` is just unknown. */
const preferValues = (name: string) =>
  Object.hasOwn(PREFER_VALUES, name) ? PREFER_VALUES[name] : undefined

export function parsePrefer(req: Request): Prefer {
  const prefer: Prefer = {}
  const raw = req.headers.get('prefer')
  if (!raw) return prefer
  for (const part of raw.split(/[,;]/)) {
    const [k, v] = part.trim().split('=').map((s) => s?.trim())
    if (k && v && preferValues(k)?.includes(v) && !Object.hasOwn(prefer, k)) {
      ;(prefer as unknown as Record<string, string>)[k] = v
    }
  }
  const max = /(?:^|[,;]\s*)max-affected=(\d+)/.exec(raw)
  if (max && prefer.handling === 'strict') prefer.maxAffected = Number(max[1])
  if (prefer.handling === 'strict') {
    const unknown = raw.split(/[,;]/).map((s) => s.trim()).filter((s) => {
      const [k, v] = s.split('=')
      return s &&
        !(preferValues(k)?.includes(v) || k === 'tx' || k === 'max-affected' || k === 'timezone')
    })
    if (unknown.length) {
      throw new ApiError(
        400,
        'PGRST122',
        'Invalid preferences given with handling=strict',
        `Invalid preferences: ${unknown.join(', ')}`,
      )
    }
  }
  return prefer
}

export type AcceptKind = 'json' | 'object'

/** `nulls=stripped` on the Accept media type (supabase-js stripNulls()). */
export function wantsStrippedNulls(req: Request): boolean {
  return /nulls=stripped/i.test(req.headers.get('accept') ?? '')
}

/** The representation asked for: a JSON array (default) or one object. */
export function parseAccept(req: Request): AcceptKind {
  const accept = req.headers.get('accept')
  if (!accept) return 'json'
  let sawUnknown = ''
  for (const part of accept.split(',')) {
    const type = part.split(';')[0].trim().toLowerCase()
    if (type === 'application/vnd.pgrst.object+json' || type === 'application/vnd.pgrst.object') {
      return 'object'
    }
    if (
      ['application/json', 'application/vnd.pgrst.array+json', '*/*', 'application/*', ''].includes(
        type,
      )
    ) return 'json'
    sawUnknown ||= type
  }
  throw new ApiError(406, 'PGRST107', `None of these media types are available: ${accept}`)
}

export interface Range {
  offset: number
  /** Inclusive upper bound, or undefined for no upper bound. */
  upper?: number
}

/** `Range: 0-9` (items); malformed ranges are ignored, as PostgREST does; lower > upper is 416. */
export function parseRangeHeader(req: Request): Range | null {
  const raw = req.headers.get('range')
  if (!raw) return null
  const m = /^(?:items=)?\s*(\d+)-(\d*)\s*$/.exec(raw.trim())
  if (!m) return null
  const offset = Number(m[1])
  const upper = m[2] === '' ? undefined : Number(m[2])
  if (upper !== undefined && upper < offset) {
    throw new ApiError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `The lower boundary must be lower than or equal to the upper boundary in the Range header.`,
    )
  }
  return { offset, upper }
}

/**
 * A path segment's text. A malformed escape (`%E0%A4%A`) is kept as it was sent, as PostgREST's
 * lenient decoding keeps it, so it names no table (404) instead of failing the request (500).
 */
function decodeSegment(s: string): string {
  try {
    return decodeURIComponent(s)
  } catch {
    return s
  }
}

/**
 * Reads the body as text, refusing more than MAX_BODY_BYTES (413) without buffering it all, and a
 * body that cannot be read (400, as an invalid body is in PostgREST).
 */
export function readBody(req: Request): Promise<string> {
  return readBoundedText(req, {
    tooLarge: () =>
      new ApiError(
        413,
        'PGRST413',
        'Payload Too Large',
        `The request body is larger than the limit of ${MAX_BODY_BYTES} bytes.`,
      ),
    unreadable: () =>
      new ApiError(
        400,
        'PGRST102',
        'The request body could not be read',
        'It ended before its Content-Length, or its chunked encoding was broken.',
      ),
  })
}

/** The schema a request addresses (Accept-Profile for reads, Content-Profile for writes). */
export function profile(req: Request, schemas: string[]): string {
  const header = ['GET', 'HEAD'].includes(req.method) ? 'accept-profile' : 'content-profile'
  const asked = req.headers.get(header)
  if (!asked) return schemas[0]
  if (!schemas.includes(asked)) {
    throw new ApiError(
      406,
      'PGRST106',
      `The schema must be one of the following: ${schemas.join(', ')}`,
    )
  }
  return asked
}

export function parseCookies(req: Request): Record<string, string> {
  const out: Record<string, string> = {}
  for (const part of (req.headers.get('cookie') ?? '').split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0) out[part.slice(0, eq).trim()] = part.slice(eq + 1).trim()
  }
  return out
}

const invalidPath = () => new ApiError(404, 'PGRST125', 'Invalid path specified in request URL')
