// Request plumbing shared by every function: preflight, JSON bodies checked by zod at the
// boundary, a size limit, and errors in the one documented shape.
import type { ZodType, ZodTypeDef } from 'npm:zod@3'
import { corsHeaders, preflight } from './cors.ts'
import { badRequest, HttpError, toResponse } from './errors.ts'
import { readBoundedBytes } from './common/bounded-body.ts'

export const MAX_BODY_BYTES = 64 * 1024

export async function readJson<T>(
  req: Request,
  schema: ZodType<T, ZodTypeDef, unknown>,
): Promise<T> {
  const type = req.headers.get('content-type') ?? ''
  if (!type.includes('application/json')) {
    throw new HttpError(415, 'unsupported_media_type', 'Send the body as application/json.')
  }
  const text = await readText(req)
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    throw badRequest('The body is not valid JSON.')
  }
  return schema.parse(raw)
}

const tooLarge = (limit: number) =>
  new HttpError(413, 'payload_too_large', `The body is larger than ${limit} bytes.`)

/**
 * The raw body as text, refused (413) beyond `limit` bytes as soon as that is known (by its
 * Content-Length, else while it streams, so a huge body is never held whole). A body that cannot
 * be read (shorter than its Content-Length, a broken chunked encoding) is the client's doing: 400.
 */
export async function readText(req: Request, limit = MAX_BODY_BYTES): Promise<string> {
  if (Number(req.headers.get('content-length') ?? 0) > limit) throw tooLarge(limit)
  const bytes = await readBoundedBytes(req, limit, {
    tooLarge: () => tooLarge(limit),
    unreadable: () =>
      badRequest('The body could not be read: it ended before its declared length.'),
  })
  return new TextDecoder().decode(bytes)
}

export function json(body: unknown, init: ResponseInit = {}): Response {
  return Response.json(body, { ...init, headers: { ...corsHeaders, ...(init.headers ?? {}) } })
}

export type Route = (req: Request, url: URL) => Promise<Response> | Response

/** Wraps a handler: preflight answered, anything thrown answered in the documented shape. */
export function serve(route: Route): (req: Request) => Promise<Response> {
  return async (req) => {
    const early = preflight(req)
    if (early) return early
    try {
      return await route(req, new URL(req.url))
    } catch (e) {
      return toResponse(e)
    }
  }
}
