// /storage/v1/object: upload (POST, or PUT / x-upsert: true to replace), download (as the caller,
// public, or through a signed URL), info, list, delete, move, copy and signed URLs, as Supabase
// Storage answers them (src/http/routes/object, src/storage/object.ts, src/storage/uploader.ts).
//
// An upload first tries its row as the caller in a transaction that is rolled back (the server's
// testPermission), so an RLS refusal writes nothing; then the file is written as a new version and
// the row is upserted as the storage admin naming that version; the version it replaces is removed
// after the commit, and the new one if the commit fails.
import { createHash } from 'node:crypto'
import { readBoundedBytes } from '../body.ts'
import { ERRORS, StorageError } from './errors.ts'
import type { Tx } from './db.ts'
import { type MultipartUpload, parseMultipart } from './multipart.ts'
import { type ObjectMetadata, renderObject, type StoredObject } from './render.ts'
import {
  isUuid,
  jsonBody,
  mustBeValidBucketName,
  mustBeValidKey,
  optionalInteger,
  optionalString,
  requireProps,
} from './request.ts'
import { signedObjectPath, verifySignedToken } from './signed.ts'
import type { Call, StorageEnv } from './mod.ts'

const OBJECT_COLUMNS =
  'id, name, bucket_id, version, metadata, user_metadata, created_at, updated_at'
const RETURNED_COLUMNS =
  'name, bucket_id, owner, owner_id, version, id, updated_at, created_at, last_accessed_at, metadata, user_metadata'

async function findObject(tx: Tx, bucket: string, name: string): Promise<StoredObject> {
  const [row] = await tx.unsafe(
    `select ${OBJECT_COLUMNS} from storage.objects where name = $1 and bucket_id = $2 limit 1`,
    [name, bucket],
  )
  if (!row) throw ERRORS.noSuchKey()
  return row as unknown as StoredObject
}

async function findBucket(env: StorageEnv, call: Call, bucket: string) {
  const [row] = await env.db.asAdmin(
    call.scope,
    (tx) =>
      tx.unsafe(
        `select id, public, file_size_limit::float8 as file_size_limit, allowed_mime_types from storage.buckets where id = $1`,
        [bucket],
      ),
  )
  return row as unknown as {
    id: string
    public: boolean
    file_size_limit: number | null
    allowed_mime_types: string[] | null
  } | undefined
}

/** The owner columns of a row written for this caller: owner when the subject is a uuid. */
function owners(call: Call): { owner: string | null; ownerId: string | null } {
  const sub = call.caller?.authenticated ? call.caller.claims.sub : undefined
  return typeof sub === 'string'
    ? { owner: isUuid(sub) ? sub : null, ownerId: sub }
    : { owner: null, ownerId: null }
}

// ---------------------------------------------------------------------------- upload

interface Upload {
  bytes: Uint8Array
  mimetype: string
  cacheControl: string
  userMetadata: Record<string, unknown> | null
}

/** The request's file, as fileUploadFromRequest reads it: multipart (supabase-js sends a Blob so) or a raw body. */
async function readUpload(
  req: Request,
  name: string,
  limit: number,
  allowed: string[],
): Promise<Upload> {
  const emptyFolder = name.endsWith('.emptyFolderPlaceholder')
  const max = emptyFolder ? 0 : limit
  const contentType = req.headers.get('content-type') ?? ''
  const declared = Number(req.headers.get('content-length') ?? NaN)
  if (contentType.startsWith('multipart/form-data')) {
    // The boundary and fields are allowed on top of the file itself.
    const body = await readBoundedBytes(req, max + 1024 * 1024, {
      tooLarge: ERRORS.entityTooLarge,
      unreadable: ERRORS.bodyUnreadable,
    })
    let form: MultipartUpload
    try {
      form = parseMultipart(body, contentType)
    } catch (e) {
      throw ERRORS.noContent((e as Error).message)
    }
    if (!form.file) throw ERRORS.noContent()
    const mimetype = form.fields.contentType || form.file.type
    if (allowed.length > 0 && !emptyFolder) validateMimeType(mimetype, allowed)
    if (form.file.bytes.byteLength > max) throw ERRORS.entityTooLarge()
    const cacheTime = form.fields.cacheControl
    return {
      bytes: form.file.bytes,
      mimetype,
      cacheControl: cacheTime ? `max-age=${cacheTime}` : 'no-cache',
      userMetadata: parseJson(form.fields.metadata ?? form.fields.userMetadata),
    }
  }
  const mimetype = contentType || 'application/octet-stream'
  if (allowed.length > 0 && !emptyFolder) validateMimeType(mimetype, allowed)
  if (Number.isFinite(declared) && declared > max) throw ERRORS.entityTooLarge()
  const bytes = await readBoundedBytes(req, max, {
    tooLarge: ERRORS.entityTooLarge,
    unreadable: ERRORS.bodyUnreadable,
  })
  const custom = req.headers.get('x-metadata')
  let userMetadata = null
  if (custom) {
    try {
      userMetadata = parseJson(
        new TextDecoder().decode(Uint8Array.from(atob(custom), (c) => c.charCodeAt(0))),
      )
    } catch {
      userMetadata = null
    }
  }
  return {
    bytes,
    mimetype,
    cacheControl: req.headers.get('cache-control') ?? 'no-cache',
    userMetadata,
  }
}

