// The gift voucher at membership set-up: a code, checked against the chosen plan's first payment
// ("Apply voucher"), and what it takes off. The checkout spends it; this only quotes.
import { TextField } from '@/components/form/Field'
import { buttonSecondary } from '@/components/styles'
import { useVoucherCode } from '@/lib/gift-vouchers'
import { useQuoteMembershipVoucher } from '../api/quote-membership-voucher'
import { pounds } from './PriceSummary'

export function useMembershipVoucher(planId: number | null, dueToday: number | null) {
  const quote = useQuoteMembershipVoucher()
  const v = useVoucherCode(
    (code) => quote.mutateAsync({ code, planId: planId! }),
    () => (planId === null ? 'Choose a plan first, then apply your voucher.' : null),
  )
  // A quote is for one plan's payment: choose another and it is worked out again on submit.
  const fits = v.applied !== null && v.applied.subtotal_pence === dueToday
  return { ...v, applied: fits ? v.applied : null, discount: fits ? v.applied!.discount_pence : 0 }
}

export function MembershipVoucher({
  v,
  serverError,
}: {
  v: ReturnType<typeof useMembershipVoucher>
  serverError?: string | undefined
}) {
  return (
    <>
      <div className='voucher'>
        <TextField
          label='Gift voucher code (optional)'
          name='voucher_code'
          autoComplete='off'
          value={v.code}
          error={v.error ?? serverError}
          onChange={(e) => v.change(e.target.value)}
        />
        <button type='button' className={buttonSecondary} onClick={() => void v.apply()} disabled={v.checking}>
          {v.checking ? 'Checking…' : 'Apply voucher'}
        </button>
      </div>
      <div aria-live='polite'>
        {v.applied && (
          <p data-testid='voucher-discount'>
            Gift voucher {v.applied.code}: −{pounds(v.discount)} off today's payment
            {v.applied.balance_pence > v.discount
              ? ` (${pounds(v.applied.balance_pence - v.discount)} stays on it for the shop or another time)`
              : ''}
            .
          </p>
        )}
      </div>
    </>
  )
}
