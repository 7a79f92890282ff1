// `npm run gen:schema`: the current schema, one file per area, in supabase/schemas/ (Supabase's
// declarative-schema folder). The migrations stay the source of truth; these files are what a
// reader opens to see what a table, view, function, trigger, policy or grant is now, since later
// migrations alter and re-create what the area migrations made.
//
// How: a throwaway database (as stack/typegen.ts builds one) gets the platform bootstrap, then
// supabase/migrations one file at a time, as `supabase db push` runs them; after each, `pg_dump --schema-only` of the schemas the
// project owns (public, private, and storage for the policies and buckets the migrations add) is
// read entry by entry. An entry belongs to the area of the migration after which it first appears
// (what the bootstrap already had is the platform's and is left out); later migrations that alter
// or re-create it do not move it. The final dump's text of each entry goes to its area's file, in
// pg_dump's order (a dependency order), so the same migrations give byte-identical files. The
// pg_cron jobs and Storage buckets the migrations create, which are rows rather than schema, are
// added to the area that first creates them. config.toml's `[db.migrations] schema_paths` lists
// the files in migration order, the order in which the Supabase CLI reads them (`supabase db
// diff`); the generator keeps that list. The drift test (stack/tests/platform/schema-drift.test.ts)
// regenerates everything and fails when a checked-in file differs.
import { join, relative } from 'node:path'
import postgres from 'postgres'
import { dbUrl, paths, ROOT } from './config.ts'
import { asRole, bootstrapPlatform, listMigrations } from './migrate.ts'
import { ensurePostgresInstalled, PostgresCluster, SUPERUSER } from './postgres.ts'
import { freePort } from './stack.ts'

export const SCHEMAS_DIR = join(ROOT, 'supabase', 'schemas')

/** The schemas dumped: what the project owns, and any schema a migration creates. Of `storage`
 *  (the platform's, from the bootstrap) only what the migrations add is kept. */
export const DUMPED_SCHEMAS = ['public', 'private', 'storage']

const PG_DUMP = '/usr/lib/postgresql/15/bin/pg_dump'

/** The area of a migration file: its name without the timestamp (`20250101000200_waiting_list.sql`
 *  → `waiting_list`). */
export const areaOf = (migration: string): string =>
  migration.replace(/^\d+_/, '').replace(/\.sql$/, '')

/** One pg_dump entry: the object it defines and its SQL. */
interface Entry {
  key: string
  header: string
  type: string
  body: string
}

const HEADER_RE = /^--\n-- (Name: (.*?); Type: (.*?); Schema: (.*?))(?:; Owner: (.*?))?\n--\n/gm

/**
 * A plain-format dump split into its entries, in pg_dump's order. What is not an entry is dropped:
 * the preamble of SETs (each area file carries its own), the version lines, pg_dump's per-run
 * `\restrict` key, and the table-access SETs pg_dump puts before the first table.
 */
export function parseDump(text: string): Entry[] {
  const entries: Entry[] = []
  const seen = new Map<string, number>()
  const done = text.indexOf('--\n-- PostgreSQL database dump complete')
  if (done !== -1) text = text.slice(0, done)
  const matches = [...text.matchAll(HEADER_RE)]
  matches.forEach((m, i) => {
    const end = i + 1 < matches.length ? matches[i + 1].index : text.length
    const body = text.slice(m.index + m[0].length, end)
      .split('\n')
      .filter((l) =>
        !/^\\(un)?restrict /.test(l) &&
        !/^SET default_(tablespace|table_access_method) = /.test(l)
      )
      .join('\n')
      .trim()
    const base = `${m[3]}\t${m[4]}\t${m[2]}\t${m[5] ?? ''}`
    const n = (seen.get(base) ?? 0) + 1
    seen.set(base, n)
    entries.push({ key: n === 1 ? base : `${base}\t${n}`, header: m[1], type: m[3], body })
  })
  return entries
}

/** The plain-format schema-only dump of `schemas`, owners left out (the migrations run as
 *  `postgres`, who owns everything they create). */
async function dumpSchema(databaseUrl: string, schemas: string[]): Promise<string> {
  const out = await new Deno.Command(PG_DUMP, {
    args: [
      '--schema-only',
      '--no-owner',
      ...schemas.flatMap((s) => ['--schema', s]),
      '--dbname',
      asRole(databaseUrl, SUPERUSER),
    ],
    clearEnv: true,
    env: { PATH: Deno.env.get('PATH') ?? '/usr/bin:/bin', PGCLIENTENCODING: 'UTF8' },
    stdout: 'piped',
    stderr: 'piped',
  }).output()
  const dec = new TextDecoder()
  if (out.code !== 0) throw new Error(`pg_dump failed:\n${dec.decode(out.stderr)}`)
  return dec.decode(out.stdout)
}

