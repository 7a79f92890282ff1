// /members/receipts/:id: the receipt of one paid rent payment, for the member who paid it
// (signed in; RLS shows nobody else's). Printable: printing shows the receipt only (the layout
// hides its header and footer, this page its buttons). "Download PDF" saves the payments
// function's PDF of the same receipt.
import { css } from 'goober'
import { Link, useLocation, useParams } from 'wouter'
import { paths } from '@/config/paths'
import { actionRow, buttonPrimary, buttonSecondary, errorText, visuallyHidden } from '@/components/styles'
import { routeValidationError } from '@/lib/errors/http-error'
import { longDate as day } from '@/lib/dates'
import { usePageMeta } from '@/lib/page-meta'
import { useSession } from '../api/use-session'
import { type Receipt, useReceipt } from '../api/get-receipt'
import { useDownloadReceipt } from '../api/download-receipt'
import { PaymentMethodText } from '../components/Billing'
import { pounds } from '../components/PriceSummary'
import { SignInForm } from '../components/SignInForm'

const page = css`
  max-width: 44rem;
  h1 {
    color: var(--roots-primary);
    margin: 0 0 0.75rem;
  }
  .receipt {
    background: var(--roots-surface);
    border-radius: 0.75rem;
    padding: clamp(1rem, 4vw, 2rem);
    margin-bottom: 1rem;
    overflow-wrap: anywhere;
  }
  .receipt h2 {
    margin: 0 0 1rem;
    font-size: 1.25rem;
  }
  dl {
    display: grid;
    grid-template-columns: max-content 1fr;
    gap: 0.4rem 1rem;
    margin: 0 0 1.25rem;
  }
  dt {
    font-weight: 700;
  }
  dd {
    margin: 0;
  }
  @media (max-width: 30rem) {
    dl {
      grid-template-columns: 1fr;
      gap: 0.1rem;
    }
    dd {
      margin-bottom: 0.5rem;
    }
  }
  table {
    border-collapse: collapse;
    width: 100%;
  }
  th,
  td {
    text-align: left;
    padding: 0.45rem 0.5rem;
    border-bottom: 1px solid #e0e5e0;
    vertical-align: top;
  }
  .num {
    text-align: right;
    white-space: nowrap;
  }
  tfoot th,
  tfoot td {
    font-weight: 700;
    border-bottom: 0;
    border-top: 2px solid var(--roots-text);
  }
  .from {
    color: var(--roots-muted);
    margin: 1rem 0 0;
  }
  .actions {
    margin-bottom: 1rem;
  }
  .nowrap {
    white-space: nowrap;
  }
  @media print {
    .actions,
    .back {
      display: none;
    }
    .receipt {
      padding: 0;
      background: none;
    }
    h1 {
      color: #000;
    }
  }
`

const lineTotal = (r: Receipt) => r.lines?.reduce((t, l) => t + l.amount_pence, 0) ?? r.amount_paid_pence

export function ReceiptBody({ r }: { r: Receipt }) {
  const download = useDownloadReceipt()
  const m = r.membership
  const number = r.number ?? `R-${r.id}`
  const lines = r.lines?.length ? r.lines : [{ description: 'Rent', amount_pence: r.amount_paid_pence }]
  const discount = lineTotal(r) - r.amount_paid_pence
  return (
    <>
      <div className={`${actionRow} actions`}>
        <button type='button' className={buttonPrimary} onClick={() => globalThis.print()}>
          Print
        </button>
        <button
          type='button'
          className={buttonSecondary}
          disabled={download.isPending}
          onClick={() => download.mutate({ id: r.id, filename: `roots-receipt-${number}.pdf` })}
        >
          {download.isPending ? 'Preparing the PDF…' : 'Download PDF'}
        </button>
      </div>
      {download.isError && (
        <p role='alert' className={errorText}>
          {download.error.message}
        </p>
      )}
      <article className='receipt' aria-labelledby='receipt-title' data-testid='receipt'>
        <h2 id='receipt-title'>Roots Allotments: receipt {number}</h2>
        <dl>
          <dt>Receipt number</dt>
          <dd data-testid='receipt-number'>{number}</dd>
          <dt>Paid on</dt>
          <dd>{day(r.paid_at)}</dd>
          <dt>Member</dt>
          <dd>{m?.member ? `${m.member.first_name} ${m.member.last_name} (${m.member.email})` : '—'}</dd>
          <dt>Site</dt>
          <dd>
            {m?.site ? `${m.site.location}, ${m.site.city}` : '—'}
            {m?.plot_number ? `, plot ${m.plot_number}` : ''}
          </dd>
          {r.period_start && r.period_end && (
            <>
              <dt>Period</dt>
              <dd>
                {day(r.period_start)} to {day(r.period_end)}
              </dd>
            </>
          )}
          <dt>Payment method</dt>
          <dd>
            <PaymentMethodText pm={r.payment_method} />
          </dd>
        </dl>
        <table>
          <caption className={visuallyHidden}>What this payment was for</caption>
          <thead>
            <tr>
              <th scope='col'>Description</th>
              <th scope='col' className='num'>
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l, i) => (
              <tr key={i}>
                <td>{l.description}</td>
                <td className='num'>{pounds(l.amount_pence)}</td>
              </tr>
            ))}
            {discount > 0 && (
              <tr>
                <td>Discount</td>
                <td className='num'>−{pounds(discount)}</td>
              </tr>
            )}
          </tbody>
          <tfoot>
            <tr>
              <th scope='row'>Total paid</th>
              <td className='num' data-testid='receipt-total'>
                {pounds(r.amount_paid_pence)}
              </td>
            </tr>
            {r.amount_refunded_pence > 0 && (
              <tr>
                <th scope='row'>Refunded</th>
                <td className='num'>{pounds(r.amount_refunded_pence)}</td>
              </tr>
            )}
          </tfoot>
        </table>
        <p className='from'>Roots Allotments. Keep this receipt for your records.</p>
      </article>
    </>
  )
}

export default function MemberReceiptRoute() {
  usePageMeta('Receipt')
  const [path] = useLocation()
  const params = useParams<{ id: string }>()
  const { session, ready } = useSession()
  const valid = /^[1-9]\d{0,15}$/.test(params.id ?? '')
  const receipt = useReceipt(valid ? (session?.user.id ?? null) : null, Number(params.id))
  if (!valid) throw routeValidationError(path)
  return (
    <div className={page}>
      <h1>Receipt</h1>
      {!ready && <p role='status'>Loading…</p>}
      {ready && !session && (
        <>
          <p>Sign in with the e-mail address you joined with to see your receipt.</p>
          <SignInForm />
        </>
      )}
      {session && receipt.isPending && <p role='status'>Loading your receipt…</p>}
      {session && receipt.isError && <p role='alert'>We could not load this receipt just now.</p>}
      {session && receipt.data === null && <p role='alert'>We could not find this receipt among your payments.</p>}
      {receipt.data && <ReceiptBody r={receipt.data} />}
      <p className='back'>
        <Link href={paths.members.getHref()}>Back to your membership</Link>
      </p>
    </div>
  )
}
