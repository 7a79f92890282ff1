// deno-lint-ignore-file no-explicit-any -- JSON answers are checked field by field
// Memberships billed as subscriptions (docs/billing.md), through the functions and the database:
// signed webhook payloads in Stripe's format (right and wrong secret, replays, events out of
// order, a stale subscription update, an unknown subscription); the local provider's clock
// running three months in seconds (paid, failed, recovered, failed again, suspended, cancelled)
// with every e-mail it produces; Bacs Direct Debit settling days later; the e-mailed
// update-payment link; the receipt PDF; who may run dunning and the clock.
import assert from 'node:assert/strict'
import { createClient } from 'npm:@supabase/supabase-js@2'
import {
  ANON_KEY,
  call,
  invoke,
  SERVICE_KEY,
  sql,
  staff,
  SUPABASE_URL,
  test,
  tokenFor,
  uniqueEmail,
  withEnv,
} from '../_shared/testing.ts'
import { handler } from './handler.ts'
import { type Notice, noticeEmail } from './billing.ts'
import { LOCAL_WEBHOOK_SECRET, signPayload } from '../_shared/providers/payments.ts'
import { changeSubscription } from '../_shared/providers/local-billing.ts'

const DAY = 86400
const fn = (path: string) => `${SUPABASE_URL()}/functions/v1/${path}`

async function newAccount(tag: string): Promise<{ email: string; token: string }> {
  const email = uniqueEmail(tag)
  const admin = createClient(SUPABASE_URL(), SERVICE_KEY(), {
    auth: { persistSession: false, autoRefreshToken: false },
  })
  const created = await admin.auth.admin.createUser({
    email,
    password: 'grow-my-own',
    email_confirm: true,
  })
  assert.equal(created.error, null)
  const client = createClient(SUPABASE_URL(), ANON_KEY(), {
    auth: { persistSession: false, autoRefreshToken: false },
  })
  const { data, error } = await client.auth.signInWithPassword({ email, password: 'grow-my-own' })
  assert.equal(error, null)
  return { email, token: data.session!.access_token }
}

/** A site of the test's own where anyone may set up (nobody waits, plots free). */
async function openSite() {
  const tag = crypto.randomUUID().slice(0, 8)
  const [row] =
    await sql()`insert into public.global_sites (city, city_slug, location, slug, status, allotments)
    values ('Billbury', 'billbury', ${'Bill ' + tag}, ${'bill-' + tag}, 'active', 20)
    returning id, slug`
  return { id: Number(row.id), slug: row.slug as string }
}

/** A new member's membership checkout: the session, its order and its key. */
async function startMembership(tag: string) {
  const who = await newAccount(tag)
  const s = await openSite()
  const r = await call('payments/checkout', {
    body: {
      kind: 'membership',
      site: s.slug,
      plan_id: 2,
      first_name: 'Ada',
      last_name: 'Grower',
    },
    token: who.token,
    headers: { 'idempotency-key': `billing-${crypto.randomUUID()}` },
  })
  assert.equal(r.status, 201, r.text)
  const [o] = await sql()`select o.id, o.idempotency_key, o.total_pence, m.id as membership_id
    from public.orders o join public.memberships m on m.order_id = o.id
    where o.checkout_session_id = ${r.json.session_id}`
  return {
    ...who,
    sessionId: r.json.session_id as string,
    url: r.json.url as string,
    orderId: Number(o.id),
    key: o.idempotency_key as string,
    total: Number(o.total_pence),
    membershipId: Number(o.membership_id),
  }
}

const mails = (to: string, tag?: string) =>
  sql()`select request from private.provider_calls where provider = 'email'
    and request ->> 'to' = ${to} and (${tag ?? null}::text is null or request ->> 'tag' = ${
    tag ?? null
  }) order by id`
const tags = async (to: string) => (await mails(to)).map((r: any) => r.request.tag as string)
const membershipOf = async (id: number) =>
  (await sql()`select m.status, m.ends_on::text, s.status as sub_status, s.provider_ref,
      s.customer_ref, s.payment_method, s.cancel_at, s.past_due_since, s.mandate_status,
      s.current_period_end, s.pause_resumes_at
    from public.memberships m left join public.subscriptions s on s.membership_id = m.id
    where m.id = ${id}`)[0]

