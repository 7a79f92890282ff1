// One request to /rest/v1, in PostgREST's stages: who is asking (auth.ts), what the request asks
// for (api-request.ts), what that means against the schema cache and the SQL for it (plan.ts),
// that SQL run in one transaction as the caller's role with PostgREST's request settings
// (query.ts), and the HTTP answer (response.ts). Any stage may throw an ApiError; mod.ts turns
// it into PostgREST's error response.
import type postgres from 'postgres'
import type { RequestInfo } from '../context.ts'
import { type ApiRequest, apiRequest, parseCookies } from './api-request.ts'
import { authenticate } from './auth.ts'
import { type ActionPlan, actionPlan } from './plan.ts'
import { runPlan } from './query.ts'
import { answer, answerWithoutDb } from './response.ts'
import type { SchemaCache } from './schema.ts'
import type { Recovery } from './recovery.ts'
import type { WirePool } from './wire.ts'

export interface Env {
  sql: postgres.Sql
  jwtSecret: string
  cache(): Promise<SchemaCache>
  recovery?: Recovery
  /** The wire client for reads (wire.ts); without it every statement goes through `sql`. */
  wire?: WirePool
}

export async function handleRequest(env: Env, req: Request, info: RequestInfo): Promise<Response> {
  env.recovery?.check()
  const caller = await authenticate(req, env.jwtSecret)
  const cache = await env.cache()
  const { api, plan } = await readPlan(req, info, cache)
  if (plan.kind !== 'db') return answerWithoutDb(api, plan)
  const rows = await runPlan(env.sql, cache, caller, api, plan, env.recovery, env.wire)
  return answer(api, plan, rows)
}

/** Plans kept per schema cache (a reload makes a new cache, and so starts afresh). */
const PLANS_MAX = 500
/** A longer query string is planned each time rather than kept. */
const PLAN_KEY_MAX = 2048

/**
 * Reads already planned against a schema cache. A read's plan (its SQL, parameters and answer)
 * follows from the table, the query string and the Accept, Prefer, Range and Accept-Profile
 * headers alone: never from the caller, whose role and claims go in the settings statement, nor
 * from the other headers and cookies, which go in request.headers and request.cookies. So the
 * same shape of read is parsed and planned once; under wrk that took a quarter off the gateway's
 * CPU per read (parsing the query string, planning and building the SQL showed as little in a
 * loop, but a request that runs less code also misses caches less). Writes, calls and errors are
 * planned every time.
 */
const plans = new WeakMap<SchemaCache, Map<string, { api: ApiRequest; plan: ActionPlan }>>()

async function readPlan(
  req: Request,
  info: RequestInfo,
  cache: SchemaCache,
): Promise<{ api: ApiRequest; plan: ActionPlan }> {
  const h = req.headers
  const key = (req.method === 'GET' || req.method === 'HEAD') &&
      info.url.search.length <= PLAN_KEY_MAX
    ? [
      req.method,
      info.path,
      info.url.search,
      h.get('accept'),
      h.get('prefer'),
      h.get('range'),
      h.get('accept-profile'),
    ].join('\n')
    : null
  const known = key === null ? undefined : plans.get(cache)?.get(key)
  if (known) {
    return {
      api: { ...known.api, headers: Object.fromEntries(h), cookies: parseCookies(req) },
      plan: known.plan,
    }
  }
  const api = await apiRequest(req, info, cache)
  const plan = actionPlan(api, cache)
  if (key !== null && api.action.kind === 'read' && plan.kind === 'db') {
    let byKey = plans.get(cache)
    if (!byKey) plans.set(cache, byKey = new Map())
    if (byKey.size >= PLANS_MAX) byKey.clear()
    // Kept without this request's own headers and cookies.
    byKey.set(key, { api: { ...api, headers: {}, cookies: {} }, plan })
  }
  return { api, plan }
}
