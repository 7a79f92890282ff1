// deno-lint-ignore-file no-explicit-any -- JSON answers are checked field by field
// The queue rule through the functions: a stranger is refused at a site with people waiting
// (nothing written, no payment opened); the applicant with an accepted offer sets up with its
// token and pays on the local page; where nobody waits and plots are free anyone sets up. The
// e-mails of each step are checked.
import assert from 'node:assert/strict'
import { createClient } from 'npm:@supabase/supabase-js@2'
import {
  ANON_KEY,
  call,
  errorCode,
  SERVICE_KEY,
  sql,
  staff,
  SUPABASE_URL,
  test,
  tokenFor,
  uniqueEmail,
} from '../_shared/testing.ts'

/** A new account (as the set-up page creates one) and its access token. */
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

async function site(opts: { allotments: number | null; waiting?: number; status?: string }) {
  const tag = crypto.randomUUID().slice(0, 8)
  const [row] =
    await sql()`insert into public.global_sites (city, city_slug, location, slug, status, allotments)
    values ('Rulebury', 'rulebury', ${'Rule ' + tag}, ${'rule-' + tag}, ${
      opts.status ?? 'active'
    }, ${opts.allotments}) returning id, slug`
  const emails: string[] = []
  for (let i = 0; i < (opts.waiting ?? 0); i++) {
    const email = `w${i}.${tag}@example.com`
    emails.push(email)
    await sql()`insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy, joined_at)
      values (${row.id}, 'x', ${
      'W' + i
    }, 'Waiting', ${email}, true, now() - make_interval(days => ${100 - i}))`
  }
  return { id: Number(row.id), slug: row.slug as string, emails }
}

const membership = (siteSlug: string, token: string, extra: Record<string, unknown> = {}) =>
  call('payments/checkout', {
    body: {
      kind: 'membership',
      site: siteSlug,
      plan_id: 2,
      first_name: 'Ada',
      last_name: 'Grower',
      ...extra,
    },
    token,
  })
const mails = (to: string, tag: string) =>
  sql()`select request from private.provider_calls where provider = 'email' and request ->> 'to' = ${to} and request ->> 'tag' = ${tag} order by id`
const pay = async (url: string) => {
  const res = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'card_number=4242424242424242',
  })
  await res.body?.cancel()
  return { status: res.status, location: res.headers.get('location') }
}

test('a stranger at a site with people waiting: told why, nothing written, no payment opened', async () => {
  const s = await site({ allotments: 20, waiting: 2 })
  const who = await newAccount('stranger')
  const info = await call('payments/membership', { query: { site: s.slug }, token: who.token })
  assert.equal(info.status, 200, info.text)
  assert.deepEqual([info.json.access.allowed, info.json.access.reason, info.json.access.waiting], [
    false,
    'waiting_list',
    2,
  ])
  assert.match(info.json.access.message, /People are waiting/)
  const before =
    (await sql()`select count(*)::int as n from private.provider_calls where provider = 'payments'`)[
      0
    ].n
  const r = await membership(s.slug, who.token)
  assert.equal(r.status, 409, r.text)
  assert.equal(errorCode(r), 'waiting_list')
  assert.equal(
    (await sql()`select count(*)::int as n from public.orders where email = ${who.email}`)[0].n,
    0,
  )
  assert.equal(
    (await sql()`select count(*)::int as n from private.provider_calls where provider = 'payments'`)[
      0
    ].n,
    before,
    'no payment session was opened',
  )
  const forged = await membership(s.slug, who.token, { offer: 'f'.repeat(32) })
  assert.equal(errorCode(forged), 'waiting_list', 'an invented token opens nothing')
  const bad = await call('payments/membership', { query: { site: s.slug, offer: 'nope' } })
  assert.equal(bad.status, 400)
  assert.equal(
    (await call('payments/membership', { query: { site: 'no-such-site-at-all' } })).status,
    404,
  )
})

