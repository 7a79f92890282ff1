// The Database type's drift check (the types suite's): a migration that changes the schema makes
// the generated type differ from the checked-in file, and the check says to regenerate it.
import assert from 'node:assert/strict'
import { join } from 'node:path'
import postgres from 'postgres'
import { paths } from '../../config.ts'
import { listMigrations } from '../../migrate.ts'
import { databaseTypesDrift, readDatabaseTypes, typesFromMigrations } from '../../typegen.ts'
import { env } from './helpers.ts'

Deno.test('a migration that changes the schema makes the checked-in Database type out of date', async () => {
  const dir = await Deno.makeTempDir({ prefix: 'typegen-migrations-' })
  try {
    for (const name of await listMigrations()) {
      await Deno.copyFile(join(paths.migrations, name), join(dir, name))
    }
    await Deno.writeTextFile(
      join(dir, '99990101000000_typegen_probe.sql'),
      'create table public.typegen_probe (id int primary key, note text not null, seen_at timestamptz);\n',
    )
    const generated = await typesFromMigrations(dir)
    const probe = /\n {6}typegen_probe: \{\n {8}Row: \{\n([^}]*)\}/.exec(generated)
    assert.ok(probe, 'the new table is in the generated type')
    assert.deepEqual(probe[1].trim().split('\n').map((l) => l.trim()), [
      'id: number',
      'note: string',
      'seen_at: string | null',
    ])

    const drift = databaseTypesDrift(generated, await readDatabaseTypes())
    assert.ok(drift, 'the check fails')
    assert.match(drift, /^Database type is out of date: run npm run gen:types\n/)
    assert.match(
      drift,
      /database\.types\.ts:\d+\n {2}checked in: .*\n {2}schema: {5}\s*\S/,
      'it names the first line that differs',
    )
    assert.match(
      databaseTypesDrift(generated, null) ?? '',
      /^Database type is missing .*: run npm run gen:types$/,
    )
    assert.equal(
      databaseTypesDrift(generated, generated),
      null,
      'and passes when the file is what the schema generates',
    )
  } finally {
    await Deno.remove(dir, { recursive: true })
  }
})

// supabase/functions/_shared/common/database.ts lets every RPC argument be null: PostgREST passes
// a JSON null as SQL NULL, and a STRICT function would answer null without running its checks.
Deno.test('no function the API exposes is STRICT, so each decides what a null argument means', async () => {
  const sql = postgres(env('SUPABASE_DB_URL'), { max: 1, onnotice: () => {} })
  try {
    const strict =
      await sql`select p.proname from pg_proc p where p.pronamespace = 'public'::regnamespace and p.proisstrict order by 1`
    assert.deepEqual(strict.map((r) => r.proname), [])
    const all =
      await sql`select count(*)::int as n from pg_proc p where p.pronamespace = 'public'::regnamespace and p.prokind = 'f'`
    assert.ok(all[0]!.n > 10, 'the public schema has its functions')
  } finally {
    await sql.end()
  }
})
