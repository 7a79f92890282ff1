// Runs a Postgres 15 cluster from Debian's packages in a folder of ours.
// Postgres refuses to run as root, so when we are root every server command runs as the
// `postgres` OS user and the cluster folder belongs to it.
import { existsSync } from 'node:fs'
import { join } from 'node:path'

const PG_BIN = '/usr/lib/postgresql/15/bin'

const isRoot = () => Deno.uid() === 0

/** The cluster's superuser, as on Supabase: the platform's role, never the app's `postgres`. */
export const SUPERUSER = 'supabase_admin'

/** The same database URL logged in as another role (the stack's roles share one password). */
export function asRole(databaseUrl: string, role: string): string {
  const u = new URL(databaseUrl)
  u.username = role
  return u.toString()
}

export interface RunResult {
  code: number
  stdout: string
  stderr: string
}

export async function run(
  cmd: string,
  args: string[],
  opts: { asPostgres?: boolean; env?: Record<string, string>; stdin?: string } = {},
): Promise<RunResult> {
  const [bin, argv] = opts.asPostgres && isRoot()
    ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]]
    : [cmd, args]
  const child = new Deno.Command(bin, {
    args: argv,
    env: opts.env,
    stdin: opts.stdin === undefined ? 'null' : 'piped',
    stdout: 'piped',
    stderr: 'piped',
  }).spawn()
  if (opts.stdin !== undefined) {
    const w = child.stdin.getWriter()
    await w.write(new TextEncoder().encode(opts.stdin))
    await w.close()
  }
  const out = await child.output()
  const dec = new TextDecoder()
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) }
}

/** Installs Postgres and pgTAP with apt when missing (root only); otherwise names the packages. */
export async function ensurePostgresInstalled(): Promise<void> {
  const missing: string[] = []
  if (!existsSync(join(PG_BIN, 'postgres'))) missing.push('postgresql-15')
  if (!existsSync('/usr/share/postgresql/15/extension/pgtap.control')) {
    missing.push('postgresql-15-pgtap')
  }
  if (!existsSync('/usr/bin/pg_prove')) missing.push('libtap-parser-sourcehandler-pgtap-perl')
  if (!existsSync('/usr/share/postgresql/15/extension/pg_cron.control')) {
    missing.push('postgresql-15-cron')
  }
  if (!existsSync('/usr/share/postgresql/15/extension/postgis.control')) {
    missing.push('postgresql-15-postgis-3')
  }
  if (missing.length === 0) return
  await aptInstall(missing)
}

export async function aptInstall(packages: string[]): Promise<void> {
  if (!isRoot()) {
    throw new Error(
      `Missing Debian packages: ${
        packages.join(' ')
      }.\nInstall them with: sudo apt-get install -y ${packages.join(' ')}`,
    )
  }
  console.log(`[stack] installing ${packages.join(' ')} with apt-get…`)
  const env = { DEBIAN_FRONTEND: 'noninteractive', PATH: Deno.env.get('PATH') ?? '/usr/bin:/bin' }
  // Another apt-get (a second test process, unattended upgrades) may hold apt's locks: wait for
  // it rather than fail. DPkg::Lock::Timeout covers dpkg's lock; the lists lock of `update` is
  // retried here.
  const wait = ['-o', 'DPkg::Lock::Timeout=600']
  const apt = async (args: string[]) => {
    for (let attempt = 0;; attempt++) {
      const r = await run('apt-get', [...wait, ...args], { env })
      if (r.code === 0 || !/Could not get lock/.test(r.stderr) || attempt >= 300) return r
      await new Promise((resolve) => setTimeout(resolve, 2000))
    }
  }
  const update = await apt(['update', '-qq'])
  if (update.code !== 0) throw new Error(`apt-get update failed:\n${update.stderr}`)
  const install = await apt(['install', '-y', '-qq', ...packages])
  if (install.code !== 0) {
    throw new Error(`apt-get install ${packages.join(' ')} failed:\n${install.stderr}`)
  }
}

export interface ClusterOptions {
  dir: string
  port: number
  /** Throwaway clusters trade durability for speed (fsync and synchronous commit off)... */
  ephemeral?: boolean
  /** ...unless they must keep every acknowledged commit across a crash (fault tests). */
  durable?: boolean
}

export class PostgresCluster {
  readonly dataDir: string
  readonly socketDir: string
  readonly logFile: string
  constructor(readonly opts: ClusterOptions) {
    this.dataDir = join(opts.dir, 'pgdata')
    this.socketDir = join(opts.dir, 'run')
    this.logFile = join(opts.dir, 'postgres.log')
  }

  get initialised(): boolean {
    return existsSync(join(this.dataDir, 'PG_VERSION'))
  }

  private async chownToPostgres(path: string) {
    if (isRoot()) await run('chown', ['-R', 'postgres:postgres', path])
  }