test('the applicant: offered, accepts by the link, is e-mailed the set-up link, sets up with the token and pays', async () => {
  const s = await site({ allotments: 20, waiting: 2 })
  const offered = await call('waiting-list-process', {
    body: {
      action: 'offer',
      site_id: s.id,
      count: 1,
      idempotency_key: `key-${crypto.randomUUID()}`,
    },
    token: await tokenFor(staff.official),
  })
  assert.equal(offered.status, 200, offered.text)
  const [offerMail] = await mails(s.emails[0]!, 'plot-offer')
  const token = /offer=([0-9a-f]{32})&answer=accept/.exec(offerMail.request.text)![1]!
  assert.match(offerMail.request.text, /work on any device/)

  const view = await call('waiting-list-process', { body: { action: 'view', token } })
  assert.equal(view.status, 200, view.text)
  assert.deepEqual([
    view.json.status,
    view.json.location,
    view.json.city,
    view.json.site.slug,
    view.json.setup_path,
  ], ['offered', `Rule ${s.slug.slice(5)}`, 'Rulebury', s.slug, null])
  assert.equal(view.json.email, undefined, "the page is not given the applicant's address")
  assert.equal(
    (await call('waiting-list-process', { body: { action: 'view', token: '0'.repeat(32) } }))
      .status,
    404,
  )

  const applicant = await newAccount('applicant')
  const early = await call('payments/membership', {
    query: { site: s.slug, offer: token },
    token: applicant.token,
  })
  assert.equal(early.json.access.reason, 'offer_unanswered')

  const accepted = await call('waiting-list-process', {
    body: { action: 'respond', token, accept: true },
  })
  assert.equal(accepted.status, 200, accepted.text)
  const setupPath = `/sites/rulebury/${s.slug}/setup?offer=${token}`
  assert.deepEqual([accepted.json.status, accepted.json.confirmed, accepted.json.setup_path], [
    'accepted',
    true,
    setupPath,
  ])
  const [confirmation] = await mails(s.emails[0]!, 'offer-accepted')
  assert.ok(confirmation.request.text.includes(setupPath), confirmation.request.text)
  const again = await call('waiting-list-process', {
    body: { action: 'respond', token, accept: true },
  })
  assert.deepEqual([again.json.repeated, again.json.setup_path], [true, setupPath])
  assert.equal((await mails(s.emails[0]!, 'offer-accepted')).length, 1, 'confirmed once')

  const info = await call('payments/membership', {
    query: { site: s.slug, offer: token },
    token: applicant.token,
  })
  assert.deepEqual([info.json.access.allowed, info.json.access.reason, info.json.offer.email], [
    true,
    'offer',
    s.emails[0],
  ])
  const plan = info.json.plans.find((p: any) => p.id === 2)
  assert.deepEqual(plan.lines.map((l: any) => l.amount_pence), [2999, 2500, 5000])
  assert.equal(plan.due_today_pence, 10499)
  const stranger = await newAccount('stranger')
  assert.equal(
    errorCode(await membership(s.slug, stranger.token)),
    'waiting_list',
    'W1 still waits: strangers are still refused',
  )

  const r = await membership(s.slug, applicant.token, { offer: token })
  assert.equal(r.status, 201, r.text)
  const taken = await membership(s.slug, stranger.token, { offer: token })
  assert.equal(errorCode(taken), 'offer_taken', 'a forwarded link is no use to another account')
  const paid = await pay(r.json.url)
  assert.equal(paid.status, 303)
  assert.ok(
    paid.location?.endsWith(`/members?session_id=${r.json.session_id}`),
    paid.location ?? '',
  )
  const [m] =
    await sql()`select m.status, m.plot_offer_id is not null as by_offer from public.memberships m join public.orders o on o.id = m.order_id where o.checkout_session_id = ${r.json.session_id}`
  assert.deepEqual([m.status, m.by_offer], ['active', true])
  const [welcome] = await mails(applicant.email, 'membership-confirmed')
  assert.match(welcome.request.text, /membership at Rule .* is active/)
  assert.ok(welcome.request.text.includes(`/welcome-slot?site=${s.slug}`), welcome.request.text)
  assert.equal((await mails(applicant.email, 'receipt')).length, 1)
  const after = await call('waiting-list-process', { body: { action: 'view', token } })
  assert.equal(after.json.membership_status, 'active')
})