/** Rows the migrations create that define the platform's behaviour: pg_cron jobs and Storage
 *  buckets, each as the statement that makes it, keyed by name. */
async function platformRows(databaseUrl: string): Promise<Map<string, string>> {
  const sql = postgres(asRole(databaseUrl, SUPERUSER), { max: 1, onnotice: () => {} })
  try {
    const rows = new Map<string, string>()
    // pg_cron is in one database of a cluster (stack/bootstrap.sql): others have no jobs.
    const [{ cron }] = await sql<{ cron: boolean }[]>`
      select to_regclass('cron.job') is not null as cron`
    const jobs = cron
      ? await sql<{ jobname: string; stmt: string }[]>`
        select jobname, format('select cron.schedule(%L, %L, %L);', jobname, schedule, command) as stmt
        from cron.job where jobname is not null order by jobname`
      : []
    for (const j of jobs) rows.set(`JOB\t${j.jobname}`, j.stmt)
    const buckets = await sql<{ id: string; stmt: string }[]>`
      select id, format(
        e'insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)\n' ||
        e'values (%L, %L, %s, %s, %s)\non conflict (id) do nothing;',
        id, name, public::text, coalesce(file_size_limit::text, 'null'),
        coalesce(quote_literal(allowed_mime_types), 'null')) as stmt
      from storage.buckets order by id`
    for (const b of buckets) rows.set(`BUCKET\t${b.id}`, b.stmt)
    return rows
  } finally {
    await sql.end({ timeout: 5 })
  }
}

/** The schemas of a database, but Postgres's own. */
async function schemasOf(databaseUrl: string): Promise<string[]> {
  const sql = postgres(asRole(databaseUrl, SUPERUSER), { max: 1, onnotice: () => {} })
  try {
    const rows = await sql<{ nspname: string }[]>`
      select nspname from pg_namespace
      where nspname !~ '^pg_' and nspname <> 'information_schema' order by nspname`
    return rows.map((r) => r.nspname)
  } finally {
    await sql.end({ timeout: 5 })
  }
}

/** DUMPED_SCHEMAS and the schemas the migrations made (not in `platform`), sorted. */
async function ownSchemas(databaseUrl: string, platform: string[]): Promise<string[]> {
  const made = (await schemasOf(databaseUrl)).filter((s) => !platform.includes(s))
  return [...new Set([...DUMPED_SCHEMAS, ...made])].sort()
}

/** Every entry and row, keyed, with its text. */
async function snapshot(databaseUrl: string, schemas: string[]): Promise<Map<string, string>> {
  const all = new Map(parseDump(await dumpSchema(databaseUrl, schemas)).map((e) => [e.key, e.body]))
  for (const [key, stmt] of await platformRows(databaseUrl)) all.set(key, stmt)
  return all
}

/** The generated files: file name (`<area>.sql`) → text, in migration order. */
export type SchemaFiles = Map<string, string>

const SECTIONS: Record<string, string> = {
  SCHEMA: 'Schemas and types',
  TYPE: 'Schemas and types',
  DOMAIN: 'Schemas and types',
  FUNCTION: 'Functions',
  PROCEDURE: 'Functions',
  AGGREGATE: 'Functions',
  TABLE: 'Tables',
  SEQUENCE: 'Tables',
  'SEQUENCE OWNED BY': 'Tables',
  DEFAULT: 'Tables',
  CONSTRAINT: 'Tables',
  INDEX: 'Tables',
  'FK CONSTRAINT': 'Foreign keys',
  VIEW: 'Views',
  'MATERIALIZED VIEW': 'Views',
  TRIGGER: 'Triggers',
  'ROW SECURITY': 'Row-level security',
  POLICY: 'Row-level security',
  ACL: 'Grants',
  'DEFAULT ACL': 'Grants',
}

/** pg_dump's own session settings, which every file needs to be run by itself: no search path
 *  (every name is qualified), function bodies checked when called, not when created. */
const PREAMBLE = [
  "SET client_encoding = 'UTF8';",
  'SET standard_conforming_strings = on;',
  "SELECT pg_catalog.set_config('search_path', '', false);",
  'SET check_function_bodies = false;',
  'SET client_min_messages = warning;',
].join('\n')

