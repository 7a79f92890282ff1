// PostgREST's error shape ({code, message, details, hint}) and its mapping from Postgres
// SQLSTATEs to HTTP statuses (PostgREST's Error.hs, plus Supabase's pg-safeupdate rule).

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }

  body() {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message }
  }
}

export const parseError = (message: string, details: string | null = null) =>
  new ApiError(400, 'PGRST100', message, details)

export const bodyError = (details: string) =>
  new ApiError(400, 'PGRST102', 'Empty or invalid json', details)

/** A filter or order names an embed path that the select does not embed (PGRST108). */
export const notEmbeddedError = (path: string) =>
  new ApiError(
    400,
    'PGRST108',
    `'${path}' is not an embedded resource in this request`,
    null,
    `Verify that '${path}' is included in the 'select' query parameter.`,
  )

/** Accept: application/vnd.pgrst.object+json, and the result is not exactly one row. */
export const singleError = (rows: number) =>
  new ApiError(
    406,
    'PGRST116',
    'JSON object requested, multiple (or no) rows returned',
    `The result contains ${rows} rows`,
  )

/** The details of PGRST118 / PGRST119: the embed is to-many where only a to-one one will do. */
export const notToOneDetails = (parent: string, embed: string) =>
  `'${parent}' and '${embed}' do not form a many-to-one or one-to-one relationship`

export function jwtError(message: string, code: 'PGRST301' | 'PGRST303'): ApiError {
  return new ApiError(401, code, message, null, null, {
    'www-authenticate': `Bearer error="invalid_token", error_description="${
      message.replace(/"/g, "'")
    }"`,
  })
}

interface PgError {
  code?: string
  message?: string
  detail?: string
  hint?: string
  errno?: string
}

/**
 * Status for a Postgres error: PostgREST's mapSQLtoHTTP (src/library/PostgREST/Error.hs),
 * checked in the same order, with no exception: P0002 (no_data_found) is 500 as all of P0 is
 * there, so the app's functions raise `PT404` for an unknown id (404 on both).
 * `PGRST` (a raise with a JSON message) is handled by toApiError.
 */
export function pgStatus(code: string, message: string, authed: boolean): number {
  const cls = code.slice(0, 2)
  if (cls === '08') return 503 // connection exception
  if (cls === '09') return 500 // triggered action exception
  if (cls === '0L' || cls === '0P') return 403 // invalid grantor, invalid role specification
  if (code === '23503' || code === '23505') return 409 // foreign key, unique violation
  if (code === '25006') return 405 // read-only transaction
  // cardinality_violation: pg-safeupdate's refusal is the client's fault, anything else a server error.
  if (code === '21000') return message.endsWith('requires a WHERE clause') ? 400 : 500
  // invalid_parameter_value: a JWT naming a role that does not exist is 401.
  if (code === '22023') {
    return message.startsWith('role') && message.endsWith('does not exist') ? 401 : 400
  }
  if (cls === '28') return 403 // invalid authorization specification
  if (['25', '2D', '38', '39', '3B', '40'].includes(cls)) return 500
  if (code === '53400') return 500 // configuration limit exceeded
  if (cls === '53') return 503 // insufficient resources
  if (cls === '54' || cls === '55') return 500
  if (code === '57P01') return 503 // terminating connection due to administrator command
  if (cls === '57') return 500 // operator intervention, 57014 (statement timeout) included
  if (['58', 'F0', 'HV', 'XX'].includes(cls)) return 500
  if (code === 'P0001') return 400 // a plain RAISE
  if (cls === 'P0') return 500
  if (code === '42883') return message.startsWith('function xmlagg(') ? 406 : 404 // undefined function
  if (code === '42P01') return 404 // undefined table
  if (code === '42P17') return 500 // infinite recursion
  if (code === '42501') return authed ? 403 : 401 // insufficient privilege
  // `raise sqlstate 'PT404'`: the status is in the code (else 500, as for one HTTP cannot carry).
  if (cls === 'PT') {
    const n = /^PT\d{3}$/.test(code) ? Number(code.slice(2)) : 0
    return n >= 200 && n <= 599 ? n : 500
  }
  return 400
}

