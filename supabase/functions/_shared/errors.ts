// One JSON error shape for every function: { error: { code, message, details } }, the shape both
// tiers share (common/function-error.ts).
import { ZodError } from 'npm:zod@3'
import { corsHeaders } from './cors.ts'
import { errorBody, FunctionError } from './common/function-error.ts'

/** A function's refusal or failure as it answers it: the shared error, with the answer's headers. */
export class HttpError extends FunctionError {
  override name = 'HttpError'
  constructor(
    status: number,
    code: string,
    message: string,
    details: unknown = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(status, code, message, details)
  }
}

export const badRequest = (message: string, details: unknown = null) =>
  new HttpError(400, 'bad_request', message, details)
export const unauthorized = (message = 'Sign in to do this.') =>
  new HttpError(401, 'unauthorized', message)
export const forbidden = (message = 'Your role does not allow this.') =>
  new HttpError(403, 'forbidden', message)
export const notFound = (message = 'Not found.') => new HttpError(404, 'not_found', message)
export const upstream = (message: string, details: unknown = null) =>
  new HttpError(502, 'upstream_failed', message, details)

export function errorResponse(
  status: number,
  code: string,
  message: string,
  details: unknown = null,
  headers: HeadersInit = {},
): Response {
  return Response.json(errorBody({ code, message, details }), {
    status,
    headers: { ...corsHeaders, ...headers },
  })
}

export function zodDetails(e: ZodError) {
  return e.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))
}

/** Turns anything thrown into the documented shape; only genuine faults become 500. */
export function toResponse(e: unknown): Response {
  if (e instanceof HttpError) {
    return errorResponse(e.status, e.code, e.message, e.details, e.headers)
  }
  if (e instanceof ZodError) {
    return errorResponse(400, 'validation_failed', 'Some fields need attention.', zodDetails(e))
  }
  console.error('[function] unexpected error', e)
  return errorResponse(
    500,
    'internal_error',
    'Something went wrong on our side. Nothing was changed; please try again.',
  )
}
