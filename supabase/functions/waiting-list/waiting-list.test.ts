// deno-lint-ignore-file no-explicit-any -- JSON answers are checked field by field
import assert from 'node:assert/strict'
import { call, errorCode, sql, test, uniqueEmail, withBackendDown } from '../_shared/testing.ts'
import { handler } from './handler.ts'

const person = (email = uniqueEmail()) => ({
  first_name: 'Ada',
  last_name: 'Grower',
  email,
  consent_privacy: true,
})
const join = (body: Record<string, unknown>) => call('waiting-list', { body })
const mailsTo = (email: string) =>
  sql()`select request from private.provider_calls where provider = 'email' and lower(request ->> 'to') = ${email} order by id`
/** The private reference of the live entry for `email`: only the e-mail carries it. */
const referenceOf = async (email: string, table = 'waiting_list_entries') =>
  (await sql()`select reference from ${
    sql()(table)
  } where email_normalised = ${email.trim().toLowerCase()}`)[0]?.reference as string

test('joining an open site: an entry with consent, a confirmation with the reference and position link, logged', async () => {
  const email = uniqueEmail()
  const r = await join({
    kind: 'waiting_list',
    site: 'avon-views',
    ...person(email),
    phone: '07700 900123',
    postcode: 'BA1 6QE',
    consent_marketing: true,
  })
  assert.equal(r.status, 202, r.text)
  assert.deepEqual(r.json, {
    kind: 'waiting_list',
    location: 'Avon Views',
    confirmation_sent: true,
  })
  const reference = await referenceOf(email)
  assert.match(reference, /^[0-9a-f]{32}$/)
  const [e] = await sql()`select * from public.waiting_list_entries where reference = ${reference}`
  assert.equal(e.site_id, '2')
  assert.equal(e.status, 'waiting')
  assert.equal(e.consent_privacy, true)
  assert.equal(e.consent_marketing, true)
  assert.ok(e.consented_at)
  const mails = await mailsTo(email)
  assert.equal(mails.length, 1)
  assert.ok(mails[0].request.text.includes(reference))
  assert.match(mails[0].request.html, new RegExp(`/queue/ready\\?reference=${reference}"`))
  assert.equal(mails[0].request.tag, 'waiting-list-confirmation')
  const [log] = await sql()`select * from public.message_log where recipient = ${email}`
  assert.equal(log.status, 'sent')
  assert.equal(log.entry_id, e.id)
  const [out] = await sql()`select count(*)::int as n from _stack.outbox where recipient = ${email}`
  assert.equal(out.n, 1, 'local mail reaches the stack outbox')
})

test('the same person again (any case) gets no second entry; their reference is e-mailed, not returned', async () => {
  const email = uniqueEmail()
  const first = await join({ kind: 'waiting_list', site: 'tuckers-meadow', ...person(email) })
  assert.equal(first.status, 202)
  const reference = await referenceOf(email)
  const again = await join({
    kind: 'waiting_list',
    site: 'tuckers-meadow',
    ...person('  ' + email.toUpperCase() + ' '),
  })
  assert.equal(again.status, 202, again.text)
  assert.ok(!again.text.includes(reference))
  const [{ n }] =
    await sql()`select count(*)::int as n from public.waiting_list_entries where email_normalised = ${email}`
  assert.equal(n, 1)
  const mails = await mailsTo(email)
  assert.equal(mails.length, 2)
  assert.ok(
    mails[1].request.text.includes(reference),
    'the existing reference is sent to the address',
  )
})

test('a new address and one already on the list get the same answer; only the e-mails differ', async () => {
  for (
    const [kind, target] of [['waiting_list', { site: 'haigh-fields' }], ['pre_registration', {
      site: 'daffodil-views',
    }], ['general', { location: 'Exeter' }]] as const
  ) {
    const known = uniqueEmail(`${kind}-known`)
    await join({ kind, ...target, ...person(known) })
    const forKnown = await join({ kind, ...target, ...person(known) })
    const forNew = await join({ kind, ...target, ...person(uniqueEmail(`${kind}-new`)) })
    assert.equal(forKnown.status, forNew.status, kind)
    assert.deepEqual(forKnown.json, forNew.json, `${kind}: the same body`)
    assert.deepEqual(
      Object.keys(forNew.json).sort(),
      ['confirmation_sent', 'kind', 'location'],
      `${kind}: no reference, no "created"`,
    )
    const [firstMail, repeatMail] = await mailsTo(known)
    assert.match(
      repeatMail.request.subject,
      /^Your reference for /,
      `${kind}: the inbox owner is told it was a repeat`,
    )
    assert.notEqual(firstMail.request.subject, repeatMail.request.subject)
  }
})