/** A Stripe event, signed as Stripe signs it. */
async function signed(type: string, object: Record<string, unknown>, opts: {
  id?: string
  created?: number
  secret?: string
} = {}) {
  const body = JSON.stringify({
    id: opts.id ?? `evt_test_${crypto.randomUUID().replaceAll('-', '')}`,
    object: 'event',
    api_version: '2026-11-18.endive',
    type,
    created: opts.created ?? Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object },
  })
  return { body, signature: await signPayload(opts.secret ?? LOCAL_WEBHOOK_SECRET, body) }
}
const deliver = (e: { body: string; signature: string }) =>
  call('payments/webhook', {
    body: e.body,
    token: null,
    headers: { 'stripe-signature': e.signature },
  })

const asService = { token: SERVICE_KEY, apikey: SERVICE_KEY }
const clock = (body: Record<string, unknown>) =>
  call('payments/local-clock', {
    body,
    token: asService.token(),
    headers: { apikey: asService.apikey() },
  })
async function clockNow(): Promise<number> {
  const r = await call('payments/local-clock', {
    token: SERVICE_KEY(),
    headers: { apikey: SERVICE_KEY() },
  })
  assert.equal(r.status, 200, r.text)
  return Math.floor(Date.parse(r.json.now) / 1000)
}
const advanceTo = async (t: number) => {
  const r = await clock({ advance_to: new Date(t * 1000).toISOString() })
  assert.equal(r.status, 200, r.text)
  for (const e of r.json.events) assert.ok(e.status < 300, JSON.stringify(e))
  return r.json
}

/** Submits a local page's form (checkout or portal). */
async function submit(url: string, fields: Record<string, string>) {
  const res = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  })
  return { status: res.status, location: res.headers.get('location'), text: await res.text() }
}

/** The update-payment link of the latest e-mail of a kind. */
async function linkIn(to: string, tag: string): Promise<string> {
  const m = await mails(to, tag)
  assert.ok(m.length > 0, `a ${tag} e-mail to ${to}`)
  const html = m.at(-1)!.request.html as string
  const link = /href="([^"]*\/payments\/update-payment\/[0-9a-f]{32})"/.exec(html)?.[1]
  assert.ok(link, `an update-payment link in ${html}`)
  return link!
}

