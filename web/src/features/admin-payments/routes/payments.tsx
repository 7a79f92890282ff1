// /admin/payments: provider references, amounts and statuses; filter by status and provider,
// search by reference; the failed checkouts alongside.
import { useState } from 'react'
import { Link } from 'wouter'
import { adminPaths } from '@/config/paths-admin'
import { ErrorNotice, Field, PageHeader, Pager, Status, toolbar } from '@/components/admin/ui'
import { DataTable } from '@/components/admin/DataTable'
import { formatPence } from '@/lib/admin/money'
import { usePageMeta } from '@/lib/page-meta'
import {
  PAYMENT_STATUSES,
  type PaymentFilters,
  PAYMENTS_PAGE_SIZE,
  useFailedCheckouts,
  usePayments,
} from '../api/get-payments'
import { breakAll } from '@/components/admin/styles'
import { dateTime } from '@/lib/dates'

const orderLink = (id: number | null) =>
  id === null ? '—' : <Link href={`~${adminPaths.adminOrder.getHref({ id: String(id) })}`}>#{id}</Link>

export function AdminPaymentsRoute() {
  usePageMeta('Payments')
  const [f, setF] = useState<PaymentFilters>({ view: 'payments', status: '', provider: '', search: '', page: 0 })
  const payments = usePayments(f)
  const failed = useFailedCheckouts(f)
  const current = f.view === 'payments' ? payments : failed
  const set = (k: 'view' | 'status' | 'provider' | 'search') => (e: { target: { value: string } }) =>
    setF((s) => ({ ...s, [k]: e.target.value, page: 0 }))
  const pages = Math.ceil((current.data?.total ?? 0) / PAYMENTS_PAGE_SIZE)
  return (
    <>
      <PageHeader title='Payments' />
      <div className={toolbar} role='search'>
        <Field label='Show'>
          <select value={f.view} onChange={set('view')}>
            <option value='payments'>Payments</option>
            <option value='failed'>Failed checkouts</option>
          </select>
        </Field>
        <Field label={f.view === 'payments' ? 'Provider reference' : 'E-mail'}>
          <input type='search' value={f.search} onChange={set('search')} />
        </Field>
        {f.view === 'payments' && (
          <>
            <Field label='Status'>
              <select value={f.status} onChange={set('status')}>
                <option value=''>All statuses</option>
                {PAYMENT_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
            </Field>
            <Field label='Provider'>
              <select value={f.provider} onChange={set('provider')}>
                <option value=''>All providers</option>
                <option value='stripe'>Stripe</option>
                <option value='local'>Local (test)</option>
              </select>
            </Field>
          </>
        )}
      </div>
      {current.isPending && <Status>Loading…</Status>}
      {current.isError && <ErrorNotice title='The payments could not be loaded' message={current.error.message} />}
      <DataTable
        rows={f.view === 'payments' ? payments.data?.rows : undefined}
        head={['When', 'Order', 'Provider', 'Reference', 'Status', { label: 'Amount', num: true }]}
        caption={
          <>
            {payments.data?.total} payment{payments.data?.total === 1 ? '' : 's'}
          </>
        }
        empty='No payments match.'
      >
        {(p) => (
          <tr key={p.id}>
            <td>{dateTime(p.created_at)}</td>
            <td>{orderLink(p.order_id)}</td>
            <td>{p.provider}</td>
            <td className={breakAll}>
              {p.provider_ref}
              {p.refund_ref ? ` (refund ${p.refund_ref})` : ''}
            </td>
            <td>{p.status}</td>
            <td className='num'>{formatPence(p.amount_pence)}</td>
          </tr>
        )}
      </DataTable>
      <DataTable
        rows={f.view === 'failed' ? failed.data?.rows : undefined}
        head={['When', 'Order', 'E-mail', 'Session', { label: 'Amount', num: true }]}
        caption={
          <>
            {failed.data?.total} failed checkout{failed.data?.total === 1 ? '' : 's'}
          </>
        }
        empty='No failed checkouts.'
      >
        {(o) => (
          <tr key={o.id}>
            <td>{dateTime(o.updated_at)}</td>
            <td>{orderLink(o.id)}</td>
            <td className={breakAll}>{o.email}</td>
            <td className={breakAll}>{o.checkout_session_id ?? '—'}</td>
            <td className='num'>{formatPence(o.total_pence)}</td>
          </tr>
        )}
      </DataTable>
      <Pager page={f.page} pages={pages} onPage={(page) => setF((s) => ({ ...s, page }))} />
    </>
  )
}
