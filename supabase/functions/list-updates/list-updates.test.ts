// deno-lint-ignore-file no-explicit-any -- JSON answers are checked field by field
import assert from 'node:assert/strict'
import {
  ANON_KEY,
  call,
  SERVICE_KEY,
  sql,
  SUPABASE_URL,
  test,
  uniqueEmail,
} from '../_shared/testing.ts'
import { monthlyParagraphs, ordinal, sendMonthly } from './handler.ts'

const asScheduler = (body: unknown) => call('list-updates', { token: SERVICE_KEY(), body })

/** A waiting applicant at Leigh Woods Meadows (site 3) who joined long ago (first in the queue). */
async function applicant(monthly: boolean) {
  const email = uniqueEmail('monthly')
  const [e] = await sql()`insert into public.waiting_list_entries
    (site_id, location, first_name, last_name, email, consent_privacy, joined_at, monthly_updates)
    values (3, 'x', 'Mona', 'Monthly', ${email}, true, now() - interval '30 years', ${monthly})
    returning id, reference`
  return { id: Number(e.id), reference: String(e.reference), email }
}

async function mailTo(email: string): Promise<any[]> {
  return (await sql()`select request from private.provider_calls
    where provider = 'email' and request ->> 'to' = ${email} order by id`).map((r: any) =>
    r.request
  )
}

test('ordinal: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 102nd, 111th', () => {
  assert.deepEqual(
    [1, 2, 3, 4, 11, 12, 13, 21, 102, 111].map(ordinal),
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '102nd', '111th'],
  )
})

test('the monthly words: moved from, still, no estimate yet', () => {
  const base = {
    entry_id: 1,
    period: '2025-02',
    reference: 'r',
    email: 'e@example.com',
    first_name: 'Mo',
    location: 'Leigh Woods Meadows',
    site_id: 3,
    list_length: 40,
  }
  const moved = monthlyParagraphs({
    ...base,
    queue_position: 14,
    previous_position: 19,
    estimated_wait_months: 6.4,
  })
  assert.ok(
    moved.includes(
      'You moved from 19th to 14th on the waiting list for Leigh Woods Meadows since last month.',
    ),
  )
  assert.ok(moved.some((p) => p.startsWith('Your estimated wait is now about 6 months.')))
  assert.ok(moved.some((p) => p.startsWith('How it is worked out:')))
  const still = monthlyParagraphs({
    ...base,
    queue_position: 14,
    previous_position: 14,
    estimated_wait_months: null,
  })
  assert.ok(still.some((p) => p.startsWith('You are still 14th')))
  assert.ok(still.some((p) => p.startsWith('We cannot estimate your wait yet')))
})

test('only the service role drains: no key 401, the anon key 403, bad action 400', async () => {
  assert.equal(
    (await call('list-updates', { token: null, body: { action: 'monthly' } })).status,
    401,
  )
  assert.equal(
    (await call('list-updates', { token: ANON_KEY(), body: { action: 'monthly' } })).status,
    403,
  )
  assert.equal((await asScheduler({ action: 'everything' })).status, 400)
  assert.equal((await call('list-updates', { method: 'GET', token: SERVICE_KEY() })).status, 405)
})

