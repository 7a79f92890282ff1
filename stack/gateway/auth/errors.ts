// Supabase Auth's error responses. Clients that send `X-Supabase-Api-Version: 2024-01-01`
// (supabase-js does) get `{ code: <error_code>, message }` and the version header echoed;
// older clients get `{ code: <status>, error_code, msg }`. Weak passwords add
// `weak_password: { reasons }`.

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly reasons?: string[],
  ) {
    super(message)
  }
}

export const badRequest = (code: string, msg: string) => new AuthError(400, code, msg)
export const unauthorized = (code: string, msg: string) => new AuthError(401, code, msg)
export const forbidden = (code: string, msg: string) => new AuthError(403, code, msg)
export const notFound = (code: string, msg: string) => new AuthError(404, code, msg)
export const unprocessable = (code: string, msg: string) => new AuthError(422, code, msg)
export const tooMany = (code: string, msg: string) => new AuthError(429, code, msg)
export const weakPassword = (msg: string, reasons: string[]) =>
  new AuthError(422, 'weak_password', msg, reasons)

const API_VERSION = '2024-01-01'

/** True when the request asks for the 2024-01-01 (or later) error shape. */
export function newErrorShape(req: Request): boolean {
  const v = req.headers.get('x-supabase-api-version')
  return !!v && /^\d{4}-\d{2}-\d{2}$/.test(v) && v >= API_VERSION
}

export function errorResponse(req: Request, e: AuthError): Response {
  const modern = newErrorShape(req)
  const body: Record<string, unknown> = modern
    ? { code: e.errorCode, message: e.message }
    : { code: e.status, error_code: e.errorCode, msg: e.message }
  if (e.reasons) body.weak_password = { reasons: e.reasons }
  const headers: Record<string, string> = {}
  if (modern) headers['x-supabase-api-version'] = API_VERSION
  return Response.json(body, { status: e.status, headers })
}
