// /storage/v1/bucket: list, get, create, update, empty and delete, as Supabase Storage answers
// them (src/http/routes/bucket, src/storage/storage.ts). Reads and writes of storage.buckets run
// as the caller, so RLS on buckets decides (the service role bypasses it); the checks the server
// makes as itself (does the bucket exist, is it empty) run as the storage admin.
import { ERRORS, StorageError } from './errors.ts'
import {
  isUuid,
  jsonBody,
  mustBeValidBucketName,
  optionalInteger,
  optionalString,
  parseFileSizeToBytes,
  requireProps,
} from './request.ts'
import type { Call, StorageEnv } from './mod.ts'

const BUCKET_COLUMNS =
  `id, name, owner, public, created_at, updated_at, file_size_limit::float8 as file_size_limit, allowed_mime_types`

const SORT_COLUMNS = ['id', 'name', 'created_at', 'updated_at']

export async function listBuckets(env: StorageEnv, call: Call): Promise<Response> {
  const q = call.url.searchParams
  const limit = optionalInteger(q.get('limit'), 'querystring/limit')
  const offset = optionalInteger(q.get('offset'), 'querystring/offset')
  const sortColumn = q.get('sortColumn')
  const sortOrder = q.get('sortOrder')
  if (sortColumn && !SORT_COLUMNS.includes(sortColumn)) {
    throw ERRORS.validation('querystring/sortColumn must be equal to one of the allowed values')
  }
  if (sortOrder && !['asc', 'desc'].includes(sortOrder)) {
    throw ERRORS.validation('querystring/sortOrder must be equal to one of the allowed values')
  }
  const search = q.get('search') ?? ''
  const rows = await env.db.asCaller(call.caller!, call.scope, (tx) =>
    tx.unsafe(
      `select ${BUCKET_COLUMNS}, type from storage.buckets
       where ($1 = '' or name ilike '%' || replace(replace(replace($1, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%')
       ${sortColumn ? `order by ${sortColumn} ${sortOrder === 'desc' ? 'desc' : 'asc'}` : ''}
       limit $2 offset $3`,
      [search, limit ?? null, offset ?? 0],
    ))
  return Response.json(rows)
}

export async function getBucket(env: StorageEnv, call: Call, id: string): Promise<Response> {
  const [row] = await env.db.asCaller(
    call.caller!,
    call.scope,
    (tx) => tx.unsafe(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id]),
  )
  if (!row) throw ERRORS.noSuchBucket()
  return Response.json(row)
}

/** file_size_limit as the API takes it: bytes, or "20MB"; never above the project's limit. */
function sizeLimit(env: StorageEnv, value: unknown): number | null | undefined {
  if (value === undefined) return undefined
  if (value === null) return null
  if (typeof value !== 'number' && typeof value !== 'string') {
    throw ERRORS.validation('body/file_size_limit must be integer,string')
  }
  const bytes = typeof value === 'string' ? parseFileSizeToBytes(value) : value
  if (bytes > env.fileSizeLimit) throw ERRORS.entityTooLarge()
  return bytes
}

function mimeTypes(value: unknown): string[] | null | undefined {
  if (value === undefined || value === null) return value as null | undefined
  if (!Array.isArray(value)) throw ERRORS.validation('body/allowed_mime_types must be array')
  const types = value.filter((t) => t)
  for (const type of types) {
    if (
      typeof type !== 'string' || type.length > 1000 ||
      !/^([a-zA-Z0-9\-+.]+)\/([a-zA-Z0-9\-+.]+)(;\s*charset=[a-zA-Z0-9\-]+)?$|\*$/.test(type)
    ) {
      throw ERRORS.invalidMimeType(String(type))
    }
  }
  return types
}

function isPublic(value: unknown): boolean | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'boolean') throw ERRORS.validation('body/public must be boolean')
  return value
}

