// Members' self-service through the payments function: each change reaches the provider once
// (with the change's key) and the member's inbox once; a retry with the same key changes nothing
// more; rule breaks, strangers and bad input answer in the error shape with nothing changed; a
// change left pending is finished by the next request; a provider outage changes nothing.
import assert from 'node:assert/strict'
import { createClient } from 'npm:@supabase/supabase-js@2'
import {
  ANON_KEY,
  call,
  errorCode,
  SERVICE_KEY,
  sql,
  SUPABASE_URL,
  test,
  uniqueEmail,
} from '../_shared/testing.ts'
import { handler } from './handler.ts'

/** A signed-in member with an active monthly membership (billing on the 1st, started seven
 *  months ago) and a paid deposit at Tuckers Meadow. */
async function member(): Promise<{ email: string; token: string; id: number; userId: string }> {
  const email = uniqueEmail('selfserve')
  const admin = createClient(SUPABASE_URL(), SERVICE_KEY(), {
    auth: { persistSession: false, autoRefreshToken: false },
  })
  const created = await admin.auth.admin.createUser({
    email,
    password: 'grow-my-own',
    email_confirm: true,
  })
  assert.equal(created.error, null)
  const userId = created.data.user!.id
  const client = createClient(SUPABASE_URL(), ANON_KEY(), {
    auth: { persistSession: false, autoRefreshToken: false },
  })
  const { data, error } = await client.auth.signInWithPassword({ email, password: 'grow-my-own' })
  assert.equal(error, null)
  const [m] = await sql()`
    with mb as (insert into public.members (user_id, first_name, last_name, email)
      values (${userId}, 'Sam', 'Sower', ${email}) returning id)
    insert into public.memberships (member_id, site_id, plan_id, plot_number, start_date, status)
    select mb.id, s.id, 2, 'B7', (date_trunc('month', now() at time zone 'Europe/London') - interval '7 months')::date, 'active'
    from mb, public.global_sites s where s.slug = 'tuckers-meadow' returning id`
  await sql()`insert into public.deposits (user_id, email, site_id, amount_pence, status)
    select ${userId}, ${email}, id, 5000, 'paid' from public.global_sites where slug = 'tuckers-meadow'`
  return { email, token: data.session!.access_token, id: Number(m.id), userId }
}

const change = (token: string | null, key: string | null, body: unknown) =>
  call('payments/membership-change', {
    body,
    token,
    headers: key ? { 'idempotency-key': key } : {},
  })
const calls = (operation: string, membershipId: number) =>
  sql()`select request from private.provider_calls where provider = 'payments' and operation = ${operation}
    and request -> 'metadata' ->> 'membership_id' = ${String(membershipId)} order by id`
const mails = (to: string, tag: string) =>
  sql()`select request from private.provider_calls where provider = 'email' and request ->> 'to' = ${to}
    and request ->> 'tag' = ${tag} order by id`
const row = async (id: number) =>
  (await sql()`select status, paused_from::text, resumes_on::text, ends_on::text from public.memberships where id = ${id}`)[
    0
  ]
const next1st = () => {
  const d = new Date()
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1))
}
const iso = (d: Date) => d.toISOString().slice(0, 10)
const plusMonths = (d: Date, n: number) =>
  new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, d.getUTCDate()))

