// /admin/orders (status, kind and date filters, search, paging) and /admin/orders/{id} (lines,
// gift voucher, payments; a full refund through the payment provider after confirming).
import { css } from 'goober'
import { type FormEvent, useState } from 'react'
import { Link } from 'wouter'
import { adminPaths } from '@/config/paths-admin'
import {
  ConfirmDialog,
  EmptyState,
  ErrorNotice,
  Field,
  fieldErrors,
  PageHeader,
  Status,
  toolbar,
} from '@/components/admin/ui'
import { DataTable } from '@/components/admin/DataTable'
import { buttonPrimary, buttonSecondary } from '@/components/styles'
import { formatPence } from '@/lib/admin/money'
import { usePageMeta } from '@/lib/page-meta'
import { toast } from '@/lib/toast'
import { useOrder } from '../api/get-order'
import {
  emptyOrderFilters,
  ORDER_KINDS,
  ORDER_STATUSES,
  type OrderFilters,
  ORDERS_PAGE_SIZE,
  useOrders,
} from '../api/get-orders'
import { refundSchema, useRefundOrder } from '../api/refund-order'
import { breakAll } from '@/components/admin/styles'
import { VoucherSection } from '../components/VoucherSection'
import { dateTime } from '@/lib/dates'

const facts = css`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 0.25rem 1rem;
  dd {
    margin: 0;
  }
`
const strong = css`
  font-weight: 700;
`

const KIND_LABEL: Record<string, string> = {
  shop: 'Shop',
  membership: 'Membership',
  deposit: 'Deposit',
  gift_voucher: 'Gift voucher',
}
const orderHref = (id: number) => `~${adminPaths.adminOrder.getHref({ id: String(id) })}`

export function AdminOrdersRoute() {
  usePageMeta('Orders')
  const [filters, setFilters] = useState<OrderFilters>(emptyOrderFilters)
  const orders = useOrders(filters)
  const set = (k: Exclude<keyof OrderFilters, 'page'>) => (e: { target: { value: string } }) =>
    setFilters((f) => ({ ...f, [k]: e.target.value, page: 0 }))
  const pages = Math.ceil((orders.data?.total ?? 0) / ORDERS_PAGE_SIZE)
  const filtered = Object.entries(filters).some(([k, v]) => k !== 'page' && v !== '')
  return (
    <>
      <PageHeader title='Orders'>
        {filtered && (
          <button type='button' className={buttonSecondary} onClick={() => setFilters(emptyOrderFilters())}>
            Clear filters
          </button>
        )}
      </PageHeader>
      <div className={toolbar} role='search'>
        <Field label='Search'>
          <input type='search' value={filters.search} onChange={set('search')} placeholder='E-mail or order number' />
        </Field>
        <Field label='Status'>
          <select value={filters.status} onChange={set('status')}>
            <option value=''>All statuses</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </Field>
        <Field label='Kind'>
          <select value={filters.kind} onChange={set('kind')}>
            <option value=''>All kinds</option>
            {ORDER_KINDS.map((k) => (
              <option key={k} value={k}>
                {KIND_LABEL[k]}
              </option>
            ))}
          </select>
        </Field>
        <Field label='From'>
          <input type='date' value={filters.from} onChange={set('from')} />
        </Field>
        <Field label='To'>
          <input type='date' value={filters.to} onChange={set('to')} />
        </Field>
      </div>
      {orders.isPending && <Status>Loading orders…</Status>}
      {orders.isError && <ErrorNotice title='The orders could not be loaded' message={orders.error.message} />}
      <DataTable
        rows={orders.data?.rows}
        head={['Order', 'When', 'E-mail', 'Kind', 'Status', { label: 'Total', num: true }]}
        caption={
          <>
            {orders.data?.total} order{orders.data?.total === 1 ? '' : 's'}
          </>
        }
        empty={filtered ? 'No orders match these filters.' : 'No orders yet.'}
        pager={{ page: filters.page, pages, onPage: (page) => setFilters((f) => ({ ...f, page })) }}
      >
        {(o) => (
          <tr key={o.id}>
            <td>
              <Link href={orderHref(o.id)} aria-label={`Order ${o.id}`}>
                #{o.id}
              </Link>
            </td>
            <td>{dateTime(o.created_at)}</td>
            <td className={breakAll}>{o.email}</td>
            <td>
              {KIND_LABEL[o.kind] ?? o.kind}
              {o.created_by ? ' (staff link)' : ''}
            </td>
            <td data-testid={`order-status-${o.id}`}>{o.status}</td>
            <td className='num'>
              {formatPence(o.total_pence)}
              {o.discount_pence > 0 ? ` (+${formatPence(o.discount_pence)} voucher)` : ''}
            </td>
          </tr>
        )}
      </DataTable>
    </>
  )
}

