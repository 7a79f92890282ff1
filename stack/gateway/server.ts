// The HTTP gateway on Supabase's port and paths: /rest/v1 (PostgREST-compatible),
// /auth/v1 (Supabase Auth-compatible), /storage/v1 (Supabase Storage-compatible),
// /functions/v1/<name> (edge functions in-process).
// It translates; Postgres decides every permission.
import type { GatewayConfig, GatewayContext, SubGateway } from './context.ts'
import { createPools } from './context.ts'
import { createFunctionsGateway } from './functions.ts'
import { createRestGateway } from './rest/mod.ts'
import { createAuthGateway } from './auth/mod.ts'
import { createStorageGateway } from './storage/mod.ts'
import { type NetWorker, startNetWorker } from './net.ts'

export interface Gateway {
  ctx: GatewayContext
  rest: SubGateway & { reloadSchema(): Promise<void> }
  /**
   * Bounded shutdown: stops accepting at once, lets in-flight requests finish for `graceMs`
   * (GATEWAY_SHUTDOWN_GRACE_MS, default 500), answers the rest 503 and closes the pools.
   */
  close(opts?: { graceMs?: number }): Promise<void>
  finished: Promise<void>
  /** Requests being answered now (each holds a cut-off until it is answered). */
  inFlight(): number
  /** The pg_net stand-in: sends what the database queued with net.http_post. */
  net: NetWorker
}

/** How long in-flight requests may run on after close() before they are answered 503. */
export const DEFAULT_SHUTDOWN_GRACE_MS = 500

/**
 * The answer for a request the gateway will not finish because it is shutting down: a clean,
 * retryable 503 (the web client retries 502/503/504), in the shape of the API it was sent to.
 * Its transaction, if any, is rolled back when the pools close, so nothing half-done remains.
 */
export function shuttingDown(pathname: string): Response {
  const message = 'The API is restarting: try again in a moment.'
  const body = pathname.startsWith('/rest/v1')
    ? { code: 'PGRST000', message, details: 'The gateway is shutting down.', hint: null }
    : { code: 'service_unavailable', message }
  return withCors(
    Response.json(body, { status: 503, headers: { 'retry-after': '1', connection: 'close' } }),
  )
}

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PATCH, PUT, DELETE, OPTIONS, HEAD',
  'access-control-max-age': '3600',
  'access-control-expose-headers':
    'Content-Encoding, Content-Location, Content-Range, Content-Type, Date, Location, Server, Transfer-Encoding, Range-Unit, X-Supabase-Api-Version, X-Total-Count, Preference-Applied',
}

const CORS_ENTRIES = Object.entries(CORS_HEADERS)

function withCors(res: Response): Response {
  try {
    // In place: building a second Response per request showed in the gateway's profile.
    for (const [k, v] of CORS_ENTRIES) if (!res.headers.has(k)) res.headers.set(k, v)
    return res
  } catch {
    // Responses built from fetch() have immutable headers (set throws before changing any): copy.
    const headers = new Headers(res.headers)
    for (const [k, v] of CORS_ENTRIES) if (!headers.has(k)) headers.set(k, v)
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers })
  }
}

function preflight(req: Request): Response {
  const requested = req.headers.get('access-control-request-headers')
  return new Response(null, {
    status: 200,
    headers: {
      ...CORS_HEADERS,
      'access-control-allow-headers': requested ??
        'authorization, x-client-info, apikey, content-type, prefer, range, accept-profile, content-profile, x-supabase-api-version',
    },
  })
}

let guardInstalled = false

/**
 * When Postgres goes away, postgres.js (under Deno's Node sockets) can throw from a write it had
 * queued on a socket that is already gone. Nobody can catch that error, and it would end the
 * gateway. Only that known fault is absorbed here: the pool reconnects by itself, and the
 * request that owned the connection has already been answered with 503.
 */
function installConnectionCrashGuard() {
  if (guardInstalled) return
  guardInstalled = true
  const isPoolFault = (e: unknown) =>
    e instanceof Error && /node_modules\/postgres\/src\/connection\.js/.test(e.stack ?? '') &&
    (e instanceof TypeError || (e as { code?: string }).code === 'CONNECTION_CLOSED' ||
      (e as { code?: string }).code === 'CONNECTION_ENDED')
  globalThis.addEventListener('error', (ev) => {
    if (isPoolFault(ev.error)) {
      ev.preventDefault()
      console.error('[gateway] database connection lost:', (ev.error as Error).message)
    }
  })
  globalThis.addEventListener('unhandledrejection', (ev) => {
    if (isPoolFault(ev.reason)) {
      ev.preventDefault()
      console.error('[gateway] database connection lost:', (ev.reason as Error).message)
    }
  })
}

