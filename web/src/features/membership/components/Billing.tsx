// Rent on /members (docs/billing.md): for a membership billed by a subscription, the plan and its
// price, where billing stands in plain words, the next payment, the payment method with the
// "Change payment method" action (the provider's portal), the Direct Debit advance notice the Bacs
// scheme asks for, and the rent payments with their receipts. A membership behind with its rent
// also gets an alert at the top of the page (ArrearsAlert) with what is owed.
import { css } from 'goober'
import { Link } from 'wouter'
import { paths } from '@/config/paths'
import { longDate as day, shortDate, ukDay } from '@/lib/dates'
import { buttonPrimary, buttonSecondary, errorText } from '@/components/styles'
import { StackedTable } from '@/components/StackedTable'
import type { MyMembership } from '../api/get-my-membership'
import type { Invoice, PaymentMethod, Subscription } from '../api/get-billing'
import { useOpenBillingPortal } from '../api/open-billing-portal'
import { pounds } from './PriceSummary'

const box = css`
  h2 {
    margin: 0 0 0.75rem;
  }
  h3 {
    margin: 1.25rem 0 0.5rem;
    font-size: 1.1rem;
  }
  .notice {
    border-left: 4px solid var(--roots-primary);
    padding: 0.25rem 0 0.25rem 0.75rem;
    margin: 0 0 1rem;
  }
  /* The table scrolls sideways on a phone rather than breaking words letter by letter. */
  table {
    overflow-wrap: normal;
  }
  /* Holds the visually hidden heading inside the scrolling box, so the page never scrolls sideways. */
  .scroll {
    position: relative;
  }
  th,
  td {
    vertical-align: top;
  }
  .num {
    text-align: right;
  }
  .num,
  .when,
  th,
  .nowrap {
    white-space: nowrap;
  }
  @media (min-width: 30.01rem) {
    .state {
      min-width: 7rem;
    }
    .what {
      min-width: 12rem;
    }
  }
`
const alertBox = css`
  border: 3px solid var(--roots-error);
  background: #fdf1f0;
  border-radius: 0.75rem;
  padding: clamp(1rem, 4vw, 1.5rem);
  margin-bottom: 1rem;
  max-width: 48rem;
  h2 {
    margin: 0 0 0.5rem;
    font-size: 1.25rem;
    color: var(--roots-error);
  }
  p {
    margin: 0 0 0.75rem;
  }
`

/** The membership's fields billing reads. */
export type BilledMembership = Pick<
  MyMembership,
  'id' | 'status' | 'ends_on' | 'paused_from' | 'resumes_on' | 'plot_number' | 'plan' | 'site'
>

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  maestro: 'Maestro',
}

/** 108800 → 10-88-00. */
export const sortCode = (s: string) => s.replace(/\D/g, '').replace(/(\d{2})(?=\d)/g, '$1-')

/** "Visa ending 4242", "Direct Debit from account ending 2345, sort code 10-88-00". */
export function paymentMethodText(pm: PaymentMethod | null | undefined): string {
  if (!pm) return 'No payment method on file'
  if (pm.type === 'bacs_debit') {
    return `Direct Debit from account ending ${pm.last4}${pm.sort_code ? `, sort code ${sortCode(pm.sort_code)}` : ''}`
  }
  const brand = pm.brand ? (BRANDS[pm.brand.toLowerCase()] ?? 'Card') : 'Card'
  return `${brand} ending ${pm.last4}`
}

/** The payment method's words, the sort code kept on one line. */
export function PaymentMethodText({ pm }: { pm: PaymentMethod | null | undefined }) {
  const text = paymentMethodText(pm)
  const code = pm?.sort_code ? sortCode(pm.sort_code) : null
  if (!code || !text.endsWith(code)) return <>{text}</>
  return (
    <>
      {text.slice(0, -code.length)}
      <span className='nowrap'>{code}</span>
    </>
  )
}