test('pause: the provider once, the e-mail once, a retry with the same key changes nothing more', async () => {
  const m = await member()
  const key = `pause-${crypto.randomUUID()}`
  const r = await change(m.token, key, { membership_id: m.id, action: 'pause', months: 2 })
  assert.equal(r.status, 201, JSON.stringify(r.json))
  assert.equal(r.json.change.status, 'applied')
  assert.equal(r.json.change.email, undefined, 'the answer does not echo the address')
  const starts = next1st()
  assert.deepEqual(await row(m.id), {
    status: 'active',
    paused_from: iso(starts),
    resumes_on: iso(plusMonths(starts, 2)),
    ends_on: null,
  })
  const pauses = await calls('subscription.pause', m.id)
  assert.equal(pauses.length, 1)
  assert.equal(pauses[0].request.idempotency_key, `membership-change-${r.json.change.id}`)
  assert.equal(pauses[0].request.pause_collection.behavior, 'void')
  assert.equal(
    pauses[0].request.pause_collection.resumes_at,
    plusMonths(starts, 2).getTime() / 1000,
  )
  const sent = await mails(m.email, 'membership-pause')
  assert.equal(sent.length, 1)
  assert.match(sent[0].request.text, /paused for 2 months/)
  assert.match(sent[0].request.text, /Plot B7 at Tuckers Meadow stays yours/)

  const again = await change(m.token, key, { membership_id: m.id, action: 'pause', months: 2 })
  assert.equal(again.status, 200)
  assert.equal(again.json.change.repeated, true)
  assert.equal(again.json.change.id, r.json.change.id)
  assert.equal((await calls('subscription.pause', m.id)).length, 1, 'no second provider call')
  assert.equal((await mails(m.email, 'membership-pause')).length, 1, 'no second e-mail')

  const twice = await change(m.token, `pause-${crypto.randomUUID()}`, {
    membership_id: m.id,
    action: 'pause',
    months: 1,
  })
  assert.equal(twice.status, 409)
  assert.equal(errorCode(twice), 'conflict')
  assert.match(twice.json.error.message, /^Billing is already paused from/)

  const cancel = await change(m.token, `cancel-${crypto.randomUUID()}`, {
    membership_id: m.id,
    action: 'cancel',
  })
  assert.equal(cancel.status, 409)
  assert.match(cancel.json.error.message, /Resume it first, then cancel\.$/)

  const resume = await change(m.token, `resume-${crypto.randomUUID()}`, {
    membership_id: m.id,
    action: 'resume',
  })
  assert.equal(resume.status, 201)
  assert.equal(resume.json.change.withdraws, true)
  assert.deepEqual(await row(m.id), {
    status: 'active',
    paused_from: null,
    resumes_on: null,
    ends_on: null,
  })
  assert.equal((await calls('subscription.resume', m.id)).length, 1)
  assert.match((await mails(m.email, 'membership-resume'))[0].request.text, /pause is withdrawn/)
})

test('cancel with notice and the deposit kept, then undone; each e-mailed', async () => {
  const m = await member()
  const r = await change(m.token, `cancel-${crypto.randomUUID()}`, {
    membership_id: m.id,
    action: 'cancel',
    reason: 'Moving to Leeds',
  })
  assert.equal(r.status, 201, JSON.stringify(r.json))
  const ends = new Date(plusMonths(next1st(), 1).getTime() - 86_400_000)
  assert.deepEqual(await row(m.id), {
    status: 'cancellation_requested',
    paused_from: null,
    resumes_on: null,
    ends_on: iso(ends),
  })
  assert.equal(r.json.change.deposit_refund_pence, 0)
  const [cancelCall] = await calls('subscription.cancel', m.id)
  assert.equal(
    cancelCall.request.cancel_at,
    plusMonths(next1st(), 1).getTime() / 1000,
    'the subscription ends when the notice month does',
  )
  assert.equal(cancelCall.request.proration_behavior, 'none')
  const [mail] = await mails(m.email, 'membership-cancel')
  assert.match(mail.request.text, /last payment of £29\.99/)
  assert.match(mail.request.text, /deposit of £50\.00 is not refunded/)

  const twice = await change(m.token, `cancel-${crypto.randomUUID()}`, {
    membership_id: m.id,
    action: 'cancel',
  })
  assert.equal(twice.status, 409)
  assert.match(twice.json.error.message, /^You have already cancelled/)
  const pause = await change(m.token, `pause-${crypto.randomUUID()}`, {
    membership_id: m.id,
    action: 'pause',
    months: 1,
  })
  assert.equal(pause.status, 409)

  const undo = await change(m.token, `undo-${crypto.randomUUID()}`, {
    membership_id: m.id,
    action: 'undo_cancel',
  })
  assert.equal(undo.status, 201)
  assert.deepEqual(await row(m.id), {
    status: 'active',
    paused_from: null,
    resumes_on: null,
    ends_on: null,
  })
  assert.equal((await calls('subscription.keep', m.id))[0].request.cancel_at, '')
  assert.match((await mails(m.email, 'membership-undo-cancel'))[0].request.text, /carries on/)
})

