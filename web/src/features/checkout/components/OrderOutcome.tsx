// What a success page says about a checkout session: only what the payments function reports for
// that session (status, amount, what was bought, where, and for a gift voucher to whom and when it
// goes). Without a session id, or with one the server does not know, it says nothing was found and
// claims nothing.
import { Link } from 'wouter'
import { paths } from '@/config/paths'
import { buttonSecondary } from '@/components/styles'
import { usePageMeta } from '@/lib/page-meta'
import { ukDay, weekdayDate } from '@/lib/dates'
import { type CheckoutStatus, type CheckoutVoucher, isNotFound, useCheckoutStatus } from '../api/get-checkout-status'

export const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`

const KIND_NAME: Record<string, string> = {
  gift_voucher: 'Gift voucher',
  deposit: 'Deposit',
  membership: 'Membership',
  shop: 'Shop order',
}

/** Where a gift voucher goes, and when, in the buyer's words. */
export function voucherDelivery(v: CheckoutVoucher, paid: boolean): string {
  const worth = pounds(v.value_pence)
  if (!v.recipient_email) return `Your ${worth} gift voucher is yours to give: its code is in your receipt e-mail.`
  const who = v.recipient_name ? `${v.recipient_name} (${v.recipient_email})` : v.recipient_email
  if (v.sent_at) {
    const when = ukDay(new Date(v.sent_at)) === ukDay() ? '' : ` on ${weekdayDate(v.sent_at)}`
    return `We have e-mailed your ${worth} gift voucher to ${who}${when}, with your message and its code.`
  }
  if (v.status === 'cancelled') return `This gift voucher was cancelled, so it will not be sent to ${who}.`
  if (v.deliver_on && v.deliver_on > ukDay()) {
    return `We will e-mail your ${worth} gift voucher to ${who} on ${weekdayDate(v.deliver_on)}, with your message and its code.`
  }
  return paid
    ? `We are e-mailing your ${worth} gift voucher to ${who} now, with your message and its code.`
    : `Once the payment is confirmed, we will e-mail your ${worth} gift voucher to ${who}.`
}

function Paid({ order }: { order: CheckoutStatus }) {
  return (
    <>
      <p>
        {order.total_pence === 0 && order.discount_pence > 0 ? (
          'Paid in full with your gift voucher.'
        ) : (
          <>
            <strong>{pounds(order.total_pence)}</strong> paid.
          </>
        )}
      </p>
      {order.kind === 'gift_voucher' && order.voucher && <p>{voucherDelivery(order.voucher, true)}</p>}
      {order.kind === 'deposit' && (
        <p>
          Your deposit{order.site ? ` for a plot at ${order.site}` : ''} is paid. We will be in touch about your plot.
        </p>
      )}
      {order.kind === 'membership' && (
        <p>Your membership{order.site ? ` at ${order.site}` : ''} is paid. Welcome to Roots!</p>
      )}
      {order.kind === 'shop' && <p>Your order is paid. We will e-mail you when it is on its way.</p>}
      <p>Your receipt is on its way to your e-mail.</p>
    </>
  )
}

function Bought({ order }: { order: CheckoutStatus }) {
  return (
    <div className='summary'>
      <h2>{KIND_NAME[order.kind] ?? 'Your order'}</h2>
      <ul>
        {order.items.map((i, n) => (
          <li key={n}>
            <span>
              {i.description}
              {i.quantity > 1 ? ` × ${i.quantity}` : ''}
            </span>{' '}
            <span>{pounds(i.unit_price_pence * i.quantity)}</span>
          </li>
        ))}
        {order.discount_pence > 0 && (
          <li>
            <span>Gift voucher</span> <span>−{pounds(order.discount_pence)}</span>
          </li>
        )}
        <li className='total'>
          <span>Total</span> <span>{pounds(order.total_pence)}</span>
        </li>
      </ul>
    </div>
  )
}

function titleOf(sessionId: string, order: CheckoutStatus | undefined, notFound: boolean): string {
  if (!sessionId || notFound) return 'No payment found'
  if (!order) return 'Checking your payment'
  if (order.status === 'paid') return 'Thank you: payment received'
  if (order.status === 'pending') return 'Waiting for your payment'
  return 'Payment not completed'
}

/** The body of /checkout/success and /gift-vouchers/success for `sessionId`. */
export function OrderOutcome({ sessionId }: { sessionId: string }) {
  const status = useCheckoutStatus(sessionId)
  const order = status.data
  const notFound = status.isError && isNotFound(status.error)
  const title = titleOf(sessionId, order, notFound)
  usePageMeta(title === 'Thank you: payment received' ? 'Payment received' : title)
  return (
    <>
      <h1>{title}</h1>
      <div className='card' role='status' aria-live='polite' data-testid='checkout-status'>
        {(!sessionId || notFound) && (
          <>
            <p>We found no payment for this page{sessionId ? ' link' : ''}, so there is nothing to confirm here.</p>
            <p>If you have paid, your receipt is in your e-mail. Otherwise nothing has been charged.</p>
          </>
        )}
        {sessionId && status.isPending && <p>Checking your payment…</p>}
        {status.isError && !notFound && (
          <>
            <p className='error'>
              We could not check this payment just now. If you paid, you will get an e-mail receipt.
            </p>
            <button type='button' className={buttonSecondary} onClick={() => void status.refetch()}>
              Check again
            </button>
          </>
        )}
        {order?.status === 'paid' && <Paid order={order} />}
        {order?.status === 'pending' && (
          <>
            <p>
              We are waiting for the payment provider to confirm your payment of{' '}
              <strong>{pounds(order.total_pence)}</strong>. This page updates by itself.
            </p>
            {order.kind === 'gift_voucher' && order.voucher && <p>{voucherDelivery(order.voucher, false)}</p>}
          </>
        )}
        {order && order.status !== 'paid' && order.status !== 'pending' && (
          <p className='error'>
            This payment was not completed ({order.status}).
            {order.status === 'refunded' ? ' It has been refunded.' : ' Nothing was charged.'}
          </p>
        )}
      </div>
      {order && order.items.length > 0 && (
        <div className='card'>
          <Bought order={order} />
        </div>
      )}
      <p className='links'>
        <Link href={paths.home.getHref()}>Back to Roots Allotments</Link>
        <Link href={paths.checkoutNew.getHref()}>Visit the shop</Link>
        <Link href={paths.giftVouchers.getHref()}>Gift vouchers</Link>
      </p>
    </>
  )
}