export function startGateway(config: GatewayConfig, opts: { quiet?: boolean } = {}): Gateway {
  installConnectionCrashGuard()
  const pools = createPools(config)
  const ctx: GatewayContext = { config, ...pools }
  const rest = createRestGateway(ctx)
  const auth = createAuthGateway(ctx)
  const storage = createStorageGateway(ctx)
  const functions = createFunctionsGateway(ctx)
  const net = startNetWorker(config.dbUrl, { quiet: opts.quiet })

  const handler = async (req: Request, info: Deno.ServeHandlerInfo): Promise<Response> => {
    const url = new URL(req.url)
    const remoteAddr = (info.remoteAddr as Deno.NetAddr).hostname ?? '127.0.0.1'
    const route = (prefix: string) =>
      url.pathname === prefix || url.pathname.startsWith(prefix + '/')
    const sub = (prefix: string) => ({
      path: url.pathname.slice(prefix.length) || '/',
      url,
      remoteAddr,
    })
    try {
      if (route('/rest/v1')) {
        if (req.method === 'OPTIONS') return preflight(req)
        return withCors(await rest.handle(req, sub('/rest/v1')))
      }
      if (route('/auth/v1')) {
        if (req.method === 'OPTIONS') return preflight(req)
        return withCors(await auth.handle(req, sub('/auth/v1')))
      }
      if (route('/storage/v1')) {
        if (req.method === 'OPTIONS') return preflight(req)
        return withCors(await storage.handle(req, sub('/storage/v1')))
      }
      if (route('/functions/v1')) return await functions.handle(req, sub('/functions/v1'))
      if (route('/_outbox') && auth.outbox) return await auth.outbox.handle(req, sub('/_outbox'))
      if (url.pathname === '/' || url.pathname === '/health') {
        return Response.json({
          name: 'roots-allotments local stack',
          rest: '/rest/v1',
          auth: '/auth/v1',
          storage: '/storage/v1',
          functions: '/functions/v1',
        })
      }
      return Response.json({ message: 'no Route matched with those values' }, { status: 404 })
    } catch (e) {
      console.error('[gateway] unhandled', req.method, url.pathname, e)
      return withCors(
        Response.json({
          code: 'PGRST000',
          message: 'Gateway error',
          details: String(e),
          hint: null,
        }, { status: 503 }),
      )
    }
  }

  // Deno.serve's own shutdown waits for every in-flight handler, however long. To keep a restart
  // within the clients' retries, each request races its own cut-off, which the end of the grace
  // period fires. Each cut-off is dropped as soon as its request is answered: racing one shared,
  // long-lived promise instead would keep a reaction (and the response) alive per request served,
  // a leak of several KB per request until shutdown.
  let draining = false
  const cutOffs = new Set<() => void>()
  const graceOver = () => {
    for (const cut of cutOffs) cut()
    cutOffs.clear()
  }
  const bounded = (req: Request, info: Deno.ServeHandlerInfo): Promise<Response> => {
    const pathname = () => new URL(req.url).pathname
    if (draining) return Promise.resolve(shuttingDown(pathname()))
    // One promise per request, settled by the answer or by the cut-off, whichever comes first.
    return new Promise<Response>((resolve, reject) => {
      const cut = () => resolve(shuttingDown(pathname()))
      cutOffs.add(cut)
      handler(req, info).then((res) => {
        cutOffs.delete(cut)
        resolve(res)
      }, (e) => {
        cutOffs.delete(cut)
        reject(e)
      })
    })
  }

  const server = Deno.serve({
    hostname: '127.0.0.1',
    port: config.apiPort,
    onListen: () => {
      if (!opts.quiet) console.log(`[gateway] API on ${config.apiUrl}`)
    },
  }, bounded)

  let closing: Promise<void> | null = null
  const close = async (graceMs: number) => {
    draining = true
    await net.close()
    const drained = server.shutdown()
    let timer: ReturnType<typeof setTimeout> | undefined
    await Promise.race([drained, new Promise((resolve) => timer = setTimeout(resolve, graceMs))])
    clearTimeout(timer)
    graceOver()
    await drained
    await Promise.allSettled([
      rest.close?.(),
      auth.close?.(),
      storage.close?.(),
      functions.close?.(),
    ])
    // Requests still running were answered 503: end their connections (rolling back their
    // transactions) rather than wait for them.
    await Promise.allSettled([
      pools.authenticator.end({ timeout: 0.2 }),
      pools.authAdmin.end({ timeout: 0.2 }),
    ])
  }

  return {
    ctx,
    rest,
    finished: server.finished,
    inFlight: () => cutOffs.size,
    net,
    close(o = {}) {
      closing ??= close(
        o.graceMs ?? Number(config.env.GATEWAY_SHUTDOWN_GRACE_MS ?? DEFAULT_SHUTDOWN_GRACE_MS),
      )
      return closing
    },
  }
}