test('signed webhooks: wrong secret refused; invoice.paid before checkout.session.completed; replay; stale update; unknown subscription', async () => {
  const m = await startMembership('webhook')
  const subRef = `sub_test_${crypto.randomUUID().replaceAll('-', '')}`
  const cusRef = `cus_test_${crypto.randomUUID().replaceAll('-', '')}`
  const now = Math.floor(Date.now() / 1000)
  const invoice = {
    id: `in_test_${crypto.randomUUID().replaceAll('-', '')}`,
    object: 'invoice',
    customer: cusRef,
    number: 'TEST-0001',
    billing_reason: 'subscription_create',
    status: 'paid',
    amount_due: m.total,
    amount_paid: m.total,
    attempt_count: 1,
    next_payment_attempt: null,
    created: now,
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: subRef, metadata: { order_key: m.key } },
    },
    lines: { data: [{ description: 'Membership', amount: m.total }] },
    payments: {
      data: [{
        status: 'paid',
        payment: {
          type: 'payment_intent',
          payment_intent: {
            id: 'pi_test_1',
            payment_method: { id: 'pm_t', type: 'card', card: { brand: 'visa', last4: '4242' } },
          },
        },
      }],
    },
  }
  // A body signed with another secret, or changed after signing: 400, nothing recorded.
  const wrong = await signed('invoice.paid', invoice, { secret: 'whsec_someone_else' })
  const refused = await deliver(wrong)
  assert.equal(refused.status, 400)
  assert.equal(refused.json.error.code, 'invalid_signature')
  const good = await signed('invoice.paid', invoice, { created: now })
  const tampered = await deliver({
    body: good.body.replace('TEST-0001', 'TEST-9999'),
    signature: good.signature,
  })
  assert.equal(tampered.status, 400)
  assert.equal((await membershipOf(m.membershipId)).status, 'pending')

  // invoice.paid first (out of order): found through the order key; the order is paid, the
  // membership active and the welcome sent, once.
  const first = await deliver(good)
  assert.equal(first.status, 200, first.text)
  assert.equal(first.json.outcome, 'paid')
  assert.equal(first.json.first_paid, true)
  const after = await membershipOf(m.membershipId)
  assert.equal(after.status, 'active')
  assert.equal(after.provider_ref, subRef)
  assert.equal(
    (await sql()`select status from public.orders where id = ${m.orderId}`)[0].status,
    'paid',
  )
  assert.equal((await mails(m.email, 'membership-confirmed')).length, 1)
  const [inv] = await sql()`select status, payment_ref, payment_method from public.invoices
    where provider_ref = ${invoice.id}`
  assert.deepEqual([inv.status, inv.payment_ref, inv.payment_method.last4], [
    'paid',
    'pi_test_1',
    '4242',
  ])

  // The same event again: 200 duplicate, nothing changes.
  const replay = await deliver(good)
  assert.equal(replay.status, 200)
  assert.equal(replay.json.outcome, 'duplicate')
  assert.equal(
    (await sql()`select count(*)::int as n from public.invoices where provider_ref = ${invoice.id}`)[
      0
    ].n,
    1,
  )
  assert.equal((await mails(m.email, 'membership-confirmed')).length, 1)

  // checkout.session.completed afterwards: accepted, the order stays paid, no second welcome.
  const session = await deliver(
    await signed('checkout.session.completed', {
      id: m.sessionId,
      object: 'checkout.session',
      mode: 'subscription',
      subscription: subRef,
      customer: cusRef,
      payment_status: 'paid',
      amount_total: m.total,
      payment_intent: null,
      metadata: { kind: 'membership', order_key: m.key },
    }, { created: now + 1 }),
  )
  assert.equal(session.status, 200, session.text)
  assert.equal((await mails(m.email, 'membership-confirmed')).length, 1)
  assert.equal((await mails(m.email, 'receipt')).length, 1, 'one receipt for the order')

  // A newer subscription update, then an older one arriving late: the older changes nothing.
  const sub = (status: string, end: number) => ({
    id: subRef,
    object: 'subscription',
    customer: cusRef,
    status,
    cancel_at: null,
    pause_collection: null,
    metadata: { order_key: m.key },
    default_payment_method: null,
    items: {
      data: [{
        quantity: 1,
        price: { unit_amount: 2500, recurring: { interval: 'month' } },
        current_period_start: now,
        current_period_end: end,
      }],
    },
  })
  const newer = await deliver(
    await signed('customer.subscription.updated', sub('active', now + 30 * DAY), {
      created: now + 100,
    }),
  )
  assert.equal(newer.json.outcome, 'updated', newer.text)
  const stale = await deliver(
    await signed('customer.subscription.updated', sub('past_due', now + 5 * DAY), {
      created: now + 50,
    }),
  )
  assert.equal(stale.status, 200)
  assert.match(stale.json.outcome, /^ignored/)
  const s = await membershipOf(m.membershipId)
  assert.equal(s.sub_status, 'active')
  assert.equal(Math.floor(new Date(s.current_period_end).getTime() / 1000), now + 30 * DAY)

  // An invoice of a subscription nobody knows: 200, recorded as ignored.
  const unknown = await signed('invoice.paid', {
    ...invoice,
    id: `in_test_${crypto.randomUUID().replaceAll('-', '')}`,
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: 'sub_test_nobody', metadata: {} },
    },
  })
  const u = await deliver(unknown)
  assert.equal(u.status, 200, u.text)
  assert.match(u.json.outcome, /^ignored/)
  const id = JSON.parse(unknown.body).id
  const [rec] = await sql()`select outcome from private.webhook_events where event_id = ${id}`
  assert.match(rec.outcome, /^ignored/)

  // An object the webhook does not use at all: 200.
  const other = await deliver(await signed('customer.created', { id: cusRef, object: 'customer' }))
  assert.equal(other.status, 200)
})

