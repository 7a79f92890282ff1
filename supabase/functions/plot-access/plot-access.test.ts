// deno-lint-ignore-file no-explicit-any -- JSON answers are checked field by field
// Co-workers through the function (the rules themselves are pgTAP's: 112-plots-access): the
// invitation e-mail with its one-use link, acceptance on another account and the member's e-mail,
// what the co-worker is refused at the payments function (billing portal, receipts, changes), who
// may drain the mail, and no write when e-mail cannot be sent.
import assert from 'node:assert/strict'
import {
  asDeployed,
  call,
  clientAs,
  errorCode,
  invoke,
  newAccount,
  SERVICE_KEY,
  sql,
  staff,
  test,
  tokenFor,
  uniqueEmail,
} from '../_shared/testing.ts'
import { handler } from './handler.ts'

/** A member with an active membership holding plot 7 at a site of the test's own, billed by a
 *  subscription with one paid invoice. */
async function member(tag: string) {
  const email = uniqueEmail(`holder-${tag}`)
  const token = await newAccount(email)
  const t = crypto.randomUUID().slice(0, 8)
  const [row] = await sql().begin(async (tx: any) => {
    const [site] =
      await tx`insert into public.global_sites (city, city_slug, location, slug, status)
      values ('Accessham', 'accessham', ${'Gatehouse ' + t}, ${
        'gatehouse-' + t
      }, 'active') returning id`
    await tx`select private.plot_flow(true)`
    const [plot] =
      await tx`insert into public.plots (site_id, number, status) values (${site.id}, '7', 'let') returning id`
    const [mb] = await tx`insert into public.members (user_id, first_name, last_name, email)
      select id, 'Hana', 'Holder', ${email} from auth.users where email = ${email} returning id`
    const [m] =
      await tx`insert into public.memberships (member_id, site_id, status, plot_id, plot_number)
      values (${mb.id}, ${site.id}, 'active', ${plot.id}, '7') returning id`
    await tx`insert into public.plot_tenancies (plot_id, site_id, membership_id) values (${plot.id}, ${site.id}, ${m.id})`
    const [s] =
      await tx`insert into public.subscriptions (membership_id, provider, provider_ref, customer_ref, status)
      values (${m.id}, 'local', ${'sub_access_' + t}, ${'cus_access_' + t}, 'active') returning id`
    const [i] =
      await tx`insert into public.invoices (subscription_id, membership_id, provider_ref, status,
        amount_due_pence, amount_paid_pence, paid_at, issued_at)
      values (${s.id}, ${m.id}, ${'in_access_' + t}, 'paid', 2500, 2500, now(), now()) returning id`
    return [{ site: Number(site.id), membership: Number(m.id), invoice: Number(i.id) }]
  })
  return { email, token, ...row }
}

const mails = (to: string, tag: string) =>
  sql()`select request from private.provider_calls where provider = 'email'
    and request ->> 'to' = ${to} and request ->> 'tag' = ${tag} order by id`