/** The roles the platform's default privileges grant to (stack/bootstrap.sql, as on Supabase). */
const API_ROLES = 'anon, authenticated, service_role'

/**
 * pg_dump writes an object's privileges as changes from the built-in default (owner only, and
 * EXECUTE to PUBLIC for functions), but an object created under Supabase's default privileges
 * starts with grants to the API roles. So each grant entry first takes those back: the entry then
 * reads as the whole list of who may do what, and running the files gives the same privileges as
 * running the migrations.
 */
export function wholeAcl(body: string): string {
  const m =
    /^(?:GRANT|REVOKE) .*? ON (TABLE|SEQUENCE|FUNCTION|PROCEDURE) (.+?) (?:TO|FROM) [^;]+;$/m
      .exec(body)
  // Default privileges: the same, for what a role will create in a schema.
  const d =
    /^ALTER DEFAULT PRIVILEGES (FOR ROLE \S+(?: IN SCHEMA \S+)?) (?:GRANT|REVOKE) .*? ON (TABLES|SEQUENCES|FUNCTIONS|TYPES) /m
      .exec(body)
  const revokeAll = m
    ? `REVOKE ALL ON ${m[1]} ${m[2]} FROM`
    : d
    ? `ALTER DEFAULT PRIVILEGES ${d[1]} REVOKE ALL ON ${d[2]}  FROM`
    : null
  if (revokeAll === null) return body
  const fromPublic = `${revokeAll} PUBLIC;\n`
  if (body.startsWith(fromPublic)) {
    return `${revokeAll} PUBLIC, ${API_ROLES};\n${body.slice(fromPublic.length)}`
  }
  return `${revokeAll} ${API_ROLES};\n${body}`
}

function header(area: string, migration: string, schemas: string[]): string {
  return [
    `-- supabase/schemas/${area}.sql: GENERATED by \`npm run gen:schema\` (stack/schema-dump.ts). Do not edit.`,
    `--`,
    `-- The current definition of everything supabase/migrations/${migration}`,
    `-- first creates (area "${area}"), as the database holds it after every migration in`,
    `-- supabase/migrations: later migrations that alter or re-create these objects are applied here,`,
    `-- and what a later migration first creates is in that migration's area file. Made with`,
    `-- pg_dump --schema-only --no-owner (PostgreSQL 15) of schemas ${schemas.join(', ')}`,
    `-- (owner: postgres, who runs the migrations), in pg_dump's order; pg_cron jobs and Storage`,
    `-- buckets last. Change the schema with a new migration, then run \`npm run gen:schema\`;`,
    `-- stack/tests/platform/schema-drift.test.ts fails when this file is out of date.`,
  ].join('\n')
}

/** Functions named as pg_dump's grant and comment entries name them (with argument names) →
 *  as its function entries do (argument types only), qualified by schema. */
async function functionSignatures(
  databaseUrl: string,
  schemas: string[],
): Promise<Map<string, string>> {
  const sql = postgres(asRole(databaseUrl, SUPERUSER), { max: 1, onnotice: () => {} })
  try {
    // With no search path, as pg_dump runs, types are named as it names them.
    return await sql.begin(async (tx) => {
      await tx`select set_config('search_path', '', true)`
      const rows = await tx<{ named: string; typed: string }[]>`
        select n.nspname || '.' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as named,
               n.nspname || '.' || p.proname || '(' || oidvectortypes(p.proargtypes) || ')' as typed
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = any(${schemas})`
      return new Map(rows.map((r) => [r.named, r.typed]))
    })
  } finally {
    await sql.end({ timeout: 5 })
  }
}

/**
 * What describes another object rather than being one (its comment, its grants, row security
 * switched on, a column default) goes with that object: entry key → the key of the object's entry.
 * A later migration that comments on a column or grants on a table alters the table; it does not
 * move its description out of the table's area.
 */
