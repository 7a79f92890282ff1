// Bounded request bodies, shared by /rest/v1 and /auth/v1: both refuse more than 1 MiB, the
// limit Supabase Auth itself applies to every request (`limitRequestBody(1 << 20)` in its
// internal/api/api.go). Each API answers in its own error shape, so the caller says what to throw.

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
export async function readBoundedText(req: Request, tooLarge: () => Error): Promise<string> {
  if (declaresTooLarge(req)) throw tooLarge()
  return new TextDecoder().decode(await readBoundedBytes(req, MAX_BODY_BYTES, tooLarge))
}

/** Reads the body's bytes, throwing `tooLarge()` as soon as more than `limit` have arrived. */
export async function readBoundedBytes(
  req: Request,
  limit: number,
  tooLarge: () => Error,
): Promise<Uint8Array<ArrayBuffer>> {
  if (!req.body) return new Uint8Array()
  const chunks: Uint8Array[] = []
  let size = 0
  for await (const chunk of req.body) {
    size += chunk.byteLength
    if (size > limit) throw tooLarge()
    chunks.push(chunk)
  }
  const all = new Uint8Array(size)
  let at = 0
  for (const c of chunks) {
    all.set(c, at)
    at += c.byteLength
  }
  return all
}
