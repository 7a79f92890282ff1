// A function's error, one shape on both tiers: every function answers a refusal or a failure with
// its HTTP status and the body `{ error: { code, message, details } }`. The functions throw it
// (`HttpError` in ../errors.ts adds the answer's headers) and write the body with `errorBody`; the
// web app throws it (`@common/function-error`) for a call that failed, read back with `fromAnswer`,
// so its pages and forms see the function's own code, message and field details.

/** The body of a function's error answer. */
export interface ErrorBody {
  error: { code: string; message: string; details: unknown }
}

/** A function's refusal or failure: the HTTP status (0 when no answer came) and its error body. */
export class FunctionError extends Error {
  override name = 'FunctionError'
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: unknown = null,
  ) {
    super(message)
  }
}

/** The body a function answers `e` with. */
export const errorBody = (e: Pick<FunctionError, 'code' | 'message' | 'details'>): ErrorBody => ({
  error: { code: e.code, message: e.message, details: e.details },
})

/**
 * The error of a function's answer with `status`, from its parsed body (anything: an answer that
 * is not the documented shape falls back to `http_error` and the given sentence).
 */
export function fromAnswer(status: number, body: unknown, fallback: string): FunctionError {
  const e = (body && typeof body === 'object' ? (body as Partial<ErrorBody>).error : undefined) as
    | Partial<ErrorBody['error']>
    | undefined
  return new FunctionError(
    status,
    typeof e?.code === 'string' ? e.code : 'http_error',
    typeof e?.message === 'string' && e.message !== '' ? e.message : fallback,
    e?.details ?? null,
  )
}