function parentsOf(entries: Entry[], functions: Map<string, string>): Map<string, string> {
  const byName = new Map<string, string>()
  for (const e of entries) {
    const [type, schema, name] = e.key.split('\t')
    if (
      /^(TABLE|VIEW|MATERIALIZED VIEW|SEQUENCE|FUNCTION|PROCEDURE|TYPE|DOMAIN|SCHEMA)$/.test(type)
    ) {
      byName.set(`${schema}.${name}`, e.key)
    }
  }
  const parents = new Map<string, string>()
  for (const e of entries) {
    const [type, schema, name] = e.key.split('\t')
    let target: string | undefined
    if (type === 'ACL' || type === 'COMMENT') {
      const m =
        /^(TABLE|VIEW|MATERIALIZED VIEW|SEQUENCE|TYPE|DOMAIN|COLUMN|FUNCTION|PROCEDURE|SCHEMA) (.+)$/
          .exec(name)
      if (!m) continue
      if (m[1] === 'SCHEMA') target = `-.${m[2]}`
      else if (m[1] === 'COLUMN') target = `${schema}.${m[2].split('.')[0]}`
      else if (m[1] === 'FUNCTION' || m[1] === 'PROCEDURE') {
        const typed = functions.get(`${schema}.${m[2]}`)
        target = typed === undefined ? undefined : typed
      } else target = `${schema}.${m[2]}`
    } else if (type === 'ROW SECURITY' || type === 'SEQUENCE OWNED BY') {
      target = `${schema}.${name}`
    } else if (type === 'DEFAULT') {
      target = `${schema}.${name.split(' ')[0]}`
    }
    const parent = target === undefined ? undefined : byName.get(target)
    if (parent !== undefined && parent !== e.key) parents.set(e.key, parent)
  }
  return parents
}

/** What a build gives: the files, and the migrated database's entries (for the round trip). */
export interface SchemaBuild {
  files: SchemaFiles
  /** The schemas dumped (DUMPED_SCHEMAS and those the migrations made). */
  schemas: string[]
  migrated: Map<string, string>
}

/**
 * The files from a database with nothing but the bootstrap to come: applies the migrations of
 * `migrationsDir` one at a time, dumping after each, and renders the area files, in migration order
 * (config.toml's schema_paths).
 */
export async function schemaFromEmptyDatabase(
  databaseUrl: string,
  migrationsDir = paths.migrations,
): Promise<SchemaBuild> {
  // The bootstrap once, then each migration as `postgres` in a transaction of its own, as
  // `supabase db push` applies them to a new project. (Not migrate() per file: it runs the
  // bootstrap every time, which would grant again the default privileges the foundation takes back.)
  await bootstrapPlatform(databaseUrl)
  const sql = postgres(asRole(databaseUrl, 'postgres'), { max: 1, onnotice: () => {} })
  try {
    // The platform's entries as the bootstrap leaves them: left out unless a migration changes
    // them (the default privileges the foundation hardens), then they belong to that migration.
    const platformSchemas = await schemasOf(databaseUrl)
    const platform = await snapshot(databaseUrl, DUMPED_SCHEMAS)
    let schemas = DUMPED_SCHEMAS
    const areaOfKey = new Map<string, string>()
    const firstMigration = new Map<string, string>()
    const areas: string[] = []
    for (const name of await listMigrations(migrationsDir)) {
      const text = await Deno.readTextFile(join(migrationsDir, name))
      try {
        await sql.begin((tx) => tx.unsafe(text))
      } catch (e) {
        throw new Error(`${relative(ROOT, join(migrationsDir, name))}: ${(e as Error).message}`)
      }
      const area = areaOf(name)
      schemas = await ownSchemas(databaseUrl, platformSchemas)
      for (const [key, text] of await snapshot(databaseUrl, schemas)) {
        if (areaOfKey.has(key) || platform.get(key) === text) continue
        areaOfKey.set(key, area)
        if (!firstMigration.has(area)) firstMigration.set(area, name)
        if (!areas.includes(area)) areas.push(area)
      }
    }
    const entries = parseDump(await dumpSchema(databaseUrl, schemas))
    const parents = parentsOf(entries, await functionSignatures(databaseUrl, schemas))
    const areaOfEntry = (e: Entry) => {
      const parent = parents.get(e.key)
      return (parent && areaOfKey.get(parent)) ?? areaOfKey.get(e.key)
    }
    const rows = await platformRows(databaseUrl)
    const files: SchemaFiles = new Map()
    for (const area of areas) {
      const out: string[] = [header(area, firstMigration.get(area)!, schemas), '', PREAMBLE]
      let section = ''
      let written = 0
      for (const e of entries) {
        if (areaOfEntry(e) !== area) continue
        written++
        const s = SECTIONS[e.type] ?? (e.type === 'COMMENT' ? section : 'Other')
        if (s !== section) {
          out.push('', `-- ==== ${s} ====`)
          section = s
        }
        // A column's grants (Name: COLUMN t.c) come after its table's, which already start over.
        const whole = (e.type === 'ACL' && !e.header.startsWith('Name: COLUMN ')) ||
          e.type === 'DEFAULT ACL'
        out.push('', `-- ${e.header}`, '', whole ? wholeAcl(e.body) : e.body)
      }
      const own = [...rows].filter(([key]) => areaOfKey.get(key) === area)
      for (const [kind, title] of [['JOB', 'Scheduled jobs (pg_cron)'], ['BUCKET', 'Storage']]) {
        const mine = own.filter(([key]) => key.startsWith(`${kind}\t`))
        if (mine.length === 0) continue
        out.push('', `-- ==== ${title} ====`)
        for (const [, stmt] of mine) out.push('', stmt)
        written += mine.length
      }
      // An area whose migration only described or granted on older objects has no file.
      if (written > 0) files.set(`${area}.sql`, out.join('\n') + '\n')
    }
    return { files, schemas, migrated: await snapshot(databaseUrl, schemas) }
  } finally {
    await sql.end({ timeout: 5 })
  }
}

