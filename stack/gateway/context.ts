// What every part of the gateway is handed: its configuration and the database pools.
import postgres from 'postgres'

export interface GatewayConfig {
  apiPort: number
  dbPort: number
  /** Public base URL of the API, e.g. http://127.0.0.1:54321 */
  apiUrl: string
  /** Public base URL of the web app (Supabase Auth's site_url). */
  siteUrl: string
  jwtSecret: string
  anonKey: string
  serviceRoleKey: string
  /** postgresql:// URL of the superuser (migrations, tests, the functions' SUPABASE_DB_URL). */
  dbUrl: string
  /** Extra settings for sub-gateways (auth rate limits and the like), read from the environment. */
  env: Record<string, string | undefined>
}

export interface GatewayContext {
  config: GatewayConfig
  /** Pool logged in as `authenticator`, the role PostgREST uses; switches role per transaction. */
  authenticator: postgres.Sql
  /** Pool logged in as `supabase_auth_admin`, the role Supabase Auth uses. */
  authAdmin: postgres.Sql
}

export interface RequestInfo {
  /** Path after the service prefix, e.g. `/global_sites` for `/rest/v1/global_sites`. */
  path: string
  url: URL
  remoteAddr: string
}

export interface SubGateway {
  handle(req: Request, info: RequestInfo): Promise<Response>
  close?(): Promise<void>
}

/** The role PostgREST logs in as, on the stack's database. */
export function authenticatorUrl(config: Pick<GatewayConfig, 'dbPort'>): string {
  return `postgresql://authenticator:postgres@127.0.0.1:${config.dbPort}/postgres`
}

export function createPools(
  config: GatewayConfig,
  poolSize = Number(Deno.env.get('GATEWAY_POOL_SIZE') ?? 20),
) {
  const base = `127.0.0.1:${config.dbPort}/postgres`
  // client_connection_check_interval: a backend whose client is gone (a request abandoned at
  // shutdown) ends its transaction within a second instead of running on, e.g. behind a lock.
  const common = {
    onnotice: () => {},
    idle_timeout: 60,
    connect_timeout: 5,
    connection: { client_connection_check_interval: 1000 },
  } as const
  return {
    authenticator: postgres(authenticatorUrl(config), {
      ...common,
      max: poolSize,
    }),
    authAdmin: postgres(`postgresql://supabase_auth_admin:postgres@${base}`, { ...common, max: 5 }),
  }
}