test('the local clock: three months of a card that fails later: paid, failed, recovered, failed again, suspended, cancelled', async () => {
  const m = await startMembership('clock')
  // The hosted page offers card and Direct Debit, every field labelled.
  const form = await fetch(m.url)
  const html = await form.text()
  assert.equal(form.status, 200)
  for (
    const id of [
      'method-card',
      'method-bacs',
      'card',
      'account-name',
      'sort-code',
      'account-number',
      'mandate',
    ]
  ) {
    assert.match(html, new RegExp(`<label for="${id}">`), `a label for ${id}`)
  }
  const paid = await submit(m.url, { method: 'card', card_number: '4000 0000 0000 0341' })
  assert.equal(paid.status, 303, paid.text)
  assert.match(paid.location!, /\/members\?session_id=/)
  let s = await membershipOf(m.membershipId)
  assert.equal(s.status, 'active')
  assert.equal(s.sub_status, 'active')
  assert.match(s.provider_ref, /^sub_local_/)
  assert.equal(s.payment_method.last4, '0341')
  assert.equal((await mails(m.email, 'membership-confirmed')).length, 1)
  const start = await clockNow()

  // Month 1: the renewal fails. past_due, a failed e-mail with the update link and the grace end.
  const end1 = Math.floor(new Date(s.current_period_end).getTime() / 1000)
  await advanceTo(end1 + 60)
  s = await membershipOf(m.membershipId)
  assert.equal(s.status, 'past_due')
  const failed = await mails(m.email, 'billing-failed')
  assert.equal(failed.length, 1)
  assert.match(failed[0].request.text, /did not go through/)
  assert.match(failed[0].request.text, /£\d+\.\d\d/)
  assert.match(
    failed[0].request.text,
    /\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}/,
  )
  const link = await linkIn(m.email, 'billing-failed')

  // The e-mailed link: 303 to a portal session; a new card pays the open invoice at once.
  const go = await fetch(link, { redirect: 'manual' })
  await go.body?.cancel()
  assert.equal(go.status, 303)
  const portal = go.headers.get('location')!
  assert.match(portal, /\/payments\/local-portal\/ps_local_[0-9a-f]{32}$/)
  const portalPage = await fetch(portal)
  const portalHtml = await portalPage.text()
  assert.match(portalHtml, /Card: visa ending 0341/)
  const saved = await submit(portal, { method: 'card', card_number: '4242424242424242' })
  assert.equal(saved.status, 303, saved.text)
  assert.match(saved.location!, /\/members$/)
  s = await membershipOf(m.membershipId)
  assert.equal(s.status, 'active', 'recovered')
  assert.equal(s.payment_method.last4, '4242')
  assert.equal((await mails(m.email, 'billing-recovered')).length, 1)
  const receipts = await mails(m.email, 'billing-paid')
  assert.equal(receipts.length, 1)
  assert.match(receipts[0].request.html, /\/members\/receipts\/\d+/)

  // The card that fails again, through a new portal session from the same link.
  const again = await fetch(link, { redirect: 'manual' })
  await again.body?.cancel()
  assert.equal(
    (await submit(again.headers.get('location')!, {
      method: 'card',
      card_number: '4000000000000341',
    }))
      .status,
    303,
  )

  // Month 2: fails; retried at +3 and +7 days (failing); reminders; suspended after 14 days.
  s = await membershipOf(m.membershipId)
  const end2 = Math.floor(new Date(s.current_period_end).getTime() / 1000)
  await advanceTo(end2 + 60)
  assert.equal((await membershipOf(m.membershipId)).status, 'past_due')
  assert.equal((await mails(m.email, 'billing-failed')).length, 2)
  await advanceTo(end2 + 8 * DAY)
  const [retried] = await sql()`select attempt_count from public.invoices
    where membership_id = ${m.membershipId} and status = 'open' order by issued_at desc limit 1`
  assert.equal(retried.attempt_count, 3, 'the first attempt and two retries')
  const reminders = await mails(m.email, 'billing-reminder')
  assert.equal(reminders.length, 2, 'reminders on days 3 and 7')
  assert.match(reminders[0].request.text, /day/)
  assert.equal((await membershipOf(m.membershipId)).status, 'past_due')
  await advanceTo(end2 + 15 * DAY)
  s = await membershipOf(m.membershipId)
  assert.equal(s.status, 'suspended')
  assert.ok(s.ends_on, 'a notice end date')
  const suspended = await mails(m.email, 'billing-suspended')
  assert.equal(suspended.length, 1)
  assert.match(suspended[0].request.text, /suspended/)
  assert.match(suspended[0].request.text, /keep your plot/)
  assert.ok(s.cancel_at, 'the provider ends the subscription after the notice')
  const cancelAt = Math.floor(new Date(s.cancel_at).getTime() / 1000)
  assert.equal(new Date(s.cancel_at).toISOString().slice(0, 10) > s.ends_on, true)

  // The clock passes the notice's end: the subscription is deleted, the membership ended.
  await advanceTo(cancelAt + 60)
  s = await membershipOf(m.membershipId)
  assert.equal(s.sub_status, 'canceled')
  assert.equal(s.status, 'ended')
  assert.ok((await clockNow()) - start > 80 * DAY, 'about three months passed')
  const kinds = (await tags(m.email)).filter((t) => t.startsWith('billing-'))
  assert.equal(kinds[0], 'billing-failed')
  assert.ok(kinds.indexOf('billing-recovered') < kinds.lastIndexOf('billing-failed'))
  assert.ok(kinds.indexOf('billing-reminder') < kinds.indexOf('billing-suspended'))
  // Each notice went once: replaying dunning sends nothing new.
  const before = (await mails(m.email)).length
  const d = await call('payments/dunning', {
    body: {},
    token: SERVICE_KEY(),
    headers: { apikey: SERVICE_KEY() },
  })
  assert.equal(d.status, 200, d.text)
  assert.equal((await mails(m.email)).length, before)

  // The receipt as a PDF, for the member only.
  const [receipt] = await sql()`select id, number from public.invoices
    where membership_id = ${m.membershipId} and status = 'paid' order by issued_at limit 1`
  const pdf = await fetch(fn(`payments/receipt/${receipt.id}.pdf`), {
    headers: { authorization: `Bearer ${m.token}`, apikey: ANON_KEY() },
  })
  assert.equal(pdf.status, 200)
  assert.equal(pdf.headers.get('content-type'), 'application/pdf')
  assert.equal(pdf.headers.get('access-control-allow-origin'), '*', 'the web app fetches it')
  assert.match(pdf.headers.get('content-disposition')!, /filename="roots-receipt-\d+\.pdf"/)
  const bytes = new Uint8Array(await pdf.arrayBuffer())
  const text = Array.from(bytes, (c) => String.fromCharCode(c)).join('')
  assert.ok(text.startsWith('%PDF-1.'))
  assert.ok(text.includes(`(${receipt.number})`), 'the receipt number')
  assert.ok(text.includes('(Roots Allotments)'))
  const other = await newAccount('someone-else')
  const theirs = await fetch(fn(`payments/receipt/${receipt.id}.pdf`), {
    headers: { authorization: `Bearer ${other.token}`, apikey: ANON_KEY() },
  })
  await theirs.body?.cancel()
  assert.equal(theirs.status, 404, 'RLS decides: not theirs')
  const nobody = await fetch(fn(`payments/receipt/${receipt.id}.pdf`))
  await nobody.body?.cancel()
  assert.equal(nobody.status, 401)
})

