// What a request asks for, read from its headers: the profile (schema), Prefer, Accept,
// Range, and the body (bounded).
import { MAX_BODY_BYTES, readBoundedText } from '../body.ts'
import { ApiError } from './errors.ts'

export { MAX_BODY_BYTES }

export interface Prefer {
  return?: 'minimal' | 'representation' | 'headers-only'
  count?: 'exact' | 'planned' | 'estimated'
  resolution?: 'merge-duplicates' | 'ignore-duplicates'
  missing?: 'default' | 'null'
  params?: 'single-object'
  handling?: 'strict' | 'lenient'
  /** With handling=strict: a write affecting more rows than this fails (PGRST124). */
  maxAffected?: number
  /** The preferences understood, for Preference-Applied. */
  applied: string[]
}

const PREFER_VALUES: Record<string, string[]> = {
  return: ['minimal', 'representation', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  params: ['single-object'],
  handling: ['strict', 'lenient'],
}

export function parsePrefer(req: Request): Prefer {
  const prefer: Prefer = { applied: [] }
  const raw = req.headers.get('prefer')
  if (!raw) return prefer
  for (const part of raw.split(/[,;]/)) {
    const [k, v] = part.trim().split('=').map((s) => s?.trim())
    if (k && v && PREFER_VALUES[k]?.includes(v) && !(k in prefer)) {
      ;(prefer as unknown as Record<string, string>)[k] = v
    }
  }
  const max = /(?:^|[,;]\s*)max-affected=(\d+)/.exec(raw)
  if (max && prefer.handling === 'strict') prefer.maxAffected = Number(max[1])
  if (prefer.handling === 'strict') {
    const unknown = raw.split(/[,;]/).map((s) => s.trim()).filter((s) => {
      const [k, v] = s.split('=')
      return s && !(PREFER_VALUES[k]?.includes(v) || k === 'tx' || k === 'max-affected' || k === 'timezone')
    })
    if (unknown.length) throw new ApiError(400, 'PGRST122', 'Invalid preferences given with handling=strict', `Invalid preferences: ${unknown.join(', ')}`)
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
    if (type === 'application/vnd.pgrst.object+json' || type === 'application/vnd.pgrst.object') return 'object'
    if (['application/json', 'application/vnd.pgrst.array+json', '*/*', 'application/*', ''].includes(type)) return 'json'
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
    throw new ApiError(416, 'PGRST103', 'Requested range not satisfiable', `The lower boundary must be lower than or equal to the upper boundary in the Range header.`)
  }
  return { offset, upper }
}

/** Reads the body as text, refusing more than MAX_BODY_BYTES (413) without buffering it all. */
export function readBody(req: Request): Promise<string> {
  return readBoundedText(req, () => new ApiError(413, 'PGRST413', 'Payload Too Large', `The request body is larger than the limit of ${MAX_BODY_BYTES} bytes.`))
}

/** The schema a request addresses (Accept-Profile for reads, Content-Profile for writes). */
export function profile(req: Request, schemas: string[]): string {
  const header = ['GET', 'HEAD'].includes(req.method) ? 'accept-profile' : 'content-profile'
  const asked = req.headers.get(header)
  if (!asked) return schemas[0]
  if (!schemas.includes(asked)) {
    throw new ApiError(406, 'PGRST106', `The schema must be one of the following: ${schemas.join(', ')}`)
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

export const invalidPath = () => new ApiError(404, 'PGRST125', 'Invalid path specified in request URL')