/**
 * The round trip `supabase db diff` makes: a new database with the bootstrap, the files run in
 * order as `postgres`, then dumped. Returns what differs from the migrated database (entry keys,
 * or the file that failed to run); empty when the declared schema is the migrations' schema.
 */
export async function declaredSchemaDifferences(
  databaseUrl: string,
  { files, schemas, migrated }: SchemaBuild,
): Promise<string[]> {
  await bootstrapPlatform(databaseUrl)
  const sql = postgres(asRole(databaseUrl, 'postgres'), { max: 1, onnotice: () => {} })
  try {
    for (const [name, text] of files) {
      try {
        await sql.begin((tx) => tx.unsafe(text))
      } catch (e) {
        return [`supabase/schemas/${name} does not run: ${(e as Error).message}`]
      }
    }
  } finally {
    await sql.end({ timeout: 5 })
  }
  const declared = await snapshot(databaseUrl, schemas)
  const differences: string[] = []
  for (const [key, text] of migrated) {
    const got = declared.get(key)
    if (got === undefined) differences.push(`missing: ${key.replaceAll('\t', ' ')}`)
    else if (got !== text) differences.push(`differs: ${key.replaceAll('\t', ' ')}`)
  }
  for (const key of declared.keys()) {
    if (!migrated.has(key)) differences.push(`extra: ${key.replaceAll('\t', ' ')}`)
  }
  return differences
}

/**
 * Builds a throwaway cluster, generates the files from supabase/migrations (or `migrationsDir`)
 * and removes the cluster. With `roundTrip`, also runs the files into a new database there and
 * says how its schema differs from the migrated one (see declaredSchemaDifferences).
 */
export async function schemaFromMigrations(
  migrationsDir = paths.migrations,
  { roundTrip = false } = {},
): Promise<{ files: SchemaFiles; differences: string[] | null }> {
  await ensurePostgresInstalled()
  const port = freePort()
  const cluster = new PostgresCluster({
    dir: join(paths.stackDir, `schema-${Deno.pid}`),
    port,
    ephemeral: true,
  })
  try {
    await cluster.start()
    const url = dbUrl(port)
    const build = await schemaFromEmptyDatabase(url, migrationsDir)
    if (!roundTrip) return { files: build.files, differences: null }
    // pg_cron lives in the database named `postgres` only: that one is made again, empty.
    const admin = postgres(asRole(url.replace(/\/postgres$/, '/template1'), SUPERUSER), {
      max: 1,
      onnotice: () => {},
    })
    try {
      await admin.unsafe('drop database postgres with (force)')
      await admin.unsafe('create database postgres')
    } finally {
      await admin.end({ timeout: 5 })
    }
    return { files: build.files, differences: await declaredSchemaDifferences(url, build) }
  } finally {
    await cluster.destroy()
  }
}

// ---- config.toml's [db.migrations] schema_paths ----

const SCHEMA_PATHS_RE = /^schema_paths = \[[^\]]*\]\n/m

/** config.toml with `schema_paths` listing the files in order (each on its own line). */
export function withSchemaPaths(configToml: string, files: string[]): string {
  const list = `schema_paths = [\n${files.map((f) => `  "./schemas/${f}",\n`).join('')}]\n`
  if (!SCHEMA_PATHS_RE.test(configToml)) {
    throw new Error(
      `${relative(ROOT, paths.configToml)} has no [db.migrations] schema_paths = [...] to keep`,
    )
  }
  return configToml.replace(SCHEMA_PATHS_RE, list)
}

