// Staff refunds of a membership's payments: admins only; the provider is asked once per refund
// (a repeat returns the same refund); no more than was paid; the member is e-mailed once; bad
// input answers in the error shape and records nothing.
import assert from 'node:assert/strict'
import { call, errorCode, sql, staff, test, tokenFor, uniqueEmail } from '../_shared/testing.ts'

/** A member with a subscription and one paid and one open invoice; returns the invoice ids. */
async function billedMember(): Promise<{ email: string; paid: number; open: number }> {
  const email = uniqueEmail('refund')
  const tag = crypto.randomUUID().replaceAll('-', '').slice(0, 12)
  const [row] = await sql()`
    with mb as (insert into public.members (first_name, last_name, email) values ('Rae', 'Fund', ${email}) returning id),
    ms as (insert into public.memberships (member_id, site_id, plan_id, status, start_date)
      select mb.id, s.id, 2, 'active', current_date - 60 from mb, public.global_sites s where s.slug = 'tuckers-meadow' returning id),
    sub as (insert into public.subscriptions (membership_id, provider, provider_ref, customer_ref, status)
      select ms.id, 'local', ${'sub_local_' + tag}, ${
    'cus_local_' + tag
  }, 'active' from ms returning id, membership_id)
    insert into public.invoices (subscription_id, membership_id, provider_ref, number, status, amount_due_pence,
      amount_paid_pence, payment_ref, issued_at, paid_at)
    select sub.id, sub.membership_id, ${'in_local_' + tag}, 'ROOTS-0002', 'paid', 2999, 2999, ${
    'pi_local_' + tag
  }, now(), now()
    from sub returning id, subscription_id, membership_id`
  const [open] = await sql()`
    insert into public.invoices (subscription_id, membership_id, provider_ref, status, amount_due_pence, issued_at)
    values (${row.subscription_id}, ${row.membership_id}, ${
    'in_local_open_' + tag
  }, 'open', 2999, now()) returning id`
  return { email, paid: Number(row.id), open: Number(open.id) }
}

const refund = async (who: string, body: unknown) =>
  call('payments/invoice-refund', { body, token: await tokenFor(who) })
const providerRefunds = (invoiceId: number) =>
  sql()`select request from private.provider_calls where provider = 'payments' and operation = 'refund.create'
    and request -> 'metadata' ->> 'invoice_id' = ${String(invoiceId)}`
const mails = (to: string) =>
  sql()`select request from private.provider_calls where provider = 'email' and request ->> 'to' = ${to}
    and request ->> 'tag' = 'invoice-refund'`

test('an admin refunds part of a payment: once at the provider, once in the inbox', async () => {
  const m = await billedMember()
  const first = await refund(staff.official, {
    invoice_id: m.paid,
    reason: 'Plot flooded',
    amount_pence: 1000,
  })
  assert.equal(first.status, 202, first.text)
  assert.equal(first.json.refund.status, 'applied')
  assert.equal(first.json.refund.amount_pence, 1000)
  assert.equal(
    'email' in first.json.refund,
    false,
    "the answer does not repeat the member's address",
  )
  const calls = await providerRefunds(m.paid)
  assert.equal(calls.length, 1)
  assert.equal(calls[0].request.amount, 1000)
  assert.equal(calls[0].request.idempotency_key, `invoice-refund-${first.json.refund.id}`)
  const sent = await mails(m.email)
  assert.equal(sent.length, 1)
  assert.match(sent[0].request.text, /refunded £10\.00/)

  const more = await refund(staff.official, {
    invoice_id: m.paid,
    reason: 'Plot flooded',
    amount_pence: 2000,
  })
  assert.equal(more.status, 409)
  assert.equal(errorCode(more), 'conflict')
  assert.equal(more.json.error.message, 'Refund between £0.01 and £19.99.')
  assert.equal(
    (await providerRefunds(m.paid)).length,
    1,
    'a refund over what is left reaches no provider',
  )
})

test('only admins refund, only paid payments, and bad input changes nothing', async () => {
  const m = await billedMember()
  for (const who of [staff.patch, staff.member]) {
    const r = await refund(who, { invoice_id: m.paid, reason: 'Because' })
    assert.equal(r.status, 403, `${who}: ${r.text}`)
  }
  const unpaid = await refund(staff.official, { invoice_id: m.open, reason: 'Not paid' })
  assert.equal(unpaid.status, 409)
  assert.equal(unpaid.json.error.message, 'Only a paid payment can be refunded.')
  for (
    const body of [
      { invoice_id: m.paid },
      { invoice_id: m.paid, reason: 'ok' },
      { invoice_id: 'x', reason: 'Because' },
      { invoice_id: m.paid, reason: 'Because', amount_pence: -5 },
      { invoice_id: m.paid, reason: 'Because', extra: 1 },
    ]
  ) {
    const r = await refund(staff.official, body)
    assert.equal(r.status, 400, JSON.stringify(body))
    assert.equal(errorCode(r), 'validation_failed')
  }
  assert.equal((await providerRefunds(m.paid)).length, 0)
  const [{ n }] =
    await sql()`select count(*)::int as n from private.invoice_refunds where invoice_id = ${m.paid}`
  assert.equal(n, 0)
})
