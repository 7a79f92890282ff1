// The real Supabase CLI, both majors pinned in package.json (`supabase`: 3.x, `supabase-cli-v2`:
// 2.x), reads supabase/config.toml without complaint and deploys supabase/migrations and the seeds
// to a Postgres that has only the platform bootstrap, as `postgres` (not a superuser, as on
// Supabase): what `supabase db push` does to a new hosted project. For each CLI:
//   (a) `db push --include-seed --dry-run` against the test stack's own database plans no
//       migration (stack/migrate.ts records them as the CLI does);
//   (b) a real `db push --include-seed` into a throwaway cluster that has only the bootstrap
//       records every migration file, makes the stack's public tables and the same rows as
//       stack/migrate.ts;
//   (c) `migration list` shows every local migration applied remotely.
// Any non-zero exit, or any warning (deprecated, no longer supported, unknown keys, WARN lines),
// fails. The CLIs get a clean environment with telemetry and the update check off (no network)
// and a copy of supabase/ as their workdir, so they write nothing into the repo.
import assert from 'node:assert/strict'
import { cpSync, mkdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import postgres from 'postgres'
import { dbUrl, paths, ROOT } from '../../config.ts'
import { asRole, bootstrapPlatform, listMigrations, migrate, seedFiles } from '../../migrate.ts'
import { PostgresCluster } from '../../postgres.ts'
import { freePort } from '../../stack.ts'
import { env } from './helpers.ts'

interface Cli {
  /** The package.json devDependency that pins it. */
  dep: string
  major: number
  /** The flags that point a command at a database URL: each version's documented ones. */
  target(url: string): string[]
}

const CLIS: Cli[] = [
  // 3.x: `--remote=<ref|branch|url>` (`--db-url` is 2.x's).
  { dep: 'supabase', major: 3, target: (url) => [`--remote=${url}`] },
  { dep: 'supabase-cli-v2', major: 2, target: (url) => ['--db-url', url] },
]

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  devDependencies: Record<string, string>
}

/** The exact version package.json pins (`3.1.0` or `npm:supabase@2.122.1`). */
function pinned(cli: Cli): string {
  const spec = pkg.devDependencies[cli.dep]
  assert.ok(spec, `package.json pins ${cli.dep}`)
  const version = spec.replace(/^npm:supabase@/, '')
  assert.match(version, /^\d+\.\d+\.\d+$/, `${cli.dep} is pinned to an exact version, not ${spec}`)
  return version
}

/** The package's node shim (it runs the platform binary from its optional dependency). */
function shim(cli: Cli): string {
  const dir = join(ROOT, 'node_modules', cli.dep)
  const meta = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    version: string
    bin: string | Record<string, string>
  }
  assert.equal(
    meta.version,
    pinned(cli),
    `node_modules/${cli.dep} is the pinned version (run npm install)`,
  )
  return join(dir, typeof meta.bin === 'string' ? meta.bin : meta.bin.supabase)
}

/** Lines where a CLI complains about the config (or anything else: every WARN counts). */
function complaints(output: string): string[] {
  return output.split('\n').filter((l) =>
    /\bWARN(ING)?\b|deprecat|no longer supported|not recogni[sz]e|unknown (config )?keys?|unrecogni[sz]ed|invalid config|failed to (load|parse) config/i
      .test(l)
  )
}

interface Run {
  code: number
  stdout: string
  stderr: string
  /** stdout's lines, then stderr's, blank ones dropped: for assertions and the log. */
  lines: string[]
}

/** A URL the CLI accepts for the stack's Postgres: as `postgres`, plaintext (no TLS here). */
function cliUrl(databaseUrl: string): string {
  const u = new URL(asRole(databaseUrl, 'postgres'))
  u.searchParams.set('sslmode', 'disable')
  return u.toString()
}

class CliRunner {
  constructor(readonly cli: Cli, readonly workdir: string, readonly home: string) {}

