// Gift vouchers reach their recipients, against the real stack: bought for right away,
// the recipient is e-mailed once when the webhook marks it paid; bought for a later day, nothing
// goes until the scheduler's drain (private.drain_notification_outboxes, run here as postgres,
// its request sent by the gateway's pg_net worker) finds it due, and then exactly once however
// many drains overlap. The buyer's receipt says when and to whom; the status the success pages
// read says the same and never shows the code.
import assert from 'node:assert/strict'
import {
  call,
  errorCode,
  SERVICE_KEY,
  sql,
  staff,
  test,
  tokenFor,
  uniqueEmail,
} from '../_shared/testing.ts'
import { aYearOn, ukDay } from '../_shared/common/dates.ts'
import { voucherEmail } from './vouchers.ts'

const buy = (body: Record<string, unknown>) =>
  call('payments/checkout', {
    body: { kind: 'gift_voucher', value_pence: 3000, ...body },
    headers: { 'idempotency-key': `gv-${crypto.randomUUID()}` },
  })

async function pay(url: string) {
  const res = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'card_number=4242424242424242',
  })
  await res.body?.cancel()
  assert.equal(res.status, 303)
  return res.headers.get('location')!
}

// deno-lint-ignore no-explicit-any
const mails = async (to: string, tag: string): Promise<any[]> =>
  (await sql()`select request from private.provider_calls where provider = 'email' and request ->> 'to' = ${to} and request ->> 'tag' = ${tag} order by id`)
    .map((r) => r.request)

const voucherOf = async (sessionId: string) =>
  (await sql()`select g.* from public.gift_vouchers g join public.orders o on o.id = g.order_id where o.checkout_session_id = ${sessionId}`)[
    0
  ]!

/** Polls until `check` holds, at most `ms`. */
async function eventually(what: string, check: () => Promise<boolean>, ms = 30_000) {
  const until = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`not within ${ms / 1000} s: ${what}`)
    await new Promise((r) => setTimeout(r, 250))
  }
}

/** One tick of the scheduled drain, then until the gateway's pg_net worker has sent what it queued. */
async function drain(): Promise<number> {
  const [r] = await sql()`select private.drain_notification_outboxes() as n`
  await eventually(
    'the queued requests were answered',
    async () => Number((await sql()`select count(*) from net.http_request_queue`)[0]!.count) === 0,
  )
  return Number(r!.n)
}

