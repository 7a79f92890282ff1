// /admin/members/{membership id}: one member's membership as admins see it: who, where, the plan,
// the subscription that bills it (status, next payment, method, arrears) and every payment, with
// what staff may do within the member's own rules: pause billing, cancel with the agreement's
// notice, refund a payment. Each change goes through the payments function (provider, e-mail) and
// is in the audit log under the admin's name. Cards and a scrolling table, so it reads at 360 px.
import { css } from 'goober'
import { type FormEvent, useState } from 'react'
import { Link } from 'wouter'
import { adminPaths } from '@/config/paths-admin'
import { ConfirmDialog, EmptyState, ErrorNotice, Field, PageHeader, Status } from '@/components/admin/ui'
import { DataTable } from '@/components/admin/DataTable'
import { breakAll } from '@/components/admin/styles'
import { buttonPrimary, buttonSecondary } from '@/components/styles'
import { formatPence, parsePounds } from '@/lib/admin/money'
import { dateTime, longDate, shortDate } from '@/lib/dates'
import { usePageMeta } from '@/lib/page-meta'
import { toast } from '@/lib/toast'
import { type MemberDetail, type PaymentMethod, useMember, useTerms } from '../api/get-member'
import { reasonSchema, useChangeMembership, useRefundInvoice } from '../api/change-membership'

const facts = css`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 0.25rem 1rem;
  margin: 0 0 1rem;
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  @media (max-width: 30rem) {
    grid-template-columns: 1fr;
    dd {
      margin-bottom: 0.4rem;
    }
  }
`
const actions = css`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  margin: 0.5rem 0 1rem;
`
const alert = css`
  border-left: 4px solid #b3261e;
  background: #fdecea;
  padding: 0.75rem 1rem;
  margin: 0 0 1rem;
`

const STATUS: Record<string, string> = {
  pending: 'Pending (first payment not in yet)',
  active: 'Active',
  past_due: 'Payment overdue',
  suspended: 'Suspended for arrears',
  cancellation_requested: 'Cancelled: under notice',
  cancelled: 'Cancelled before it started',
  ended: 'Ended',
}
const INVOICE: Record<string, string> = {
  paid: 'Paid',
  open: 'Unpaid',
  void: 'Void',
  uncollectible: 'Written off',
  draft: 'Draft',
}

export const methodText = (m: PaymentMethod | null | undefined) =>
  !m
    ? 'None on file'
    : m.type === 'bacs_debit'
      ? `Direct Debit from account ending ${m.last4}${m.sort_code ? `, sort code ${m.sort_code.replace(/(\d\d)(?=\d)/g, '$1-')}` : ''}`
      : `${m.brand ? m.brand[0]!.toUpperCase() + m.brand.slice(1) : 'Card'} ending ${m.last4}`

const newKey = () => `staff-${crypto.randomUUID()}`

