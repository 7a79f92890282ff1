// The rules both tiers share agree with the database that owns them, and no copy of them has
// come back: role names and who counts as an admin (public.roles, private.is_staff/is_admin),
// the phone pattern (private.valid_phone, which every phone constraint calls), a waiting-list
// entry's statuses (its check constraint) and why a membership may not be set up
// (private.membership_message).
import assert from 'node:assert/strict'
import { join } from 'node:path'
import { sql, test } from '../testing.ts'
import { PHONE_PATTERN } from './phone.ts'
import { ADMIN_ROLES, isAdminRole, ROLE_LABELS, STAFF_ROLES } from './roles.ts'
import { ENTRY_STATUSES } from './waiting-list.ts'
import { ACCESS_REASONS } from './membership-access.ts'

const ROOT = new URL('../../../../', import.meta.url).pathname

test('the staff roles and their labels are the ones public.roles holds', async () => {
  const rows = await sql()`select name, label from public.roles order by id`
  assert.deepEqual(rows.map((r) => r.name), [...STAFF_ROLES])
  assert.deepEqual(Object.fromEntries(rows.map((r) => [r.name, r.label])), ROLE_LABELS)
})

test('ADMIN_ROLES are exactly the roles private.is_admin() admits; every staff role is staff', async () => {
  for (const role of STAFF_ROLES) {
    const claims = JSON.stringify({
      sub: crypto.randomUUID(),
      role: 'authenticated',
      aal: 'aal2',
      app_metadata: { role },
    })
    const [row] = await sql().begin(async (tx) => {
      await tx`select set_config('request.jwt.claims', ${claims}, true)`
      return await tx`select private.staff_role() as role, private.is_staff() as staff, private.is_admin() as admin`
    })
    assert.deepEqual({ ...row }, { role, staff: true, admin: isAdminRole(role) }, role)
  }
  assert.deepEqual([...ADMIN_ROLES].sort(), STAFF_ROLES.filter((r) => r !== 'patch_manager').sort())
})

const PHONES = [
  '07700 900123',
  '+44 7700 900123',
  '(01225) 000-001',
  '123456',
  '12345',
  '1234567',
  '+123456',
  '+12345',
  '1'.repeat(20),
  '1'.repeat(21),
  '+' + '1'.repeat(20),
  '+' + '1'.repeat(21),
  '      ',
  '------',
  'call me',
  '07700 900123 ext 4',
  '++447700900123',
  '0770.090.0123',
  '',
  '+',
  '07700\n900123',
  '٠٧٧٠٠٩٠٠١٢٣',
]

test('PHONE_PATTERN and private.valid_phone accept and refuse the same numbers', async () => {
  for (const phone of PHONES) {
    const [{ ok }] = await sql()`select private.valid_phone(${phone}) as ok`
    assert.equal(ok, PHONE_PATTERN.test(phone), JSON.stringify(phone))
  }
})

test('every phone constraint calls private.valid_phone rather than a pattern of its own', async () => {
  const rows = await sql()`
    select c.conrelid::regclass::text as tbl, c.conname, pg_get_constraintdef(c.oid) as def
    from pg_constraint c join pg_namespace n on n.oid = c.connamespace
    where c.contype = 'c' and n.nspname in ('public', 'private') and pg_get_constraintdef(c.oid) ilike '%phone%'`
  assert.ok(
    rows.length >= 4,
    'profiles, waiting-list entries, pre-registrations and land offers check phones',
  )
  for (const r of rows) {
    assert.match(r.def, /private\.valid_phone\(/, `${r.tbl}.${r.conname}: ${r.def}`)
  }
})

test('ENTRY_STATUSES are the statuses the check on waiting_list_entries.status allows', async () => {
  const [row] = await sql()`
    select pg_get_constraintdef(c.oid) as def from pg_constraint c
    where c.conrelid = 'public.waiting_list_entries'::regclass and c.contype = 'c'
      and pg_get_constraintdef(c.oid) like '%status%'`
  const allowed = [...String(row?.def).matchAll(/'([a-z_]+)'/g)].map((m) => m[1])
  assert.deepEqual(allowed, [...ENTRY_STATUSES])
})

test('ACCESS_REASONS: the refusals are exactly those private.membership_message explains', async () => {
  const rows = await sql()`
    select r, private.membership_message(r) is not null as explained
    from unnest(${[...ACCESS_REASONS, 'no_such_reason']}::text[]) r`
  assert.deepEqual(
    rows.filter((r) => r.explained).map((r) => r.r),
    ACCESS_REASONS.filter((r) => r !== 'open' && r !== 'offer'),
  )
})

async function* sources(dir: string): AsyncGenerator<string> {
  for await (const e of Deno.readDir(dir)) {
    const p = join(dir, e.name)
    if (e.isDirectory && !['node_modules', 'dist', 'common'].includes(e.name)) yield* sources(p)
    else if (e.isFile && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) yield p
  }
}

test('no source outside _shared/common writes the role lists, the phone pattern, the entry statuses or the access reasons again', async () => {
  const copies: string[] = []
  for (const dir of ['web/src', 'supabase/functions', 'stack', 'e2e']) {
    for await (const file of sources(join(ROOT, dir))) {
      const text = await Deno.readTextFile(file)
      if (/['"]roots_official['"],\s*['"]roots_team['"]/.test(text)) {
        copies.push(`${file}: a role list (use @common/roles)`)
      }
      if (text.includes('/^\\+?[0-9 ()-]{')) {
        copies.push(`${file}: the phone pattern (use @common/phone)`)
      }
      if (
        /['"]declined['"],\s*['"]expired['"],\s*['"]withdrawn['"],\s*['"]removed['"]/.test(text)
      ) {
        copies.push(`${file}: the entry statuses (use @common/waiting-list)`)
      }
      if (/['"]already_member['"]\s*[|,]\s*['"]offer_unanswered['"]/.test(text)) {
        copies.push(`${file}: the membership access reasons (use @common/membership-access)`)
      }
    }
  }
  assert.deepEqual(copies, [])
})