const day = (offset: number) => {
  const d = new Date(`${ukDay()}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + offset)
  return d.toISOString().slice(0, 10)
}

test('bought for right away: the recipient gets the code, the amount, who it is from, the message and how to redeem, once', async () => {
  const buyer = uniqueEmail('giver')
  const recipient = uniqueEmail('lucky')
  const r = await buy({
    email: buyer,
    buyer_name: 'Ada Giver',
    recipient_name: 'Bo',
    recipient_email: recipient,
    message: 'Happy growing, Bo!',
  })
  assert.equal(r.status, 201, r.text)
  assert.deepEqual(await mails(recipient, 'gift-voucher'), [], 'nothing before it is paid')
  const location = await pay(r.json.url)
  assert.ok(location.endsWith(`/gift-vouchers/success?session_id=${r.json.session_id}`), location)

  const v = await voucherOf(r.json.session_id)
  const [mail, ...more] = await mails(recipient, 'gift-voucher')
  assert.ok(mail, 'the recipient was e-mailed when the payment landed')
  assert.equal(more.length, 0)
  assert.equal(mail.subject, 'Ada Giver has sent you a Roots Allotments gift voucher')
  for (
    const part of [
      'Hello Bo,',
      v.code,
      '£30.00',
      'Ada Giver wrote: “Happy growing, Bo!”',
      'Apply voucher',
      '/checkout/new',
    ]
  ) {
    assert.ok(mail.text.includes(part), `the e-mail says ${part}: ${mail.text}`)
  }
  const [receipt] = await mails(buyer, 'receipt')
  assert.match(
    receipt.text,
    new RegExp(
      `We are e-mailing your £30\\.00 gift voucher to Bo \\(${
        recipient.replace(/\./g, '\\.')
      }\\) now`,
    ),
  )
  assert.ok(!receipt.text.includes(v.code), 'the code goes to the recipient only')

  const st = await call('payments/status', { query: { session_id: r.json.session_id } })
  assert.equal(st.status, 200, st.text)
  assert.deepEqual([
    st.json.status,
    st.json.voucher.recipient_email,
    st.json.voucher.deliver_on,
    typeof st.json.voucher.sent_at,
  ], ['paid', recipient, null, 'string'])
  assert.ok(!st.text.includes(v.code), 'the status never shows the code')

  assert.equal(await drain() >= 0, true)
  assert.equal(
    (await mails(recipient, 'gift-voucher')).length,
    1,
    'the drain does not send it again',
  )
})

test('bought for a later day: not sent before its date, then sent once by the scheduler however many drains overlap', async () => {
  const buyer = uniqueEmail('planner')
  const recipient = uniqueEmail('birthday')
  const when = day(5)
  const r = await buy({
    email: buyer,
    buyer_name: 'Cy Planner',
    recipient_email: recipient,
    message: 'For your birthday',
    deliver_on: when,
  })
  assert.equal(r.status, 201, r.text)
  await pay(r.json.url)
  const v = await voucherOf(r.json.session_id)
  assert.equal(v.status, 'active')
  const [receipt] = await mails(buyer, 'receipt')
  const long = new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${when}T00:00:00Z`))
  assert.ok(
    receipt.text.includes(`We will e-mail your £30.00 gift voucher to ${recipient} on ${long}`),
    receipt.text,
  )

  await drain()
  assert.deepEqual(await mails(recipient, 'gift-voucher'), [], 'not before its date')
  const st = await call('payments/status', { query: { session_id: r.json.session_id } })
  assert.deepEqual([st.json.voucher.deliver_on, st.json.voucher.sent_at], [when, null])

  // Its day has come (moved into the past).
  await sql()`update public.gift_vouchers set deliver_on = ${day(-1)} where id = ${v.id}`
  // Two ticks of the drain at once, each in its own session, and two requests reaching the
  // function at once.
  const deliverNow = () =>
    call('payments/deliver-vouchers', {
      body: { action: 'deliver_vouchers' },
      token: SERVICE_KEY(),
    })
  await Promise.all([
    sql()`select private.drain_notification_outboxes()`,
    sql()`select private.drain_notification_outboxes()`,
    deliverNow(),
    deliverNow(),
  ])
  await eventually(
    'the recipient was e-mailed',
    async () => (await mails(recipient, 'gift-voucher')).length > 0,
  )
  await drain()
  const sent = await mails(recipient, 'gift-voucher')
  assert.equal(sent.length, 1, 'sent exactly once')
  assert.ok(
    sent[0].text.includes(v.code) && sent[0].text.includes('Cy Planner wrote: “For your birthday”'),
  )
  const [answer] =
    await sql()`select r.status_code from net._http_response r order by r.created desc limit 1`
  assert.equal(
    answer!.status_code,
    200,
    'the scheduler reached the payments function with the service key',
  )
})