function parseJson(text: string | undefined): Record<string, unknown> | null {
  if (!text) return null
  try {
    const v = JSON.parse(text)
    return typeof v === 'object' && v !== null ? v : null
  } catch {
    return null
  }
}

/** A bucket's allowed_mime_types: exact types or `type/*`. */
function validateMimeType(mimetype: string, allowed: string[]) {
  const [type, sub] = mimetype.split(';')[0].trim().split('/')
  if (sub === undefined) throw ERRORS.invalidMimeType(mimetype)
  for (const a of allowed) {
    const [aType, aSub] = a.split('/')
    if (aType === type && (aSub === '*' || aSub === sub)) return
  }
  throw ERRORS.invalidMimeType(mimetype)
}

const upsertSql = (metadataParam: string) => `
  insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
  values ($1, $2, $3, $4, ${metadataParam}, $6, $7)
  on conflict (name, bucket_id) do update set metadata = excluded.metadata, user_metadata = excluded.user_metadata,
    version = excluded.version, owner = excluded.owner, owner_id = excluded.owner_id
  returning id`

const insertSql = `
  insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
  values ($1, $2, $3, $4, $5, $6, $7) returning id`

/** May the caller write this row (insert, or upsert)? Runs as them and rolls back. */
async function canUpload(
  env: StorageEnv,
  call: Call,
  bucket: string,
  name: string,
  upsert: boolean,
  metadata: Record<string, unknown>,
  userMetadata: unknown,
) {
  const { owner, ownerId } = owners(call)
  try {
    await env.db.testPermission(
      call.caller!,
      call.scope,
      (tx) =>
        tx.unsafe(
          upsert ? upsertSql('$5') : insertSql,
          [bucket, name, owner, ownerId, metadata, userMetadata ?? null, '1'] as never[],
        ),
    )
  } catch (e) {
    if (e instanceof StorageError && e.code === 'ResourceAlreadyExists') {
      throw ERRORS.keyAlreadyExists()
    }
    throw e
  }
}

/**
 * Writes the file as a new version, then the row as the storage admin; the replaced version is
 * removed after the commit. Returns the row's id.
 */
async function completeUpload(
  env: StorageEnv,
  call: Call,
  target: { bucket: string; name: string },
  write: (version: string) => Promise<ObjectMetadata>,
  userMetadata: unknown,
): Promise<{ id: string; metadata: ObjectMetadata }> {
  const version = crypto.randomUUID()
  const metadata = await write(version)
  const { owner, ownerId } = owners(call)
  let previous: string | null = null
  let id: string
  try {
    id = await env.db.asAdmin(call.scope, async (tx) => {
      await tx.unsafe(`select pg_advisory_xact_lock(hashtext($1))`, [
        `${target.bucket}/${target.name}`,
      ])
      const [current] = await tx.unsafe(
        `select version from storage.objects where bucket_id = $1 and name = $2 for update`,
        [target.bucket, target.name],
      )
      previous = current?.version ?? null
      const [row] = await tx.unsafe(
        upsertSql('$5'),
        [
          target.bucket,
          target.name,
          owner,
          ownerId,
          metadata,
          userMetadata ?? null,
          version,
        ] as never[],
      )
      return row.id as string
    })
  } catch (e) {
    await env.files.remove(target.bucket, target.name, version).catch(() => {})
    throw e
  }
  if (previous && previous !== version) {
    await env.files.remove(target.bucket, target.name, previous).catch(() => {})
  }
  return { id, metadata }
}

