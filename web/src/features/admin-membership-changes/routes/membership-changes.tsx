// /admin/membership-changes: what members changed themselves from /members (pauses, resumes,
// cancellations and cancellations withdrawn), newest first, with the dates and the deposit outcome
// a cancellation was shown. Read only: the rules and the changes are the database's. Cards, so it
// reads at 360 px.
import { EmptyState, ErrorNotice, PageHeader, Status } from '@/components/admin/ui'
import { cardList } from '@/components/admin/styles'
import { usePageMeta } from '@/lib/page-meta'
import { type MembershipChangeRow, useMembershipChanges } from '../api/membership-changes'
import { dateTime, shortDate } from '@/lib/dates'

const pounds = (p: number | null) => (p === null ? '—' : `£${(p / 100).toFixed(2)}`)

const KIND: Record<string, string> = {
  pause: 'Pause',
  resume: 'Resume',
  cancel: 'Cancellation',
  undo_cancel: 'Cancellation withdrawn',
}

function what(c: MembershipChangeRow): string {
  switch (c.kind) {
    case 'pause':
      return `${c.months} month${c.months === 1 ? '' : 's'} from ${shortDate(c.starts_on)}; billing restarts ${shortDate(c.resumes_on)}${c.withdrawn ? ' (withdrawn before it started)' : ''}.`
    case 'resume':
      return c.resumes_on ? `Billing restarts ${shortDate(c.resumes_on)}.` : 'Withdrew a pause that had not started.'
    case 'cancel':
      return `Ends ${shortDate(c.ends_on)}; last payment ${pounds(c.last_payment_pence)} on ${shortDate(c.last_payment_on)}. Deposit ${pounds(c.deposit_pence)}: ${
        c.deposit_refund_pence
          ? `refund ${pounds(c.deposit_refund_pence)} once the plot is handed back clear`
          : 'kept (first 12 months)'
      }.`
    default:
      return `No longer ends ${shortDate(c.ends_on)}.`
  }
}

export function AdminMembershipChangesRoute() {
  usePageMeta('Membership changes')
  const changes = useMembershipChanges()
  return (
    <>
      <PageHeader title='Membership changes' />
      <p>
        Pauses and cancellations members made themselves from their membership page, under the subscription agreement's
        rules, newest first.
      </p>
      {changes.isPending && <Status>Loading the changes…</Status>}
      {changes.isError && <ErrorNotice title='The changes could not be loaded' message={changes.error.message} />}
      {changes.data && changes.data.length === 0 && <EmptyState>No member has paused or cancelled yet.</EmptyState>}
      {changes.data && changes.data.length > 0 && (
        <ol className={cardList} aria-label='Membership changes, newest first'>
          {changes.data.map((c) => (
            <li key={c.id} data-testid='membership-change'>
              <h2>
                {KIND[c.kind] ?? c.kind}
                {c.status === 'applied' ? '' : ` (${c.status})`}: {c.member_name}
              </h2>
              <p>
                {c.site ?? 'Site'}
                {c.plot_number ? `, plot ${c.plot_number}` : ''} · {c.member_email} · membership{' '}
                {c.membership_status.replace('_', ' ')}
              </p>
              <p>{what(c)}</p>
              {c.reason && <p className='muted'>Reason: {c.reason}</p>}
              <p className='muted'>{dateTime(c.created_at)}</p>
            </li>
          ))}
        </ol>
      )}
    </>
  )
}