test("a delivery date is today to a year ahead and needs a recipient; a recipient needs the buyer's name; nothing written when refused", async () => {
  const email = uniqueEmail('careful')
  const cases: [Record<string, unknown>, string, string][] = [
    [
      { buyer_name: 'A', recipient_email: 'r@example.com', deliver_on: day(-1) },
      'deliver_on',
      'Choose today or a later date.',
    ],
    [
      {
        buyer_name: 'A',
        recipient_email: 'r@example.com',
        deliver_on: day(1).replace(/^(\d{4})/, (y) => String(Number(y) + 1)),
      },
      'deliver_on',
      'Choose a date within a year.',
    ],
    [
      { buyer_name: 'A', deliver_on: day(2) },
      'deliver_on',
      "Add the recipient's e-mail address to choose a delivery date.",
    ],
    [
      { buyer_name: 'A', recipient_email: 'r@example.com', deliver_on: '2025-02-30' },
      'deliver_on',
      'Enter a real date.',
    ],
    [
      { recipient_email: 'r@example.com' },
      'buyer_name',
      'Enter your name: the recipient sees who the voucher is from.',
    ],
  ]
  for (const [body, path, message] of cases) {
    const r = await buy({ email, ...body })
    assert.equal(r.status, 400, r.text)
    assert.equal(errorCode(r), 'validation_failed')
    assert.deepEqual(r.json.error.details, [{ path, message }])
  }
  assert.equal(
    Number((await sql()`select count(*) from public.orders where email = ${email}`)[0]!.count),
    0,
  )
  const edge = await buy({
    email,
    buyer_name: 'A',
    recipient_email: uniqueEmail('edge'),
    deliver_on: aYearOn(ukDay()),
  })
  assert.equal(edge.status, 201, `a year to the day is allowed: ${edge.text}`)
  const today = await buy({
    email,
    buyer_name: 'A',
    recipient_email: uniqueEmail('today'),
    deliver_on: ukDay(),
  })
  assert.equal(today.status, 201, today.text)
})

test("the status of an unknown or malformed session is not found; the delivery route is the scheduler's and admins'", async () => {
  const unknown = await call('payments/status', {
    query: { session_id: 'cs_local_00000000000000000000000000000000' },
  })
  assert.equal(unknown.status, 404)
  assert.equal(errorCode(unknown), 'not_found')
  const malformed = await call('payments/status', { query: { session_id: 'nope' } })
  assert.equal(malformed.status, 400)
  assert.equal((await call('payments/deliver-vouchers', { body: {} })).status, 401, 'anon')
  assert.equal(
    (await call('payments/deliver-vouchers', { body: {}, token: await tokenFor(staff.member) }))
      .status,
    403,
    'a member',
  )
  const bad = await call('payments/deliver-vouchers', {
    body: { action: 'nope' },
    token: SERVICE_KEY(),
  })
  assert.equal(bad.status, 400)
  const ok = await call('payments/deliver-vouchers', {
    body: { action: 'deliver_vouchers' },
    token: SERVICE_KEY(),
  })
  assert.equal(ok.status, 200, ok.text)
  assert.equal(typeof ok.json.delivered, 'number')
  const admin = await call('payments/deliver-vouchers', {
    body: {},
    token: await tokenFor(staff.official),
  })
  assert.equal(admin.status, 200, admin.text)
})

/** resend_gift_voucher as the admin's page calls it (the RPC with the admin's token). */
const resendAsAdmin = (token: string, voucherId: number, email: string) =>
  fetch(`${Deno.env.get('SUPABASE_URL')}/rest/v1/rpc/resend_gift_voucher`, {
    method: 'POST',
    headers: {
      apikey: Deno.env.get('SUPABASE_ANON_KEY')!,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ p_voucher_id: voucherId, p_recipient_email: email }),
  })

test('an admin sends a voucher again to a corrected address: it goes there once, as a new e-mail', async () => {
  const typo = uniqueEmail('typo').replace('@example.com', '@exmaple.com')
  const right = typo.replace('@exmaple.com', '@example.com')
  const r = await buy({ email: uniqueEmail('giver'), buyer_name: 'Di', recipient_email: typo })
  assert.equal(r.status, 201, r.text)
  await pay(r.json.url)
  const v = await voucherOf(r.json.session_id)
  const [first] = await mails(typo, 'gift-voucher')
  assert.ok(first, 'it went to the mistyped address')

  // The admin's page does this: the RPC as the admin, then the delivery route.
  const token = await tokenFor(staff.official)
  const res = await resendAsAdmin(token, v.id, right)
  assert.equal(res.status, 200, await res.clone().text())
  assert.equal((await res.json()).recipient_email, right)
  const sent = await call('payments/deliver-vouchers', { body: {}, token })
  assert.equal(sent.status, 200, sent.text)
  const [again, ...more] = await mails(right, 'gift-voucher')
  assert.ok(again, 'the corrected address got it')
  assert.equal(more.length, 0)
  assert.ok(again.text.includes(v.code))
  assert.notEqual(again.idempotencyKey, first.idempotencyKey, 'a new key: the provider sends it')
  assert.equal((await mails(typo, 'gift-voucher')).length, 1, 'nothing more to the wrong address')
  await drain()
  assert.equal((await mails(right, 'gift-voucher')).length, 1, 'and once only')
})

