// A request body read with a bound, for the functions (supabase/functions/_shared/http.ts) and
// the local stack's APIs (stack/gateway/body.ts) alike: refused as soon as more than `limit`
// bytes have arrived (the rest is never read, the stream is cancelled), so a huge body is never
// held whole; and a body that cannot be read (it ended before its Content-Length, its chunked
// encoding was broken) is the client's doing, which each caller answers with its own 400.

/** What the caller throws: for a body over its limit, and for one that cannot be read. */
export interface BodyErrors {
  tooLarge: () => Error
  unreadable: () => Error
}

/** The body's bytes, at most `limit` of them; `errors` says what to throw otherwise. */
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
    size += read.value.byteLength
    if (size > limit) {
      void reader.cancel().catch(() => {})
      throw errors.tooLarge()
    }
    chunks.push(read.value)
  }
  const all = new Uint8Array(size)
  let at = 0
  for (const c of chunks) {
    all.set(c, at)
    at += c.byteLength
  }
  return all
}