test('suspended, then paid before the notice ends: active again, and the subscription no longer ends', async () => {
  const m = await startMembership('rescued')
  assert.equal(
    (await submit(m.url, { method: 'card', card_number: '4000000000000341' })).status,
    303,
  )
  let s = await membershipOf(m.membershipId)
  const end = Math.floor(new Date(s.current_period_end).getTime() / 1000)
  await advanceTo(end + 60)
  await advanceTo(end + 15 * DAY)
  s = await membershipOf(m.membershipId)
  assert.equal(s.status, 'suspended')
  assert.ok(s.cancel_at)
  const cancelAt = Math.floor(new Date(s.cancel_at).getTime() / 1000)
  // The suspension e-mail's button: a new card pays the arrears at once.
  const go = await fetch(await linkIn(m.email, 'billing-suspended'), { redirect: 'manual' })
  await go.body?.cancel()
  assert.equal(go.status, 303)
  const saved = await submit(go.headers.get('location')!, {
    method: 'card',
    card_number: '5555 5555 5555 4444',
  })
  assert.equal(saved.status, 303, saved.text)
  s = await membershipOf(m.membershipId)
  assert.equal(s.status, 'active')
  assert.equal(s.ends_on, null)
  assert.equal(s.cancel_at, null, 'the end at the notice was withdrawn')
  assert.equal((await mails(m.email, 'billing-recovered')).length, 1)
  // Past the old end: still a member, billed as before.
  await advanceTo(cancelAt + DAY)
  s = await membershipOf(m.membershipId)
  assert.equal(s.sub_status, 'active')
  assert.equal(s.status, 'active')
  assert.equal(s.payment_method.brand, 'mastercard')
})

