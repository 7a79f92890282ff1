// Supabase Storage-compatible /storage/v1 for the local stack: the routes supabase-js's storage
// client calls, with the server's statuses and error bodies. The pieces: request.ts (who is
// asking, bodies, names, limits), db.ts (transactions as the caller or as the storage admin),
// files.ts (the files on disk), render.ts (serving a file), signed.ts (signed URLs),
// buckets.ts and objects.ts (the routes). Permissions are RLS on storage.buckets and
// storage.objects, exactly as on Supabase; the schema comes from stack/bootstrap.sql.
import type { GatewayContext, RequestInfo, SubGateway } from '../context.ts'
import { type Caller, createStorageDb, type Scope, type StorageDb } from './db.ts'
import { errorResponse, ERRORS, StorageError } from './errors.ts'
import { createFileStore, type FileStore } from './files.ts'
import { callerOf, globalFileSizeLimit } from './request.ts'
import * as buckets from './buckets.ts'
import * as objects from './objects.ts'

export interface StorageEnv {
  db: StorageDb
  files: FileStore
  jwtSecret: string
  /** The project's upload limit in bytes ([storage] file_size_limit). */
  fileSizeLimit: number
}

/** One request: its URL, its caller (once known) and the settings its transactions carry. */
export interface Call {
  url: URL
  caller?: Caller
  scope: Scope
}

type Handler = (env: StorageEnv, call: Call, req: Request, params: string[]) => Promise<Response>

interface Route {
  method: string
  /** Segments: literals, `:` for one segment, `*` for the rest (at least one segment). */
  pattern: string[]
  operation: string
  /** No token is anon here; an invalid one too (the server's allowInvalidJwt). */
  allowInvalidJwt?: boolean
  /** Serves without a JWT at all (public and signed URLs). */
  public?: boolean
  handle: Handler
}

const route = (
  method: string,
  path: string,
  operation: string,
  handle: Handler,
  opts: Partial<Route> = {},
): Route => ({ method, pattern: path.split('/').filter(Boolean), operation, handle, ...opts })

// In Fastify's order: literal segments win over parameters, so these come first.
const ROUTES: Route[] = [
  route('GET', 'bucket', 'storage.bucket.list', (e, c) => buckets.listBuckets(e, c)),
  route('POST', 'bucket', 'storage.bucket.create', (e, c, r) => buckets.createBucket(e, c, r)),
  route(
    'POST',
    'bucket/:/empty',
    'storage.bucket.empty',
    (e, c, _r, [id]) => buckets.emptyBucket(e, c, id),
  ),
  route('GET', 'bucket/:', 'storage.bucket.get', (e, c, _r, [id]) => buckets.getBucket(e, c, id)),
  route(
    'PUT',
    'bucket/:',
    'storage.bucket.update',
    (e, c, r, [id]) => buckets.updateBucket(e, c, r, id),
  ),
  route(
    'DELETE',
    'bucket/:',
    'storage.bucket.delete',
    (e, c, _r, [id]) => buckets.deleteBucket(e, c, id),
  ),

  route(
    'POST',
    'object/list/:',
    'storage.object.list',
    (e, c, r, [b]) => objects.listObjects(e, c, r, b),
  ),
  route('POST', 'object/move', 'storage.object.move', (e, c, r) => objects.moveObject(e, c, r)),
  route('POST', 'object/copy', 'storage.object.copy', (e, c, r) => objects.copyObject(e, c, r)),
  route(
    'POST',
    'object/sign/:/*',
    'storage.object.sign',
    (e, c, r, [b, n]) => objects.signObject(e, c, r, b, n),
  ),
  route(
    'POST',
    'object/sign/:',
    'storage.object.sign_many',
    (e, c, r, [b]) => objects.signObjects(e, c, r, b),
  ),
  route(
    'GET',
    'object/sign/:/*',
    'storage.object.get_signed',
    (e, c, r, [b, n]) => objects.getSignedObject(e, c, r, b, n),
    { public: true },
  ),
  route(
    'GET',
    'object/public/:/*',
    'storage.object.get_public',
    (e, c, r, [b, n]) => objects.getPublicObject(e, c, r, b, n),
    { public: true },
  ),
  route(
    'HEAD',
    'object/public/:/*',
    'storage.object.info_public',
    (e, c, r, [b, n]) => objects.getPublicObject(e, c, r, b, n),
    { public: true },
  ),
  route(
    'GET',
    'object/info/public/:/*',
    'storage.object.info_public',
    (e, c, _r, [b, n]) => objects.getObjectInfo(e, c, b, n, true),
    { public: true },
  ),
  route(
    'GET',
    'object/info/authenticated/:/*',
    'object.get_authenticated_info',
    (e, c, _r, [b, n]) => objects.getObjectInfo(e, c, b, n, false),
  ),
  route(
    'GET',
    'object/info/:/*',
    'object.get_authenticated_info',
    (e, c, _r, [b, n]) => objects.getObjectInfo(e, c, b, n, false),
  ),
  route(
    'GET',
    'object/authenticated/:/*',
    'storage.object.get_authenticated',
    (e, c, r, [b, n]) => objects.getObject(e, c, r, b, n),
  ),
  route(
    'GET',
    'object/:/*',
    'storage.object.get_authenticated',
    (e, c, r, [b, n]) => objects.getObject(e, c, r, b, n),
    { allowInvalidJwt: true },
  ),
  route(
    'POST',
    'object/:/*',
    'storage.object.upload',
    (e, c, r, [b, n]) => objects.uploadObject(e, c, r, b, n, r.headers.get('x-upsert') === 'true'),
  ),
  route(
    'PUT',
    'object/:/*',
    'storage.object.upload_update',
    (e, c, r, [b, n]) => objects.uploadObject(e, c, r, b, n, true),
  ),
  route(
    'DELETE',
    'object/:/*',
    'storage.object.delete',
    (e, c, _r, [b, n]) => objects.deleteObject(e, c, b, n),
  ),
  route(
    'DELETE',
    'object/:',
    'storage.object.delete_many',
    (e, c, r, [b]) => objects.deleteObjects(e, c, r, b),
  ),
]

