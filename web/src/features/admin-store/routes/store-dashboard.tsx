// /admin/store/dashboard: sales today, this week and this month, top products of the last 30
// days, gift vouchers sold and redeemed this month, refunds this month.
import { css } from 'goober'
import { Link } from 'wouter'
import { adminPaths } from '@/config/paths-admin'
import { ErrorNotice, PageHeader, Status } from '@/components/admin/ui'
import { DataTable } from '@/components/admin/DataTable'
import { buttonSecondary } from '@/components/styles'
import { formatPence } from '@/lib/admin/money'
import { usePageMeta } from '@/lib/page-meta'
import { useStoreDashboard } from '../api/get-dashboard'

const cards = css`
  display: grid;
  gap: 0.75rem;
  grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));
  margin-bottom: 1.5rem;
  padding: 0;
  list-style: none;
  li {
    background: var(--roots-surface);
    border: 1px solid #d9ddd9;
    border-radius: 0.5rem;
    padding: 0.75rem 1rem;
  }
  h2 {
    font-size: 1rem;
    margin: 0 0 0.25rem;
  }
  .big {
    font-size: 1.5rem;
    font-weight: 800;
    margin: 0;
    color: var(--roots-primary);
  }
  p {
    margin: 0;
  }
`

export function AdminStoreDashboardRoute() {
  usePageMeta('Store dashboard')
  const d = useStoreDashboard()
  return (
    <>
      <PageHeader title='Store dashboard'>
        <Link href={`~${adminPaths.adminSales.getHref()}`} className={buttonSecondary}>
          Sales report
        </Link>
        <Link href={`~${adminPaths.adminOrders.getHref()}`} className={buttonSecondary}>
          Orders
        </Link>
      </PageHeader>
      {d.isPending && <Status>Loading the store figures…</Status>}
      {d.isError && <ErrorNotice title='The store figures could not be loaded' message={d.error.message} />}
      {d.data && (
        <>
          <ul className={cards} aria-label='Sales'>
            {(
              [
                ['today', 'Sales today'],
                ['week', 'Sales this week'],
                ['month', 'Sales this month'],
              ] as const
            ).map(([k, label]) => (
              <li key={k}>
                <h2>{label}</h2>
                <p className='big' data-testid={`sales-${k}`}>
                  {formatPence(d.data.sales[k].total_pence)}
                </p>
                <p>
                  {d.data.sales[k].orders} paid order{d.data.sales[k].orders === 1 ? '' : 's'}
                </p>
              </li>
            ))}
            <li>
              <h2>Gift vouchers sold this month</h2>
              <p className='big' data-testid='vouchers-sold'>
                {d.data.vouchers.sold}
              </p>
              <p>worth {formatPence(d.data.vouchers.sold_pence)}</p>
            </li>
            <li>
              <h2>Gift vouchers redeemed this month</h2>
              <p className='big' data-testid='vouchers-redeemed'>
                {d.data.vouchers.redeemed}
              </p>
              <p>{formatPence(d.data.vouchers.redeemed_pence)} taken off orders</p>
            </li>
            <li>
              <h2>Refunds this month</h2>
              <p className='big'>{d.data.refunds.orders}</p>
              <p>{formatPence(d.data.refunds.total_pence)}</p>
            </li>
          </ul>
          <h2>Top products (last 30 days)</h2>
          <DataTable
            rows={d.data.top_products}
            head={['Product', { label: 'Sold', num: true }, { label: 'Takings', num: true }]}
            label='Top products (last 30 days)'
            empty='No products sold in the last 30 days.'
          >
            {(p) => (
              <tr key={p.product_id}>
                <td>
                  <Link href={`~${adminPaths.adminProduct.getHref({ id: String(p.product_id) })}`}>{p.name}</Link>
                </td>
                <td className='num'>{p.quantity}</td>
                <td className='num'>{formatPence(p.total_pence)}</td>
              </tr>
            )}
          </DataTable>
        </>
      )}
    </>
  )
}
