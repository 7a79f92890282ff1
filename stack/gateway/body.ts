// Bounded request bodies, shared by /rest/v1, /auth/v1 and /storage/v1. The first two refuse more
// than 1 MiB, the limit Supabase Auth itself applies to every request (`limitRequestBody(1 << 20)`
// in its internal/api/api.go); Storage reads uploads up to the bucket's own limit. Each API
// answers in its own error shape, so the caller says what to throw:
// for a body too large, and for one that cannot be read (shorter than its Content-Length, or
// broken chunked encoding), which is the client's doing and so a 400, never a 500.

import { type BodyErrors, readBoundedBytes } from '../product.ts'

export { type BodyErrors, readBoundedBytes }

/** Request bodies above this many bytes are refused with 413 before they are parsed. */
export const MAX_BODY_BYTES = 1024 * 1024

/** True when the request declares (Content-Length) a body larger than MAX_BODY_BYTES. */
export function declaresTooLarge(req: Request): boolean {
  return Number(req.headers.get('content-length') ?? '0') > MAX_BODY_BYTES
}

/**
 * Reads the body as text, throwing `tooLarge()` as soon as it is known to exceed MAX_BODY_BYTES
 * (by its Content-Length, else while streaming), so an oversized body is never buffered whole.
 */
export async function readBoundedText(req: Request, errors: BodyErrors): Promise<string> {
  if (declaresTooLarge(req)) throw errors.tooLarge()
  return new TextDecoder().decode(await readBoundedBytes(req, MAX_BODY_BYTES, errors))
}