function RefundDialog({ orderId, amount, onClose }: { orderId: number; amount: number; onClose: () => void }) {
  const refund = useRefundOrder()
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | undefined>()
  const confirm = (e?: FormEvent) => {
    e?.preventDefault()
    const parsed = refundSchema.safeParse({ reason })
    if (!parsed.success) {
      setError(fieldErrors(parsed.error.issues).reason)
      toast.error('Give the reason for the refund.')
      return
    }
    setError(undefined)
    refund.mutate(
      { orderId, reason },
      {
        onSuccess: (r) => {
          toast.success(r.repeated ? 'This order was already refunded' : `Refunded ${formatPence(r.amount_pence)}`)
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
      title={`Refund order #${orderId}?`}
      confirmLabel={`Refund ${formatPence(amount)}`}
      busy={refund.isPending}
      onCancel={onClose}
      onConfirm={() => confirm()}
    >
      <form onSubmit={confirm} noValidate>
        <p>The payment provider returns {formatPence(amount)} to the buyer. This cannot be undone.</p>
        <Field label='Reason for the refund' error={error}>
          <textarea value={reason} onChange={(e) => setReason(e.target.value)} />
        </Field>
      </form>
    </ConfirmDialog>
  )
}

export function AdminOrderRoute({ id }: { id: string }) {
  usePageMeta(`Order ${id}`)
  const order = useOrder(/^\d+$/.test(id) ? Number(id) : -1)
  const [refunding, setRefunding] = useState(false)
  if (order.isPending) return <Status>Loading the order…</Status>
  if (order.isError) return <ErrorNotice title='The order could not be loaded' message={order.error.message} />
  const o = order.data
  if (!o)
    return (
      <>
        <PageHeader title='Order' />
        <EmptyState>There is no order {id}, or you may not see it.</EmptyState>
      </>
    )
  return (
    <>
      <PageHeader title={`Order #${o.id}`}>
        <Link href={`~${adminPaths.adminOrders.getHref()}`} className={buttonSecondary}>
          All orders
        </Link>
        {o.status === 'paid' && (
          <button type='button' className={buttonPrimary} onClick={() => setRefunding(true)}>
            Refund order
          </button>
        )}
      </PageHeader>
      <dl className={facts}>
        <dt>Status</dt>
        <dd data-testid='order-status' className={strong}>
          {o.status}
        </dd>
        <dt>Kind</dt>
        <dd>
          {KIND_LABEL[o.kind] ?? o.kind}
          {o.created_by ? ' (staff checkout link)' : ''}
        </dd>
        <dt>E-mail</dt>
        <dd className={breakAll}>{o.email}</dd>
        <dt>Placed</dt>
        <dd>{dateTime(o.created_at)}</dd>
        {o.subtotal_pence !== null && (
          <>
            <dt>Subtotal</dt>
            <dd>{formatPence(o.subtotal_pence)}</dd>
          </>
        )}
        {o.discount_pence > 0 && (
          <>
            <dt>Gift voucher</dt>
            <dd>
              −{formatPence(o.discount_pence)}
              {o.redeemed_voucher ? ` (${o.redeemed_voucher.code})` : ''}
            </dd>
          </>
        )}
        <dt>Charged</dt>
        <dd>{formatPence(o.total_pence)}</dd>
        {o.refund_reason && (
          <>
            <dt>Refund reason</dt>
            <dd>{o.refund_reason}</dd>
          </>
        )}
        {o.refunded_at && (
          <>
            <dt>Refunded</dt>
            <dd>{dateTime(o.refunded_at)}</dd>
          </>
        )}
      </dl>
      {o.kind === 'gift_voucher' && <VoucherSection orderId={o.id} />}
      <h2>Items</h2>
      <DataTable
        rows={o.order_items}
        head={[
          'Item',
          { label: 'Quantity', num: true },
          { label: 'Price', num: true },
          { label: 'Line total', num: true },
        ]}
        label='Order items'
        empty='No items.'
      >
        {(i) => (
          <tr key={i.id}>
            <td>{i.description}</td>
            <td className='num'>{i.quantity}</td>
            <td className='num'>{formatPence(i.unit_price_pence)}</td>
            <td className='num'>{formatPence(i.unit_price_pence * i.quantity)}</td>
          </tr>
        )}
      </DataTable>
      <h2>Payments</h2>
      <DataTable
        rows={o.payments}
        head={['Provider', 'Reference', 'Status', { label: 'Amount', num: true }, 'Refund']}
        label='Payments'
        empty={
          <>
            No payment recorded
            {o.total_pence === 0 && o.status === 'paid' ? ': a gift voucher paid for everything' : ''}.
          </>
        }
      >
        {(p) => (
          <tr key={p.id}>
            <td>{p.provider}</td>
            <td className={breakAll}>{p.provider_ref}</td>
            <td data-testid='payment-status'>{p.status}</td>
            <td className='num'>{formatPence(p.amount_pence)}</td>
            <td className={breakAll}>{p.refund_ref ?? '—'}</td>
          </tr>
        )}
      </DataTable>
      {refunding && <RefundDialog orderId={o.id} amount={o.total_pence} onClose={() => setRefunding(false)} />}
    </>
  )
}