  async run(args: string[], { workdir = this.workdir } = {}): Promise<Run> {
    const { code, stdout, stderr } = await new Deno.Command('node', {
      args: [shim(this.cli), ...args, '--workdir', workdir],
      cwd: workdir,
      // Nothing of the test's environment (SUPABASE_* would be read as config overrides).
      clearEnv: true,
      env: {
        PATH: Deno.env.get('PATH') ?? '/usr/bin:/bin',
        HOME: this.home,
        NO_COLOR: '1',
        SUPABASE_TELEMETRY_DISABLED: '1',
        DO_NOT_TRACK: '1',
        SUPABASE_NO_UPDATE_NOTIFIER: '1',
      },
      stdin: 'null',
      stdout: 'piped',
      stderr: 'piped',
      // A cut-off for a hung CLI, not a wait: every command here takes a second or two.
      signal: AbortSignal.timeout(120_000),
    }).output()
    const dec = new TextDecoder()
    const out = { code, stdout: dec.decode(stdout), stderr: dec.decode(stderr) }
    const lines = `${out.stdout}\n${out.stderr}`.split('\n').map((l) => l.trimEnd()).filter((l) =>
      l.trim() !== ''
    )
    const shown = args.map((a) => a.replace(/\/\/postgres:[^@]*@/, '//postgres:***@')).join(' ')
    console.log(
      `[supabase ${this.cli.major}.x] $ supabase ${shown}  → exit ${code}\n${
        lines.map((l) => `    ${l}`).join('\n')
      }`,
    )
    return { ...out, lines }
  }

  /** Runs and insists on exit 0 and no complaint. */
  async ok(args: string[], opts?: { workdir?: string }): Promise<Run> {
    const r = await this.run(args, opts)
    assert.deepEqual(
      complaints(r.lines.join('\n')),
      [],
      `supabase ${args[0]} ${args[1] ?? ''} prints no warning`,
    )
    assert.equal(
      r.code,
      0,
      `supabase ${args.slice(0, 2).join(' ')} exits 0:\n${r.lines.join('\n')}`,
    )
    return r
  }
}

/** A copy of what the CLI reads for a push: config.toml, the auth e-mail templates it names
 *  (it checks that each exists), migrations and the seed files. */
function projectCopy(into: string, configToml = readFileSync(paths.configToml, 'utf8')): string {
  const supabase = join(into, 'supabase')
  mkdirSync(supabase, { recursive: true })
  Deno.writeTextFileSync(join(supabase, 'config.toml'), configToml)
  cpSync(join(dirname(paths.configToml), 'templates'), join(supabase, 'templates'), {
    recursive: true,
  })
  cpSync(paths.migrations, join(supabase, 'migrations'), { recursive: true })
  for (const file of seedFiles()) {
    const to = join(supabase, relative(dirname(paths.configToml), file))
    mkdirSync(dirname(to), { recursive: true })
    cpSync(file, to)
  }
  return into
}

/** A throwaway Postgres cluster of the stack's kind, with nothing in it yet: its `postgres`
 *  database is what a new Supabase project has before the platform bootstrap. A cluster, not a
 *  database on the test cluster, because pg_cron (which a migration creates) lives in one
 *  database per cluster (cron.database_name = 'postgres'). */
async function throwawayCluster(n: number): Promise<{ url: string; destroy(): Promise<void> }> {
  // Named like the runner's throwaway clusters, so that a killed run's is swept by the next one.
  const cluster = new PostgresCluster({
    dir: join(paths.stackDir, `test-${Deno.pid}-${n}`),
    port: freePort(),
    ephemeral: true,
  })
  try {
    await cluster.start()
  } catch (e) {
    await cluster.destroy()
    throw e
  }
  return { url: dbUrl(cluster.opts.port), destroy: () => cluster.destroy() }
}

const publicTables = async (sql: postgres.Sql) =>
  (await sql`select tablename from pg_tables where schemaname = 'public' order by 1`).map((r) =>
    r.tablename as string
  )

/** Row counts of every public table and of auth.users: what the seeds leave behind. */
async function rowCounts(sql: postgres.Sql): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  for (const t of [...(await publicTables(sql)).map((t) => `public.${t}`), 'auth.users']) {
    const [schema, table] = t.split('.')
    const [{ n }] = await sql`select count(*)::int as n from ${sql(schema)}.${sql(table)}`
    counts[t] = n
  }
  return counts
}

