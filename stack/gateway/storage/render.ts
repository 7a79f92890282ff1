// Serving an object's file with the headers Supabase Storage's asset renderer sends
// (src/storage/renderer/renderer.ts): Content-Type, ETag, Cache-Control from the upload (or
// Expires for a signed URL), Last-Modified, Content-Length, Accept-Ranges and X-Robots-Tag;
// If-None-Match answers 304, a single `Range: bytes=a-b` 206, `?download` an attachment.
import { ERRORS } from './errors.ts'
import type { FileStore } from './files.ts'

export interface StoredObject {
  id: string
  name: string
  bucket_id: string
  version: string | null
  metadata: ObjectMetadata | null
  user_metadata?: Record<string, unknown> | null
  created_at?: Date | string | null
  updated_at?: Date | string | null
}

/** storage.objects.metadata, as the Storage server writes it after an upload. */
export interface ObjectMetadata {
  eTag: string
  size: number
  mimetype: string
  cacheControl: string
  lastModified: string
  contentLength: number
  httpStatusCode: number
}

export async function renderObject(
  files: FileStore,
  req: Request,
  obj: StoredObject,
  opts: { download?: string | null; expires?: string } = {},
): Promise<Response> {
  const opened = obj.version ? await files.open(obj.bucket_id, obj.name, obj.version) : null
  if (!opened) {
    // The renderer's answer when the backend has no such key.
    const err = ERRORS.fileNotFound()
    return Response.json(err.body(), { status: 400, headers: { 'cache-control': 'no-store' } })
  }
  const meta = obj.metadata ?? ({} as Partial<ObjectMetadata>)
  const headers = new Headers({
    'accept-ranges': 'bytes',
    'content-type': meta.mimetype || 'application/octet-stream',
    'x-robots-tag': 'none',
  })
  const etag = meta.eTag
  if (etag) headers.set('etag', etag)
  const lastModified = meta.lastModified ? new Date(meta.lastModified) : opened.mtime
  if (lastModified && !Number.isNaN(lastModified.getTime())) {
    headers.set('last-modified', lastModified.toUTCString())
  }
  if (opts.expires) headers.set('expires', opts.expires)
  else headers.set('cache-control', meta.cacheControl || 'no-cache')
  if (opts.download !== undefined && opts.download !== null) {
    const name = encodeURIComponent(opts.download)
    headers.set(
      'content-disposition',
      opts.download === ''
        ? 'attachment;'
        : `attachment; filename=${name}; filename*=UTF-8''${name}`,
    )
  }

  if (etag && req.headers.get('if-none-match') === etag) {
    opened.file.close()
    return new Response(null, { status: 304, headers })
  }

  const range = req.headers.get('range')
  if (range) {
    const m = /^bytes=(\d*)-(\d*)$/.exec(range.trim())
    let from = m && m[1] !== '' ? Number(m[1]) : NaN
    let to = m && m[2] !== '' ? Number(m[2]) : opened.size - 1
    if (m && m[1] === '' && m[2] !== '') {
      from = Math.max(0, opened.size - Number(m[2]))
      to = opened.size - 1
    }
    if (!m || Number.isNaN(from) || from > to || from >= opened.size) {
      opened.file.close()
      return Response.json(ERRORS.invalidRange().body(), {
        status: 416,
        headers: { 'content-range': `bytes */${opened.size}` },
      })
    }
    to = Math.min(to, opened.size - 1)
    const length = to - from + 1
    await opened.file.seek(from, Deno.SeekMode.Start)
    headers.set('content-range', `bytes ${from}-${to}/${opened.size}`)
    headers.set('content-length', String(length))
    return new Response(limited(opened.file, length), { status: 206, headers })
  }

  headers.set('content-length', String(opened.size))
  if (req.method === 'HEAD') {
    opened.file.close()
    return new Response(null, { status: 200, headers })
  }
  return new Response(opened.file.readable, { status: 200, headers })
}

/** The next `length` bytes of a file as a stream, closing the file at the end. */
function limited(file: Deno.FsFile, length: number): ReadableStream<Uint8Array> {
  let left = length
  return new ReadableStream({
    async pull(controller) {
      if (left <= 0) {
        file.close()
        controller.close()
        return
      }
      const buf = new Uint8Array(Math.min(64 * 1024, left))
      const n = await file.read(buf)
      if (n === null) {
        file.close()
        controller.close()
        return
      }
      left -= n
      controller.enqueue(buf.subarray(0, n))
    },
    cancel() {
      file.close()
    },
  })
}
