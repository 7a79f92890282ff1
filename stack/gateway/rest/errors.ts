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
  new ApiError(400, 'PGRST108', `'${path}' is not an embedded resource in this request`, null, `Verify that '${path}' is included in the 'select' query parameter.`)

/** The details of PGRST118 / PGRST119: the embed is to-many where only a to-one one will do. */
export const notToOneDetails = (parent: string, embed: string) => `'${parent}' and '${embed}' do not form a many-to-one or one-to-one relationship`

export function jwtError(message: string, code: 'PGRST301' | 'PGRST303'): ApiError {
  return new ApiError(401, code, message, null, null, {
    'www-authenticate': `Bearer error="invalid_token", error_description="${message.replace(/"/g, "'")}"`,
  })
}

interface PgError {
  code?: string
  message?: string
  detail?: string
  hint?: string
  errno?: string
}

/** Status for a Postgres error, as PostgREST's pgErrorStatus. */
export function pgStatus(code: string, message: string, authed: boolean): number {
  if (code === '42501') return authed ? 403 : 401
  if (code === '22023' && /^role .* does not exist$/.test(message)) return 401
  if (code === '21000') return message.endsWith('requires a WHERE clause') ? 400 : 500
  if (code === '23503' || code === '23505') return 409
  if (code === '25006') return 405
  if (code === '42883' || code === '42P01') return 404
  if (code === 'P0001') return 400
  if (code === '42P17' || code === '57014') return 500
  if (code === '53400') return 500
  const cls = code.slice(0, 2)
  if (['08', '53'].includes(cls)) return 503
  if (['0L', '0P', '28'].includes(cls)) return 403
  if (['09', '25', '2D', '38', '39', '3B', '40', '54', '55', '57', '58', 'F0', 'HV', 'P0', 'XX'].includes(cls)) return 500
  return 400
}

/** Turns anything thrown while talking to Postgres into a PostgREST-shaped error. */
export function toApiError(e: unknown, authed: boolean): ApiError {
  if (e instanceof ApiError) return e
  const err = (e ?? {}) as PgError & { name?: string }
  if (err.name === 'PostgresError' && typeof err.code === 'string') {
    const message = err.message ?? ''
    const status = pgStatus(err.code, message, authed)
    const headers: Record<string, string> = status === 401 ? { 'www-authenticate': 'Bearer' } : {}
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
    )
  }
  return new ApiError(500, 'PGRST000', 'Internal gateway error', String(err.message ?? e))
}