// ---- reading, writing, comparing ----

/** The checked-in files of supabase/schemas (every .sql file there). */
export async function readSchemaFiles(dir = SCHEMAS_DIR): Promise<SchemaFiles> {
  const names: string[] = []
  try {
    for await (const e of Deno.readDir(dir)) {
      if (e.isFile && e.name.endsWith('.sql')) names.push(e.name)
    }
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e
  }
  const files: SchemaFiles = new Map()
  for (const name of names.sort()) files.set(name, await Deno.readTextFile(join(dir, name)))
  return files
}

const REGENERATE = 'run `npm run gen:schema` and commit supabase/schemas/ and supabase/config.toml'

/**
 * Why the checked-in files are not what the migrations generate, or null when they are: names the
 * file and its first differing line, and the command that brings them back in step.
 */
export function schemaDrift(
  generated: SchemaFiles,
  checkedIn: SchemaFiles,
  configToml: string,
): string | null {
  const problems: string[] = []
  const rel = (name: string) => relative(ROOT, join(SCHEMAS_DIR, name))
  for (const [name, want] of generated) {
    const have = checkedIn.get(name)
    if (have === undefined) {
      problems.push(`  ${rel(name)} is missing`)
      continue
    }
    if (have === want) continue
    const w = want.split('\n')
    const h = have.split('\n')
    const i = w.findIndex((line, n) => line !== h[n])
    const at = i === -1 ? w.length : i
    problems.push(
      `  ${rel(name)}:${at + 1}\n    checked in: ${h[at] ?? '(end of file)'}\n    migrations: ${
        w[at] ?? '(end of file)'
      }`,
    )
  }
  for (const name of checkedIn.keys()) {
    if (!generated.has(name)) problems.push(`  ${rel(name)} is not an area any migration creates`)
  }
  let wantToml: string | null = null
  try {
    wantToml = withSchemaPaths(configToml, [...generated.keys()])
  } catch (e) {
    problems.push(`  ${(e as Error).message}`)
  }
  if (wantToml !== null && wantToml !== configToml) {
    problems.push(
      `  ${relative(ROOT, paths.configToml)}: [db.migrations] schema_paths does not list ` +
        `${[...generated.keys()].join(', ')} in migration order`,
    )
  }
  if (problems.length === 0) return null
  return `supabase/schemas/ is out of date with supabase/migrations: ${REGENERATE}\n${
    problems.join('\n')
  }`
}

/** `npm run gen:schema`: writes supabase/schemas/ (removing area files no migration makes any
 *  more) and config.toml's schema_paths; says what changed. */
export async function writeSchemaFiles(): Promise<number> {
  const { files: generated, differences } = await schemaFromMigrations(undefined, {
    roundTrip: true,
  })
  const checkedIn = await readSchemaFiles()
  await Deno.mkdir(SCHEMAS_DIR, { recursive: true })
  let changed = 0
  for (const [name, text] of generated) {
    if (checkedIn.get(name) === text) continue
    await Deno.writeTextFile(join(SCHEMAS_DIR, name), text)
    console.log(`[gen:schema] wrote ${relative(ROOT, join(SCHEMAS_DIR, name))}`)
    changed++
  }
  for (const name of checkedIn.keys()) {
    if (generated.has(name)) continue
    await Deno.remove(join(SCHEMAS_DIR, name))
    console.log(`[gen:schema] removed ${relative(ROOT, join(SCHEMAS_DIR, name))}`)
    changed++
  }
  const toml = await Deno.readTextFile(paths.configToml)
  const wantToml = withSchemaPaths(toml, [...generated.keys()])
  if (wantToml !== toml) {
    await Deno.writeTextFile(paths.configToml, wantToml)
    console.log(`[gen:schema] updated [db.migrations] schema_paths in supabase/config.toml`)
    changed++
  }
  if (changed === 0) console.log(`[gen:schema] supabase/schemas/ is up to date`)
  if (differences && differences.length > 0) {
    console.error(
      `[gen:schema] the files, run in order on a new database, do not give the migrations' schema ` +
        `(supabase db diff would report a change):\n  ${differences.slice(0, 20).join('\n  ')}`,
    )
    return 1
  }
  return 0
}
