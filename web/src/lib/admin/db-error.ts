// Turns what Supabase answers (PostgREST, Auth, RPC errors) into a sentence a member of staff
// can act on. RLS decides every access, so every admin screen runs its failures through here:
// a refusal (401, 403, 42501) says so plainly instead of showing an empty screen.

export const REFUSED_MESSAGE =
  'You do not have permission to do this. Sign in with an account that may, or ask an admin.'
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Sign in again.'

interface ErrorLike {
  code?: unknown
  status?: unknown
  message?: unknown
  details?: unknown
}

const fields = (e: unknown): ErrorLike => (e && typeof e === 'object' ? (e as ErrorLike) : {})

/** True for a permission refusal: HTTP 401/403, Postgres 42501, or PostgREST's JWT errors. */
export function isRefusal(e: unknown): boolean {
  const { code, status } = fields(e)
  return code === '42501' || status === 401 || status === 403 || code === 'PGRST301' ||
    code === 'PGRST302'
}

export function describeDbError(
  e: unknown,
  fallback = 'Something went wrong. Please try again.',
): string {
  const { code, status, message } = fields(e)
  if (code === 'PGRST301' || code === 'PGRST302' || status === 401) return SESSION_EXPIRED_MESSAGE
  if (isRefusal(e)) {
    // Messages raised on purpose by our RPCs ("Not allowed to make offers at this site") are clearer.
    return typeof message === 'string' && /^Not allowed|^Only admins/.test(message)
      ? message
      : REFUSED_MESSAGE
  }
  if (code === '23505') return 'That would duplicate an existing record.'
  if (code === 'PGRST116') {
    return 'Nothing was changed: the record no longer exists or you may not change it.'
  }
  if (typeof message === 'string' && message.trim() !== '') return message
  return fallback
}

/** A thrown Error carrying the database error's code and status, so callers can tell a refusal apart. */
export class DbError extends Error {
  override name = 'DbError'
  readonly code?: string
  readonly status?: number
  constructor(source: unknown, fallback?: string) {
    super(describeDbError(source, fallback))
    const { code, status } = fields(source)
    if (typeof code === 'string') this.code = code
    if (typeof status === 'number') this.status = status
  }
}
