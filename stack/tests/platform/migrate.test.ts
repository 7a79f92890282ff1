// The migration runner: filename order, one transaction per file, the CLI's bookkeeping, seed on
// a fresh database only, and failures that name file, line and Postgres' message.
import assert from 'node:assert/strict'
import { join } from 'node:path'
import postgres from 'postgres'
import { migrate, MigrationError, seedFiles } from '../../migrate.ts'
import { scratchDatabase } from './helpers.ts'

async function tempDir(files: Record<string, string>): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: 'migrations-' })
  for (const [name, text] of Object.entries(files)) await Deno.writeTextFile(join(dir, name), text)
  return dir
}

const quiet = { log: () => {} }

Deno.test('applies migrations in filename order, records them, seeds once, then applies only new ones', async () => {
  const db = await scratchDatabase('mig_order')
  const sql = postgres(db.url, { max: 1, onnotice: () => {} })
  try {
    const dir = await tempDir({
      '20260102000000_second.sql': `insert into public.steps (name) values ('second');`,
      '20260101000000_first.sql':
        `create table public.steps (id serial primary key, name text not null); insert into public.steps (name) values ('first');`,
    })
    const seedDir = await tempDir({
      'seed.sql': `insert into public.steps (name) values ('seed');`,
    })
    const first = await migrate(db.url, {
      ...quiet,
      migrationsDir: dir,
      seedFile: join(seedDir, 'seed.sql'),
    })
    assert.deepEqual(first.applied, ['20260101000000_first.sql', '20260102000000_second.sql'])
    assert.equal(first.seeded, true)
    assert.deepEqual((await sql`select name from public.steps order by id`).map((r) => r.name), [
      'first',
      'second',
      'seed',
    ])
    const recorded =
      await sql`select version, name, array_length(statements, 1) as n from supabase_migrations.schema_migrations order by version`
    assert.deepEqual(recorded.map((r) => [r.version, r.name, r.n]), [
      ['20260101000000', 'first', 1],
      ['20260102000000', 'second', 1],
    ])

    await Deno.writeTextFile(
      join(dir, '20260103000000_third.sql'),
      `insert into public.steps (name) values ('third');`,
    )
    const second = await migrate(db.url, {
      ...quiet,
      migrationsDir: dir,
      seedFile: join(seedDir, 'seed.sql'),
    })
    assert.deepEqual(second.applied, ['20260103000000_third.sql'])
    assert.equal(second.seeded, false, 'the seed runs only on a fresh database')
    assert.deepEqual((await sql`select name from public.steps order by id`).map((r) => r.name), [
      'first',
      'second',
      'seed',
      'third',
    ])
  } finally {
    await sql.end()
    await db.drop()
  }
})

Deno.test('a failing migration stops with file, line and message, and leaves nothing of itself behind', async () => {
  const db = await scratchDatabase('mig_fail')
  const sql = postgres(db.url, { max: 1, onnotice: () => {} })
  try {
    const dir = await tempDir({
      '20260101000000_ok.sql': `create table public.kept (id int);`,
      '20260102000000_broken.sql':
        `create table public.half (id int);\n\ninsert into public.half values (1);\nselect * from public.no_such_table;\n`,
      '20260103000000_after.sql': `create table public.never (id int);`,
    })
    const err = await migrate(db.url, { ...quiet, migrationsDir: dir, seed: false }).then(
      () => null,
      (e) => e,
    )
    assert.ok(err instanceof MigrationError, 'a MigrationError')
    assert.match(err.file, /20260102000000_broken\.sql$/)
    assert.equal(err.line, 4)
    assert.match(err.pgMessage, /relation "public.no_such_table" does not exist/)
    assert.match(err.message, /20260102000000_broken\.sql:4: relation/)
    const tables =
      (await sql`select tablename from pg_tables where schemaname = 'public' order by 1`).map((r) =>
        r.tablename
      )
    assert.deepEqual(
      tables,
      ['kept'],
      'the broken file rolled back whole and later files did not run',
    )
    const versions = (await sql`select version from supabase_migrations.schema_migrations`).map((
      r,
    ) => r.version)
    assert.deepEqual(versions, ['20260101000000'])
  } finally {
    await sql.end()
    await db.drop()
  }
})

Deno.test('the bootstrap gives Supabase roles, auth helpers and pgcrypto compatible with seed.sql', async () => {
  const db = await scratchDatabase('mig_boot')
  const sql = postgres(db.url, { max: 1, onnotice: () => {} })
  try {
    await migrate(db.url, { ...quiet, migrationsDir: await tempDir({}), seed: false })
    const roles =
      (await sql`select rolname from pg_roles where rolname in ('anon','authenticated','service_role','authenticator') order by 1`)
        .map((r) => r.rolname)
    assert.deepEqual(roles, ['anon', 'authenticated', 'authenticator', 'service_role'])
    const [{ ok }] =
      await sql`select extensions.crypt('pw', extensions.gen_salt('bf')) like '$2a$%' as ok`
    assert.equal(ok, true)
    const [claims] = await sql.begin(async (tx) => {
      await tx`select set_config('request.jwt.claims', ${
        JSON.stringify({
          sub: '7b0ef0a4-8c85-4c3c-9a4e-0f2d5f8ad001',
          role: 'authenticated',
          aal: 'aal2',
        })
      }, true)`
      return await tx`select auth.uid()::text as uid, auth.role() as role, auth.jwt()->>'aal' as aal`
    })
    assert.deepEqual({ ...claims }, {
      uid: '7b0ef0a4-8c85-4c3c-9a4e-0f2d5f8ad001',
      role: 'authenticated',
      aal: 'aal2',
    })
    const [{ rls }] =
      await sql`select bool_and(c.relrowsecurity) as rls from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'auth' and c.relkind = 'r'`
    assert.equal(rls, true, 'auth tables have RLS on, as on the platform')
    // Anonymous callers cannot read auth tables.
    const denied = await sql.begin(async (tx) => {
      await tx`set local role anon`
      await tx`select count(*) from auth.users`
      return 'allowed'
    }).catch((e) => e.code)
    assert.equal(denied, '42501')
  } finally {
    await sql.end()
    await db.drop()
  }
})

Deno.test('seed files come from config.toml in order, globs sorted, disabled means none', async () => {
  const dir = await tempDir({
    'seed.sql': '',
    'config.toml':
      '[db.seed]\nenabled = true\nsql_paths = ["./seed.sql", "./seeds/*.sql", "./missing.sql"]\n',
  })
  await Deno.mkdir(join(dir, 'seeds'))
  for (const name of ['20_b.sql', '10_a.sql', 'notes.txt']) {
    await Deno.writeTextFile(join(dir, 'seeds', name), '')
  }
  assert.deepEqual(seedFiles(join(dir, 'config.toml')), [
    join(dir, 'seed.sql'),
    join(dir, 'seeds', '10_a.sql'),
    join(dir, 'seeds', '20_b.sql'),
  ])
  await Deno.writeTextFile(
    join(dir, 'config.toml'),
    '[db.seed]\nenabled = false\nsql_paths = ["./seed.sql"]\n',
  )
  assert.deepEqual(seedFiles(join(dir, 'config.toml')), [])
  assert.deepEqual(
    seedFiles(join(dir, 'absent.toml')),
    [join(dir, 'seed.sql')],
    'the CLI default is ./seed.sql',
  )
})
