// deno-lint-ignore-file no-explicit-any -- JSON answers are checked field by field
import assert from 'node:assert/strict'
import { call, errorCode, SERVICE_KEY, sql, staff, test, tokenFor } from '../_shared/testing.ts'

/** A fresh open site with `n` applicants in a known order (a0 first), managed by patch@. */
async function siteWithQueue(n: number, opts: { joinedDaysAgo?: number } = {}) {
  const tag = crypto.randomUUID().slice(0, 8)
  const [site] =
    await sql()`insert into public.global_sites (city, city_slug, location, slug, status)
    values ('Queueton', 'queueton', ${'Queue ' + tag}, ${'queue-' + tag}, 'open') returning id`
  const siteId = Number(site.id)
  const emails: string[] = []
  for (let i = 0; i < n; i++) {
    const email = `q${i}.${tag}@example.com`
    emails.push(email)
    await sql()`insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy, joined_at)
      values (${siteId}, 'x', ${'A' + i}, 'Queue', ${email}, true, now() - make_interval(days => ${
      (opts.joinedDaysAgo ?? 30) * 10 - i
    }))`
  }
  await sql()`insert into public.patch_manager_sites (user_id, site_id) values ('00000000-0000-4000-a000-000000000004', ${siteId})`
  return { siteId, emails, tag }
}

const process = async (body: Record<string, unknown>, who: string | null = staff.official) =>
  call('waiting-list-process', { body, token: who ? await tokenFor(who) : undefined })
const statusOf = async (email: string) =>
  (await sql()`select status from public.waiting_list_entries where email = ${email}`)[0]?.status
const key = () => `key-${crypto.randomUUID()}`
const offerMails = (email: string) =>
  sql()`select request from private.provider_calls where provider = 'email' and request ->> 'to' = ${email} and request ->> 'tag' = 'plot-offer'`
const tokenOf = async (email: string) =>
  (await sql()`select o.response_token from public.plot_offers o join public.waiting_list_entries e on e.id = o.entry_id where e.email = ${email} order by o.id desc limit 1`)[
    0
  ]!.response_token as string

test('offers go to the next N in queue order, with a deadline, e-mailed with accept and decline links, audited', async () => {
  const { siteId, emails } = await siteWithQueue(5)
  const r = await process({
    action: 'offer',
    site_id: siteId,
    count: 2,
    respond_days: 5,
    idempotency_key: key(),
  })
  assert.equal(r.status, 200, r.text)
  assert.equal(r.json.repeated, false)
  assert.equal(r.json.offers.length, 2)
  assert.equal(r.json.notified, 2)
  assert.deepEqual(await Promise.all(emails.map(statusOf)), [
    'offered',
    'offered',
    'waiting',
    'waiting',
    'waiting',
  ])
  const days = (new Date(r.json.offers[0].respond_by).getTime() - Date.now()) / 86_400_000
  assert.ok(days > 4.9 && days <= 5, `deadline in 5 days, got ${days}`)
  const [mail] = await offerMails(emails[0]!)
  const token = await tokenOf(emails[0]!)
  assert.ok(mail.request.text.includes(`offer=${token}&answer=accept`))
  assert.ok(mail.request.text.includes(`offer=${token}&answer=decline`))
  const [{ reference }] =
    await sql()`select reference from public.waiting_list_entries where email = ${emails[0]!}`
  const own = await call('waiting-list', { query: { reference } })
  assert.deepEqual([own.json.status, own.json.has_open_offer, own.json.offer_token], [
    'offered',
    true,
    token,
  ], 'the applicant sees the offer by reference')
  const audit =
    await sql()`select actor_id, actor_role from public.audit_log where table_name = 'plot_offers' and row_id = ${
      String(r.json.offers[0].offer_id)
    }`
  assert.equal(audit[0]?.actor_id, '00000000-0000-4000-a000-000000000001')
  assert.equal(audit[0]?.actor_role, 'roots_official')
})

test('the same idempotency key changes nothing twice (body or Idempotency-Key header)', async () => {
  const { siteId, emails } = await siteWithQueue(4)
  const k = key()
  const first = await process({ action: 'offer', site_id: siteId, count: 1, idempotency_key: k })
  const again = await call('waiting-list-process', {
    body: { action: 'offer', site_id: siteId, count: 1 },
    token: await tokenFor(staff.official),
    headers: { 'idempotency-key': k },
  })
  assert.equal(again.status, 200, again.text)
  assert.equal(again.json.repeated, true)
  assert.deepEqual(again.json.offers, first.json.offers)
  assert.equal(again.json.notified, 0)
  assert.deepEqual(await Promise.all(emails.map(statusOf)), [
    'offered',
    'waiting',
    'waiting',
    'waiting',
  ])
  assert.equal((await offerMails(emails[0]!)).length, 1, 'one e-mail')
  const noKey = await process({ action: 'offer', site_id: siteId, count: 1 })
  assert.equal(noKey.status, 400)
})

