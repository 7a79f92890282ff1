// The storage schema as the platform gives it, checked as postgres (who runs migrations): the
// tables and helpers of Supabase Storage, RLS on with no policies of the platform's own (the app's
// buckets bring their policies in migrations), and what postgres may and may
// not do there, so that a migration behaves here as on Supabase.
import assert from 'node:assert/strict'
import { bucket, db, opts } from './helpers.ts'

Deno.test(
  'storage.buckets and storage.objects have RLS on, no policies, and the API roles granted',
  opts,
  async () => {
    const tables = await db()`
    select c.relname, c.relrowsecurity, pg_get_userbyid(c.relowner) as owner,
      (select count(*)::int from pg_policies p where p.schemaname = 'storage' and p.tablename = c.relname
        and p.policyname not like 'storage conformance%'
        -- the app's own migrations add policies for its buckets (images, inspection photos)
        and coalesce(p.qual, '') || coalesce(p.with_check, '') not like '%''images''%'
        and coalesce(p.qual, '') || coalesce(p.with_check, '') not like '%''inspection-photos''%') as policies
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'storage' and c.relname in ('buckets', 'objects') order by c.relname`
    assert.deepEqual(tables.map((t) => ({ ...t })), [
      { relname: 'buckets', relrowsecurity: true, owner: 'supabase_storage_admin', policies: 0 },
      { relname: 'objects', relrowsecurity: true, owner: 'supabase_storage_admin', policies: 0 },
    ])
    const [grants] = await db()`
    select bool_and(has_table_privilege(r, 'storage.objects', 'select, insert, update, delete')) as all_roles,
      has_table_privilege('postgres', 'storage.objects', 'insert with grant option') as postgres_grant_option,
      has_schema_privilege('postgres', 'storage', 'create') as postgres_creates,
      pg_has_role('postgres', 'supabase_storage_admin', 'member') as postgres_is_admin
    from unnest(array['anon', 'authenticated', 'service_role']) r`
    assert.deepEqual({ ...grants }, {
      all_roles: true,
      postgres_grant_option: true,
      postgres_creates: false,
      postgres_is_admin: false,
    })
  },
)

Deno.test('the path helpers split a name as policies use them', opts, async () => {
  const [row] =
    await db()`select storage.foldername('u1/photos/plot.png') as folders, storage.filename('u1/photos/plot.png') as file,
    storage.extension('u1/photos/plot.tar.gz') as ext, storage.foldername('top.png') as none`
  assert.deepEqual(row.folders, ['u1', 'photos'])
  assert.equal(row.file, 'plot.png')
  assert.equal(row.ext, 'gz')
  assert.deepEqual(row.none, [])
})

Deno.test(
  'postgres inserts buckets and manages policies on storage.objects, but cannot alter the table',
  opts,
  async () => {
    const id = `schema-${crypto.randomUUID().slice(0, 8)}`
    const policy = `storage conformance ${id}`
    await db().begin(async (tx) => {
      await tx`insert into storage.buckets (id, name, public) values (${id}, ${id}, true)`
      await tx.unsafe(
        `create policy "${policy}" on storage.objects for select to anon using (bucket_id = '${id}')`,
      )
      await tx.unsafe(
        `alter policy "${policy}" on storage.objects using (bucket_id = '${id}' and name like 'x%')`,
      )
      const [p] =
        await tx`select qual from pg_policies where schemaname = 'storage' and policyname = ${policy}`
      assert.match(p.qual, /x%/)
      await tx.unsafe(`drop policy "${policy}" on storage.objects`)
      // The policy command's rights end with it.
      const [member] =
        await tx`select pg_has_role('postgres', 'supabase_storage_admin', 'member') as m`
      assert.equal(member.m, false)
    })
    await assert.rejects(
      db().unsafe('alter table storage.objects enable row level security'),
      /must be owner of table objects/,
    )
    const [b] = await db()`select public from storage.buckets where id = ${id}`
    assert.equal(b.public, true)
  },
)

Deno.test('a DELETE outside the Storage API is refused, so no file is orphaned', opts, async () => {
  const id = await bucket('schema-delete')
  await assert.rejects(
    db()`delete from storage.buckets where id = ${id}`,
    /Direct deletion from storage tables is not allowed\. Use the Storage API instead\./,
  )
  const [b] = await db()`select count(*)::int as n from storage.buckets where id = ${id}`
  assert.equal(b.n, 1)
})
