// One request to /rest/v1, in PostgREST's stages: who is asking (auth.ts), what the request asks
// for (api-request.ts), what that means against the schema cache and the SQL for it (plan.ts),
// that SQL run in one transaction as the caller's role with PostgREST's request settings
// (query.ts), and the HTTP answer (response.ts). Any stage may throw an ApiError; mod.ts turns
// it into PostgREST's error response.
import type postgres from 'postgres'
import type { RequestInfo } from '../context.ts'
import { apiRequest } from './api-request.ts'
import { authenticate } from './auth.ts'
import { actionPlan } from './plan.ts'
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
  const api = await apiRequest(req, info, cache)
  const plan = actionPlan(api, cache)
  if (plan.kind !== 'db') return answerWithoutDb(api, plan)
  const rows = await runPlan(env.sql, cache, caller, api, plan, env.recovery, env.wire)
  return answer(api, plan, rows)
}