test('declining by the link passes the place on, and the next applicant is e-mailed', async () => {
  const s = await site({ allotments: 20, waiting: 2 })
  await call('waiting-list-process', {
    body: {
      action: 'offer',
      site_id: s.id,
      count: 1,
      idempotency_key: `key-${crypto.randomUUID()}`,
    },
    token: await tokenFor(staff.official),
  })
  const [offerMail] = await mails(s.emails[0]!, 'plot-offer')
  const token = /offer=([0-9a-f]{32})&answer=decline/.exec(offerMail.request.text)![1]!
  const declined = await call('waiting-list-process', {
    body: { action: 'respond', token, accept: false },
  })
  assert.deepEqual([declined.json.status, declined.json.notified, declined.json.setup_path], [
    'declined',
    1,
    null,
  ])
  assert.equal((await mails(s.emails[1]!, 'plot-offer')).length, 1)
  assert.equal(
    (await call('waiting-list-process', { body: { action: 'view', token } })).json.status,
    'declined',
  )
})

test('free plots and nobody waiting: anyone signed in sets up; the last plot is held while its payment is open', async () => {
  const s = await site({ allotments: 1 })
  const sites = await call('payments/membership-sites')
  assert.equal(sites.status, 200)
  assert.deepEqual(sites.json.sites.find((x: any) => x.slug === s.slug), {
    slug: s.slug,
    reason: 'open',
    waiting: 0,
    plots_free: 1,
  })
  assert.equal(sites.json.deposit_pence, 5000)
  const anon = await call('payments/membership', { query: { site: s.slug } })
  assert.deepEqual([
    anon.json.access.allowed,
    anon.json.access.plots_free,
    anon.json.site.city_slug,
  ], [true, 1, 'rulebury'])
  const first = await newAccount('first')
  const second = await newAccount('second')
  const r = await membership(s.slug, first.token, { phone: '07700 900123' })
  assert.equal(r.status, 201, r.text)
  const full = await membership(s.slug, second.token)
  assert.equal(errorCode(full), 'full')
  const retry = await membership(s.slug, first.token)
  assert.equal(
    retry.status,
    201,
    'the same person may start again: their earlier checkout gives way',
  )
  assert.equal(
    (await sql()`select count(*)::int as n from public.memberships m join public.global_sites g on g.id = m.site_id where g.slug = ${s.slug} and m.status = 'pending'`)[
      0
    ].n,
    1,
  )
})

// ---------------------------------------------------------------------------- gift vouchers

async function newVoucher(valuePence: number): Promise<string> {
  const raw = crypto.randomUUID().replaceAll('-', '').toUpperCase().slice(0, 12)
  const code = `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8)}`
  await sql()`insert into public.gift_vouchers (code, value_pence, buyer_email, status, expires_at)
    values (${code}, ${valuePence}, 'giver@example.com', 'active', now() + interval '30 days')`
  return code
}
const voucherRow = async (code: string) =>
  (await sql()`select status, balance_pence from public.gift_vouchers where code = ${code}`)[0]!
const membershipOf = async (sessionId: string) =>
  (await sql()`select m.status, d.status as deposit, o.status as paid, o.discount_pence, o.total_pence from public.memberships m
    join public.orders o on o.id = m.order_id left join public.deposits d on d.order_id = o.id where o.checkout_session_id = ${sessionId}`)[
    0
  ]

