// /functions/v1/<name>: runs supabase/functions/<name>/handler.ts in this process with the
// environment the edge runtime gives, honouring verify_jwt from supabase/config.toml. The handlers
// read Deno.env, which is this process's: the runtime's variables are set here, and so is
// ROOTS_LOCAL_STACK when the stack was started with it (stack/cli.ts), as `supabase functions serve
// --env-file` would hand it over. Without it the functions refuse their local providers.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { parse as parseToml } from 'smol-toml'
import { LOCAL_STACK_FLAG, paths } from '../config.ts'
import { loadFunctionHandler } from '../product.ts'
import type { GatewayContext, RequestInfo, SubGateway } from './context.ts'
import { bearerToken, verifyJwt } from './jwt.ts'

type Handler = (req: Request) => Response | Promise<Response>

const NAME = /^[a-z0-9][a-z0-9_-]*$/

export function functionSettings(): Record<string, { verify_jwt?: boolean }> {
  if (!existsSync(paths.configToml)) return {}
  const toml = parseToml(Deno.readTextFileSync(paths.configToml)) as {
    functions?: Record<string, { verify_jwt?: boolean }>
  }
  return toml.functions ?? {}
}

const json = (status: number, body: unknown, headers: HeadersInit = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  })

/** Methods the fetch standard forbids in a Request (fetch.spec.whatwg.org, forbidden method). */
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK'])

export function createFunctionsGateway(
  ctx: GatewayContext,
  settings = functionSettings(),
): SubGateway {
  const loaded = new Map<string, Promise<Handler>>()
  Deno.env.set('SUPABASE_URL', ctx.config.apiUrl)
  Deno.env.set('SUPABASE_ANON_KEY', ctx.config.anonKey)
  Deno.env.set('SUPABASE_SERVICE_ROLE_KEY', ctx.config.serviceRoleKey)
  Deno.env.set('SUPABASE_DB_URL', ctx.config.dbUrl)
  Deno.env.set('SB_SITE_URL', ctx.config.siteUrl)
  const local = ctx.config.env?.[LOCAL_STACK_FLAG]
  if (local) Deno.env.set(LOCAL_STACK_FLAG, local)
  const formLimits = ctx.config.env?.PUBLIC_FORM_LIMIT_SCALE
  if (formLimits) Deno.env.set('PUBLIC_FORM_LIMIT_SCALE', formLimits)

  function load(name: string): Promise<Handler> {
    let h = loaded.get(name)
    if (!h) {
      h = loadFunctionHandler(name).then((m) => {
        const fn = m.handler ?? m.default
        if (typeof fn !== 'function') {
          throw new Error(`supabase/functions/${name}/handler.ts exports no handler`)
        }
        return fn as Handler
      })
      loaded.set(name, h)
      h.catch(() => loaded.delete(name))
    }
    return h
  }

  return {
    async handle(req: Request, info: RequestInfo): Promise<Response> {
      const name = info.path.split('/')[1] ?? ''
      if (
        !NAME.test(name) || name.startsWith('_') ||
        !existsSync(join(paths.functions, name, 'handler.ts'))
      ) {
        return json(404, { code: 'NOT_FOUND', message: 'Requested function was not found' })
      }
      // Methods fetch's Request refuses to carry (CONNECT, TRACE, TRACK) cannot be handed to a
      // function: a 405 here, not the TypeError of building the request (a 5xx).
      if (FORBIDDEN_METHODS.has(req.method.toUpperCase())) {
        return json(405, { code: 'METHOD_NOT_ALLOWED', message: 'Method not allowed' })
      }
      // As the edge runtime's main service: preflight passes through, everything else needs a
      // valid JWT unless the function opted out.
      const verify = settings[name]?.verify_jwt ?? true
      if (verify && req.method !== 'OPTIONS') {
        const token = bearerToken(req)
        if (!token) {
          return json(401, {
            code: 'UNAUTHORIZED_NO_AUTH_HEADER',
            message: 'Missing authorization header',
          })
        }
        try {
          await verifyJwt(token, ctx.config.jwtSecret)
        } catch {
          return json(401, { code: 'UNAUTHORIZED_INVALID_JWT_FORMAT', message: 'Invalid JWT' })
        }
      }
      let handler: Handler
      try {
        handler = await load(name)
      } catch (e) {
        console.error(`[functions] ${name} failed to load:`, e)
        return json(500, {
          code: 'BOOT_ERROR',
          message: 'Function failed to start (please check logs)',
        })
      }
      // The function sees its own URL as the edge runtime presents it.
      const url = new URL(info.url)
      const inner = new Request(url, req)
      // As Supabase's edge gateway: the function learns the client's address from
      // x-forwarded-for, set by the gateway (what a client sends there is not trusted).
      inner.headers.set('x-forwarded-for', info.remoteAddr)
      try {
        return await handler(inner)
      } catch (e) {
        console.error(`[functions] ${name} threw:`, e)
        return json(500, {
          code: 'WORKER_ERROR',
          message: 'Function exited due to an error (please check logs)',
        })
      }
    },
  }
}
