// PostgREST-compatible /rest/v1 for the local stack. A request goes through handler.ts's
// pipeline: auth.ts (the JWT), api-request.ts (Prefer, Accept, Range, profile, bounded body, the
// query string by parse.ts), plan.ts (checked against the schema cache of schema.ts; SQL by
// sql.ts), query.ts (one transaction) and response.ts; errors.ts has the error shape and the
// SQLSTATE → HTTP status table. The schema cache reloads on NOTIFY pgrst, 'reload schema' and
// when the stack calls reloadSchema() after migrations.
import { existsSync } from 'node:fs'
import postgres from 'postgres'
import { parse as parseToml } from 'smol-toml'
import { paths } from '../../config.ts'
import {
  authenticatorUrl,
  type GatewayContext,
  type RequestInfo,
  type SubGateway,
} from '../context.ts'
import { ApiError, toApiError } from './errors.ts'
import { handleRequest } from './handler.ts'
import { errorResponse } from './response.ts'
import { authenticate } from './auth.ts'
import { DEFAULT_EXTRA_SEARCH_PATH, loadSchemaCache, type SchemaCache } from './schema.ts'
import { Recovery } from './recovery.ts'
import { WirePool } from './wire.ts'
import { LatestLoad } from './latest.ts'

/** The schemas PostgREST exposes on Supabase (graphql_public is absent here). */
export const EXPOSED_SCHEMAS = ['public']

/**
 * config.toml's [api] settings PostgREST takes: max_rows (db-max-rows, the most rows a read or a
 * function's set answers whatever range it asks for; none when not set) and extra_search_path
 * (db-extra-search-path, the schemas after the exposed one on every request's search_path;
 * Supabase's default when not set).
 */
export function configuredApi(
  file = paths.configToml,
): { maxRows?: number; extraSearchPath: string[] } {
  const api = existsSync(file)
    ? (parseToml(Deno.readTextFileSync(file)) as {
      api?: { max_rows?: unknown; extra_search_path?: unknown }
    }).api
    : undefined
  const n = Number(api?.max_rows)
  const extra = api?.extra_search_path
  return {
    maxRows: Number.isInteger(n) && n > 0 ? n : undefined,
    extraSearchPath: Array.isArray(extra) && extra.every((x) => typeof x === 'string')
      ? extra
      : DEFAULT_EXTRA_SEARCH_PATH,
  }
}

type Serializers = Record<string, ((x: unknown) => unknown) & { textAsIs?: true }>

/**
 * PostgREST sends every value as text and lets Postgres parse it for the column's type.
 * postgres.js would re-serialise strings for the inferred type (a bool param turns "true"
 * into 'f', a jsonb param JSON-encodes the string), so strings go through untouched.
 */
function sendStringsAsText(sql: GatewayContext['authenticator']) {
  const serializers =
    (sql as unknown as { options: { serializers: Serializers } }).options.serializers
  for (const [oid, original] of Object.entries(serializers)) {
    if (original.textAsIs) continue
    const wrapped = Object.assign((x: unknown) => typeof x === 'string' ? x : original(x), {
      textAsIs: true as const,
    })
    serializers[oid] = wrapped
  }
}

export function createRestGateway(
  ctx: GatewayContext,
): SubGateway & { reloadSchema(): Promise<void> } {
  const sql = ctx.authenticator
  sendStringsAsText(sql)
  const { maxRows, extraSearchPath } = configuredApi()
  const cache = new LatestLoad<SchemaCache>(async () => ({
    ...await loadSchemaCache(sql, EXPOSED_SCHEMAS, extraSearchPath),
    maxRows,
  }))
  let listening: Promise<unknown> | null = null
  let closed = false

  async function reloadSchema(): Promise<void> {
    await cache.reload()
    listen()
  }

  function listen() {
    if (listening || closed) return
    const reload = () =>
      reloadSchema().catch((e) => console.error('[rest] schema reload failed:', e))
    let connected = false
    listening = sql.listen('pgrst', (payload) => {
      if (payload === '' || payload === 'reload schema') reload()
    }, () => {
      // As PostgREST: after the listener reconnects, changes may have been missed; reload.
      if (connected) reload()
      connected = true
    }).catch((e) => {
      listening = null
      console.error('[rest] cannot listen on channel pgrst:', e)
    })
  }

  function currentCache(): Promise<SchemaCache> {
    const current = cache.current()
    if (!listening) current.then(listen, () => {})
    return current
  }

  // Recovery mode: a fresh connection of its own probes the database; once it answers, the schema
  // cache reloads (as PostgREST does after recovering) and requests are served again.
  const recovery = new Recovery(async () => {
    const probe = postgres(authenticatorUrl(ctx.config), {
      max: 1,
      connect_timeout: 1,
      idle_timeout: 1,
      onnotice: () => {},
    })
    try {
      await probe`select 1`
    } finally {
      await probe.end({ timeout: 0 }).catch(() => {})
    }
  }, () => {
    // Idle connections opened before the outage point at a server that is gone.
    wire?.drain()
    reloadSchema().catch((e) => console.error('[rest] schema reload failed:', e))
  })

  // Reads go through wire.ts (GATEWAY_REST_WIRE=0 sends them through postgres.js too).
  const wire = Deno.env.get('GATEWAY_REST_WIRE') === '0' ? undefined : new WirePool({
    hostname: '127.0.0.1',
    port: ctx.config.dbPort,
    user: 'authenticator',
    password: new URL(authenticatorUrl(ctx.config)).password,
    database: 'postgres',
    max: Number(Deno.env.get('GATEWAY_POOL_SIZE') ?? 20),
    params: { application_name: 'gateway-rest', client_connection_check_interval: '1000' },
  })

  const env = { sql, jwtSecret: ctx.config.jwtSecret, cache: currentCache, recovery, wire }

  return {
    async handle(req: Request, info: RequestInfo): Promise<Response> {
      try {
        return await handleRequest(env, req, info)
      } catch (e) {
        recovery.noteFailure(e)
        let authed = false
        if (!(e instanceof ApiError)) {
          authed = await authenticate(req, ctx.config.jwtSecret).then((c) => c.authed, () => false)
        }
        const err = toApiError(e, authed)
        if (err.status >= 500 && !(e instanceof ApiError)) {
          // A Postgres error (a statement timeout, say) in one line; anything else with its stack.
          const pg = (e as { name?: string }).name === 'PostgresError'
          console.error('[rest]', req.method, info.path, pg ? `${err.code} ${err.message}` : e)
        }
        return errorResponse(err, req.method)
      }
    },
    reloadSchema,
    async close() {
      closed = true
      recovery.close()
      wire?.close()
      const l = await listening?.catch(() => null) as { unlisten?: () => Promise<void> } | null
      await l?.unlisten?.().catch(() => {})
    },
  }
}
