// Bounded request bodies, shared by /rest/v1, /auth/v1 and /storage/v1. The first two refuse more
// than 1 MiB, the limit Supabase Auth itself applies to every request (`limitRequestBody(1 << 20)`
// in its internal/api/api.go); Storage reads uploads up to the bucket's own limit. Each API
// answers in its own error shape, so the caller says what to throw:
// for a body too large, and for one that cannot be read (shorter than its Content-Length, or
// broken chunked encoding), which is the client's doing and so a 400, never a 500.

/** What each API throws: for a body over its limit, and for one that cannot be read. */
export interface BodyErrors {
  tooLarge: () => Error
  unreadable: () => Error
}

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

/** Reads the body's bytes, throwing `tooLarge()` as soon as more than `limit` have arrived. */
export async function readBoundedBytes(
  req: Request,
  limit: number,
  errors: BodyErrors,
): Promise<Uint8Array<ArrayBuffer>> {
  if (!req.body) return new Uint8Array()
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = req.body.getReader()
  for (;;) {
    let read: ReadableStreamReadResult<Uint8Array>
    try {
      read = await reader.read()
    } catch {
      throw errors.unreadable()
    }
    if (read.done) break
    const chunk = read.value
    size += chunk.byteLength
    if (size > limit) {
      void reader.cancel().catch(() => {})
      throw errors.tooLarge()
    }
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