test('two processors at once never offer one applicant twice', async () => {
  const { siteId, emails } = await siteWithQueue(8)
  const token = await tokenFor(staff.official)
  const rs = await Promise.all(
    [1, 2].map(() =>
      call('waiting-list-process', {
        body: { action: 'offer', site_id: siteId, count: 3, idempotency_key: key() },
        token,
      })
    ),
  )
  for (const r of rs) assert.equal(r.status, 200, r.text)
  const entries = rs.flatMap((r) => r.json.offers.map((o: any) => o.entry_id))
  assert.equal(new Set(entries).size, entries.length, 'no applicant twice')
  assert.equal(entries.length, 6)
  const [{ n }] =
    await sql()`select count(*)::int as n from public.plot_offers where site_id = ${siteId}`
  assert.equal(n, 6)
  assert.deepEqual(
    (await Promise.all(emails.map(statusOf))).slice(0, 6),
    Array(6).fill('offered'),
    'the first six in queue order',
  )
  for (const e of emails.slice(0, 6)) {
    assert.equal((await offerMails(e)).length, 1, `${e} told exactly once`)
  }
  assert.equal(rs[0]!.json.notified + rs[1]!.json.notified, 6)
})

test("who may offer: admins and the site's patch manager; others 403; anon and signed-out 401", async () => {
  const { siteId } = await siteWithQueue(3)
  const patch = await process({
    action: 'offer',
    site_id: siteId,
    count: 1,
    idempotency_key: key(),
  }, staff.patch)
  assert.equal(patch.status, 200, patch.text)
  await sql()`delete from public.patch_manager_sites where site_id = ${siteId}`
  const notHis = await process({
    action: 'offer',
    site_id: siteId,
    count: 1,
    idempotency_key: key(),
  }, staff.patch)
  assert.equal(notHis.status, 403)
  assert.equal(errorCode(notHis), 'forbidden')
  const member = await process({
    action: 'offer',
    site_id: siteId,
    count: 1,
    idempotency_key: key(),
  }, staff.member)
  assert.equal(member.status, 403, 'signed in without a staff role')
  const anon = await process(
    { action: 'offer', site_id: siteId, count: 1, idempotency_key: key() },
    null,
  )
  assert.equal(anon.status, 401)
  const none = await call('waiting-list-process', { body: { action: 'expire' }, token: null })
  assert.equal(none.status, 401, 'verify_jwt: no token at all')
  const all = await process({ action: 'expire' }, staff.patch)
  assert.equal(all.status, 403, 'only admins expire every site')
})

test('accept and decline by token; a decline passes the place on; repeats change nothing', async () => {
  const { siteId, emails } = await siteWithQueue(3)
  await process({ action: 'offer', site_id: siteId, count: 2, idempotency_key: key() })
  const t0 = await tokenOf(emails[0]!)
  const t1 = await tokenOf(emails[1]!)
  const acc = await process({ action: 'respond', token: t0, accept: true }, null)
  assert.equal(acc.status, 200, acc.text)
  assert.equal(acc.json.status, 'accepted')
  assert.equal(await statusOf(emails[0]!), 'accepted')
  const accAgain = await process({ action: 'respond', token: t0, accept: true }, null)
  assert.equal(accAgain.status, 200)
  assert.equal(accAgain.json.repeated, true)
  const flip = await process({ action: 'respond', token: t0, accept: false }, null)
  assert.equal(flip.status, 409)
  const dec = await process({ action: 'respond', token: t1, accept: false }, null)
  assert.equal(dec.json.status, 'declined')
  assert.equal(dec.json.notified, 1)
  assert.equal(await statusOf(emails[1]!), 'declined')
  assert.equal(await statusOf(emails[2]!), 'offered', 'the next applicant is offered the place')
  assert.equal((await offerMails(emails[2]!)).length, 1)
  const unknown = await process({ action: 'respond', token: 'f'.repeat(32), accept: true }, null)
  assert.equal(unknown.status, 404)
  const bad = await process({ action: 'respond', token: 'nope', accept: 'yes' }, null)
  assert.equal(bad.status, 400)
})