function metadataOf(bytes: Uint8Array, mimetype: string, cacheControl: string): ObjectMetadata {
  return {
    eTag: `"${createHash('md5').update(bytes).digest('hex')}"`,
    size: bytes.byteLength,
    mimetype,
    cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: bytes.byteLength,
    httpStatusCode: 200,
  }
}

export async function uploadObject(
  env: StorageEnv,
  call: Call,
  req: Request,
  bucket: string,
  name: string,
  upsert: boolean,
): Promise<Response> {
  mustBeValidBucketName(bucket)
  const found = await findBucket(env, call, bucket)
  if (!found) throw ERRORS.noSuchBucket()
  const limit = found.file_size_limit === null
    ? env.fileSizeLimit
    : Math.min(found.file_size_limit, env.fileSizeLimit)
  const upload = await readUpload(req, name, limit, found.allowed_mime_types ?? [])
  mustBeValidKey(name)
  await canUpload(env, call, bucket, name, upsert, {
    mimetype: upload.mimetype,
    contentLength: upload.bytes.byteLength,
  }, upload.userMetadata)
  const { id } = await completeUpload(env, call, { bucket, name }, async (version) => {
    await env.files.write(bucket, name, version, upload.bytes)
    return metadataOf(upload.bytes, upload.mimetype, upload.cacheControl)
  }, upload.userMetadata)
  return Response.json({ Id: id, Key: `${bucket}/${name}` })
}

// ---------------------------------------------------------------------------- download

/** GET /object/{bucket}/{name} and /object/authenticated/…: public buckets as the server, private ones as the caller. */
export async function getObject(
  env: StorageEnv,
  call: Call,
  req: Request,
  bucket: string,
  name: string,
): Promise<Response> {
  mustBeValidBucketName(bucket)
  const found = await findBucket(env, call, bucket)
  if (!call.caller!.authenticated && !found?.public) throw ERRORS.noSuchBucket()
  if (!found) throw ERRORS.noSuchBucket()
  mustBeValidKey(name)
  const obj = found.public
    ? await env.db.asAdmin(call.scope, (tx) => findObject(tx, bucket, name))
    : await env.db.asCaller(call.caller!, call.scope, (tx) => findObject(tx, bucket, name))
  return await renderObject(env.files, req, obj, {
    download: call.url.searchParams.get('download'),
  })
}

export async function getPublicObject(
  env: StorageEnv,
  call: Call,
  req: Request,
  bucket: string,
  name: string,
): Promise<Response> {
  mustBeValidBucketName(bucket)
  const found = await findBucket(env, call, bucket)
  if (!found?.public) throw ERRORS.noSuchBucket()
  mustBeValidKey(name)
  const obj = await env.db.asAdmin(call.scope, (tx) => findObject(tx, bucket, name))
  return await renderObject(env.files, req, obj, {
    download: call.url.searchParams.get('download'),
  })
}

export async function getSignedObject(
  env: StorageEnv,
  call: Call,
  req: Request,
  bucket: string,
  name: string,
): Promise<Response> {
  const token = call.url.searchParams.get('token')
  if (!token) throw ERRORS.validation("querystring must have required property 'token'")
  mustBeValidBucketName(bucket)
  const exp = await verifySignedToken(token, bucket, name, env.jwtSecret)
  const obj = await env.db.asAdmin(call.scope, (tx) => findObject(tx, bucket, name))
  return await renderObject(env.files, req, obj, {
    download: call.url.searchParams.get('download'),
    expires: exp === null ? undefined : new Date(exp * 1000).toUTCString(),
  })
}

