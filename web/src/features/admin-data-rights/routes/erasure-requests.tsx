// /admin/data-rights: requests to erase a person's data. Admins complete them (the person's data
// is erased, counts kept, and they are e-mailed); patch managers see their sites' applicants'
// requests, read only. Cards rather than a table, so it reads at 360 px.
import { useState } from 'react'
import { css } from 'goober'
import { ConfirmDialog, EmptyState, ErrorNotice, PageHeader, Status } from '@/components/admin/ui'
import { buttonPrimary } from '@/components/styles'
import { usePageMeta } from '@/lib/page-meta'
import { toast } from '@/lib/toast'
import { type ErasureRequestRow, useCanComplete, useCompleteErasure, useErasureRequests } from '../api/erasure-requests'
import { dateTime } from '@/lib/dates'

const list = css`
  list-style: none;
  padding: 0;
  margin: 0;
  display: grid;
  gap: 0.75rem;
  > li {
    background: var(--roots-surface);
    border: 1px solid #d9ddd9;
    border-radius: 0.5rem;
    padding: 0.75rem 1rem;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  h2 {
    font-size: 1.05rem;
    margin: 0 0 0.35rem;
  }
  p {
    margin: 0.25rem 0;
  }
  .muted {
    color: var(--roots-muted);
  }
`

function summaryText(s: ErasureRequestRow['summary']): string {
  if (!s || typeof s !== 'object' || Array.isArray(s)) return ''
  const parts = Object.entries(s)
    .filter(([, n]) => typeof n === 'number' && n > 0)
    .map(([k, n]) => `${k.replace(/_/g, ' ')}: ${n}`)
  return parts.length ? `Erased (rows per table): ${parts.join(', ')}.` : 'Nothing personal was held.'
}

export function AdminErasureRequestsRoute() {
  usePageMeta('Data erasure requests')
  const requests = useErasureRequests()
  const role = useCanComplete()
  const canComplete = role.data === true
  const complete = useCompleteErasure()
  const [asking, setAsking] = useState<ErasureRequestRow | null>(null)

  async function doComplete(r: ErasureRequestRow) {
    try {
      await complete.mutateAsync(r.id)
      toast.success(`Request ${r.id} completed: the data is erased and the person is e-mailed.`)
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'The request could not be completed.')
    } finally {
      setAsking(null)
    }
  }

  return (
    <>
      <PageHeader title='Data erasure requests' />
      <p>
        People ask from their reference link or their account. Completing a request erases their name, contact details
        and notes everywhere, withdraws their live waiting-list places (nobody else's place changes), deletes their
        account and keeps only anonymised counts and the payment records HMRC requires, without personal details. They
        are e-mailed when it is done.
      </p>
      {requests.isPending && <Status>Loading the requests…</Status>}
      {requests.isError && <ErrorNotice title='The requests could not be loaded' message={requests.error.message} />}
      {requests.data && requests.data.length === 0 && <EmptyState>No erasure requests.</EmptyState>}
      {requests.data && requests.data.length > 0 && (
        <ol className={list} aria-label='Erasure requests, open first'>
          {requests.data.map((r) => (
            <li key={r.id} data-testid='erasure-request'>
              <h2>
                Request {r.id}: {r.status === 'pending' ? 'open' : 'completed'}
              </h2>
              {r.status === 'pending' ? (
                <p>
                  {r.display_name ?? 'Name not known'} · {r.email} · asked{' '}
                  {r.source === 'account' ? 'signed in' : 'by reference'}
                </p>
              ) : (
                <p className='muted'>{summaryText(r.summary)}</p>
              )}
              <p className='muted'>
                Asked {dateTime(r.requested_at)}
                {r.completed_at ? ` · completed ${dateTime(r.completed_at)}` : ''}
              </p>
              {r.status === 'pending' && canComplete && (
                <button type='button' className={buttonPrimary} onClick={() => setAsking(r)}>
                  Erase this person’s data
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
      {asking && (
        <ConfirmDialog
          title={`Erase the data of request ${asking.id}?`}
          confirmLabel='Erase their data'
          busy={complete.isPending}
          onConfirm={() => void doComplete(asking)}
          onCancel={() => setAsking(null)}
        >
          <p>
            {asking.display_name ?? 'This person'}’s personal data is erased at once and cannot be brought back. Their
            live waiting-list places are withdrawn.
          </p>
        </ConfirmDialog>
      )}
    </>
  )
}
