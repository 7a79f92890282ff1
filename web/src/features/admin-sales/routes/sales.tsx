// /admin/sales: a report by day, week or month over a date range, as a chart and a table, and
// the same figures as a CSV file.
import { type FormEvent, useState } from 'react'
import { EmptyState, ErrorNotice, Field, fieldErrors, PageHeader, Status, toolbar } from '@/components/admin/ui'
import { DataTable } from '@/components/admin/DataTable'
import { buttonPrimary, buttonSecondary } from '@/components/styles'
import { formatPence } from '@/lib/admin/money'
import { usePageMeta } from '@/lib/page-meta'
import { toast } from '@/lib/toast'
import { downloadText } from '@/lib/admin/csv'
import { salesCsv } from '../api/csv'
import { defaultSalesQuery, type SalesQuery, salesQuerySchema, useSales } from '../api/get-sales'
import { SalesChart } from '../components/SalesChart'

const INTERVAL_LABEL = { day: 'day', week: 'week', month: 'month' } as const

export function AdminSalesRoute() {
  usePageMeta('Sales')
  const [draft, setDraft] = useState<SalesQuery>(defaultSalesQuery)
  const [query, setQuery] = useState<SalesQuery>(draft)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const sales = useSales(query)
  const apply = (e: FormEvent) => {
    e.preventDefault()
    const parsed = salesQuerySchema.safeParse(draft)
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues))
      toast.error('Check the dates of the report.')
      return
    }
    setErrors({})
    setQuery(parsed.data)
  }
  const rows = sales.data ?? []
  const totals = rows.reduce(
    (t, r) => ({
      orders: t.orders + r.orders,
      sales: t.sales + r.sales_pence,
      voucher: t.voucher + r.voucher_pence,
      refunded: t.refunded + r.refunded_pence,
    }),
    { orders: 0, sales: 0, voucher: 0, refunded: 0 },
  )
  const exportCsv = () => {
    downloadText(salesCsv(rows), `sales-${query.from}-to-${query.to}-by-${query.interval}.csv`)
    toast.success(`Exported ${rows.length} ${INTERVAL_LABEL[query.interval]}${rows.length === 1 ? '' : 's'}`)
  }
  return (
    <>
      <PageHeader title='Sales'>
        <button type='button' className={buttonSecondary} onClick={exportCsv} disabled={!sales.data}>
          Export CSV
        </button>
      </PageHeader>
      <form className={toolbar} onSubmit={apply} noValidate aria-label='Report period'>
        <Field label='From' error={errors.from}>
          <input type='date' value={draft.from} onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))} />
        </Field>
        <Field label='To' error={errors.to}>
          <input type='date' value={draft.to} onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))} />
        </Field>
        <Field label='By'>
          <select
            value={draft.interval}
            onChange={(e) => setDraft((d) => ({ ...d, interval: e.target.value as SalesQuery['interval'] }))}
          >
            <option value='day'>Day</option>
            <option value='week'>Week</option>
            <option value='month'>Month</option>
          </select>
        </Field>
        <button type='submit' className={buttonPrimary}>
          Show report
        </button>
      </form>
      {sales.isPending && <Status>Loading the report…</Status>}
      {sales.isError && <ErrorNotice title='The report could not be loaded' message={sales.error.message} />}
      {sales.data && (
        <>
          <p role='status'>
            {totals.orders} paid order{totals.orders === 1 ? '' : 's'} · {formatPence(totals.sales)} charged ·{' '}
            {formatPence(totals.voucher)} paid by gift vouchers · {formatPence(totals.refunded)} refunded
          </p>
          {totals.orders === 0 && totals.refunded === 0 ? (
            <EmptyState>No sales in this period.</EmptyState>
          ) : (
            <SalesChart
              rows={rows}
              title={`Charged per ${INTERVAL_LABEL[query.interval]}, ${query.from} to ${query.to}`}
            />
          )}
          <DataTable
            rows={rows}
            head={[
              'Period starting',
              { label: 'Paid orders', num: true },
              { label: 'Charged', num: true },
              { label: 'Gift vouchers', num: true },
              { label: 'Refunded', num: true },
            ]}
            caption={<>Sales by {INTERVAL_LABEL[query.interval]}</>}
            label='Sales'
          >
            {(r) => (
              <tr key={r.period}>
                <td>{r.period}</td>
                <td className='num'>{r.orders}</td>
                <td className='num'>{formatPence(r.sales_pence)}</td>
                <td className='num'>{formatPence(r.voucher_pence)}</td>
                <td className='num'>{formatPence(r.refunded_pence)}</td>
              </tr>
            )}
          </DataTable>
        </>
      )}
    </>
  )
}