const sha256 = async (text: string) =>
  Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))))
    .map((b) => b.toString(16).padStart(2, '0')).join('')

/** `migration list`'s table rows: [local, remote]. */
function listed(lines: string[]): [string, string][] {
  const rows: [string, string][] = []
  for (const l of lines) {
    const m = /^\s*`?(\d{14})?`?\s*\|\s*`?(\d{14})?`?\s*\|/.exec(l)
    if (m && (m[1] || m[2])) rows.push([m[1] ?? '', m[2] ?? ''])
  }
  return rows
}

const pushedMigration = /^Applying migration (\d{14})_\S+\.sql/
const plannedMigration = /^\s*•\s*(\d{14})_\S+\.sql/

for (const cli of CLIS) {
  Deno.test(`supabase CLI ${cli.major}.x reads config.toml cleanly and deploys migrations and seeds as postgres`, async (t) => {
    const version = pinned(cli)
    const tmp = await Deno.makeTempDir({ prefix: `supabase-cli-${cli.major}-` })
    const home = join(tmp, 'home')
    mkdirSync(home)
    const runner = new CliRunner(cli, projectCopy(join(tmp, 'project')), home)
    const stackDb = postgres(asRole(env('SUPABASE_DB_URL'), 'postgres'), {
      max: 1,
      onnotice: () => {},
    })
    const clusters: { destroy(): Promise<void> }[] = []
    let pushed = ''
    const migrations = await listMigrations()
    const versions = migrations.map((m) => m.split('_')[0])
    try {
      await t.step('--version is the pinned one', async () => {
        const r = await runner.ok(['--version'])
        assert.equal(r.stdout.trim(), version)
        assert.equal(Number(version.split('.')[0]), cli.major)
      })

      await t.step(
        '(a) db push --include-seed --dry-run against the stack database plans no migration',
        async () => {
          const r = await runner.ok([
            'db',
            'push',
            ...cli.target(cliUrl(env('SUPABASE_DB_URL'))),
            '--include-seed',
            '--dry-run',
            '--yes',
          ])
          assert.ok(r.lines.some((l) => /DRY RUN/.test(l)), 'it is a dry run')
          const planned = r.lines.filter((l) => plannedMigration.test(l))
          assert.deepEqual(
            planned,
            [],
            'stack/migrate.ts recorded every migration as the CLI would',
          )
          const seeds = r.lines.filter((l) => /^\s*•\s*\S+\.sql/.test(l))
          if (seeds.length) {
            // The stack records seed paths relative to supabase/, the CLI relative to the project
            // (supabase/seed.sql): the CLI would seed again. Reported, not a failure of this test.
            console.log(
              `[supabase ${cli.major}.x] note: the CLI would seed the stack database again: ${
                seeds.map((s) => s.trim().slice(2)).join(', ')
              }`,
            )
          }
        },
      )

      await t.step(
        '(b) db push --include-seed into a bootstrapped new cluster, as postgres',
        async () => {
          // The target has only the platform bootstrap; the reference is what stack/migrate.ts makes.
          const [target, reference] = await Promise.all([
            throwawayCluster(100 + cli.major),
            throwawayCluster(200 + cli.major),
          ])
          clusters.push(target, reference)
          await Promise.all([
            bootstrapPlatform(target.url),
            migrate(reference.url, { log: () => {} }),
          ])

          const r = await runner.ok([
            'db',
            'push',
            ...cli.target(cliUrl(target.url)),
            '--include-seed',
            '--yes',
          ])
          pushed = target.url
          assert.deepEqual(
            r.lines.map((l) => pushedMigration.exec(l)?.[1]).filter(Boolean),
            versions,
            'every migration file applied, in order',
          )

          const db = postgres(asRole(target.url, 'postgres'), { max: 1, onnotice: () => {} })
          const ref = postgres(asRole(reference.url, 'postgres'), { max: 1, onnotice: () => {} })
          try {
            const [{ rolsuper }] =
              await db`select rolsuper from pg_roles where rolname = 'postgres'`
            console.log(`[supabase ${cli.major}.x] pushed as postgres, superuser: ${rolsuper}`)

            const recorded =
              await db`select version, name from supabase_migrations.schema_migrations order by version`
            assert.deepEqual(
              recorded.map((m) => `${m.version}_${m.name}.sql`),
              migrations,
              'the same migrations recorded as the repo has files',
            )
            const stackRecorded =
              await stackDb`select version, name from supabase_migrations.schema_migrations order by version`
            assert.deepEqual(
              [...recorded].map((m) => ({ ...m })),
              [...stackRecorded].map((m) => ({ ...m })),
              'recorded as the stack records them',
            )

            assert.deepEqual(
              await publicTables(db),
              await publicTables(stackDb),
              'the same public tables as the stack database',
            )

            const seeds = seedFiles()
            const seeded =
              await db`select path, hash from supabase_migrations.seed_files order by path`
            const expected = await Promise.all(
              seeds.map(async (f) => ({
                path: relative(ROOT, f),
                hash: await sha256(readFileSync(f, 'utf8')),
              })),
            )
            assert.deepEqual(
              [...seeded].map((s) => ({ ...s })),
              expected.sort((a, b) => a.path.localeCompare(b.path)),
              'every seed file applied',
            )
            const counts = await rowCounts(db)
            assert.deepEqual(
              counts,
              await rowCounts(ref),
              'the same rows as stack/migrate.ts seeds',
            )
            assert.ok(
              counts['public.global_sites'] > 0 && counts['auth.users'] > 0,
              'the seeds made sites and users',
            )
            console.log(
              `[supabase ${cli.major}.x] ${recorded.length} migrations recorded; ${seeded.length} seed files; ${
                counts['public.global_sites']
              } sites, ${counts['auth.users']} users`,
            )
          } finally {
            await db.end()
            await ref.end()
          }
        },
      )

      await t.step('(c) migration list shows every local migration applied remotely', async () => {
        assert.ok(pushed, 'the push of (b) made a database')
        const list = await runner.ok(['migration', 'list', ...cli.target(cliUrl(pushed))])
        const rows = listed(list.lines)
        assert.deepEqual(rows.map(([local]) => local), versions, 'every local migration listed')
        assert.deepEqual(
          rows.filter(([local, remote]) => local !== remote),
          [],
          'each applied remotely',
        )
      })
    } finally {
      await Promise.all(clusters.map((c) => c.destroy()))
      await stackDb.end()
      await Deno.remove(tmp, { recursive: true })
    }
  })
}