test('two joins with the same e-mail at once give one entry', async () => {
  const email = uniqueEmail()
  const rs = await Promise.all(
    [1, 2, 3].map(() => join({ kind: 'waiting_list', site: 'bowshaw-views', ...person(email) })),
  )
  assert.deepEqual(rs.map((r) => r.status), [202, 202, 202])
  const [{ n }] =
    await sql()`select count(*)::int as n from public.waiting_list_entries where email_normalised = ${email}`
  assert.equal(n, 1)
})

test('pre-registration for an upcoming site; duplicates and the wrong kind for a site are refused', async () => {
  const email = uniqueEmail()
  const r = await join({ kind: 'pre_registration', site: 'daffodil-views', ...person(email) })
  assert.equal(r.status, 202, r.text)
  const reference = await referenceOf(email, 'pre_registrations')
  const [mail] = await mailsTo(email)
  assert.match(mail.request.html, new RegExp(`/prereg/success\\?reference=${reference}"`))
  const [p] = await sql()`select * from public.pre_registrations where reference = ${reference}`
  assert.equal(p.site_id, '11')
  const again = await join({ kind: 'pre_registration', site: 'daffodil-views', ...person(email) })
  assert.equal(again.status, 202)
  const [{ n }] =
    await sql()`select count(*)::int as n from public.pre_registrations where email_normalised = ${email}`
  assert.equal(n, 1)
  const notOpen = await join({ kind: 'waiting_list', site: 'daffodil-views', ...person() })
  assert.equal(notOpen.status, 409)
  assert.equal(errorCode(notOpen), 'site_not_open')
  const open = await join({ kind: 'pre_registration', site: 'tuckers-meadow', ...person() })
  assert.equal(open.status, 409)
  assert.equal(errorCode(open), 'site_open')
  const unknown = await join({ kind: 'pre_registration', site: 'no-such-site', ...person() })
  assert.equal(unknown.status, 404)
  assert.equal(unknown.json.error.message, 'Page not found')
})

test('the general list for waiting-list-only places', async () => {
  const email = uniqueEmail()
  const r = await join({ kind: 'general', location: '  exeter ', ...person(email) })
  assert.equal(r.status, 202, r.text)
  assert.equal(r.json.location, 'Exeter')
  const [e] =
    await sql()`select site_id, location from public.waiting_list_entries where reference = ${await referenceOf(
      email,
    )}`
  assert.equal(e.site_id, null)
  assert.equal(e.location, 'Exeter')
  const unknown = await join({ kind: 'general', location: 'Atlantis', ...person() })
  assert.equal(unknown.status, 404)
})

test('bad input is 400 with the fields named', async () => {
  const noConsent = await join({
    kind: 'waiting_list',
    site: 'avon-views',
    ...person(),
    consent_privacy: false,
  })
  assert.equal(noConsent.status, 400)
  assert.equal(errorCode(noConsent), 'validation_failed')
  assert.deepEqual(noConsent.json.error.details.map((d: any) => d.path), ['consent_privacy'])
  const bad = await join({
    kind: 'waiting_list',
    site: 'avon-views',
    ...person('not-an-email'),
    postcode: 'nope',
    first_name: '',
  })
  assert.equal(bad.status, 400)
  assert.deepEqual(bad.json.error.details.map((d: any) => d.path).sort(), [
    'email',
    'first_name',
    'postcode',
  ])
  const extra = await join({
    kind: 'waiting_list',
    site: 'avon-views',
    ...person(),
    status: 'offered',
  })
  assert.equal(extra.status, 400)
  const kind = await join({ kind: 'vip', site: 'avon-views', ...person() })
  assert.equal(kind.status, 400)
  const cat = await join({
    kind: 'waiting_list',
    site: 'avon-views',
    ...person(),
    category_id: 999999,
  })
  assert.equal(cat.status, 400, 'an unknown category is bad input')
  const huge = await join({
    kind: 'waiting_list',
    site: 'avon-views',
    ...person(),
    category_id: 1e20,
  })
  assert.equal(huge.status, 400, 'a number beyond bigint is bad input, not an outage')
  const notJson = await call('waiting-list', {
    body: 'kind=general',
    headers: { 'content-type': 'text/plain' },
  })
  assert.equal(notJson.status, 415)
})

