// Shared by the /storage/v1 conformance tests: supabase-js clients (those of the auth suite),
// throwaway buckets, and where the test stack keeps its files.
import { join } from 'node:path'
import { dirname } from 'node:path'
import { adminClient, client, db, env, signedUpClient } from '../auth/helpers.ts'

export { adminClient, client, db, env, signedUpClient }

export const opts = { sanitizeOps: false, sanitizeResources: false }

export const storageUrl = () => `${env('SUPABASE_URL')}/storage/v1`

/** A bucket with a fresh name, created with the service role. */
export async function bucket(
  tag: string,
  options: { public?: boolean; fileSizeLimit?: number | string; allowedMimeTypes?: string[] } = {},
) {
  const id = `${tag}-${crypto.randomUUID().slice(0, 8)}`
  const { error } = await adminClient().storage.createBucket(id, {
    public: options.public ?? false,
    ...options,
  })
  if (error) throw new Error(`createBucket ${id}: ${error.message}`)
  return id
}

/** The folder the test stack's storage keeps a bucket's files in. */
export async function bucketDir(id: string): Promise<string> {
  const [row] = await db()`select current_setting('data_directory') as dir`
  return join(dirname(row.dir as string), 'storage', id)
}

/** The versions on disk of an object (one after a completed upload). */
export async function versionsOnDisk(bucketId: string, name: string): Promise<string[]> {
  const out: string[] = []
  try {
    for await (const e of Deno.readDir(join(await bucketDir(bucketId), name))) {
      if (e.isFile) out.push(e.name)
    }
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e
  }
  return out
}

/** The raw error body and status of a storage request, for what supabase-js does not expose. */
export async function raw(path: string, init: RequestInit & { token?: string } = {}) {
  const headers = new Headers(init.headers)
  if (init.token) headers.set('authorization', `Bearer ${init.token}`)
  const res = await fetch(`${storageUrl()}${path}`, { ...init, headers })
  const text = await res.text()
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {
    // not JSON
  }
  return { status: res.status, headers: res.headers, body, text }
}

export const png = (n = 64) =>
  new Blob([
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, ...Array.from({ length: n }, (_, i) => i % 251)]),
  ], { type: 'image/png' })