function PauseDialog({ m, onClose }: { m: MemberDetail; onClose: () => void }) {
  const terms = useTerms(m.id)
  const change = useChangeMembership()
  const [months, setMonths] = useState(1)
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [key] = useState(newKey)
  const options = terms.data?.pause.options ?? []
  const chosen = options.find((o) => o.months === months)
  const confirm = (e?: FormEvent) => {
    e?.preventDefault()
    const r = reasonSchema.safeParse(reason)
    if (!r.success) {
      setError(r.error.issues[0]!.message)
      return
    }
    change.mutate(
      { membershipId: m.id, action: 'pause', months, reason: r.data, key },
      {
        onSuccess: () => {
          toast.success(`Billing paused for ${months} month${months === 1 ? '' : 's'}`)
          onClose()
        },
        onError: (err) => {
          setError(err.message)
          toast.error(err.message)
        },
      },
    )
  }
  return (
    <ConfirmDialog
      title='Pause billing?'
      confirmLabel='Pause billing'
      busy={change.isPending}
      onCancel={onClose}
      onConfirm={() => confirm()}
    >
      <form onSubmit={confirm} noValidate>
        {terms.isPending && <Status>Loading the member's pause terms…</Status>}
        {terms.data && !terms.data.pause.allowed && <p role='alert'>{terms.data.pause.reason}</p>}
        {options.length > 0 && (
          <Field label='How long'>
            <select value={months} onChange={(e) => setMonths(Number(e.target.value))}>
              {options.map((o) => (
                <option key={o.months} value={o.months}>
                  {o.months} month{o.months === 1 ? '' : 's'}
                </option>
              ))}
            </select>
          </Field>
        )}
        {chosen && (
          <p>
            From {longDate(chosen.starts_on)}; billing restarts on {longDate(chosen.resumes_on)}. The plot stays the
            member's.
          </p>
        )}
        <Field label='Reason (the member is e-mailed)' error={error}>
          <textarea value={reason} onChange={(e) => setReason(e.target.value)} />
        </Field>
      </form>
    </ConfirmDialog>
  )
}

function CancelDialog({ m, onClose }: { m: MemberDetail; onClose: () => void }) {
  const terms = useTerms(m.id)
  const change = useChangeMembership()
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [key] = useState(newKey)
  const confirm = (e?: FormEvent) => {
    e?.preventDefault()
    const r = reasonSchema.safeParse(reason)
    if (!r.success) {
      setError(r.error.issues[0]!.message)
      return
    }
    change.mutate(
      { membershipId: m.id, action: 'cancel', reason: r.data, key },
      {
        onSuccess: () => {
          toast.success('Membership cancelled with notice')
          onClose()
        },
        onError: (err) => {
          setError(err.message)
          toast.error(err.message)
        },
      },
    )
  }
  const c = terms.data?.cancel
  return (
    <ConfirmDialog
      title='Cancel this membership?'
      confirmLabel='Cancel with notice'
      busy={change.isPending}
      onCancel={onClose}
      onConfirm={() => confirm()}
    >
      <form onSubmit={confirm} noValidate>
        {terms.isPending && <Status>Loading the member's notice…</Status>}
        {c && !c.allowed && <p role='alert'>{c.reason}</p>}
        {c?.allowed && (
          <p>
            One full billing month's notice: the membership ends on {longDate(c.ends_on)}
            {c.last_payment_pence !== null ? `, with a last payment of ${formatPence(c.last_payment_pence)}` : ''}.
          </p>
        )}
        <Field label='Reason (the member is e-mailed)' error={error}>
          <textarea value={reason} onChange={(e) => setReason(e.target.value)} />
        </Field>
      </form>
    </ConfirmDialog>
  )
}

type Invoice = MemberDetail['invoices'][number]

function RefundDialog({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const refund = useRefundInvoice()
  const left = invoice.amount_paid_pence - invoice.amount_refunded_pence
  const [amount, setAmount] = useState((left / 100).toFixed(2))
  const [reason, setReason] = useState('')
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({})
  const confirm = (e?: FormEvent) => {
    e?.preventDefault()
    const pence = parsePounds(amount)
    const r = reasonSchema.safeParse(reason)
    const next = {
      amount:
        pence === null || pence <= 0 || pence > left
          ? `Enter an amount from £0.01 to ${formatPence(left)}.`
          : undefined,
      reason: r.success ? undefined : r.error.issues[0]!.message,
    }
    setErrors(next)
    if (next.amount || next.reason || pence === null || !r.success) return
    refund.mutate(
      { invoiceId: invoice.id, reason: r.data, amountPence: pence },
      {
        onSuccess: (res) => {
          toast.success(`Refunded ${formatPence(res.refund.amount_pence)}`)
          onClose()
        },
        onError: (err) => {
          setErrors({ reason: err.message })
          toast.error(err.message)
        },
      },
    )
  }
  return (
    <ConfirmDialog
      title={`Refund payment ${invoice.number ?? `#${invoice.id}`}?`}
      confirmLabel='Refund'
      busy={refund.isPending}
      onCancel={onClose}
      onConfirm={() => confirm()}
    >
      <form onSubmit={confirm} noValidate>
        <p>The payment provider returns the money to the card or account it came from. This cannot be undone.</p>
        <Field label='Amount (£)' error={errors.amount}>
          <input inputMode='decimal' value={amount} onChange={(e) => setAmount(e.target.value)} />
        </Field>
        <Field label='Reason (the member is e-mailed)' error={errors.reason}>
          <textarea value={reason} onChange={(e) => setReason(e.target.value)} />
        </Field>
      </form>
    </ConfirmDialog>
  )
}

export function AdminMemberRoute({ id }: { id: string }) {
  usePageMeta(`Membership ${id}`)
  const member = useMember(/^\d+$/.test(id) ? Number(id) : -1)
  const [dialog, setDialog] = useState<'pause' | 'cancel' | null>(null)
  const [refunding, setRefunding] = useState<Invoice | null>(null)
  if (member.isPending) return <Status>Loading the membership…</Status>
  if (member.isError) return <ErrorNotice title='The membership could not be loaded' message={member.error.message} />
  const m = member.data
  if (!m)
    return (
      <>
        <PageHeader title='Membership' />
        <EmptyState>There is no membership {id}, or you may not see it.</EmptyState>
      </>
    )
  const s = m.subscription
  const live = ['active', 'past_due', 'suspended'].includes(m.status)
  const owed = m.invoices
    .filter((i) => i.status === 'open' && i.attempt_count > 0)
    .reduce((t, i) => t + i.amount_due_pence - i.amount_paid_pence, 0)
  const name = m.member ? `${m.member.first_name} ${m.member.last_name}` : `Membership ${m.id}`
  return (
    <>
      <PageHeader title={name}>
        <Link href={`~${adminPaths.adminArrears.getHref()}`} className={buttonSecondary}>
          Arrears
        </Link>
      </PageHeader>
      {owed > 0 && (
        <p className={alert} role='status'>
          {formatPence(owed)} overdue{s?.past_due_since ? ` since ${longDate(s.past_due_since)}` : ''}.
          {m.status === 'suspended' && m.ends_on
            ? ` Suspended: the membership ends on ${longDate(m.ends_on)} unless it is paid.`
            : ''}
        </p>
      )}
      <dl className={facts}>
        <dt>Status</dt>
        <dd data-testid='membership-status'>{STATUS[m.status] ?? m.status}</dd>
        <dt>E-mail</dt>
        <dd className={breakAll}>{m.member?.email ?? '—'}</dd>
        {m.member?.phone && (
          <>
            <dt>Phone</dt>
            <dd>{m.member.phone}</dd>
          </>
        )}
        <dt>Site</dt>
        <dd>{m.site ? `${m.site.location}, ${m.site.city}` : '—'}</dd>
        <dt>Plot</dt>
        <dd>
          {m.plot_number ?? 'Not allocated'} · {m.plot_size}
        </dd>
        <dt>Plan</dt>
        <dd>{m.plan ? `${m.plan.name}, ${formatPence(m.plan.price_pence)} a ${m.plan.billing_interval}` : '—'}</dd>
        <dt>Since</dt>
        <dd>{longDate(m.start_date)}</dd>
        {m.paused_from && m.resumes_on && (
          <>
            <dt>Paused</dt>
            <dd>
              {longDate(m.paused_from)} to {longDate(m.resumes_on)}
            </dd>
          </>
        )}
        {m.ends_on && (
          <>
            <dt>Ends</dt>
            <dd>{longDate(m.ends_on)}</dd>
          </>
        )}
        <dt>Subscription</dt>
        <dd>{s ? s.status.replace('_', ' ') : 'None: billed before subscriptions'}</dd>
        {s?.next_payment_at && (
          <>
            <dt>Next payment</dt>
            <dd>
              {s.next_payment_pence !== null ? `${formatPence(s.next_payment_pence)} on ` : ''}
              {longDate(s.next_payment_at)}
            </dd>
          </>
        )}
        <dt>Pays by</dt>
        <dd>
          {methodText(s?.payment_method as PaymentMethod | null)}
          {s?.mandate_status
            ? ` (mandate ${s.mandate_status}${s.mandate_reference ? `, ${s.mandate_reference}` : ''})`
            : ''}
        </dd>
      </dl>
      {live && (
        <div className={actions}>
          <button type='button' className={buttonSecondary} onClick={() => setDialog('pause')}>
            Pause billing
          </button>
          <button type='button' className={buttonSecondary} onClick={() => setDialog('cancel')}>
            Cancel membership
          </button>
        </div>
      )}
      <h2>Payments</h2>
      <DataTable
        rows={m.invoices}
        label='Payments'
        empty='No payments yet.'
        head={[
          'Date',
          'Number',
          'Status',
          { label: 'Amount', num: true },
          { label: 'Refunded', num: true },
          { label: 'Action', hidden: true },
        ]}
      >
        {(i) => (
          <tr key={i.id}>
            <td>{shortDate(i.paid_at ?? i.issued_at)}</td>
            <td>{i.number ?? `#${i.id}`}</td>
            <td>
              {INVOICE[i.status] ?? i.status}
              {i.status === 'open' && i.attempt_count > 0
                ? ` (failed ${i.attempt_count}×, last ${dateTime(i.failed_at)})`
                : ''}
            </td>
            <td className='num'>{formatPence(i.amount_due_pence)}</td>
            <td className='num'>{i.amount_refunded_pence ? formatPence(i.amount_refunded_pence) : '—'}</td>
            <td>
              {i.status === 'paid' && i.amount_paid_pence > i.amount_refunded_pence && (
                <button
                  type='button'
                  className={buttonPrimary}
                  onClick={() => setRefunding(i)}
                  aria-label={`Refund payment ${i.number ?? i.id}`}
                >
                  Refund
                </button>
              )}
            </td>
          </tr>
        )}
      </DataTable>
      {dialog === 'pause' && <PauseDialog m={m} onClose={() => setDialog(null)} />}
      {dialog === 'cancel' && <CancelDialog m={m} onClose={() => setDialog(null)} />}
      {refunding && <RefundDialog invoice={refunding} onClose={() => setRefunding(null)} />}
    </>
  )
}
