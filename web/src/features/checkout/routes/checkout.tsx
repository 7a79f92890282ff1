// /checkout (where a cancelled payment returns) and the success pages /checkout/success and
// /gift-vouchers/success (what the server says about the session in the link, and nothing when
// there is none). /deposit-checkout is becoming the membership feature's page.
import { css } from 'goober'
import { Link, useSearch } from 'wouter'
import { paths } from '@/config/paths'
import { SelectField, TextField } from '@/components/form/Field'
import { buttonPrimary, buttonSecondary } from '@/components/styles'
import { usePageMeta } from '@/lib/page-meta'
import { useLocations } from '@/lib/sites/locations-store'
import { isActive, statusOf } from '@/lib/sites/rules'
import { useIdempotencyKey, useZodSubmit } from '@/lib/use-zod-submit'
import { depositSchema, useStartDepositCheckout } from '../api/start-deposit-checkout'
import { OrderOutcome } from '../components/OrderOutcome'

const page = css`
  h1 {
    color: var(--roots-primary);
    margin: 0 0 0.75rem;
    overflow-wrap: anywhere;
  }
  .card {
    background: var(--roots-surface);
    border-radius: 0.75rem;
    padding: clamp(1rem, 4vw, 1.75rem);
    max-width: 38rem;
    margin-bottom: 1rem;
    overflow-wrap: anywhere;
  }
  .card > :first-child {
    margin-top: 0;
  }
  .card > :last-child {
    margin-bottom: 0;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.75rem;
  }
  .error {
    color: var(--roots-error);
    font-weight: 600;
  }
  .summary h2 {
    font-size: 1.1rem;
    margin: 0 0 0.5rem;
  }
  .summary ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 0.35rem;
  }
  .summary li {
    display: flex;
    justify-content: space-between;
    gap: 1rem;
  }
  .summary li.total {
    border-top: 1px solid var(--roots-border);
    padding-top: 0.35rem;
    font-weight: 700;
  }
  .links {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem 1.25rem;
  }
`

export default function CheckoutRoute() {
  usePageMeta('Checkout')
  return (
    <div className={page}>
      <h1>Checkout</h1>
      <div className='card'>
        <p>If you left the payment page, nothing has been charged. You can start again whenever you are ready.</p>
        <div className='actions'>
          <Link href={paths.giftVouchers.getHref()} className={buttonPrimary}>
            Buy a gift voucher
          </Link>
          <Link href={paths.checkoutNew.getHref()} className={buttonSecondary}>
            Visit the shop
          </Link>
          <Link href={paths.depositCheckout.getHref()} className={buttonSecondary}>
            Pay a deposit
          </Link>
        </div>
      </div>
    </div>
  )
}

const sessionOf = (search: string) => new URLSearchParams(search).get('session_id') ?? ''

export function CheckoutSuccessRoute() {
  return (
    <div className={page}>
      <OrderOutcome sessionId={sessionOf(useSearch())} />
    </div>
  )
}

/** /gift-vouchers/success: where a voucher purchase returns; the same honest status. */
export function GiftVouchersSuccessRoute() {
  return (
    <div className={page}>
      <OrderOutcome sessionId={sessionOf(useSearch())} />
    </div>
  )
}

// Unrouted once /deposit-checkout is the membership feature's page (router.tsx); kept until then.
export function DepositCheckoutRoute() {
  usePageMeta('Pay a deposit')
  const { sites } = useLocations()
  const search = useSearch()
  const preselect = new URLSearchParams(search).get('site') ?? ''
  const start = useStartDepositCheckout()
  const key = useIdempotencyKey('dep')
  const bookable = sites.filter((s) => isActive(s) || statusOf(s) === 'open')
  const { ref, errors, onSubmit, pending } = useZodSubmit(depositSchema, {
    send: async (input) =>
      globalThis.location.assign((await key.withKey((k) => start.mutateAsync({ input, key: k }))).url),
  })

  return (
    <div className={page}>
      <h1>Pay a deposit</h1>
      <p>Secure your plot with a refundable deposit. You pay on our payment provider's page.</p>
      <form ref={ref} className='card' onSubmit={onSubmit} noValidate aria-label='Pay a deposit'>
        <SelectField label='Your site' name='site' defaultValue={preselect} error={errors.site}>
          <option value=''>Choose a site</option>
          {bookable.map((s) => (
            <option key={s.slug} value={s.slug}>
              {s.location}, {s.city}
            </option>
          ))}
        </SelectField>
        <TextField label='E-mail address' name='email' type='email' autoComplete='email' error={errors.email} />
        {errors._form && (
          <p className='error' role='alert'>
            {errors._form}
          </p>
        )}
        <button type='submit' className={buttonPrimary} disabled={pending}>
          {pending ? 'Opening checkout…' : 'Continue to payment'}
        </button>
      </form>
    </div>
  )
}