/** The route and its parameters (decoded) for a path, or null. */
function match(method: string, path: string): { route: Route; params: string[] } | null {
  const segments = path.replace(/^\/+/, '').split('/')
  for (const r of ROUTES) {
    if (r.method !== method) continue
    const params: string[] = []
    const matched = r.pattern.every((p, i) => {
      if (p === '*') {
        const rest = segments.slice(i).join('/')
        params.push(rest)
        return rest !== ''
      }
      if (i >= segments.length || segments[i] === '') return false
      if (p === ':') params.push(segments[i])
      return p === ':' || p === segments[i]
    })
    const whole = r.pattern.at(-1) === '*' || segments.length === r.pattern.length
    if (matched && whole) return { route: r, params: params.map(decode) }
  }
  return null
}

function decode(s: string): string {
  try {
    return decodeURIComponent(s)
  } catch {
    return s
  }
}

export function createStorageGateway(ctx: GatewayContext): SubGateway {
  const env: StorageEnv = {
    db: createStorageDb(ctx.config),
    files: createFileStore({ dbUrl: ctx.config.dbUrl }),
    jwtSecret: ctx.config.jwtSecret,
    fileSizeLimit: globalFileSizeLimit(ctx.config.env),
  }

  return {
    async handle(req: Request, info: RequestInfo): Promise<Response> {
      const found = match(req.method, info.path)
      try {
        if (!found) throw ERRORS.notFound(req.method, `/storage/v1${info.path}`)
        const { route: r, params } = found
        const headers: Record<string, string> = {}
        req.headers.forEach((v, k) => {
          if (k !== 'authorization' && k !== 'cookie') headers[k] = v
        })
        const call: Call = {
          url: info.url,
          scope: { method: req.method, path: info.path, headers, operation: r.operation },
        }
        if (r.public) {
          call.caller = { role: 'anon', claims: { role: 'anon' }, jwt: '', authenticated: false }
        } else {
          call.caller = await callerOf(req, env.jwtSecret, { allowInvalidJwt: r.allowInvalidJwt })
        }
        return await r.handle(env, call, req, params)
      } catch (e) {
        const err = e instanceof StorageError ? e : ERRORS.internal()
        if (!(e instanceof StorageError)) console.error('[storage]', req.method, info.path, e)
        else if (err.status >= 500) {
          console.error('[storage]', req.method, info.path, err.code, err.message)
        }
        // A body the handler did not read would keep the connection busy.
        await req.body?.cancel().catch(() => {})
        return errorResponse(err)
      }
    },
    close: () => env.db.close(),
  }
}
