// Calls an edge function with the signed-in user's token (so RLS applies inside it) and turns
// its one error shape, { error: { code, message, details } } (@common/function-error), into an
// AdminFunctionError: a DbError carrying the status, so a refusal (401/403) reads as one on the
// admin screens, and a 400 keeps the function's field details.
import { FunctionsHttpError } from '@supabase/supabase-js'
import type { ErrorBody } from '@common/function-error'
import { isTimeout, TIMEOUT_MESSAGE } from '@/lib/fetch-with-retry'
import { supabase } from '@/lib/supabase'
import { DbError } from './db-error'

/** What a function's error answer may hold: its body is read as the shared shape, or nothing. */
type FunctionErrorBody = { error?: Partial<ErrorBody['error']> }

/**
 * A function's error answer as the admin screens show it: a DbError (the message a member of
 * staff can act on), with the HTTP status and the function's body. The public pages' error for a
 * failed call is the shared FunctionError (lib/call-function.ts).
 */
export class AdminFunctionError extends DbError {
  override name = 'AdminFunctionError'
  constructor(readonly httpStatus: number, readonly body: FunctionErrorBody, fallback: string) {
    const message = body.error?.message
    // A function's own 403 message ("Not allowed to make offers at this site") is clearer than ours.
    super(
      httpStatus === 403 && message
        ? { status: 403, code: '42501', message: `Not allowed: ${message}` }
        : { status: httpStatus, code: body.error?.code, message },
      fallback,
    )
    if (httpStatus === 403 && message) this.message = message
  }
  get details(): unknown {
    return this.body.error?.details
  }
}

export async function invokeFunction<T>(
  name: string,
  body: unknown,
  options: { headers?: Record<string, string>; fallback?: string } = {},
): Promise<T> {
  const fallback = options.fallback ?? 'The request failed. Please try again.'
  const { data, error } = await supabase().functions.invoke<T>(name, {
    body: body as Record<string, unknown>,
    ...(options.headers ? { headers: options.headers } : {}),
  })
  if (error) {
    if (error instanceof FunctionsHttpError) {
      const res = error.context as Response
      let parsed: FunctionErrorBody = {}
      try {
        parsed = await res.json() as FunctionErrorBody
      } catch { /* not JSON */ }
      throw new AdminFunctionError(res.status, parsed, fallback)
    }
    // supabase-js wraps what fetch threw; a request given up with no answer may have been done.
    if (isTimeout((error as { context?: unknown }).context)) {
      throw new DbError({ message: TIMEOUT_MESSAGE }, TIMEOUT_MESSAGE)
    }
    throw new DbError(error, fallback)
  }
  // Our functions answer every success with a JSON body; none (null) is a broken answer, not a T.
  if (data === null) throw new DbError(null, fallback)
  return data
}