test('the monthly run: one mail per opted-in applicant, moved from last month, links by reference', async () => {
  const on = await applicant(true)
  const off = await applicant(false)
  await sql()`insert into private.list_position_snapshots (entry_id, period, queue_position, list_length, taken_at)
    values (${on.id}, '2000-01', 19, 30, now() - interval '31 days')`
  const [{ n }] = await sql()`select private.run_monthly_list_updates('2000-02') as n`
  assert.ok(Number(n) >= 1)
  const r = await asScheduler({ action: 'monthly' })
  assert.equal(r.status, 200, r.text)
  assert.ok(r.json.sent >= 1)
  const [mail, ...more] = await mailTo(on.email)
  assert.equal(more.length, 0, 'one mail')
  assert.match(mail.subject, /^Your place on the Leigh Woods Meadows waiting list: 1st$/)
  assert.ok(
    mail.text.includes('You moved from 19th to 1st on the waiting list for Leigh Woods Meadows'),
    mail.text,
  )
  assert.ok(mail.text.includes('How it is worked out'))
  assert.ok(mail.text.includes(`/queue/ready?reference=${on.reference}`))
  assert.ok(mail.text.includes(`/functions/v1/list-updates/unsubscribe?reference=${on.reference}`))
  assert.deepEqual(await mailTo(off.email), [], 'nobody who did not opt in is mailed')
  const [claim] = await sql()`select sent_at from private.notification_outbox
    where kind = 'monthly_update' and entry_id = ${on.id} and period = '2000-02'`
  assert.ok(claim.sent_at, 'the claim is marked sent')
  assert.equal((await asScheduler({ action: 'monthly' })).status, 200)
  assert.equal((await mailTo(on.email)).length, 1, 'a second run sends nothing again')

  // The unsubscribe link works from the inbox: no key, no sign-in.
  const link = `${SUPABASE_URL()}/functions/v1/list-updates/unsubscribe?reference=${on.reference}`
  const res = await fetch(link, { redirect: 'manual' })
  await res.body?.cancel()
  assert.equal(res.status, 303)
  assert.match(
    res.headers.get('location') ?? '',
    new RegExp(`/queue/ready\\?reference=${on.reference}$`),
  )
  const [row] =
    await sql()`select monthly_updates from public.waiting_list_entries where id = ${on.id}`
  assert.equal(row.monthly_updates, false)
  const oneClick = await call('list-updates/unsubscribe', {
    token: null,
    query: { reference: on.reference },
    body: 'List-Unsubscribe=One-Click',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })
  assert.equal(oneClick.status, 200)
  assert.equal(oneClick.json.unsubscribed, true)
})

test('unsubscribe refuses what is not a reference', async () => {
  for (const reference of ['', 'x', '../../etc', "' or 1=1 --", 'a'.repeat(101)]) {
    const r = await call('list-updates/unsubscribe', { token: null, query: { reference } })
    assert.equal(r.status, 400, reference)
  }
})

test('closures: the withdrawn are told why, the moved where their place went', async () => {
  const gone = await applicant(false)
  const moved = await applicant(false)
  await sql()`insert into private.site_closure_notices (site_id, entry_id, outcome, reason)
    values (3, ${gone.id}, 'withdrawn', 'The landlord ended the lease.')`
  await sql()`insert into private.site_closure_notices (site_id, entry_id, outcome, moved_to_site_id)
    values (3, ${moved.id}, 'moved', 1)`
  const r = await asScheduler({ action: 'closures' })
  assert.equal(r.status, 200, r.text)
  assert.ok(r.json.sent >= 2)
  const [w] = await mailTo(gone.email)
  assert.equal(w.subject, 'Leigh Woods Meadows has closed')
  assert.ok(w.text.includes('The reason: The landlord ended the lease.'))
  const [m] = await mailTo(moved.email)
  assert.match(m.subject, /^Leigh Woods Meadows has closed: your place moved to /)
  assert.ok(m.text.includes('keeping the date you joined'))
  assert.ok(m.text.includes(`/queue/ready?reference=${moved.reference}`))
  const left = await sql()`select count(*)::int as n from private.site_closure_notices
    where entry_id in (${gone.id}, ${moved.id}) and sent_at is null`
  assert.equal(left[0].n, 0)
})

test('a run stops claiming once its time is up; what is left goes on the next run', async () => {
  for (let i = 0; i < 3; i++) await applicant(true)
  const sentSoFar = async () =>
    Number(
      (await sql()`select count(*) as n from private.notification_outbox
      where kind = 'monthly_update' and sent_at is not null`)[0].n,
    )
  const owed = async () =>
    Number(
      (await sql()`select count(*) as n from private.list_position_snapshots s
      join public.waiting_list_entries w on w.id = s.entry_id
      where w.monthly_updates and w.status = 'waiting' and s.period = '1999-07' and not exists (select 1 from private.notification_outbox n
        where n.kind = 'monthly_update' and n.entry_id = s.entry_id and n.period = s.period)`)[0].n,
    )
  await sql()`select private.run_monthly_list_updates('1999-07')`
  assert.ok(await owed() >= 3)
  const before = await sentSoFar()
  // No time left after the first claim: two mails, and the rest stay owed.
  const short = await (await sendMonthly({ limit: 2, budgetMs: 0 })).json()
  assert.deepEqual(short, { sent: 2, failed: 0 })
  assert.equal(await sentSoFar(), before + 2)
  assert.ok(await owed() >= 1)
  // With time, the next run claims a batch after another until nothing is owed.
  const rest = await (await sendMonthly({ limit: 2 })).json()
  assert.ok(rest.sent >= 1)
  assert.equal(await owed(), 0)
})