test('Bacs Direct Debit: the first payment settles 3 days later, then the membership is active', async () => {
  const m = await startMembership('bacs')
  const missing = await submit(m.url, {
    method: 'bacs_debit',
    account_name: 'Ada Grower',
    sort_code: '10-88-00',
    account_number: '00012345',
  })
  assert.equal(missing.status, 402, 'the mandate must be confirmed')
  assert.match(missing.text, /authorise/)
  const ok = await submit(m.url, {
    method: 'bacs_debit',
    account_name: 'Ada Grower',
    sort_code: '10-88-00',
    account_number: '00012345',
    mandate: 'yes',
  })
  assert.equal(ok.status, 303, ok.text)
  let s = await membershipOf(m.membershipId)
  assert.equal(s.status, 'pending', 'a debit is not money yet')
  assert.equal(s.payment_method.type, 'bacs_debit')
  assert.equal(s.payment_method.sort_code, '108800')
  assert.equal(s.mandate_status, 'pending')
  assert.equal((await mails(m.email, 'membership-confirmed')).length, 0)
  await advanceTo((await clockNow()) + 3 * DAY + 60)
  s = await membershipOf(m.membershipId)
  assert.equal(s.status, 'active')
  assert.equal(s.mandate_status, 'active')
  assert.equal(
    (await sql()`select status from public.orders where id = ${m.orderId}`)[0].status,
    'paid',
  )
  assert.equal((await mails(m.email, 'membership-confirmed')).length, 1)
  assert.equal((await mails(m.email, 'receipt')).length, 1)

  // "Change payment method" on /members: a portal session for the member's own membership.
  const portal = await call('payments/billing-portal', {
    body: { membership_id: m.membershipId },
    token: m.token,
  })
  assert.equal(portal.status, 200, portal.text)
  assert.match(portal.json.url, /\/payments\/local-portal\/ps_local_[0-9a-f]{32}$/)
  const page = await (await fetch(portal.json.url)).text()
  assert.match(page, /Bacs Direct Debit: sort code 10-88-00, account ending 2345/)
  const other = await newAccount('not-theirs')
  const refused = await call('payments/billing-portal', {
    body: { membership_id: m.membershipId },
    token: other.token,
  })
  assert.equal(refused.status, 404)
})

test('Bacs Direct Debit that bounces: the checkout fails, the membership is cancelled, nothing owed', async () => {
  const m = await startMembership('bounce')
  const ok = await submit(m.url, {
    method: 'bacs_debit',
    account_name: 'Ada Grower',
    sort_code: '108800',
    account_number: '90012345',
    mandate: 'yes',
  })
  assert.equal(ok.status, 303, ok.text)
  assert.equal((await membershipOf(m.membershipId)).status, 'pending')
  const r = await advanceTo((await clockNow()) + 3 * DAY + 60)
  assert.ok(
    r.events.some((e: any) => e.type === 'checkout.session.async_payment_failed'),
    JSON.stringify(r.events),
  )
  const s = await membershipOf(m.membershipId)
  assert.equal(s.status, 'cancelled')
  assert.equal(s.sub_status, 'canceled')
  assert.equal(
    (await sql()`select status from public.orders where id = ${m.orderId}`)[0].status,
    'failed',
  )
  assert.deepEqual(
    (await sql()`select status from public.invoices where membership_id = ${m.membershipId}`)
      .map((i: any) => i.status),
    ['void'],
  )
  assert.equal((await mails(m.email, 'billing-failed')).length, 0)
  assert.equal((await mails(m.email, 'membership-confirmed')).length, 0)
})