/** GET /object/info/…: the object's details as JSON (supabase-js info() and exists()). */
export async function getObjectInfo(
  env: StorageEnv,
  call: Call,
  bucket: string,
  name: string,
  publicRoute: boolean,
): Promise<Response> {
  mustBeValidBucketName(bucket)
  const found = await findBucket(env, call, bucket)
  if (!call.caller?.authenticated && !found?.public) throw ERRORS.noSuchBucket()
  if (!found) throw ERRORS.noSuchBucket()
  mustBeValidKey(name)
  const obj = found.public || publicRoute
    ? await env.db.asAdmin(call.scope, (tx) => findObject(tx, bucket, name))
    : await env.db.asCaller(call.caller!, call.scope, (tx) => findObject(tx, bucket, name))
  const meta = obj.metadata
  return Response.json({
    id: obj.id,
    name: obj.name,
    version: obj.version,
    bucket_id: obj.bucket_id,
    size: meta?.size ?? null,
    content_type: meta?.mimetype ?? null,
    cache_control: meta?.cacheControl ?? null,
    etag: meta?.eTag ?? null,
    metadata: obj.user_metadata ?? null,
    last_modified: obj.updated_at,
    created_at: obj.created_at,
  }, {
    headers: {
      ...(meta?.eTag ? { etag: meta.eTag } : {}),
      'cache-control': meta?.cacheControl ?? 'no-cache',
    },
  })
}

// ---------------------------------------------------------------------------- list

const LIST_COLUMNS = ['name', 'updated_at', 'created_at', 'last_accessed_at']

/** POST /object/list/{bucket}: one level under `prefix`, through storage.search as the caller. */
export async function listObjects(
  env: StorageEnv,
  call: Call,
  req: Request,
  bucket: string,
): Promise<Response> {
  mustBeValidBucketName(bucket)
  const body = await jsonBody(req)
  requireProps(body, ['prefix'])
  let prefix = optionalString(body, 'prefix') ?? ''
  const limit = optionalInteger(body.limit, 'body/limit') ?? 100
  const offset = optionalInteger(body.offset, 'body/offset') ?? 0
  const search = optionalString(body, 'search') ?? ''
  const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown }
  if (body.sortBy !== undefined) {
    if (typeof sortBy !== 'object' || sortBy === null) {
      throw ERRORS.validation('body/sortBy must be object')
    }
    if (sortBy.column === undefined) {
      throw ERRORS.validation("body/sortBy must have required property 'column'")
    }
    if (!LIST_COLUMNS.includes(String(sortBy.column))) {
      throw ERRORS.validation('body/sortBy/column must be equal to one of the allowed values')
    }
    if (sortBy.order !== undefined && !['asc', 'desc'].includes(String(sortBy.order))) {
      throw ERRORS.validation('body/sortBy/order must be equal to one of the allowed values')
    }
  }
  if (prefix.length > 0 && !prefix.endsWith('/')) prefix = `${prefix}/`
  const column = String(sortBy.column ?? 'name')
  const rows = await env.db.asCaller(
    call.caller!,
    call.scope,
    (tx) =>
      tx.unsafe(`select * from storage.search($1, $2, $3, $4, $5, $6, $7, $8)`, [
        prefix,
        bucket,
        limit,
        (prefix + search).split('/').length,
        offset,
        search,
        column,
        String(sortBy.order ?? 'asc'),
      ]),
  )
  return Response.json(rows)
}

// ---------------------------------------------------------------------------- delete

/** DELETE /object/{bucket} with { prefixes }: deletes what RLS lets the caller delete; returns those rows. */
export async function deleteObjects(
  env: StorageEnv,
  call: Call,
  req: Request,
  bucket: string,
): Promise<Response> {
  mustBeValidBucketName(bucket)
  const body = await jsonBody(req)
  requireProps(body, ['prefixes'])
  const prefixes = body.prefixes
  if (!Array.isArray(prefixes) || prefixes.some((p) => typeof p !== 'string')) {
    throw ERRORS.validation('body/prefixes must be array')
  }
  if (prefixes.length < 1) throw ERRORS.validation('body/prefixes must NOT have fewer than 1 items')
  const deleted = await env.db.asCaller(
    call.caller!,
    call.scope,
    (tx) =>
      tx.unsafe(
        `delete from storage.objects where bucket_id = $1 and name = any($2) returning ${RETURNED_COLUMNS}`,
        [bucket, prefixes as string[]],
      ),
  )
  for (const o of deleted) await env.files.remove(bucket, o.name, o.version).catch(() => {})
  return Response.json(deleted)
}