test('expiry: unanswered offers expire and pass on (scheduled run as the service role); a rerun changes nothing', async () => {
  const { siteId, emails } = await siteWithQueue(3)
  await process({ action: 'offer', site_id: siteId, count: 1, idempotency_key: key() })
  await sql()`update public.plot_offers set offered_at = now() - interval '10 days', respond_by = now() - interval '1 day' where site_id = ${siteId}`
  const r = await call('waiting-list-process', { body: { action: 'expire' }, token: SERVICE_KEY() })
  assert.equal(r.status, 200, r.text)
  assert.ok(r.json.expired >= 1)
  assert.equal(await statusOf(emails[0]!), 'expired')
  assert.equal(await statusOf(emails[1]!), 'offered')
  assert.equal((await offerMails(emails[1]!)).length, 1, 'the next applicant is told')
  const [{ id: passedOn }] =
    await sql()`select o.id from public.plot_offers o join public.waiting_list_entries e on e.id = o.entry_id where e.email = ${emails[
      1
    ]!}`
  assert.ok(
    r.json.offered.map(Number).includes(Number(passedOn)),
    'the answer names the offers passed on',
  )
  const again = await process({ action: 'expire', site_id: siteId })
  assert.equal(again.json.expired, 0)
  assert.deepEqual(again.json.offered, [])
  assert.equal(await statusOf(emails[2]!), 'waiting')
  const late = await process(
    { action: 'respond', token: await tokenOf(emails[0]!), accept: true },
    null,
  )
  assert.equal(late.status, 409, 'an expired offer cannot be accepted')
})

test('yearly re-confirmation: asked once, confirmed by token, unanswered removed after the deadline', async () => {
  const { siteId, emails } = await siteWithQueue(3, { joinedDaysAgo: 60 })
  await sql()`update public.waiting_list_entries set joined_at = now() - interval '30 days' where email = ${emails[
    2
  ]!}`
  const r = await process({ action: 'reconfirm', site_id: siteId, respond_days: 14 })
  assert.equal(r.status, 200, r.text)
  assert.equal(r.json.requested, 2, 'only those waiting over a year')
  assert.equal(r.json.notified, 2)
  const again = await process({ action: 'reconfirm', site_id: siteId })
  assert.equal(again.json.requested, 0, 'not asked twice')
  const [req0] =
    await sql()`select r.token from private.reconfirmations r join public.waiting_list_entries e on e.id = r.entry_id where e.email = ${emails[
      0
    ]!}`
  const mail =
    (await sql()`select request from private.provider_calls where request ->> 'to' = ${emails[
      0
    ]!} and request ->> 'tag' = 'still-interested'`)[0]
  assert.ok(mail.request.text.includes(req0.token))
  const c = await process({ action: 'confirm', token: req0.token }, null)
  assert.equal(c.json.status, 'confirmed')
  assert.equal(
    (await process({ action: 'confirm', token: req0.token }, null)).json.status,
    'already_confirmed',
  )
  await sql()`update private.reconfirmations r set due_by = now() - interval '1 minute' from public.waiting_list_entries e where e.id = r.entry_id and e.site_id = ${siteId}`
  const rm = await process({ action: 'remove_unconfirmed', site_id: siteId })
  assert.equal(rm.json.removed, 1)
  assert.deepEqual(await Promise.all(emails.map(statusOf)), ['waiting', 'removed', 'waiting'])
  assert.equal((await process({ action: 'remove_unconfirmed', site_id: siteId })).json.removed, 0)
  const unknown = await process({ action: 'confirm', token: 'a'.repeat(32) }, null)
  assert.equal(unknown.status, 404)
})

test('bad bodies are 400: unknown action, out-of-range counts, extra fields', async () => {
  for (
    const body of [
      { action: 'nuke' },
      { action: 'offer', site_id: 1, count: 0, idempotency_key: key() },
      { action: 'offer', site_id: 1, count: 501, idempotency_key: key() },
      { action: 'expire', site_id: 'one' },
      { action: 'reconfirm', site_id: 1, respond_days: 3 },
      { action: 'confirm', token: 'x'.repeat(32), extra: 1 },
    ]
  ) {
    const r = await process(body)
    assert.equal(r.status, 400, JSON.stringify(body))
    assert.equal(errorCode(r), 'validation_failed')
  }
})

test('the offer outbox: offers made through the RPC (the admin page) are e-mailed once by notify', async () => {
  const { siteId, emails } = await siteWithQueue(3)
  await sql().begin(async (tx) => {
    await tx`select set_config('request.jwt.claims', '{"role":"service_role"}', true)`
    await tx`select public.make_plot_offers(${siteId}, 2, 7)`
  })
  assert.equal((await offerMails(emails[0]!)).length, 0)
  const r = await process({ action: 'notify', site_id: siteId }, staff.patch)
  assert.equal(r.status, 200, r.text)
  assert.equal(r.json.notified, 2)
  assert.equal((await offerMails(emails[0]!)).length, 1)
  assert.equal((await offerMails(emails[1]!)).length, 1)
  assert.equal(
    (await process({ action: 'notify', site_id: siteId })).json.notified,
    0,
    'nobody is told twice',
  )
  assert.equal(
    (await process({ action: 'notify' }, staff.patch)).status,
    403,
    'only admins notify every site',
  )
})
