// Applies the platform bootstrap as supabase_admin (what Supabase's image has before any
// migration), then, as postgres (who is not a superuser there), supabase/migrations in filename
// order, each in its own transaction and recorded in supabase_migrations.schema_migrations as
// the Supabase CLI does, then the seed files of supabase/config.toml ([db.seed] sql_paths, globs
// allowed, as the Supabase CLI reads them) on a fresh database.
import postgres from 'postgres'
import { basename, dirname, join, relative } from 'node:path'
import { existsSync } from 'node:fs'
import { parse as parseToml } from 'smol-toml'
import { paths, ROOT } from './config.ts'
import { asRole, SUPERUSER } from './postgres.ts'
export { asRole }

export class MigrationError extends Error {
  constructor(readonly file: string, readonly line: number | null, readonly pgMessage: string) {
    super(`${file}${line ? `:${line}` : ''}: ${pgMessage}`)
  }
}

type Sql = postgres.Sql

interface PgError {
  message: string
  position?: string
  detail?: string
  hint?: string
  where?: string
}

function lineOf(text: string, position?: string): number | null {
  const pos = Number(position)
  if (!pos) return null
  return text.slice(0, pos - 1).split('\n').length
}

async function runFile(sql: Sql, file: string, text: string) {
  await sql.begin((tx) => runFileIn(tx, file, text))
}

async function runFileIn(sql: postgres.TransactionSql, file: string, text: string) {
  try {
    await sql.unsafe(text)
  } catch (e) {
    const err = e as PgError
    const extra = [
      err.detail && `detail: ${err.detail}`,
      err.hint && `hint: ${err.hint}`,
      err.where && `where: ${err.where}`,
    ]
      .filter(Boolean).join('\n')
    throw new MigrationError(
      file,
      lineOf(text, err.position),
      err.message + (extra ? `\n${extra}` : ''),
    )
  }
}

export async function listMigrations(dir = paths.migrations): Promise<string[]> {
  if (!existsSync(dir)) return []
  const names: string[] = []
  for await (const e of Deno.readDir(dir)) {
    if (e.isFile && e.name.endsWith('.sql')) names.push(e.name)
  }
  return names.sort()
}

/** The seed files config.toml names, in order; a `*` in a file name matches within its folder. */
export function seedFiles(configToml = paths.configToml): string[] {
  const base = dirname(configToml)
  const toml = existsSync(configToml)
    ? parseToml(Deno.readTextFileSync(configToml)) as {
      db?: { seed?: { enabled?: boolean; sql_paths?: string[] } }
    }
    : {}
  const seed = toml.db?.seed
  if (seed?.enabled === false) return []
  const files: string[] = []
  for (const pattern of seed?.sql_paths ?? ['./seed.sql']) {
    const full = join(base, pattern)
    if (!basename(full).includes('*')) {
      if (existsSync(full) && !files.includes(full)) files.push(full)
      continue
    }
    const dir = dirname(full)
    if (!existsSync(dir)) continue
    const re = new RegExp(
      `^${basename(full).replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`,
    )
    const matched: string[] = []
    for (const e of Deno.readDirSync(dir)) {
      if (e.isFile && re.test(e.name)) matched.push(join(dir, e.name))
    }
    for (const f of matched.sort()) if (!files.includes(f)) files.push(f)
  }
  return files
}

/** Applies stack/bootstrap.sql (roles, auth schema, platform extensions) as the superuser, as
 *  Supabase's image has them before `supabase db push` or `supabase start` runs migrations. */
export async function bootstrapPlatform(databaseUrl: string): Promise<void> {
  const admin = postgres(asRole(databaseUrl, SUPERUSER), { max: 1, onnotice: () => {} })
  try {
    // Two stacks on one cluster may bootstrap together: serialise (roles are cluster-wide).
    await admin.begin(async (tx) => {
      await tx`select pg_advisory_xact_lock(hashtext('stack/bootstrap.sql'))`
      await runFileIn(tx, 'stack/bootstrap.sql', await Deno.readTextFile(paths.bootstrapSql))
    })
  } finally {
    await admin.end({ timeout: 5 })
  }
}

export interface MigrateResult {
  applied: string[]
  seeded: boolean
  /** The database had no migrations before: what `supabase start` on a new volume and
   *  `db reset` start from (the stack then seeds Storage too, see storage-seed.ts). */
  fresh: boolean
}

/** Brings the database up to date. `seed` runs only when the database had no migrations yet. */
export interface MigrateOptions {
  seed?: boolean
  log?: (s: string) => void
  migrationsDir?: string
  seedFile?: string
}

export async function migrate(
  databaseUrl: string,
  opts: MigrateOptions = {},
): Promise<MigrateResult> {
  const log = opts.log ?? ((s: string) => console.log(s))
  const migrationsDir = opts.migrationsDir ?? paths.migrations
  const seeds = opts.seedFile ? [opts.seedFile].filter(existsSync) : seedFiles()
  await bootstrapPlatform(databaseUrl)
  const sql = postgres(asRole(databaseUrl, 'postgres'), { max: 1, onnotice: () => {} })
  try {
    await sql.unsafe(`
      create schema if not exists supabase_migrations;
      create table if not exists supabase_migrations.schema_migrations (version text primary key, statements text[], name text);
      create table if not exists supabase_migrations.seed_files (path text primary key, hash text not null);
    `)
    const done = new Set(
      (await sql`select version from supabase_migrations.schema_migrations`).map((r) =>
        r.version as string
      ),
    )
    const fresh = done.size === 0
    const applied: string[] = []
    for (const name of await listMigrations(migrationsDir)) {
      const version = name.split('_')[0]
      if (done.has(version)) continue
      const text = await Deno.readTextFile(join(migrationsDir, name))
      await runFile(sql, relative(ROOT, join(migrationsDir, name)), text)
      await sql`insert into supabase_migrations.schema_migrations (version, name, statements) values (${version}, ${
        name.replace(/^\d+_/, '').replace(/\.sql$/, '')
      }, ${[text]})`
      applied.push(name)
      log(`[migrate] applied ${name}`)
    }
    let seeded = false
    if ((opts.seed ?? true) && fresh) {
      for (const seedFile of seeds) {
        const text = await Deno.readTextFile(seedFile)
        const name = relative(ROOT, seedFile)
        await runFile(sql, name, text)
        const hash = Array.from(
          new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))),
        )
          .map((b) => b.toString(16).padStart(2, '0')).join('')
        await sql`insert into supabase_migrations.seed_files (path, hash) values (${
          relative(ROOT, seedFile)
        }, ${hash}) on conflict (path) do update set hash = excluded.hash`
        seeded = true
        log(`[migrate] seeded ${name}`)
      }
    }
    await sql`select pg_notify('pgrst', 'reload schema')`
    return { applied, seeded, fresh }
  } finally {
    await sql.end({ timeout: 5 })
  }
}
