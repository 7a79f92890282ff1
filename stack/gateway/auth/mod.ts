// Supabase Auth-compatible /auth/v1. (Being built: see stack/gateway/auth/.)
import type { GatewayContext, RequestInfo, SubGateway } from '../context.ts'

export function createAuthGateway(_ctx: GatewayContext): SubGateway & { outbox?: SubGateway } {
  return {
    handle(_req: Request, _info: RequestInfo) {
      return Promise.resolve(Response.json({ code: 503, error_code: 'unexpected_failure', msg: 'not available yet' }, { status: 503 }))
    },
  }
}