/** Where billing stands, in plain words. */
export function statusText(m: BilledMembership, s: Subscription, today = ukDay()): string {
  if (m.status === 'suspended') return m.ends_on ? `Suspended — ends on ${day(m.ends_on)}` : 'Suspended'
  if (m.status === 'past_due' || s.status === 'past_due' || s.status === 'unpaid') {
    return s.past_due_since ? `Payment overdue since ${day(s.past_due_since)}` : 'Payment overdue'
  }
  if (m.status === 'ended' || s.status === 'canceled') return 'Ended'
  if (m.status === 'cancellation_requested') return m.ends_on ? `Cancelled — ends on ${day(m.ends_on)}` : 'Cancelled'
  if (m.paused_from && m.resumes_on && m.paused_from <= today && today < m.resumes_on) {
    return `Paused until ${day(m.resumes_on)}`
  }
  if (s.status === 'paused') return s.pause_resumes_at ? `Paused until ${day(s.pause_resumes_at)}` : 'Paused'
  if (s.status === 'incomplete' || m.status === 'pending') return 'Waiting for the first payment'
  return 'Active'
}

/** What is owed: the open invoices' unpaid amounts. */
export const owedPence = (invoices: readonly Invoice[]) =>
  invoices.filter((i) => i.status === 'open').reduce((t, i) => t + i.amount_due_pence - i.amount_paid_pence, 0)

/** A payment's status: Paid, Failed – retrying on …, Refunded… */
export function invoiceStatus(i: Invoice): string {
  if (i.status === 'paid') {
    if (i.amount_refunded_pence > 0 && i.amount_refunded_pence >= i.amount_paid_pence) return 'Refunded'
    if (i.amount_refunded_pence > 0) return `Paid, ${pounds(i.amount_refunded_pence)} refunded`
    return 'Paid'
  }
  if (i.status === 'void') return 'Cancelled'
  if (i.status === 'uncollectible') return 'Failed – not collected'
  if (i.attempt_count > 0) return i.next_attempt_at ? `Failed – retrying on ${day(i.next_attempt_at)}` : 'Failed'
  return 'Due'
}

const REASONS: Record<string, string> = {
  subscription_create: 'First payment',
  subscription_cycle: 'Rent',
  subscription_update: 'Plan change',
}

/** What a payment was for: a month's rent by its period; the first payment (or any other) by its
 *  lines, which name the joining fee and the deposit. */
export function invoiceDescription(i: Invoice): string {
  if (i.billing_reason === 'subscription_cycle' && i.period_start && i.period_end) {
    return `Rent, ${shortDate(i.period_start)} to ${shortDate(i.period_end)}`
  }
  if (i.lines.length) return i.lines.map((l) => l.description).join('; ')
  return REASONS[i.billing_reason ?? ''] ?? 'Rent'
}

const invoiceDate = (i: Invoice) => i.paid_at ?? i.failed_at ?? i.issued_at

/** The Bacs advance notice of the next collection. */
export function advanceNotice(s: Subscription): string | null {
  const pm = s.payment_method
  if (pm?.type !== 'bacs_debit' || s.next_payment_pence === null || !s.next_payment_at) return null
  return (
    `We will collect ${pounds(s.next_payment_pence)} on or after ${day(s.next_payment_at)} by Direct Debit ` +
    `from account ending ${pm.last4}; you will get at least 3 working days' notice of any change in amount or date.`
  )
}

/** Ended (or never started) billing has nothing to change. */
const live = (m: BilledMembership, s: Subscription) =>
  !['ended', 'cancelled'].includes(m.status) && s.status !== 'canceled'
/** Billing that will collect again (a suspended membership's arrears are another matter). */
const collecting = (m: BilledMembership, s: Subscription) => live(m, s) && m.status !== 'suspended'

/** "Change payment method": to the provider's portal for this membership. */
export function ChangePaymentMethod({ membershipId, primary = false }: { membershipId: number; primary?: boolean }) {
  const portal = useOpenBillingPortal()
  return (
    <>
      <button
        type='button'
        className={primary ? buttonPrimary : buttonSecondary}
        disabled={portal.isPending || portal.isSuccess}
        onClick={() => portal.mutate(membershipId)}
      >
        {portal.isPending || portal.isSuccess ? 'Opening…' : 'Change payment method'}
      </button>
      {portal.isError && (
        <p role='alert' className={errorText}>
          {portal.error.message}
        </p>
      )}
    </>
  )
}

const where = (m: BilledMembership) =>
  `${m.site?.location ?? 'your site'}${m.plot_number ? `, plot ${m.plot_number}` : ''}`

