// What every auth handler is given, and the small request helpers they share.
import { MAX_BODY_BYTES, readBoundedText } from '../body.ts'
import type { RequestInfo } from '../context.ts'
import { AuthError, badRequest } from './errors.ts'
import type { Outbox } from './outbox.ts'
import { isRedirectUrlValid } from './redirect.ts'
import type { Limiters } from './ratelimit.ts'
import type { ClientInfo } from './sessions.ts'
import type { AuthSettings } from './settings.ts'
import type { Pool } from './users.ts'

export interface Deps {
  sql: Pool
  settings: AuthSettings
  outbox: Outbox
  limits: Limiters
}

export interface Call {
  req: Request
  info: RequestInfo
  client: ClientInfo
  /** Whom the per-IP limits count: the first value of GOTRUE_RATE_LIMIT_HEADER when set and
   *  present, else the socket's address. */
  rateKey: string
}

/** The client IP the rate limits count, as GoTrue reads it (internal/api/middleware.go,
 *  performRateLimitingWithHeader: the header's first comma-separated value). Where GoTrue would
 *  skip limiting a request without the header, the stack falls back to the socket's address. */
export function rateKey(header: string | null, req: Request, remoteAddr: string): string {
  const first = header ? (req.headers.get(header) ?? '').split(',', 1)[0].trim() : ''
  return first || remoteAddr
}

export type Body = Record<string, unknown>

/** Supabase Auth's answer to a body over its 1 MiB limit (internal/api/helpers.go). */
export const bodyTooLarge = () =>
  new AuthError(
    413,
    'request_entity_too_large',
    `Request body too large (max ${MAX_BODY_BYTES} bytes)`,
  )

/** The JSON body as an object; anything else is a 400 (413 above MAX_BODY_BYTES), never a 500. */
export async function readBody(req: Request): Promise<Body> {
  const text = await readBoundedText(req, {
    tooLarge: bodyTooLarge,
    unreadable: () => badRequest('bad_json', 'Could not read request body'),
  })
  if (text.trim() === '') return {}
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw badRequest('bad_json', 'Could not parse request body as JSON')
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw badRequest('bad_json', 'Could not parse request body as JSON: expected an object')
  }
  return parsed as Body
}

export const optString = (v: unknown, name: string): string | undefined => {
  if (v === undefined || v === null || v === '') return undefined
  if (typeof v !== 'string') throw badRequest('validation_failed', `${name} must be a string`)
  return v
}

export const optObject = (v: unknown, name: string): Record<string, unknown> | undefined => {
  if (v === undefined || v === null) return undefined
  if (typeof v !== 'object' || Array.isArray(v)) {
    throw badRequest('validation_failed', `${name} must be an object`)
  }
  return v as Record<string, unknown>
}

/** Where an emailed link leads: `requested` when Supabase Auth would follow it (redirect.ts),
 *  else the site URL. */
export function redirectTarget(
  settings: AuthSettings,
  requested: string | null | undefined,
): string {
  return requested &&
      isRedirectUrlValid(settings.siteUrl, settings.additionalRedirectUrls, requested)
    ? requested
    : settings.siteUrl
}

export function redirectParam(call: Call, body?: Body): string | null {
  const q = call.info.url.searchParams.get('redirect_to')
  if (q) return q
  const b = body?.redirect_to
  return typeof b === 'string' ? b : null
}