export async function deleteObject(
  env: StorageEnv,
  call: Call,
  bucket: string,
  name: string,
): Promise<Response> {
  mustBeValidBucketName(bucket)
  mustBeValidKey(name)
  await env.db.asAdmin(call.scope, (tx) => findObject(tx, bucket, name))
  const [deleted] = await env.db.asCaller(
    call.caller!,
    call.scope,
    (tx) =>
      tx.unsafe(
        `delete from storage.objects where bucket_id = $1 and name = $2 returning name, version`,
        [bucket, name],
      ),
  )
  if (!deleted) throw ERRORS.accessDenied('Access denied')
  await env.files.remove(bucket, deleted.name, deleted.version).catch(() => {})
  return Response.json({ message: 'Successfully deleted' })
}

// ---------------------------------------------------------------------------- move and copy

function moveOrCopyBody(body: Record<string, unknown>) {
  requireProps(body, ['bucketId', 'sourceKey', 'destinationKey'])
  const bucketId = optionalString(body, 'bucketId')!
  const sourceKey = optionalString(body, 'sourceKey')!
  const destinationKey = optionalString(body, 'destinationKey')!
  const destinationBucket = optionalString(body, 'destinationBucket') || bucketId
  mustBeValidBucketName(bucketId)
  mustBeValidBucketName(destinationBucket)
  mustBeValidKey(destinationKey)
  return { bucketId, sourceKey, destinationKey, destinationBucket }
}

/** POST /object/move: the caller must be able to read the source and update it into its new place. */
export async function moveObject(env: StorageEnv, call: Call, req: Request): Promise<Response> {
  const { bucketId, sourceKey, destinationKey, destinationBucket } = moveOrCopyBody(
    await jsonBody(req),
  )
  const { owner, ownerId } = owners(call)
  await env.db.testPermission(call.caller!, call.scope, async (tx) => {
    await findObject(tx, bucketId, sourceKey)
    const updated = await tx.unsafe(
      `update storage.objects set name = $3, bucket_id = $4, version = $5, owner = $6, owner_id = $7
       where bucket_id = $1 and name = $2 returning id`,
      [bucketId, sourceKey, destinationKey, destinationBucket, crypto.randomUUID(), owner, ownerId],
    )
    if (updated.length === 0) throw ERRORS.noSuchKey()
  })
  const source = await env.db.asAdmin(call.scope, (tx) => findObject(tx, bucketId, sourceKey))
  if (bucketId === destinationBucket && sourceKey === destinationKey) {
    return Response.json({ message: 'Successfully moved', Id: source.id, Key: destinationKey })
  }
  const version = crypto.randomUUID()
  await env.files.copy({ bucket: bucketId, name: sourceKey, version: source.version ?? '' }, {
    bucket: destinationBucket,
    name: destinationKey,
    version,
  })
  let replaced: string | null = null
  let id: string
  try {
    id = await env.db.asAdmin(call.scope, async (tx) => {
      const [current] = await tx.unsafe(
        `select version from storage.objects where bucket_id = $1 and name = $2 for update`,
        [bucketId, sourceKey],
      )
      if (!current) throw ERRORS.noSuchKey()
      replaced = current.version
      const [row] = await tx.unsafe(
        `update storage.objects set name = $3, bucket_id = $4, version = $5, owner = $6, owner_id = $7
         where bucket_id = $1 and name = $2 returning id`,
        [bucketId, sourceKey, destinationKey, destinationBucket, version, owner, ownerId],
      )
      return row.id as string
    })
  } catch (e) {
    await env.files.remove(destinationBucket, destinationKey, version).catch(() => {})
    throw e
  }
  await env.files.remove(bucketId, sourceKey, replaced).catch(() => {})
  return Response.json({ message: 'Successfully moved', Id: id, Key: destinationKey })
}

