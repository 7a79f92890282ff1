import assert from 'node:assert/strict'
import { call, errorCode, sql, staff, test, tokenFor, uniqueEmail } from '../_shared/testing.ts'

const mails = (email: string, tag: string) =>
  sql()`select request from private.provider_calls where provider = 'email' and request ->> 'to' = ${email} and request ->> 'tag' = ${tag} order by id`

async function applicant() {
  const email = uniqueEmail('rights')
  const [site] =
    await sql()`select id, location from public.global_sites where status in ('open', 'active') order by id limit 1`
  const [row] =
    await sql()`insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy)
    values (${site.id}, ${site.location}, 'Rita', 'Rights', ${email}, true) returning id, reference`
  return { email, id: Number(row.id), reference: row.reference as string }
}

test('a request by reference is acknowledged by e-mail once; asking again is a clear 409', async () => {
  const a = await applicant()
  const first = await call('data-rights', { body: { action: 'request', reference: a.reference } })
  assert.equal(first.status, 201, first.text)
  assert.ok(first.json.id > 0)
  const [ack, ...more] = await mails(a.email, 'data-erasure-received')
  assert.equal(more.length, 0)
  assert.match(ack.request.text, /HMRC/)
  const again = await call('data-rights', { body: { action: 'request', reference: a.reference } })
  assert.equal(again.status, 409, again.text)
  assert.equal(errorCode(again), 'conflict')
  assert.match(again.json.error.message, /already asked/)
  const unknown = await call('data-rights', {
    body: { action: 'request', reference: '0123456789abcdef0123456789abcdef' },
  })
  assert.equal(unknown.status, 404, unknown.text)
  const none = await call('data-rights', { body: { action: 'request' } })
  assert.equal(none.status, 403, none.text)
})

test('only admins complete; the notice goes to the address before it is erased, then it is gone', async () => {
  const a = await applicant()
  const asked = await call('data-rights', { body: { action: 'request', reference: a.reference } })
  assert.equal(asked.status, 201, asked.text)
  const id = asked.json.id as number
  const body = { action: 'complete', request_id: id }
  assert.equal((await call('data-rights', { body })).status, 401)
  const pm = await call('data-rights', { body, token: await tokenFor(staff.patch) })
  assert.equal(pm.status, 403, pm.text)
  const member = await call('data-rights', { body, token: await tokenFor(staff.member) })
  assert.equal(member.status, 403, member.text)
  const admin = await tokenFor(staff.official)
  const done = await call('data-rights', { body, token: admin })
  assert.equal(done.status, 200, done.text)
  assert.equal(done.json.summary.waiting_list_entries, 1)
  const [notice] = await mails(a.email, 'data-erasure-completed')
  assert.ok(notice, 'the completion notice went to the address the person had')
  const [entry] =
    await sql()`select first_name, email, status from public.waiting_list_entries where id = ${a.id}`
  assert.equal(entry.first_name, 'Erased')
  assert.equal(entry.status, 'withdrawn')
  assert.notEqual(entry.email, a.email)
  const [left] =
    await sql()`select count(*)::int as n from private.data_rights_notices where request_id = ${id} and email is not null`
  assert.equal(left.n, 0, 'no notice keeps the address once sent')
  const [logged] =
    await sql()`select count(*)::int as n from public.message_log where lower(recipient) = ${a.email}`
  assert.equal(logged.n, 0, 'the message log does not keep it either')
  const twice = await call('data-rights', { body, token: admin })
  assert.equal(twice.status, 409, twice.text)
  const missing = await call('data-rights', {
    body: { action: 'complete', request_id: 2147483647 },
    token: admin,
  })
  assert.equal(missing.status, 404, missing.text)
})

test('the drain is for the scheduler and admins only', async () => {
  const anon = await call('data-rights', { body: { action: 'notify' } })
  assert.equal(anon.status, 401, anon.text)
  const admin = await call('data-rights', {
    body: { action: 'notify' },
    token: await tokenFor(staff.official),
  })
  assert.equal(admin.status, 200, admin.text)
  assert.equal(typeof admin.json.notified, 'number')
})