test('a gift voucher pays part of the first payment: quoted, spent with the order, the rest on the payment page', async () => {
  const s = await site({ allotments: 5 })
  const code = await newVoucher(4000)
  const quote = await call('payments/voucher', { body: { code: code.toLowerCase(), plan_id: 2 } })
  assert.equal(quote.status, 200, quote.text)
  assert.deepEqual([quote.json.subtotal_pence, quote.json.discount_pence, quote.json.total_pence], [
    10499,
    4000,
    6499,
  ])
  assert.equal((await voucherRow(code)).balance_pence, 4000, 'a quote spends nothing')

  const who = await newAccount('voucher-part')
  const r = await membership(s.slug, who.token, { voucher_code: code })
  assert.equal(r.status, 201, r.text)
  assert.deepEqual([
    r.json.subtotal_pence,
    r.json.discount_pence,
    r.json.total_pence,
    r.json.status,
  ], [10499, 4000, 6499, 'pending'])
  assert.deepEqual(await voucherRow(code), { status: 'redeemed', balance_pence: 0 })
  const [session] =
    await sql()`select request from private.provider_calls where provider = 'payments' and operation = 'checkout.create'
    and request ->> 'id' = ${r.json.session_id}`
  assert.deepEqual(
    [
      session!.request.amount_total,
      session!.request.cancel_url.endsWith(`/sites/rulebury/${s.slug}/setup`),
    ],
    [6499, true],
    'the payment page asks for what is left, and leaving it goes back to the set-up',
  )
  const again = await membership(s.slug, who.token, { voucher_code: code })
  assert.equal(errorCode(again), 'voucher_not_usable', 'spent on the first order, not again')
  assert.equal(again.json.error.details[0].path, 'voucher_code')

  assert.equal((await pay(r.json.url)).status, 303)
  assert.deepEqual(await membershipOf(r.json.session_id), {
    status: 'active',
    deposit: 'paid',
    paid: 'paid',
    discount_pence: 4000,
    total_pence: 6499,
  })
  const [receipt] = await mails(who.email, 'receipt')
  assert.match(receipt.request.text, /£64\.99 by card and £40\.00 with your gift voucher/)
  assert.equal((await mails(who.email, 'membership-confirmed')).length, 1)
})

test('a voucher that covers the first payment: active at once, no payment page, the rest kept on the voucher', async () => {
  const s = await site({ allotments: 5 })
  const code = await newVoucher(15000)
  const who = await newAccount('voucher-all')
  const r = await membership(s.slug, who.token, { voucher_code: code })
  assert.equal(r.status, 201, r.text)
  assert.deepEqual([r.json.discount_pence, r.json.total_pence, r.json.status], [10499, 0, 'paid'])
  assert.match(r.json.session_id, /^cs_voucher_/)
  assert.ok(r.json.url.endsWith(`/members?session_id=${r.json.session_id}`), r.json.url)
  assert.deepEqual(await membershipOf(r.json.session_id), {
    status: 'active',
    deposit: 'paid',
    paid: 'paid',
    discount_pence: 10499,
    total_pence: 0,
  })
  assert.deepEqual(await voucherRow(code), { status: 'active', balance_pence: 4501 })
  const [welcome] = await mails(who.email, 'membership-confirmed')
  assert.ok(welcome.request.text.includes(`/welcome-slot?site=${s.slug}`), welcome.request.text)
  assert.match(
    (await mails(who.email, 'receipt'))[0]!.request.text,
    /paid in full with your gift voucher \(£104\.99\)/,
  )
  const repeat = await call('payments/checkout', {
    body: {
      kind: 'membership',
      site: s.slug,
      plan_id: 2,
      first_name: 'Ada',
      last_name: 'Grower',
      voucher_code: code,
    },
    token: who.token,
  })
  assert.equal(
    errorCode(repeat),
    'already_member',
    'one membership per site: the rest of the voucher is not spent again',
  )
  assert.equal((await voucherRow(code)).balance_pence, 4501)
})

test('an unusable voucher at membership set-up: told beside the field, nothing written', async () => {
  const s = await site({ allotments: 5 })
  const who = await newAccount('voucher-bad')
  const before =
    (await sql()`select count(*)::int as n from public.orders where email = ${who.email}`)[0]!.n
  const r = await membership(s.slug, who.token, { voucher_code: 'ZZZZ-ZZZZ-ZZZZ' })
  assert.equal(r.status, 409, r.text)
  assert.deepEqual([errorCode(r), r.json.error.details[0].path], [
    'voucher_not_usable',
    'voucher_code',
  ])
  const malformed = await membership(s.slug, who.token, { voucher_code: 'nope' })
  assert.equal(malformed.status, 400)
  assert.equal(
    (await sql()`select count(*)::int as n from public.orders where email = ${who.email}`)[0]!.n,
    before,
  )
})
