// Database errors, as the functions answer them. RPCs raise with stable SQLSTATEs and readable
// messages; those become 4xx with the message. Anything else from the database or the API in
// front of it (unreachable, 5xx) is an upstream failure: 502, nothing changed.
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
  if (e.code === 'PGRST301' || e.code === 'PGRST302' || e.code === 'PGRST303') return new HttpError(401, 'unauthorized', 'Your session is not valid: sign in again.', { reason: e.message })
  // A check constraint on a table column is bad input, not an outage.
  if (/violates check constraint/.test(e.message)) return new HttpError(400, 'bad_request', 'A value is not accepted.', { reason: e.message })
  const hit = e.code ? CLIENT[e.code] : undefined
  if (hit) return new HttpError(hit[0], hit[1], e.message, null)
  return upstream(`${what} could not complete the request. Nothing was changed; please try again.`, { reason: e.message })
}

/** Unwraps a supabase-js result, turning its error into the answer the client gets. */
export function must<T>(res: { data: T | null; error: DbError | null }, what?: string): T {
  if (res.error) throw dbError(res.error, what)
  return res.data as T
}