Deno.test('the complaint check sees what the 3.x CLI says about the old config keys', async () => {
  const cli = CLIS[0]
  const tmp = await Deno.makeTempDir({ prefix: 'supabase-cli-old-' })
  try {
    mkdirSync(join(tmp, 'home'))
    const current = readFileSync(paths.configToml, 'utf8')
    const old = current
      .replace(/^\[local_smtp\]$/m, '[inbucket]')
      .replace(/^(\[auth\.(email|sms)\]\n)enabled = /gm, '$1enable_signup = ')
    assert.notEqual(old, current)
    const runner = new CliRunner(cli, projectCopy(join(tmp, 'old'), old), join(tmp, 'home'))
    const url = cliUrl(env('SUPABASE_DB_URL'))
    const rejected = await runner.run(['db', 'push', ...cli.target(url), '--dry-run', '--yes'])
    assert.notEqual(rejected.code, 0)
    assert.ok(
      complaints(rejected.lines.join('\n')).some((l) =>
        /\[inbucket\].*no longer supported/.test(l)
      ),
    )

    const warned = await runner.run(['db', 'push', ...cli.target(url), '--dry-run', '--yes'], {
      workdir: projectCopy(join(tmp, 'warned'), old.replace(/^\[inbucket\]$/m, '[local_smtp]')),
    })
    assert.equal(warned.code, 0, 'a deprecation is a warning, not an error')
    assert.deepEqual(
      complaints(warned.lines.join('\n')).filter((l) => /enable_signup is deprecated/.test(l))
        .length,
      2,
    )
  } finally {
    await Deno.remove(tmp, { recursive: true })
  }
})
