// PostgREST-compatible /rest/v1. (Being built: see stack/gateway/rest/.)
import type { GatewayContext, RequestInfo, SubGateway } from '../context.ts'

export function createRestGateway(_ctx: GatewayContext): SubGateway & { reloadSchema(): Promise<void> } {
  return {
    handle(_req: Request, _info: RequestInfo) {
      return Promise.resolve(Response.json({ code: 'PGRST000', message: 'not available yet', details: null, hint: null }, { status: 503 }))
    },
    reloadSchema: () => Promise.resolve(),
  }
}