/** At the top of the page: a membership behind with its rent, what is owed and how to pay it. */
export function ArrearsAlert({
  membership: m,
  subscription: s,
  invoices,
}: {
  membership: BilledMembership
  subscription: Subscription
  invoices: readonly Invoice[]
}) {
  const suspended = m.status === 'suspended'
  if (!suspended && m.status !== 'past_due' && s.status !== 'past_due' && s.status !== 'unpaid') return null
  const owed = owedPence(invoices)
  const retry = invoices.find((i) => i.status === 'open' && i.next_attempt_at)?.next_attempt_at
  return (
    <section className={alertBox} role='alert' aria-labelledby={`arrears-${m.id}`} data-testid='arrears-alert'>
      <h2 id={`arrears-${m.id}`}>{suspended ? 'Your membership is suspended' : 'Your rent payment failed'}</h2>
      <p>
        You owe <strong>{pounds(owed)}</strong> for {where(m)}
        {s.past_due_since ? <>, overdue since {day(s.past_due_since)}</> : null}.{' '}
        {suspended ? (
          <>Your membership ends on {day(m.ends_on)} unless it is paid before then.</>
        ) : retry ? (
          <>We will try again on {day(retry)}.</>
        ) : null}{' '}
        Update your payment method and we will collect it.
      </p>
      <ChangePaymentMethod membershipId={m.id} primary />
    </section>
  )
}

/** The rent of one membership billed by a subscription. */
export function Billing({
  membership: m,
  subscription: s,
  invoices,
}: {
  membership: BilledMembership
  subscription: Subscription
  invoices: readonly Invoice[]
}) {
  const notice = collecting(m, s) ? advanceNotice(s) : null
  const next = collecting(m, s) && s.status !== 'paused' && s.next_payment_at && s.next_payment_pence !== null
  const id = `rent-${m.id}`
  return (
    <section className={`card ${box}`} aria-labelledby={id} data-testid='rent'>
      <h2 id={id}>Rent: {where(m)}</h2>
      <dl>
        <dt>Plan</dt>
        <dd>{m.plan ? `${m.plan.name}, ${pounds(m.plan.price_pence)} a ${m.plan.billing_interval}` : '—'}</dd>
        <dt>Status</dt>
        <dd data-testid='billing-status'>{statusText(m, s)}</dd>
        {next && (
          <>
            <dt>Next payment</dt>
            <dd data-testid='next-payment'>
              {pounds(s.next_payment_pence!)} on {day(s.next_payment_at)}
            </dd>
          </>
        )}
        <dt>Payment method</dt>
        <dd data-testid='payment-method'>
          <PaymentMethodText pm={s.payment_method} />
        </dd>
        {s.payment_method?.type === 'bacs_debit' && s.mandate_reference && (
          <>
            <dt>Mandate reference</dt>
            <dd>{s.mandate_reference}</dd>
          </>
        )}
      </dl>
      {notice && (
        <p className='notice' data-testid='advance-notice'>
          {notice}
        </p>
      )}
      {live(m, s) && <ChangePaymentMethod membershipId={m.id} />}
      <h3>Rent payments</h3>
      {invoices.length === 0 ? (
        <p>No rent payments yet.</p>
      ) : (
        <StackedTable
          label={`Rent payments for ${where(m)}`}
          rows={invoices}
          rowKey={(i) => i.id}
          rowTestId='invoice'
          columns={[
            { label: 'Date', className: 'when', cell: (i) => shortDate(invoiceDate(i)) },
            { label: 'Description', className: 'what', cell: invoiceDescription },
            {
              label: 'Amount',
              className: 'num',
              cell: (i) => pounds(i.status === 'paid' ? i.amount_paid_pence : i.amount_due_pence),
            },
            { label: 'Status', className: 'state', cell: invoiceStatus },
            {
              label: 'Receipt',
              hidden: true,
              cell: (i) =>
                i.status === 'paid' && (
                  <Link
                    href={paths.memberReceipt.getHref({ id: String(i.id) })}
                    aria-label={`Receipt for ${invoiceDescription(i)}, ${day(invoiceDate(i))}`}
                  >
                    Receipt
                  </Link>
                ),
            },
          ]}
        />
      )}
    </section>
  )
}
