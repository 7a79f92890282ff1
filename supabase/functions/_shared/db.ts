// Database errors, as the functions answer them. RPCs raise with stable SQLSTATEs and readable
// messages; those become 4xx with the message. Anything else from the database or the API in
// front of it (5xx) is an upstream failure: 502, nothing changed; the database out of reach is 503
// with Retry-After.
import { HttpError, upstream } from './errors.ts'

export interface DbError {
  code?: string
  message: string
  details?: string | null
  hint?: string | null
}

const CLIENT: Record<string, [number, string]> = {
  P0002: [404, 'not_found'],
  PT404: [404, 'not_found'],
  '42501': [403, 'forbidden'],
  '22023': [409, 'conflict'],
  '23514': [409, 'conflict'],
  '23505': [409, 'conflict'],
  '23503': [400, 'bad_reference'],
  '22P02': [400, 'bad_request'],
  '23502': [400, 'bad_request'],
  '22001': [400, 'bad_request'],
  '22003': [400, 'bad_request'],
  '22007': [400, 'bad_request'],
  '22008': [400, 'bad_request'],
  '2201X': [400, 'bad_request'],
}

export function dbError(e: DbError, what = 'The database'): HttpError {
  // The caller's token was refused by the API (PostgREST's JWT errors): theirs to fix.
  if (e.code === 'PGRST301' || e.code === 'PGRST302' || e.code === 'PGRST303') {
    return new HttpError(401, 'unauthorized', 'Your session is not valid: sign in again.', {
      reason: e.message,
    })
  }
  // A check constraint on a table column is bad input, not an outage.
  if (/violates check constraint/.test(e.message)) {
    return new HttpError(400, 'bad_request', 'A value is not accepted.', { reason: e.message })
  }
  // The API cannot reach the database (PostgREST's PGRST000/001, or no pool connection in time,
  // PGRST003): answered at once as 503 with Retry-After, so the caller retries instead of waiting.
  if (e.code === 'PGRST000' || e.code === 'PGRST001' || e.code === 'PGRST003') {
    return new HttpError(
      503,
      'unavailable',
      'The service is briefly unavailable. Nothing was changed; please try again in a moment.',
      { reason: e.message, retry_after_seconds: 1 },
      { 'retry-after': '1' },
    )
  }
  const hit = e.code ? CLIENT[e.code] : undefined
  if (hit) return new HttpError(hit[0], hit[1], e.message, null)
  return upstream(
    `${what} could not complete the request. Nothing was changed; please try again.`,
    { reason: e.message },
  )
}

/** What a result holds when it has no error: of supabase-js's `{ data, error: null } | { data: null,
 *  error }`, the success side's data (a row for single(), row or null for maybeSingle()). */
export type DataOf<R> = [Extract<R, { error: null }>] extends [never]
  ? (R extends { data: infer D } ? D : never)
  : Extract<R, { error: null }> extends { data: infer D } ? D
  : never

/** Unwraps a supabase-js result, turning its error into the answer the client gets. */
export function must<R extends { data: unknown; error: DbError | null }>(
  res: R,
  what?: string,
): DataOf<R> {
  if (res.error) throw dbError(res.error, what)
  return res.data as DataOf<R>
}