test('a paused subscription: its renewal invoice is voided while paused, paid again after', async () => {
  const m = await startMembership('pause')
  assert.equal((await submit(m.url, { card_number: '4242424242424242' })).status, 303)
  let s = await membershipOf(m.membershipId)
  assert.equal(s.status, 'active')
  const end = Math.floor(new Date(s.current_period_end).getTime() / 1000)
  // As self-service asks the provider: pause_collection until a billing date a period later.
  const resumesOn = new Date((end + 20 * DAY) * 1000).toISOString().slice(0, 10)
  const paused = await changeSubscription('pause', s.provider_ref, resumesOn)
  assert.ok(paused)
  s = await membershipOf(m.membershipId)
  assert.ok(s.pause_resumes_at ?? true)
  await advanceTo(end + 60)
  const invoices = await sql()`select status, billing_reason from public.invoices
    where membership_id = ${m.membershipId} order by issued_at`
  assert.deepEqual(invoices.map((i: any) => i.status), ['paid', 'void'])
  assert.equal((await membershipOf(m.membershipId)).status, 'active')
  assert.equal((await mails(m.email, 'billing-failed')).length, 0)
  // Collection resumes at resumes_at; the next period's invoice is paid.
  s = await membershipOf(m.membershipId)
  const next = Math.floor(new Date(s.current_period_end).getTime() / 1000)
  await advanceTo(next + 60)
  const after = await sql()`select status from public.invoices
    where membership_id = ${m.membershipId} order by issued_at`
  assert.deepEqual(after.map((i: any) => i.status), ['paid', 'void', 'paid'])
  assert.equal((await mails(m.email, 'billing-paid')).length, 1)
})

test('a member cancels on /members: the emulated subscription gets cancel_at and ends when the clock passes it', async () => {
  const m = await startMembership('cancel')
  assert.equal((await submit(m.url, { card_number: '4242424242424242' })).status, 303)
  const r = await call('payments/membership-change', {
    body: { membership_id: m.membershipId, action: 'cancel' },
    token: m.token,
    headers: { 'idempotency-key': `cancel-${crypto.randomUUID()}` },
  })
  assert.ok(r.status < 300, r.text)
  let s = await membershipOf(m.membershipId)
  assert.ok(s.cancel_at, 'customer.subscription.updated carried cancel_at')
  const cancelAt = Math.floor(new Date(s.cancel_at).getTime() / 1000)
  const out = await advanceTo(cancelAt + 60)
  assert.ok(out.events.some((e: any) => e.type === 'customer.subscription.deleted'))
  s = await membershipOf(m.membershipId)
  assert.equal(s.sub_status, 'canceled')
  assert.equal(s.status, 'ended')
})

test('the update link, the dunning route and the clock: who may use them', async () => {
  const expired = await fetch(fn(`payments/update-payment/${'0'.repeat(32)}`), {
    redirect: 'manual',
  })
  const page = await expired.text()
  assert.equal(expired.status, 404)
  assert.match(page, /This link has expired/)
  assert.match(page, /href="[^"]*\/members"/)
  const junk = await fetch(fn('payments/update-payment/not-a-token'), { redirect: 'manual' })
  await junk.body?.cancel()
  assert.equal(junk.status, 404)

  assert.equal((await call('payments/dunning', { body: {} })).status, 401)
  const member = await call('payments/dunning', { body: {}, token: await tokenFor(staff.member) })
  assert.equal(member.status, 403)
  const admin = await call('payments/dunning', { body: {}, token: await tokenFor(staff.official) })
  assert.equal(admin.status, 200, admin.text)
  assert.equal(typeof admin.json.sent, 'number')

  assert.equal((await call('payments/local-clock')).status, 404, 'anon: no clock')
  assert.equal(
    (await call('payments/local-clock', {
      body: { advance_days: 1 },
      token: await tokenFor(staff.official),
    }))
      .status,
    404,
    'admins neither: the service role key only',
  )
  const bad = await clock({ advance_days: -1 })
  assert.equal(bad.status, 400)
})