test('position by reference: queue place for an entry, the pre-registration, 404 and 400', async () => {
  const demo = await call('waiting-list', {
    query: { reference: 'demo-reference-tuckers-meadow-0001' },
  })
  assert.equal(demo.status, 200, demo.text)
  assert.equal(demo.json.kind, 'waiting_list')
  assert.equal(demo.json.location, 'Tuckers Meadow')
  assert.ok(Number(demo.json.queue_position) >= 1)
  assert.equal(demo.json.has_open_offer, false)
  assert.equal(demo.json.offer_token, null)
  const [{ pos }] =
    await sql()`select queue_position as pos from public.get_waiting_list_position('demo-reference-tuckers-meadow-0001')`
  assert.equal(Number(demo.json.queue_position), Number(pos))
  const preEmail = uniqueEmail()
  await join({ kind: 'pre_registration', site: 'nene-meadows', ...person(preEmail) })
  const prePos = await call('waiting-list', {
    query: { reference: await referenceOf(preEmail, 'pre_registrations') },
  })
  assert.equal(prePos.json.kind, 'pre_registration')
  assert.equal(prePos.json.location, 'Nene Meadows')
  const unknown = await call('waiting-list', {
    query: { reference: 'ffffffffffffffffffffffffffffffff' },
  })
  assert.equal(unknown.status, 404)
  const bad = await call('waiting-list', { query: { reference: '<script>' } })
  assert.equal(bad.status, 400)
})

test('withdrawing by reference; a second withdrawal is 404', async () => {
  const email = uniqueEmail()
  await join({ kind: 'waiting_list', site: 'avon-views', ...person(email) })
  const reference = await referenceOf(email)
  const w = await call('waiting-list', { body: { action: 'withdraw', reference } })
  assert.equal(w.status, 200, w.text)
  const [e] =
    await sql()`select status from public.waiting_list_entries where reference = ${reference}`
  assert.equal(e.status, 'withdrawn')
  const again = await call('waiting-list', { body: { action: 'withdraw', reference } })
  assert.equal(again.status, 404)
})

test('database outage → 502 and nothing written', async () => {
  const email = uniqueEmail()
  const res = await withBackendDown(() =>
    handler(
      new Request('http://x/waiting-list', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ kind: 'general', location: 'Exeter', ...person(email) }),
      }),
    )
  )
  assert.equal(res.status, 502)
  assert.equal((await res.json()).error.code, 'upstream_failed')
  const [{ n }] =
    await sql()`select count(*)::int as n from public.waiting_list_entries where email_normalised = ${email}`
  assert.equal(n, 0)
})

test("a join with someone else's address puts none of its words in their inbox and changes nothing", async () => {
  for (
    const [kind, site, table] of [['waiting_list', 'tuckers-meadow', 'waiting_list_entries'], [
      'pre_registration',
      'daffodil-views',
      'pre_registrations',
    ]] as const
  ) {
    const email = uniqueEmail(kind)
    const first = await join({ kind, site, ...person(email), phone: '07700 900123' })
    assert.equal(first.status, 202, first.text)
    const [before] = await sql()`select first_name, last_name, phone, postcode from ${
      sql()(table)
    } where email_normalised = ${email}`
    const stranger = {
      first_name: 'Visit evil example dot com',
      last_name: 'Click here now',
      email,
      phone: '01632 960000',
      postcode: 'SW1A 1AA',
      consent_privacy: true,
    }
    const again = await join({ kind, site, ...stranger })
    assert.equal(again.status, 202, again.text)
    const [after] = await sql()`select first_name, last_name, phone, postcode from ${
      sql()(table)
    } where email_normalised = ${email}`
    assert.deepEqual(after, before, `${kind}: the stored person is unchanged`)
    const mails = await mailsTo(email)
    assert.equal(mails.length, 2)
    const repeat = mails[1].request
    assert.match(repeat.text, /^Hello Ada,/m, `${kind}: greeted by the stored name`)
    for (const part of [repeat.text, repeat.html, repeat.subject]) {
      assert.ok(!/evil|Click here/i.test(part), `${kind}: nothing the stranger typed: ${part}`)
    }
  }
})

test('monthly updates: off unless asked for on joining; a repeated join does not turn them on', async () => {
  const quiet = uniqueEmail()
  assert.equal(
    (await join({ kind: 'waiting_list', site: 'avon-views', ...person(quiet) })).status,
    202,
  )
  const asked = uniqueEmail()
  const r = await join({
    kind: 'waiting_list',
    site: 'avon-views',
    ...person(asked),
    monthly_updates: true,
  })
  assert.equal(r.status, 202, r.text)
  const updates = async (email: string) =>
    (await sql()`select monthly_updates from public.waiting_list_entries
      where email_normalised = ${email} and status = 'waiting'`)[0].monthly_updates
  assert.equal(await updates(quiet), false)
  assert.equal(await updates(asked), true)
  await join({ kind: 'waiting_list', site: 'avon-views', ...person(quiet), monthly_updates: true })
  assert.equal(await updates(quiet), false, 'only a new entry takes the choice')
  const bad = await join({
    kind: 'waiting_list',
    site: 'avon-views',
    ...person(),
    monthly_updates: 'yes',
  })
  assert.equal(bad.status, 400)
})
