// Starts and stops the whole local stack: Postgres, migrations and seed, the gateway and
// (optionally) the web app's own server (web/server/, through product.ts).
import { join } from 'node:path'
import postgres from 'postgres'
import {
  ANON_KEY,
  apiUrl,
  dbUrl,
  JWT_SECRET,
  paths,
  SERVICE_ROLE_KEY,
  type StackPorts,
} from './config.ts'
import { ensurePostgresInstalled, PostgresCluster } from './postgres.ts'
import { migrate } from './migrate.ts'
import { seedStorage } from './storage-seed.ts'
import { type Gateway, startGateway } from './gateway/server.ts'
import { startWebServer, WEB_DIST } from './product.ts'

export interface StackOptions {
  ports: StackPorts
  /** Folder for the cluster; defaults to .stack/ */
  dir?: string
  ephemeral?: boolean
  /** Keep every acknowledged commit across a crash even when ephemeral. */
  durable?: boolean
  /** Rebuild the database from scratch first. */
  reset?: boolean
  web?: boolean
  quiet?: boolean
  /** Extra settings for the gateway (e.g. relaxed auth rate limits in tests). */
  env?: Record<string, string>
  /** Whether the pg_cron jobs run (default true). Test stacks pause them, so a minute's tick
   *  never changes data under a test; the scheduled-work test turns them on itself. */
  schedules?: boolean
}

export interface RunningStack {
  ports: StackPorts
  apiUrl: string
  webUrl: string
  dbUrl: string
  cluster: PostgresCluster
  gateway: Gateway
  stop(): Promise<void>
}

export async function startStack(opts: StackOptions): Promise<RunningStack> {
  const log = (s: string) => {
    if (!opts.quiet) console.log(s)
  }
  await ensurePostgresInstalled()
  const dir = opts.dir ?? join(paths.stackDir, 'db')
  const cluster = new PostgresCluster({
    dir,
    port: opts.ports.db,
    ephemeral: opts.ephemeral,
    durable: opts.durable,
  })
  if (opts.reset) await cluster.destroy()
  await cluster.start()
  if (await cluster.predatesRoleModel()) {
    // `postgres` was this cluster's superuser; Supabase's role model needs a new cluster.
    log(
      '[postgres] the local database predates the platform role model (postgres is not a superuser on Supabase): rebuilding it',
    )
    await cluster.destroy()
    await cluster.start()
  }
  log(`[postgres] ${dbUrl(opts.ports.db)}`)
  const url = dbUrl(opts.ports.db)
  const migrated = await migrate(url, { log })
  const api = apiUrl(opts.ports.api)
  await configureScheduler(url, api, opts.schedules ?? true)
  const webUrl = `http://127.0.0.1:${opts.ports.web}`
  const gateway = startGateway({
    apiPort: opts.ports.api,
    dbPort: opts.ports.db,
    apiUrl: api,
    siteUrl: webUrl,
    jwtSecret: JWT_SECRET,
    anonKey: ANON_KEY,
    serviceRoleKey: SERVICE_ROLE_KEY,
    dbUrl: url,
    env: { ...Deno.env.toObject(), ...opts.env },
  }, { quiet: opts.quiet })
  await gateway.rest.reloadSchema()
  // As the Supabase CLI after a new database: config.toml's buckets and their objects_path files,
  // uploaded through the gateway's /storage/v1.
  if (migrated.fresh) {
    try {
      await seedStorage(api, SERVICE_ROLE_KEY, { log })
    } catch (e) {
      await gateway.close().catch(() => {})
      throw e
    }
  }
  const web = opts.web
    ? startWebServer({
      port: opts.ports.web,
      distDir: WEB_DIST,
      apiUrl: api,
      anonKey: ANON_KEY,
      quiet: opts.quiet,
    })
    : null
  let stopped = false
  return {
    ports: opts.ports,
    apiUrl: api,
    webUrl,
    dbUrl: url,
    cluster,
    gateway,
    async stop() {
      if (stopped) return
      stopped = true
      await web?.close().catch(() => {})
      await gateway.close().catch(() => {})
      if (opts.ephemeral) await cluster.destroy()
      else await cluster.stop()
    },
  }
}

/**
 * What a deployment does once by hand (README "Deploying to Supabase"): the Vault secrets the
 * scheduled jobs use to reach the edge functions, here the gateway and its service key. Then
 * the jobs are switched on or off. Runs as postgres, as a developer would.
 */
async function configureScheduler(databaseUrl: string, api: string, active: boolean) {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} })
  try {
    for (const [name, value] of [['project_url', api], ['service_role_key', SERVICE_ROLE_KEY]]) {
      const [row] = await sql`select id from vault.decrypted_secrets where name = ${name}`
      if (row) await sql`select vault.update_secret(${row.id}, ${value})`
      else await sql`select vault.create_secret(${value}, ${name})`
    }
    await sql`select cron.alter_job(jobid, active := ${active}) from cron.job where username = current_user`
  } finally {
    await sql.end({ timeout: 2 })
  }
}

/**
 * The stack's ports something already listens on (another `npm start`, most likely), as
 * "API 54321"; empty when all are free. Checked before a command touches anything.
 */
export function busyPorts(ports: StackPorts): string[] {
  const named: [string, number][] = [['API', ports.api], ['Postgres', ports.db], ['web', ports.web]]
  return named.filter(([, port]) => {
    try {
      Deno.listen({ hostname: '127.0.0.1', port }).close()
      return false
    } catch (e) {
      if (e instanceof Deno.errors.AddrInUse) return true
      throw e
    }
  }).map(([name, port]) => `${name} ${port}`)
}

/** Picks a free TCP port on loopback. */
export function freePort(): number {
  const l = Deno.listen({ hostname: '127.0.0.1', port: 0 })
  const port = (l.addr as Deno.NetAddr).port
  l.close()
  return port
}