test('a member invites a co-worker; the link works once for the invited address; the member hears', async () => {
  const m = await member('invite')
  const helper = uniqueEmail('helper')
  const invited = await call('plot-access', {
    body: { action: 'invite', membership_id: m.membership, email: helper, name: 'Hal' },
    token: m.token,
  })
  assert.equal(invited.status, 201, invited.text)
  assert.equal(invited.json.co_worker.status, 'invited')
  assert.equal(invited.json.co_worker.email, helper)

  const [mail, ...more] = await mails(helper, 'co-worker-invitation')
  assert.equal(more.length, 0, 'one invitation e-mail')
  const text = mail.request.text as string
  assert.match(text, /Hana Holder has invited you to be their co-worker on plot 7 at Gatehouse/)
  assert.match(text, /cannot|stay with Hana/)
  const link = /https?:\/\/\S+\/members\/co-worker\?invitation=([0-9a-f]{48})/.exec(text)
  assert.ok(link, `the e-mail holds the link: ${text}`)
  const token = link[1]
  const [left] = await sql()`select count(*)::int as n from private.co_worker_notices
    where token is not null or email is not null`
  assert.equal(left.n, 0, 'once sent, no notice keeps the token or the address')

  const again = await call('plot-access', {
    body: { action: 'invite', membership_id: m.membership, email: uniqueEmail('second') },
    token: m.token,
  })
  assert.equal(again.status, 409, again.text)
  assert.match(again.json.error.message, /already have a co-worker/)

  // Someone else with the link, signed in with another address, is refused.
  const other = await newAccount(uniqueEmail('other'))
  const wrong = await call('plot-access', { body: { action: 'accept', token }, token: other })
  assert.equal(wrong.status, 403, wrong.text)
  assert.match(wrong.json.error.message, /This invitation was sent to h…@example\.com/)

  const helperToken = await newAccount(helper)
  const accepted = await call('plot-access', {
    body: { action: 'accept', token },
    token: helperToken,
  })
  assert.equal(accepted.status, 200, accepted.text)
  assert.equal(accepted.json.accepted.membership_id, m.membership)
  const [told] = await mails(m.email, 'co-worker-accepted')
  assert.ok(told, 'the member is told')
  assert.match(
    told.request.text,
    new RegExp(`Hal \\(${helper.replace('.', '\\.')}\\) has accepted`),
  )

  const used = await call('plot-access', { body: { action: 'accept', token }, token: other })
  assert.equal(used.status, 409, used.text)
  assert.equal(used.json.error.message, 'This invitation has already been used.')

  // What the co-worker sees, and what the payments function refuses them.
  const db = clientAs(helperToken)
  await sql()`insert into private.site_access (site_id, gate_code) values (${m.site}, 'C1234X')`
  const access = await db.rpc('site_access', { p_site_id: m.site })
  assert.equal(access.error, null)
  assert.equal(access.data![0]!.gate_code, 'C1234X')
  const portal = await call('payments/billing-portal', {
    body: { membership_id: m.membership },
    token: helperToken,
  })
  assert.equal(portal.status, 404, portal.text)
  const receipt = await call(`payments/receipt/${m.invoice}.pdf`, {
    method: 'GET',
    token: helperToken,
  })
  assert.equal(receipt.status, 404, receipt.text)
  const pause = await call('payments/membership-change', {
    body: { membership_id: m.membership, action: 'pause', months: 1 },
    token: helperToken,
    headers: { 'idempotency-key': `coworker-${crypto.randomUUID()}` },
  })
  assert.equal(pause.status, 404, pause.text)
  const cancel = await call('payments/membership-change', {
    body: { membership_id: m.membership, action: 'cancel' },
    token: helperToken,
    headers: { 'idempotency-key': `coworker-${crypto.randomUUID()}` },
  })
  assert.equal(cancel.status, 404, cancel.text)
  // The member, for comparison, reaches their receipt.
  const own = await call(`payments/receipt/${m.invoice}.pdf`, { method: 'GET', token: m.token })
  assert.equal(own.status, 200, own.text.slice(0, 200))
})

test('signed-out callers, bad input and the drain', async () => {
  const anon = await call('plot-access', {
    body: { action: 'invite', membership_id: 1, email: 'a@example.com' },
  })
  assert.equal(anon.status, 401, anon.text)
  assert.equal(errorCode(anon), 'unauthorized')
  const bad = await call('plot-access', {
    body: { action: 'invite', membership_id: 1, email: 'not an address' },
    token: await tokenFor(staff.member),
  })
  assert.equal(bad.status, 400, bad.text)
  const notMine = await call('plot-access', {
    body: { action: 'invite', membership_id: 2147483647, email: 'a@example.com' },
    token: await tokenFor(staff.member),
  })
  assert.equal(notMine.status, 404, notMine.text)
  const badToken = await call('plot-access', {
    body: { action: 'accept', token: 'f'.repeat(48) },
    token: await tokenFor(staff.member),
  })
  assert.equal(badToken.status, 404, badToken.text)
  assert.equal((await call('plot-access', { body: { action: 'notify' } })).status, 401)
  const pm = await call('plot-access', {
    body: { action: 'notify' },
    token: await tokenFor(staff.patch),
  })
  assert.equal(pm.status, 403, pm.text)
  const admin = await call('plot-access', {
    body: { action: 'notify' },
    token: await tokenFor(staff.official),
  })
  assert.equal(admin.status, 200, admin.text)
  const scheduler = await call('plot-access', { body: { action: 'notify' }, token: SERVICE_KEY() })
  assert.equal(scheduler.status, 200, scheduler.text)
})

test('without e-mail configured nothing is written: 503 before the invitation', async () => {
  const m = await member('deployed')
  const helper = uniqueEmail('unsent')
  const r = await asDeployed(() =>
    invoke(handler, 'plot-access', {
      body: { action: 'invite', membership_id: m.membership, email: helper },
      token: m.token,
    })
  )
  assert.equal(r.status, 503, r.text)
  assert.equal(errorCode(r), 'not_configured')
  const [row] =
    await sql()`select count(*)::int as n from public.co_workers where email = ${helper}`
  assert.equal(row.n, 0)
})