interface RaiseMessage {
  code: string
  message: string
  details?: string | null
  hint?: string | null
}

/**
 * `raise sqlstate 'PGRST' using message = '{"code": …, "message": …}', detail = '{"status": …,
 * "headers": {…}}'`: the error, status and headers a function chose (PostgREST's parseRaisePGRST);
 * PGRST121 (500) when either is not the JSON expected.
 */
function raisedError(message: string, detail: string | undefined): ApiError {
  const parse = (text: string) => {
    try {
      const v = JSON.parse(text)
      return typeof v === 'object' && v !== null && !Array.isArray(v)
        ? v as Record<string, unknown>
        : null
    } catch {
      return null
    }
  }
  const invalid = (details: string, hint: string) =>
    new ApiError(
      500,
      'PGRST121',
      'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error',
      details,
      hint,
    )
  const optText = (v: unknown) => v === undefined || v === null || typeof v === 'string'
  const m = parse(message)
  if (
    !m || typeof m.code !== 'string' || typeof m.message !== 'string' || !optText(m.details) ||
    !optText(m.hint)
  ) {
    return invalid(
      `Invalid JSON value for MESSAGE: '${message}'`,
      "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.",
    )
  }
  if (detail === undefined) {
    return invalid(
      'DETAIL is missing in the RAISE statement',
      "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'.",
    )
  }
  const d = parse(detail)
  const headers = d?.headers
  if (
    !d || typeof d.status !== 'number' || !Number.isInteger(d.status) ||
    typeof headers !== 'object' || headers === null || Array.isArray(headers) ||
    !Object.values(headers).every((v) => typeof v === 'string')
  ) {
    return invalid(
      `Invalid JSON value for DETAIL: '${detail}'`,
      "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'.",
    )
  }
  const r = m as unknown as RaiseMessage
  // A status or a header that HTTP cannot carry would make the Response constructor throw.
  const status = d.status >= 200 && d.status <= 599 ? d.status : 500
  const sendable = new Headers()
  for (const [k, v] of Object.entries(headers as Record<string, string>)) {
    try {
      sendable.set(k, v)
    } catch {
      // not a valid header name or value: left out
    }
  }
  return new ApiError(
    status,
    r.code,
    r.message,
    r.details ?? null,
    r.hint ?? null,
    Object.fromEntries(sendable),
  )
}

/** Turns anything thrown while talking to Postgres into a PostgREST-shaped error. */
export function toApiError(e: unknown, authed: boolean): ApiError {
  if (e instanceof ApiError) return e
  const err = (e ?? {}) as PgError & { name?: string }
  if (err.name === 'PostgresError' && typeof err.code === 'string') {
    const message = err.message ?? ''
    if (err.code === 'PGRST') return raisedError(message, err.detail)
    const status = pgStatus(err.code, message, authed)
    const headers: Record<string, string> = status === 401
      ? { 'www-authenticate': 'Bearer' }
      : status === 503
      ? { 'retry-after': '1' }
      : {}
    return new ApiError(status, err.code, message, err.detail ?? null, err.hint ?? null, headers)
  }
  // Socket-level failures (refused, reset, timed out, closed): the database cannot be reached.
  const code = String(err.code ?? '')
  if (/^(E[A-Z]+|CONNECT_TIMEOUT|CONNECTION_[A-Z_]+)$/.test(code)) {
    const refused = ['ECONNREFUSED', 'CONNECT_TIMEOUT', 'ENOTFOUND', 'EHOSTUNREACH'].includes(code)
    return new ApiError(
      503,
      refused ? 'PGRST000' : 'PGRST001',
      refused
        ? 'Could not connect with the database due to an incorrect db-uri or due to the PostgreSQL service not running.'
        : 'Could not connect with the database due to an internal error.',
      String(err.message ?? e),
      null,
      { 'retry-after': '1' },
    )
  }
  return new ApiError(500, 'PGRST000', 'Internal gateway error', String(err.message ?? e))
}