  async init(): Promise<void> {
    await Deno.mkdir(this.opts.dir, { recursive: true })
    await Deno.mkdir(this.socketDir, { recursive: true })
    await this.chownToPostgres(this.opts.dir)
    // Every folder above the cluster must be traversable by the postgres user.
    if (isRoot()) await ensureTraversable(this.opts.dir)
    const pwfile = join(this.opts.dir, 'pwfile')
    await Deno.writeTextFile(pwfile, 'postgres\n')
    await this.chownToPostgres(pwfile)
    // As in Supabase's image, the cluster's bootstrap superuser is supabase_admin; `postgres`
    // is an ordinary role the platform bootstrap creates (stack/bootstrap.sql).
    const res = await run(join(PG_BIN, 'initdb'), [
      '-D',
      this.dataDir,
      '-U',
      SUPERUSER,
      '--pwfile',
      pwfile,
      '--auth-local=trust',
      '--auth-host=scram-sha-256',
      '--encoding=UTF8',
      '--locale=C.UTF-8',
      '--no-instructions',
    ], { asPostgres: true })
    await Deno.remove(pwfile)
    if (res.code !== 0) throw new Error(`initdb failed:\n${res.stderr}`)
    const conf = [
      `listen_addresses = '127.0.0.1'`,
      `port = ${this.opts.port}`,
      `unix_socket_directories = '${this.socketDir}'`,
      `max_connections = 200`,
      `shared_buffers = 256MB`,
      `timezone = 'UTC'`,
      `log_timezone = 'UTC'`,
      // pg_cron, as Supabase preloads it: scheduled jobs run in background workers in this
      // database, as the role that scheduled them.
      `shared_preload_libraries = 'pg_cron'`,
      `cron.database_name = 'postgres'`,
      `cron.use_background_workers = on`,
      `max_worker_processes = 32`,
      ...(this.opts.ephemeral && !this.opts.durable
        ? [`fsync = off`, `synchronous_commit = off`, `full_page_writes = off`]
        : []),
    ].join('\n')
    await Deno.writeTextFile(join(this.dataDir, 'postgresql.auto.conf'), conf + '\n', {
      append: true,
    })
  }

  async isRunning(): Promise<boolean> {
    if (!this.initialised) return false
    const res = await run(join(PG_BIN, 'pg_ctl'), ['status', '-D', this.dataDir], {
      asPostgres: true,
    })
    return res.code === 0
  }

  async start(): Promise<void> {
    if (!this.initialised) await this.init()
    if (await this.isRunning()) return
    // A crash can leave postmaster.pid behind; pg_ctl status said no server runs, so it is stale.
    const pidFile = join(this.dataDir, 'postmaster.pid')
    if (existsSync(pidFile)) await Deno.remove(pidFile)
    await Deno.mkdir(this.socketDir, { recursive: true })
    await this.chownToPostgres(this.socketDir)
    const res = await run(join(PG_BIN, 'pg_ctl'), [
      'start',
      '-D',
      this.dataDir,
      '-l',
      this.logFile,
      '-w',
      '-t',
      '60',
      '-o',
      `-p ${this.opts.port}`,
    ], { asPostgres: true })
    if (res.code !== 0) {
      const log = existsSync(this.logFile) ? await Deno.readTextFile(this.logFile) : ''
      throw new Error(
        `Postgres did not start on port ${this.opts.port}:\n${res.stderr}\n${
          log.split('\n').slice(-20).join('\n')
        }`,
      )
    }
  }

  async stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    if (!(await this.isRunning())) return
    await run(join(PG_BIN, 'pg_ctl'), ['stop', '-D', this.dataDir, '-m', mode, '-w', '-t', '60'], {
      asPostgres: true,
    })
  }

  async destroy(): Promise<void> {
    await this.stop('immediate')
    await Deno.remove(this.opts.dir, { recursive: true }).catch(() => {})
  }

  /** Whether the cluster was made before the platform's role model: its bootstrap superuser
   *  (the role with oid 10) is `postgres`, which cannot be demoted. */
  async predatesRoleModel(): Promise<boolean> {
    const res = await run(join(PG_BIN, 'psql'), [
      '-h',
      this.socketDir,
      '-p',
      String(this.opts.port),
      '-U',
      'postgres',
      '-d',
      'postgres',
      '-Atc',
      'select rolname from pg_roles where oid = 10',
    ], { asPostgres: true })
    return res.code === 0 && res.stdout.trim() === 'postgres'
  }

  /** psql against the cluster as the superuser, through the socket. */
  psql(args: string[], stdin?: string): Promise<RunResult> {
    return run(join(PG_BIN, 'psql'), [
      '-h',
      this.socketDir,
      '-p',
      String(this.opts.port),
      '-U',
      SUPERUSER,
      '-d',
      'postgres',
      ...args,
    ], {
      asPostgres: true,
      stdin,
    })
  }
}

async function ensureTraversable(dir: string) {
  let cur = dir
  const parents: string[] = []
  while (cur !== '/' && cur !== '.') {
    cur = join(cur, '..')
    parents.push(cur)
  }
  for (const p of parents) {
    try {
      const st = await Deno.stat(p)
      if (st.mode !== null && (st.mode & 0o001) === 0) await Deno.chmod(p, st.mode | 0o001)
    } catch { /* not ours to fix */ }
  }
}