test('strangers, anon, bad input: the error shape, nothing changed', async () => {
  const m = await member()
  const other = await member()
  const key = () => `k-${crypto.randomUUID()}`
  const notMine = await change(other.token, key(), { membership_id: m.id, action: 'cancel' })
  assert.equal(notMine.status, 404)
  assert.equal(errorCode(notMine), 'not_found')
  const anon = await change(ANON_KEY(), key(), { membership_id: m.id, action: 'cancel' })
  assert.equal(anon.status, 401)
  assert.equal(errorCode(anon), 'unauthorized')
  const noKey = await change(m.token, null, { membership_id: m.id, action: 'cancel' })
  assert.equal(noKey.status, 400)
  assert.equal(errorCode(noKey), 'validation_failed')
  for (
    const body of [
      { membership_id: m.id, action: 'pause', months: 7 },
      { membership_id: m.id, action: 'pause' },
      { membership_id: m.id, action: 'delete' },
      { membership_id: 'x', action: 'cancel' },
      { membership_id: m.id, action: 'cancel', reason: 'x'.repeat(2001) },
      { membership_id: m.id, action: 'cancel', extra: 1 },
    ]
  ) {
    const r = await change(m.token, key(), body)
    assert.equal(r.status, 400, JSON.stringify(body))
    assert.equal(errorCode(r), 'validation_failed')
  }
  const undo = await change(m.token, key(), { membership_id: m.id, action: 'undo_cancel' })
  assert.equal(undo.status, 409)
  assert.equal(undo.json.error.message, 'This membership is not being cancelled.')
  assert.deepEqual(await row(m.id), {
    status: 'active',
    paused_from: null,
    resumes_on: null,
    ends_on: null,
  })
  assert.equal(
    (await sql()`select count(*)::int as n from private.membership_changes where membership_id = ${m.id}`)[
      0
    ].n,
    0,
  )
})

test('a change left pending by a crash is finished by the next request, with its own key', async () => {
  const m = await member()
  const starts = next1st()
  const [pending] =
    await sql()`insert into private.membership_changes (membership_id, kind, request_key, months, starts_on, resumes_on, requested_by)
    values (${m.id}, 'pause', 'crashed-request-1', 1, ${iso(starts)}, ${
      iso(plusMonths(starts, 1))
    }, ${m.userId}) returning id`
  const r = await change(m.token, `cancel-${crypto.randomUUID()}`, {
    membership_id: m.id,
    action: 'cancel',
  })
  assert.equal(r.status, 409, 'the finished pause now stands in the way of cancelling')
  assert.match(r.json.error.message, /Resume it first/)
  const pauses = await calls('subscription.pause', m.id)
  assert.equal(pauses.length, 1)
  assert.equal(pauses[0].request.idempotency_key, `membership-change-${pending.id}`)
  assert.equal((await row(m.id)).paused_from, iso(starts))
  assert.equal((await mails(m.email, 'membership-pause')).length, 1)
})

test('a provider outage is 502 and changes nothing; the same key then says it failed', async () => {
  const m = await member()
  await sql()`update public.memberships set subscription_ref = 'sub_outage' where id = ${m.id}`
  const server = Deno.serve(
    { hostname: '127.0.0.1', port: 0, onListen: () => {} },
    () => Response.json({ error: { message: 'down' } }, { status: 500 }),
  )
  const env = {
    PAYMENTS_PROVIDER: 'stripe',
    STRIPE_API_URL: `http://127.0.0.1:${server.addr.port}`,
    STRIPE_SECRET_KEY: 'sk_test_x',
    STRIPE_WEBHOOK_SECRET: 'whsec_x',
  }
  for (const [k, v] of Object.entries(env)) Deno.env.set(k, v)
  const send = () =>
    handler(
      new Request('http://x/payments/membership-change', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${m.token}`,
          'idempotency-key': 'outage-key-0001',
        },
        body: JSON.stringify({ membership_id: m.id, action: 'cancel' }),
      }),
    )
  try {
    const res = await send()
    assert.equal(res.status, 502)
    assert.equal((await res.json()).error.code, 'upstream_failed')
    assert.equal((await row(m.id)).status, 'active')
    const again = await send()
    assert.equal(again.status, 409)
    assert.equal((await again.json()).error.code, 'change_failed')
    assert.equal((await mails(m.email, 'membership-cancel')).length, 0)
  } finally {
    for (const k of Object.keys(env)) Deno.env.delete(k)
    await server.shutdown()
  }
})
