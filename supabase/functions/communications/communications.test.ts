import assert from 'node:assert/strict'
import {
  call,
  errorCode,
  fillList,
  newSite,
  sql,
  staff,
  test,
  tokenFor,
} from '../_shared/testing.ts'

async function entries(siteId: number, n: number) {
  const tag = crypto.randomUUID().slice(0, 8)
  const ids: number[] = []
  for (let i = 0; i < n; i++) {
    const [e] =
      await sql()`insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy)
      values (${siteId}, 'x', ${'Comms' + i}, ${
        '<b>' + tag
      }, ${`comms${i}.${tag}@example.com`}, true) returning id`
    ids.push(Number(e.id))
  }
  return ids
}
const send = async (body: Record<string, unknown>, who: string | null = staff.team) =>
  call('communications', { body, token: who ? await tokenFor(who) : undefined })

test('a template to chosen applicants: merged, rendered to HTML and text, sent and logged with the sender', async () => {
  const ids = await entries(3, 2)
  const r = await send({ template_id: 1, entry_ids: ids, fields: { respond_by: '1 March' } })
  assert.equal(r.status, 200, r.text)
  assert.deepEqual(r.json, { sent: 2, failed: 0, recipients: 2, repeated: false })
  const [e0] =
    await sql()`select email, last_name from public.waiting_list_entries where id = ${ids[0]!}`
  const [mail] =
    await sql()`select request from private.provider_calls where provider = 'email' and request ->> 'to' = ${e0.email}`
  assert.equal(mail.request.subject, 'A plot is ready for you at Leigh Woods Meadows')
  assert.match(
    mail.request.text,
    /^Hello Comms0, a plot at Leigh Woods Meadows is yours if you want it\. Please reply by 1 March\.$/,
  )
  assert.match(mail.request.html, /<p>Hello Comms0, a plot at Leigh Woods Meadows/)
  const logs =
    await sql()`select template_id, entry_id, sent_by, status from public.message_log where entry_id in ${
      sql()(ids)
    }`
  assert.equal(logs.length, 2)
  for (const l of logs) {
    assert.deepEqual([l.template_id, l.sent_by, l.status], [
      '1',
      '00000000-0000-4000-a000-000000000002',
      'sent',
    ])
  }
})

test('a whole site list by status; preview sends nothing', async () => {
  const tag = crypto.randomUUID().slice(0, 8)
  const siteId = await newSite('Mail', tag)
  const ids = await entries(siteId, 3)
  await sql()`update public.waiting_list_entries set status = 'withdrawn' where id = ${ids[2]!}`
  const preview = await send({ template_id: 2, site_id: siteId, preview: true })
  assert.equal(preview.status, 200, preview.text)
  assert.equal(preview.json.recipients, 2)
  assert.equal(preview.json.preview.subject, `Are you still waiting for a plot at Mail ${tag}?`)
  assert.match(preview.json.preview.html, /&lt;b&gt;|Hello Comms0/)
  assert.equal(
    (await sql()`select count(*)::int as n from public.message_log where site_id = ${siteId}`)[0]
      .n,
    0,
  )
  const r = await send({ template_id: 2, site_id: siteId })
  assert.deepEqual(r.json, { sent: 2, failed: 0, recipients: 2, repeated: false })
})

test('who may send: a patch manager to their sites only; members and anon refused', async () => {
  const mine = await entries(1, 1)
  const theirs = await entries(3, 1)
  assert.equal((await send({ template_id: 1, entry_ids: mine }, staff.patch)).status, 200)
  const hidden = await send({ template_id: 1, entry_ids: theirs }, staff.patch)
  assert.equal(hidden.status, 404, 'entries of other sites are invisible to them')
  assert.equal((await send({ template_id: 1, site_id: 3 }, staff.patch)).status, 403)
  const member = await send({ template_id: 1, entry_ids: mine }, staff.member)
  assert.equal(member.status, 403)
  assert.equal(errorCode(member), 'forbidden')
  assert.equal((await send({ template_id: 1, entry_ids: mine }, null)).status, 401)
  assert.equal(
    (await call('communications', { body: { template_id: 1, entry_ids: mine }, token: null }))
      .status,
    401,
  )
})

test('unknown template 404, SMS template 409, bad bodies 400', async () => {
  const ids = await entries(3, 1)
  assert.equal((await send({ template_id: 999999, entry_ids: ids })).status, 404)
  assert.equal((await send({ template_id: 3, entry_ids: ids })).status, 409)
  for (
    const body of [
      { template_id: 1 },
      { template_id: 1, entry_ids: ids, site_id: 3 },
      { template_id: 1, entry_ids: [] },
      { template_id: 1, site_id: 3, statuses: ['gone'] },
      { template_id: 1, site_id: 3, fields: { 'Bad-Name': 'x' } },
    ]
  ) {
    const r = await send(body)
    assert.equal(r.status, 400, JSON.stringify(body))
  }
})

test('the same Idempotency-Key sends once and returns the first result', async () => {
  const ids = await entries(3, 2)
  const token = await tokenFor(staff.official)
  const key = `comms-${crypto.randomUUID()}`
  const body = { template_id: 1, entry_ids: ids }
  const first = await call('communications', { body, token, headers: { 'idempotency-key': key } })
  assert.deepEqual(first.json, { sent: 2, failed: 0, recipients: 2, repeated: false })
  const again = await call('communications', { body, token, headers: { 'idempotency-key': key } })
  assert.deepEqual(again.json, { sent: 2, failed: 0, recipients: 2, repeated: true })
  const [{ n }] = await sql()`select count(*)::int as n from public.message_log where entry_id in ${
    sql()(ids)
  }`
  assert.equal(n, 2, 'nothing sent twice')
  const short = await call('communications', {
    body,
    token,
    headers: { 'idempotency-key': 'short' },
  })
  assert.equal(short.status, 400)
})

test('a site list longer than 1,000 is refused with its count, preview included: never mailed in part', async () => {
  const tag = crypto.randomUUID().slice(0, 8)
  const siteId = await newSite('Big', tag)
  await fillList(siteId, 1001, 'Many', tag)
  for (const preview of [true, false]) {
    const r = await send({ template_id: 2, site_id: siteId, preview })
    assert.equal(r.status, 409, r.text)
    assert.equal(errorCode(r), 'too_many_recipients')
    assert.match(r.json.error.message, /^This list has 1,001 applicants with these statuses\. /)
    assert.deepEqual(r.json.error.details, { recipients: 1001, limit: 1000 })
  }
  const [logged] =
    await sql()`select count(*)::int as n from public.message_log where site_id = ${siteId}`
  assert.equal(logged.n, 0)
  // One fewer is sent as before.
  await sql()`update public.waiting_list_entries set status = 'withdrawn'
    where id = (select max(id) from public.waiting_list_entries where site_id = ${siteId})`
  const preview = await send({ template_id: 2, site_id: siteId, preview: true })
  assert.equal(preview.status, 200, preview.text)
  assert.equal(preview.json.recipients, 1000)
})