export async function createBucket(env: StorageEnv, call: Call, req: Request): Promise<Response> {
  const body = await jsonBody(req)
  requireProps(body, ['name'])
  const name = optionalString(body, 'name')!
  const id = optionalString(body, 'id') || name
  if (name.trim() !== name) throw ERRORS.invalidBucketName()
  mustBeValidBucketName(name)
  if (body.type !== undefined && body.type !== 'STANDARD') {
    if (body.type !== 'ANALYTICS') {
      throw ERRORS.validation('body/type must be equal to one of the allowed values')
    }
    throw new StorageError(
      409,
      'FeatureNotEnabled',
      'The feature Iceberg buckets are not enabled for this tenant is not enabled for this resource',
    )
  }
  const limit = sizeLimit(env, body.file_size_limit)
  const mimes = mimeTypes(body.allowed_mime_types)
  const owner = call.caller!.authenticated ? call.caller!.claims.sub : undefined
  try {
    await env.db.asCaller(call.caller!, call.scope, (tx) =>
      tx.unsafe(
        `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types, type)
         values ($1, $2, $3, $4, $5, $6, $7, 'STANDARD')`,
        [
          id,
          name,
          typeof owner === 'string' && isUuid(owner) ? owner : null,
          typeof owner === 'string' ? owner : null,
          isPublic(body.public) ?? false,
          limit ?? null,
          mimes ?? null,
        ],
      ))
  } catch (e) {
    if (e instanceof StorageError && e.code === 'ResourceAlreadyExists') {
      throw ERRORS.bucketAlreadyExists()
    }
    throw e
  }
  return Response.json({ name })
}

export async function updateBucket(
  env: StorageEnv,
  call: Call,
  req: Request,
  id: string,
): Promise<Response> {
  mustBeValidBucketName(id)
  const body = await jsonBody(req)
  if (!['public', 'file_size_limit', 'allowed_mime_types'].some((k) => k in body)) {
    throw ERRORS.validation("body must have required property 'public'")
  }
  const fields: [string, unknown][] = []
  const pub = isPublic(body.public)
  if (pub !== undefined) fields.push(['public', pub])
  const limit = sizeLimit(env, body.file_size_limit)
  if (limit !== undefined) fields.push(['file_size_limit', limit])
  const mimes = mimeTypes(body.allowed_mime_types)
  if (mimes !== undefined || body.allowed_mime_types === null) {
    fields.push(['allowed_mime_types', mimes ?? null])
  }
  if (fields.length === 0) throw ERRORS.noContent()
  const rows = await env.db.asCaller(call.caller!, call.scope, (tx) =>
    tx.unsafe(
      `update storage.buckets set ${
        fields.map(([c], i) => `${c} = $${i + 2}`).join(', ')
      }, updated_at = now() where id = $1 returning id`,
      [id, ...fields.map(([, v]) => v)] as never[],
    ))
  if (rows.length === 0) throw ERRORS.noSuchBucket()
  return Response.json({ message: 'Successfully updated' })
}

/** Deletes every object of the bucket (the server queues this as itself; here it is done at once). */
export async function emptyBucket(env: StorageEnv, call: Call, id: string): Promise<Response> {
  mustBeValidBucketName(id)
  const [bucket] = await env.db.asCaller(
    call.caller!,
    call.scope,
    (tx) => tx.unsafe(`select name from storage.buckets where id = $1`, [id]),
  )
  if (!bucket) throw ERRORS.noSuchBucket()
  const deleted = await env.db.asAdmin(
    call.scope,
    (tx) =>
      tx.unsafe(`delete from storage.objects where bucket_id = $1 returning name, version`, [id]),
  )
  for (const o of deleted) await env.files.remove(id, o.name, o.version)
  return Response.json({
    message: 'Empty bucket has been queued. Completion may take up to an hour.',
  })
}

export async function deleteBucket(env: StorageEnv, call: Call, id: string): Promise<Response> {
  mustBeValidBucketName(id)
  await env.db.asAdmin(call.scope, async (tx) => {
    const [bucket] = await tx.unsafe(`select id from storage.buckets where id = $1 for update`, [
      id,
    ])
    if (!bucket) throw ERRORS.noSuchBucket()
    const [object] = await tx.unsafe(`select 1 from storage.objects where bucket_id = $1 limit 1`, [
      id,
    ])
    if (object) throw ERRORS.bucketNotEmpty()
  })
  const deleted = await env.db.asCaller(
    call.caller!,
    call.scope,
    (tx) => tx.unsafe(`delete from storage.buckets where id = $1 returning id`, [id]),
  )
  if (deleted.length === 0) throw ERRORS.noSuchBucket()
  return Response.json({ message: 'Successfully deleted' })
}