test('with Stripe: the SDK verifies the signature, the payment is fetched, an unknown subscription is 200', async () => {
  const seen: string[] = []
  const fake = Deno.serve({ hostname: '127.0.0.1', port: 0, onListen: () => {} }, (req) => {
    const u = new URL(req.url)
    const expand = [...u.searchParams].filter(([k]) => k.startsWith('expand')).map(([, v]) => v)
    seen.push(`${req.method} ${u.pathname}?${expand.join(',')}`)
    return Response.json({
      id: 'in_stripe_1',
      object: 'invoice',
      payments: {
        object: 'list',
        data: [{
          status: 'paid',
          payment: {
            type: 'payment_intent',
            payment_intent: {
              id: 'pi_stripe_1',
              payment_method: { id: 'pm_1', type: 'card', card: { brand: 'visa', last4: '4242' } },
            },
          },
        }],
      },
    })
  })
  const object = {
    id: `in_stripe_${crypto.randomUUID().replaceAll('-', '')}`,
    object: 'invoice',
    customer: 'cus_stripe_1',
    status: 'paid',
    amount_due: 2500,
    amount_paid: 2500,
    billing_reason: 'subscription_cycle',
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: 'sub_stripe_nobody', metadata: {} },
    },
    lines: { data: [] },
    created: Math.floor(Date.now() / 1000),
  }
  try {
    await withEnv({
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_stripe_test',
      STRIPE_API_URL: `http://127.0.0.1:${fake.addr.port}`,
    }, async () => {
      const right = await signed('invoice.paid', object, { secret: 'whsec_stripe_test' })
      const r = await invoke(handler, 'payments/webhook', {
        body: right.body,
        token: null,
        headers: { 'stripe-signature': right.signature },
      })
      assert.equal(r.status, 200, r.text)
      assert.match(r.json.outcome, /^ignored/)
      assert.deepEqual(seen, [
        `GET /v1/invoices/${object.id}?payments.data.payment.payment_intent.payment_method`,
      ])
      const again = await invoke(handler, 'payments/webhook', {
        body: right.body,
        token: null,
        headers: { 'stripe-signature': right.signature },
      })
      assert.equal(again.json.outcome, 'duplicate')
      const wrong = await signed('invoice.paid', object, { secret: 'whsec_other' })
      const w = await invoke(handler, 'payments/webhook', {
        body: wrong.body,
        token: null,
        headers: { 'stripe-signature': wrong.signature },
      })
      assert.equal(w.status, 400)
      assert.equal(w.json.error.code, 'invalid_signature')
    })
  } finally {
    await fake.shutdown()
  }
})

test('the e-mails of each notice: plain amounts, UK dates, the right link', () => {
  const base: Notice = {
    id: 7,
    kind: 'failed',
    membership_id: 3,
    invoice_id: 12,
    email: 'ada@example.com',
    first_name: 'Ada',
    site: 'Avon Views',
    plot_number: '14',
    amount_pence: 1200,
    since: '2026-03-01T09:00:00Z',
    grace_ends_on: '2026-03-15',
    ends_on: '2026-04-15',
    update_token: 'a'.repeat(32),
    subscription_ref: 'sub_1',
    receipt: { number: 'RA-0002', amount_paid_pence: 2500, paid_at: '2026-03-12T09:00:00Z' },
  }
  const now = Date.parse('2026-03-08T12:00:00Z') / 1000
  const text = (n: Notice) => {
    const m = noticeEmail(n, now)
    return { ...m, all: m.paragraphs.join('\n') }
  }
  const failed = text(base)
  assert.match(failed.all, /£12\.00/)
  assert.match(failed.all, /15 March 2026/)
  assert.match(failed.link.href, new RegExp(`/payments/update-payment/${'a'.repeat(32)}$`))
  const reminder = text({ ...base, kind: 'reminder' })
  assert.match(reminder.all, /7 days left/)
  assert.match(reminder.link.href, /update-payment/)
  const suspended = text({ ...base, kind: 'suspended' })
  assert.match(suspended.all, /suspended/)
  assert.match(suspended.all, /15 April 2026/)
  assert.match(suspended.link.text, /keep your plot/)
  const paid = text({ ...base, kind: 'paid' })
  assert.match(paid.all, /£25\.00 on 12 March 2026/)
  assert.match(paid.all, /RA-0002/)
  assert.match(paid.link.href, /\/members\/receipts\/12$/)
  const recovered = text({ ...base, kind: 'recovered' })
  assert.match(recovered.all, /active again/)
  assert.match(recovered.link.href, /\/members$/)
})