/** POST /object/copy: the caller must be able to read the source and write the destination. */
export async function copyObject(env: StorageEnv, call: Call, req: Request): Promise<Response> {
  const body = await jsonBody(req)
  const { bucketId, sourceKey, destinationKey, destinationBucket } = moveOrCopyBody(body)
  const upsert = req.headers.get('x-upsert') === 'true'
  const source = await env.db.asCaller(
    call.caller!,
    call.scope,
    (tx) => findObject(tx, bucketId, sourceKey),
  )
  const copyMetadata = body.copyMetadata !== false
  const given = (body.metadata ?? {}) as { cacheControl?: string; mimetype?: string }
  const metadata = { ...(source.metadata ?? {}) } as Partial<ObjectMetadata>
  if (!copyMetadata) {
    if (given.cacheControl !== undefined) metadata.cacheControl = given.cacheControl
    if (given.mimetype !== undefined) metadata.mimetype = given.mimetype
  }
  const userMetadata = copyMetadata ? source.user_metadata : null
  await canUpload(env, call, destinationBucket, destinationKey, upsert, metadata, userMetadata)
  const { id, metadata: written } = await completeUpload(env, call, {
    bucket: destinationBucket,
    name: destinationKey,
  }, async (version) => {
    await env.files.copy({ bucket: bucketId, name: sourceKey, version: source.version ?? '' }, {
      bucket: destinationBucket,
      name: destinationKey,
      version,
    })
    return { ...metadata, lastModified: new Date().toISOString() } as ObjectMetadata
  }, userMetadata)
  return Response.json({
    Id: id,
    Key: `${destinationBucket}/${destinationKey}`,
    id,
    name: destinationKey,
    bucket_id: destinationBucket,
    metadata: written,
  })
}

// ---------------------------------------------------------------------------- signed URLs

function expiresIn(body: Record<string, unknown>): number {
  requireProps(body, ['expiresIn'])
  const n = optionalInteger(body.expiresIn, 'body/expiresIn', 1)!
  if (!Number.isSafeInteger(n)) throw ERRORS.invalidRequest('expiresIn is too large')
  return n
}

/** POST /object/sign/{bucket}/{name}: the caller must be able to read the object. */
export async function signObject(
  env: StorageEnv,
  call: Call,
  req: Request,
  bucket: string,
  name: string,
): Promise<Response> {
  mustBeValidBucketName(bucket)
  const seconds = expiresIn(await jsonBody(req))
  mustBeValidKey(name)
  await env.db.asCaller(call.caller!, call.scope, (tx) => findObject(tx, bucket, name))
  return Response.json({ signedURL: await signedObjectPath(bucket, name, seconds, env.jwtSecret) })
}

/** POST /object/sign/{bucket} with { paths }: one answer per path, signed where the caller can read it. */
export async function signObjects(
  env: StorageEnv,
  call: Call,
  req: Request,
  bucket: string,
): Promise<Response> {
  mustBeValidBucketName(bucket)
  const body = await jsonBody(req)
  const seconds = expiresIn(body)
  requireProps(body, ['paths'])
  const paths = body.paths
  if (!Array.isArray(paths) || paths.some((p) => typeof p !== 'string')) {
    throw ERRORS.validation('body/paths must be array')
  }
  if (paths.length < 1) throw ERRORS.validation('body/paths must NOT have fewer than 1 items')
  if (paths.length > 1000) throw ERRORS.validation('body/paths must NOT have more than 1000 items')
  const visible = await env.db.asCaller(
    call.caller!,
    call.scope,
    (tx) =>
      tx.unsafe(`select name from storage.objects where bucket_id = $1 and name = any($2)`, [
        bucket,
        paths as string[],
      ]),
  )
  const names = new Set(visible.map((r) => r.name as string))
  const out = await Promise.all(
    (paths as string[]).map(async (path) =>
      names.has(path)
        ? {
          error: null,
          path,
          signedURL: await signedObjectPath(bucket, path, seconds, env.jwtSecret),
        }
        : {
          error: 'Either the object does not exist or you do not have access to it',
          path,
          signedURL: null,
        }
    ),
  )
  return Response.json(out)
}
