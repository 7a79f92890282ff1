// /checkout (where a cancelled payment returns), /checkout/success (the order's status after the
// hosted checkout) and /deposit-checkout (pay a site's deposit).
import { css } from 'goober'
import { Link, useSearch } from 'wouter'
import { paths } from '@/config/paths'
import { SelectField, TextField } from '@/components/form/Field'
import { buttonPrimary, buttonSecondary } from '@/components/styles'
import { usePageMeta } from '@/lib/page-meta'
import { useLocations } from '@/lib/sites/locations-store'
import { isActive, statusOf } from '@/lib/sites/rules'
import { useIdempotencyKey, useZodSubmit } from '@/lib/use-zod-submit'
import { useCheckoutStatus } from '../api/get-checkout-status'
import { depositSchema, useStartDepositCheckout } from '../api/start-deposit-checkout'

const page = css`
  h1 { color: var(--roots-primary); margin: 0 0 0.75rem; }
  .card { background: var(--roots-surface); border-radius: 0.75rem; padding: clamp(1rem, 4vw, 1.75rem); max-width: 38rem; margin-bottom: 1rem; }
  .actions { display: flex; flex-wrap: wrap; gap: 0.75rem; }
  .error { color: var(--roots-error); font-weight: 600; }
`

export const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`

const KIND_TEXT: Record<string, string> = {
  gift_voucher: 'Your gift voucher is paid. We have e-mailed it with its code to the recipient (or to you).',
  deposit: 'Your deposit is paid. We will be in touch about your plot.',
  membership: 'Your membership is paid. Welcome to Roots!',
  shop: 'Your order is paid. We will e-mail you when it is on its way.',
}

export default function CheckoutRoute() {
  usePageMeta('Checkout')
  return (
    <div className={page}>
      <h1>Checkout</h1>
      <div className='card'>
        <p>If you left the payment page, nothing has been charged. You can start again whenever you are ready.</p>
        <div className='actions'>
          <Link href={paths.giftVouchers.getHref()} className={buttonPrimary}>Buy a gift voucher</Link>
          <Link href={paths.depositCheckout.getHref()} className={buttonSecondary}>Pay a deposit</Link>
        </div>
      </div>
    </div>
  )
}

export function CheckoutSuccessRoute() {
  usePageMeta('Payment received')
  const search = useSearch()
  const sessionId = new URLSearchParams(search).get('session_id') ?? ''
  const status = useCheckoutStatus(sessionId)
  const order = status.data
  return (
    <div className={page}>
      <h1>{order?.status === 'paid' ? 'Thank you: payment received' : 'Checking your payment'}</h1>
      <div className='card' role='status' aria-live='polite' data-testid='checkout-status'>
        {!sessionId && <p>There is no payment to show here.</p>}
        {sessionId && status.isPending && <p>Checking your payment…</p>}
        {status.isError && <p className='error'>We could not check this payment just now. If you paid, you will get an e-mail receipt.</p>}
        {order?.status === 'paid' && (
          <>
            <p>{order.total_pence === 0 ? 'Paid in full with your gift voucher.' : <><strong>{pounds(order.total_pence)}</strong> paid.</>}</p>
            <p>{KIND_TEXT[order.kind] ?? 'Your payment is complete.'}</p>
          </>
        )}
        {order && order.status === 'pending' && <p>We are waiting for the payment provider to confirm. This page updates by itself.</p>}
        {order && order.status !== 'paid' && order.status !== 'pending' && <p className='error'>This payment was not completed ({order.status}). Nothing was charged.</p>}
      </div>
      <p><Link href={paths.home.getHref()}>Back to Roots Allotments</Link></p>
    </div>
  )
}

export function DepositCheckoutRoute() {
  usePageMeta('Pay a deposit')
  const { sites } = useLocations()
  const search = useSearch()
  const preselect = new URLSearchParams(search).get('site') ?? ''
  const start = useStartDepositCheckout()
  const key = useIdempotencyKey('dep')
  const bookable = sites.filter((s) => isActive(s) || statusOf(s) === 'open')
  const { ref, errors, onSubmit, pending } = useZodSubmit(depositSchema, {
    send: async (input) => globalThis.location.assign((await key.withKey((k) => start.mutateAsync({ input, key: k }))).url),
  })

  return (
    <div className={page}>
      <h1>Pay a deposit</h1>
      <p>Secure your plot with a refundable deposit. You pay on our payment provider's page.</p>
      <form ref={ref} className='card' onSubmit={onSubmit} noValidate aria-label='Pay a deposit'>
        <SelectField label='Your site' name='site' defaultValue={preselect} error={errors.site}>
          <option value=''>Choose a site</option>
          {bookable.map((s) => <option key={s.slug} value={s.slug}>{s.location}, {s.city}</option>)}
        </SelectField>
        <TextField label='E-mail address' name='email' type='email' autoComplete='email' error={errors.email} />
        {errors._form && <p className='error' role='alert'>{errors._form}</p>}
        <button type='submit' className={buttonPrimary} disabled={pending}>{pending ? 'Opening checkout…' : 'Continue to payment'}</button>
      </form>
    </div>
  )
}