test("a voucher the buyer kept: staff send its code to the buyer's own address, worded as theirs", async () => {
  const buyer = uniqueEmail('keeper')
  const r = await buy({ email: buyer })
  assert.equal(r.status, 201, r.text)
  await pay(r.json.url)
  const v = await voucherOf(r.json.session_id)
  assert.equal(v.recipient_email, null)
  assert.equal(
    (await mails(buyer, 'gift-voucher')).length,
    0,
    'a kept voucher travels in the receipt only',
  )

  const token = await tokenFor(staff.official)
  const res = await resendAsAdmin(token, v.id, buyer.toUpperCase())
  assert.equal(res.status, 200, await res.clone().text())
  const sent = await call('payments/deliver-vouchers', { body: {}, token })
  assert.equal(sent.status, 200, sent.text)
  const [mail, ...more] = await mails(buyer.toUpperCase(), 'gift-voucher')
  assert.ok(mail, 'the code went to the buyer')
  assert.equal(more.length, 0)
  assert.equal(mail.subject, 'Your Roots Allotments gift voucher')
  assert.match(mail.text, /Here is your Roots Allotments gift voucher worth £30\.00\./)
  assert.ok(mail.text.includes(v.code))
  assert.doesNotMatch(mail.text, /Someone|has sent you/)
})

test('the e-mail names the giver when there is one, and never calls a nameless one "Someone"', () => {
  const v = {
    code: 'ABCD1234EF56',
    value_pence: 2500,
    buyer_name: null,
    buyer_email: 'ann@example.com',
    recipient_name: 'Bo',
    recipient_email: 'bo@example.com',
    message: 'Happy digging',
    deliver_on: null,
    expires_at: null,
  }
  const nameless = voucherEmail(v)
  assert.equal(nameless.subject, 'You have been sent a Roots Allotments gift voucher')
  assert.match(nameless.text, /Hello Bo,/)
  assert.match(nameless.text, /You have been sent a Roots Allotments gift voucher worth £25\.00\./)
  assert.match(nameless.text, /They wrote: “Happy digging”/)
  assert.doesNotMatch(nameless.text + nameless.subject, /Someone/)
  const named = voucherEmail({ ...v, buyer_name: 'Ann' })
  assert.equal(named.subject, 'Ann has sent you a Roots Allotments gift voucher')
  assert.match(named.text, /Ann wrote: “Happy digging”/)
  const own = voucherEmail({
    ...v,
    buyer_name: 'Ann',
    recipient_name: null,
    recipient_email: ' Ann@Example.com',
  })
  assert.equal(own.subject, 'Your Roots Allotments gift voucher')
  assert.match(own.text, /Hello Ann,/)
  assert.doesNotMatch(own.text, /wrote:/, 'no message to oneself')
  return Promise.resolve()
})

test("the recipient's e-mail gives the end date, or says there is none (gift_vouchers.expires_at may be null)", () => {
  const voucher = {
    code: 'ABCD1234EF56',
    value_pence: 2500,
    buyer_name: 'Ann',
    recipient_name: 'Bo',
    recipient_email: 'bo@example.com',
    message: null,
    deliver_on: null,
  }
  assert.match(
    voucherEmail({ ...voucher, expires_at: '2026-03-03T12:00:00Z' }).text,
    /It is valid until Tuesday,? 3 March 2026\./,
  )
  const open = voucherEmail({ ...voucher, expires_at: null }).text
  assert.match(open, /It is valid with no end date\./)
  assert.doesNotMatch(open, /1970/)
})
