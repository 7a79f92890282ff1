// Applies the platform bootstrap, then supabase/migrations in filename order, each in its own
// transaction and recorded in supabase_migrations.schema_migrations as the Supabase CLI does,
// then supabase/seed.sql on a fresh database.
import postgres from 'postgres'
import { basename, join, relative } from 'node:path'
import { existsSync } from 'node:fs'
import { paths, ROOT } from './config.ts'

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

async function runFile(sql: Sql, file: string, text: string, inTransaction = true) {
  try {
    if (inTransaction) await sql.begin((tx) => tx.unsafe(text))
    else await sql.unsafe(text)
  } catch (e) {
    const err = e as PgError
    const extra = [err.detail && `detail: ${err.detail}`, err.hint && `hint: ${err.hint}`, err.where && `where: ${err.where}`]
      .filter(Boolean).join('\n')
    throw new MigrationError(file, lineOf(text, err.position), err.message + (extra ? `\n${extra}` : ''))
  }
}

export async function listMigrations(dir = paths.migrations): Promise<string[]> {
  if (!existsSync(dir)) return []
  const names: string[] = []
  for await (const e of Deno.readDir(dir)) if (e.isFile && e.name.endsWith('.sql')) names.push(e.name)
  return names.sort()
}

export interface MigrateResult {
  applied: string[]
  seeded: boolean
}

/** Brings the database up to date. `seed` runs only when the database had no migrations yet. */
export interface MigrateOptions {
  seed?: boolean
  log?: (s: string) => void
  migrationsDir?: string
  seedFile?: string
}

export async function migrate(databaseUrl: string, opts: MigrateOptions = {}): Promise<MigrateResult> {
  const log = opts.log ?? ((s: string) => console.log(s))
  const migrationsDir = opts.migrationsDir ?? paths.migrations
  const seedFile = opts.seedFile ?? paths.seed
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} })
  try {
    await runFile(sql, 'stack/bootstrap.sql', await Deno.readTextFile(paths.bootstrapSql))
    await sql.unsafe(`
      create schema if not exists supabase_migrations;
      create table if not exists supabase_migrations.schema_migrations (version text primary key, statements text[], name text);
      create table if not exists supabase_migrations.seed_files (path text primary key, hash text not null);
    `)
    const done = new Set((await sql`select version from supabase_migrations.schema_migrations`).map((r) => r.version as string))
    const fresh = done.size === 0
    const applied: string[] = []
    for (const name of await listMigrations(migrationsDir)) {
      const version = name.split('_')[0]
      if (done.has(version)) continue
      const text = await Deno.readTextFile(join(migrationsDir, name))
      await runFile(sql, relative(ROOT, join(migrationsDir, name)), text)
      await sql`insert into supabase_migrations.schema_migrations (version, name, statements) values (${version}, ${name.replace(/^\d+_/, '').replace(/\.sql$/, '')}, ${[text]})`
      applied.push(name)
      log(`[migrate] applied ${name}`)
    }
    let seeded = false
    if ((opts.seed ?? true) && fresh && existsSync(seedFile)) {
      const text = await Deno.readTextFile(seedFile)
      await runFile(sql, 'supabase/seed.sql', text)
      const hash = Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))))
        .map((b) => b.toString(16).padStart(2, '0')).join('')
      await sql`insert into supabase_migrations.seed_files (path, hash) values (${basename(seedFile)}, ${hash}) on conflict (path) do update set hash = excluded.hash`
      seeded = true
      log('[migrate] seeded supabase/seed.sql')
    }
    await sql`select pg_notify('pgrst', 'reload schema')`
    return { applied, seeded }
  } finally {
    await sql.end({ timeout: 5 })
  }
}
