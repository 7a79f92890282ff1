// A multipart/form-data reader for uploads. supabase-js sends a Blob as a part named "" (its
// FormData field has no name), which Fastify's multipart reads as the file but the platform's
// Request.formData() drops, so the parts are read here: the first part with a filename is the
// file; the others are text fields (cacheControl, contentType, metadata).

export interface MultipartUpload {
  file: { bytes: Uint8Array; type: string } | null
  fields: Record<string, string>
}

const CRLF = [13, 10]

function indexOf(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  outer: for (let i = from; i <= haystack.length - needle.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer
    return i
  }
  return -1
}

/** Parses a whole multipart body; throws when it is not one. */
export function parseMultipart(body: Uint8Array, contentType: string): MultipartUpload {
  const m = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType)
  if (!m) throw new Error('Multipart: Boundary not found')
  const enc = new TextEncoder()
  const delimiter = enc.encode(`--${(m[1] ?? m[2]).trim()}`)
  const out: MultipartUpload = { file: null, fields: {} }
  let at = indexOf(body, delimiter, 0)
  if (at < 0) throw new Error('Unexpected end of form')
  while (true) {
    at += delimiter.length
    if (body[at] === 45 && body[at + 1] === 45) return out // "--": the closing delimiter
    if (body[at] !== CRLF[0] || body[at + 1] !== CRLF[1]) throw new Error('Malformed part header')
    at += 2
    const headersEnd = indexOf(body, enc.encode('\r\n\r\n'), at)
    if (headersEnd < 0) throw new Error('Malformed part header')
    const headers = new TextDecoder().decode(body.subarray(at, headersEnd))
    const next = indexOf(body, new Uint8Array([...CRLF, ...delimiter]), headersEnd + 4)
    if (next < 0) throw new Error('Unexpected end of form')
    const content = body.subarray(headersEnd + 4, next)
    const disposition = /^content-disposition:(.*)$/im.exec(headers)?.[1] ?? ''
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1] ?? ''
    const isFile = /\bfilename\*?=/i.test(disposition)
    if (isFile) {
      const type = /^content-type:\s*(.*)$/im.exec(headers)?.[1]?.trim() ||
        'application/octet-stream'
      out.file ??= { bytes: content, type }
    } else {
      out.fields[name] = new TextDecoder().decode(content)
    }
    at = next + 2
  }
}
