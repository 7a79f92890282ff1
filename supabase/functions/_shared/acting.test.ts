// A function writing with the service role for a member of staff names them and itself in the
// audit log (adminClientFor); the same headers from a signed-in user count for nothing.
import assert from 'node:assert/strict'
import { createClient } from 'npm:@supabase/supabase-js@2'
import { actingHeaders, adminClientFor } from './supabase.ts'
import { ANON_KEY, sql, staff, SUPABASE_URL, test, tokenFor } from './testing.ts'

const lastEntry = async (id: number) =>
  (await sql()`select actor_id, actor_role, actor_email, via, changes from public.audit_log
    where table_name = 'courses' and row_id = ${String(id)} order by id desc limit 1`)[0]

test('a service-role write for a member of staff is recorded as theirs, through the function', async () => {
  const [official] =
    await sql()`select id, email from public.profiles where email = ${staff.official}`
  const [course] =
    await sql()`insert into public.courses (slug, title, published) values (${`acting-${crypto.randomUUID()}`}, 'Acting test', false) returning id`
  try {
    const db = adminClientFor('payments', official!.id)
    const { error } = await db.from('courses').update({ summary: 'Written for staff' }).eq(
      'id',
      course!.id,
    )
    assert.equal(error, null)
    const entry = await lastEntry(course!.id)
    assert.deepEqual({ ...entry, actor_id: String(entry!.actor_id) }, {
      actor_id: official!.id,
      actor_role: 'roots_official',
      actor_email: official!.email,
      via: 'payments',
      changes: { summary: { before: null, after: 'Written for staff' } },
    })

    const own = await adminClientFor('bookings', null).from('courses').update({
      summary: 'The function alone',
    }).eq('id', course!.id)
    assert.equal(own.error, null)
    const second = await lastEntry(course!.id)
    assert.deepEqual([second!.actor_id, second!.actor_role, second!.via], [
      null,
      'service_role',
      'bookings',
    ])

    // A signed-in admin sending the headers is recorded as themselves, with no function.
    const team = createClient(SUPABASE_URL(), ANON_KEY(), {
      auth: { persistSession: false, autoRefreshToken: false },
      global: {
        headers: {
          authorization: `Bearer ${await tokenFor(staff.team)}`,
          ...actingHeaders('payments', official!.id),
        },
      },
    })
    const forged = await team.from('courses').update({ summary: 'Claimed' }).eq('id', course!.id)
    assert.equal(forged.error, null)
    const third = await lastEntry(course!.id)
    assert.deepEqual([third!.actor_role, third!.via, third!.actor_email], [
      'roots_team',
      null,
      staff.team,
    ])
  } finally {
    await sql()`delete from public.courses where id = ${course!.id}`
  }
})

test('the headers take only a function name and a user id', () => {
  assert.deepEqual(actingHeaders('waiting-list-tools', null), {
    'x-roots-function': 'waiting-list-tools',
  })
  assert.throws(() => actingHeaders('Bad Name', null))
  assert.throws(() => actingHeaders('payments', 'not-a-uuid'))
})
