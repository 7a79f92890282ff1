// Seeds Storage from config.toml as the Supabase CLI does on `supabase start` (a new database) and
// `supabase db reset` (internal/seed/buckets, pkg/storage/batch.go): each [storage.buckets.<name>]
// is created, or updated when it exists (public, file_size_limit, allowed_mime_types, each sent
// only when set), then every regular file under its objects_path (relative to supabase/, hidden
// files included) is uploaded to <name>/<path below objects_path> through /storage/v1 with the
// service role key, `x-upsert: true`, `Cache-Control: max-age=3600` and the content type Go's
// http.DetectContentType sniffs from the first 512 bytes (by extension when that says text/plain).
// A missing folder or a refused upload fails the start, as with the CLI. Going through the HTTP
// API means the files land where the gateway serves them, under the bucket's limits and policies.
import { basename, dirname, extname, join, relative, resolve, sep } from 'node:path'
import { existsSync } from 'node:fs'
import { parse as parseToml } from 'smol-toml'
import { paths } from './config.ts'
import { parseCliSize } from './gateway/storage/request.ts'

interface BucketConfig {
  public?: boolean
  file_size_limit?: string | number
  allowed_mime_types?: string[]
  objects_path?: string
}

/** The [storage.buckets.<name>] tables of a config.toml. */
export function configuredBuckets(configToml = paths.configToml): Record<string, BucketConfig> {
  if (!existsSync(configToml)) return {}
  const toml = parseToml(Deno.readTextFileSync(configToml)) as {
    storage?: { buckets?: Record<string, BucketConfig> }
  }
  return toml.storage?.buckets ?? {}
}

// Go's mime.TypeByExtension for the types a seed folder may hold, used when sniffing says text.
const BY_EXTENSION: Record<string, string> = {
  '.css': 'text/css; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.md': 'text/markdown; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'text/xml; charset=utf-8',
}

const startsWith = (b: Uint8Array, sig: number[], at = 0) => sig.every((v, i) => b[at + i] === v)
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0))

/** The content type http.DetectContentType gives the first bytes of a file (the signatures a
 *  seed folder is likely to hold), then the extension's type when it is text. */
export function detectContentType(head: Uint8Array, fileName: string): string {
  let type: string
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) type = 'image/png'
  else if (startsWith(head, [0xff, 0xd8, 0xff])) type = 'image/jpeg'
  else if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) {
    type = 'image/gif'
  } else if (startsWith(head, ascii('BM'))) type = 'image/bmp'
  else if (
    startsWith(head, [0x00, 0x00, 0x01, 0x00]) || startsWith(head, [0x00, 0x00, 0x02, 0x00])
  ) type = 'image/x-icon'
  else if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBPVP'), 8)) {
    type = 'image/webp'
  } else if (startsWith(head, ascii('%PDF-'))) type = 'application/pdf'
  else if (head.some((b) => b < 0x09 || (b > 0x0d && b < 0x20 && b !== 0x1b))) {
    type = 'application/octet-stream'
  } else type = 'text/plain; charset=utf-8'
  if (type.includes('text/plain')) type = BY_EXTENSION[extname(fileName).toLowerCase()] ?? type
  return type
}

/** Every regular file below `dir`, hidden ones included (fs.WalkDir's lexical order). */
async function walk(dir: string): Promise<string[]> {
  const out: string[] = []
  const entries: Deno.DirEntry[] = []
  for await (const e of Deno.readDir(dir)) entries.push(e)
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  for (const e of entries) {
    const full = join(dir, e.name)
    if (e.isDirectory) out.push(...await walk(full))
    else if (e.isFile) out.push(full)
  }
  return out
}

export interface SeedStorageOptions {
  configToml?: string
  log?: (s: string) => void
  /** Uploads at once (the CLI's job queue runs 5). */
  concurrency?: number
}

export interface SeededStorage {
  buckets: string[]
  /** `<bucket>/<name>` of every object uploaded. */
  objects: string[]
}

/** Upserts config.toml's buckets and uploads their objects_path through `apiUrl`'s /storage/v1. */
export async function seedStorage(
  apiUrl: string,
  serviceRoleKey: string,
  opts: SeedStorageOptions = {},
): Promise<SeededStorage> {
  const configToml = opts.configToml ?? paths.configToml
  const log = opts.log ?? (() => {})
  const buckets = configuredBuckets(configToml)
  const names = Object.keys(buckets)
  if (names.length === 0) return { buckets: [], objects: [] }
  const base = `${apiUrl.replace(/\/+$/, '')}/storage/v1`
  const auth = { authorization: `Bearer ${serviceRoleKey}`, apikey: serviceRoleKey }
  const call = async (
    method: string,
    path: string,
    body?: BodyInit,
    headers: Record<string, string> = {},
  ) => {
    const res = await fetch(`${base}${path}`, { method, body, headers: { ...auth, ...headers } })
    const text = await res.text()
    if (!res.ok) {
      throw new Error(`storage seed: ${method} /storage/v1${path}: ${res.status} ${text}`)
    }
    return text ? JSON.parse(text) : null
  }

  const existing = new Set(
    ((await call('GET', '/bucket')) as { id: string; name: string }[]).map((b) => b.name),
  )
  for (const name of names) {
    const b = buckets[name]
    const limit = parseCliSize(b.file_size_limit) ?? 0
    const props: Record<string, unknown> = {}
    if (typeof b.public === 'boolean') props.public = b.public
    if (limit > 0) props.file_size_limit = limit
    if (b.allowed_mime_types?.length) props.allowed_mime_types = b.allowed_mime_types
    const json = { 'content-type': 'application/json' }
    if (existing.has(name)) {
      log(`[storage] updating bucket ${name}`)
      await call('PUT', `/bucket/${encodeURIComponent(name)}`, JSON.stringify(props), json)
    } else {
      log(`[storage] creating bucket ${name}`)
      await call('POST', '/bucket', JSON.stringify({ name, ...props }), json)
    }
  }

  const uploads: { bucket: string; name: string; file: string }[] = []
  const supabaseDir = dirname(configToml)
  for (const bucket of names) {
    const from = buckets[bucket].objects_path
    if (!from) continue
    const root = resolve(supabaseDir, from)
    const info = await Deno.stat(root).catch(() => null)
    if (!info) {
      throw new Error(`storage seed: ${bucket}: objects_path ${from} does not exist (${root})`)
    }
    const files = info.isFile ? [root] : await walk(root)
    for (const file of files) {
      const rel = info.isFile ? basename(file) : relative(root, file).split(sep).join('/')
      uploads.push({ bucket, name: rel, file })
    }
  }

  const objects: string[] = []
  let next = 0
  const worker = async () => {
    while (next < uploads.length) {
      const u = uploads[next++]
      const bytes = await Deno.readFile(u.file)
      const path = `/object/${encodeURIComponent(u.bucket)}/${
        u.name.split('/').map(encodeURIComponent).join('/')
      }`
      await call('POST', path, bytes, {
        'content-type': detectContentType(bytes.subarray(0, 512), u.file),
        'cache-control': 'max-age=3600',
        'x-upsert': 'true',
      })
      objects.push(`${u.bucket}/${u.name}`)
    }
  }
  await Promise.all(Array.from({ length: Math.min(opts.concurrency ?? 5, uploads.length) }, worker))
  log(
    `[storage] seeded ${names.join(', ')}: ${objects.length} object${
      objects.length === 1 ? '' : 's'
    }`,
  )
  return { buckets: names, objects: objects.sort() }
}
