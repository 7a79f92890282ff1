// The gift voucher at membership set-up: a code, checked against the chosen plan's first payment
// ("Apply voucher"), and what it takes off. The checkout spends it; this only quotes.
import { useState } from 'react'
import { TextField } from '@/components/form/Field'
import { buttonSecondary } from '@/components/styles'
import { FunctionError } from '@/lib/call-function'
import { type VoucherQuote, voucherCodeField } from '@/lib/gift-vouchers'
import { toast } from '@/lib/toast'
import { useQuoteMembershipVoucher } from '../api/quote-membership-voucher'
import { pounds } from './PriceSummary'

export interface VoucherState {
  code: string
  /** The quote, while it is for the plan's current first payment. */
  applied: VoucherQuote | null
}

export function useMembershipVoucher(planId: number | null, dueToday: number | null) {
  const quote = useQuoteMembershipVoucher()
  const [code, setCode] = useState('')
  const [applied, setApplied] = useState<VoucherQuote | null>(null)
  const [error, setError] = useState<string | undefined>()
  // A quote is for one plan's payment: choose another and it is worked out again on submit.
  const fits = applied !== null && applied.subtotal_pence === dueToday
  const apply = async () => {
    const parsed = voucherCodeField.safeParse(code)
    if (!parsed.success || !parsed.data) {
      setError(parsed.success ? 'Enter your gift voucher code.' : parsed.error.issues[0]!.message)
      setApplied(null)
      return
    }
    if (planId === null) return setError('Choose a plan first, then apply your voucher.')
    try {
      const q = await quote.mutateAsync({ code: parsed.data, planId })
      setApplied(q)
      setError(undefined)
      toast.success(`Gift voucher applied: ${pounds(q.discount_pence)} off`)
    } catch (e) {
      setApplied(null)
      const message = e instanceof FunctionError ? e.message : 'We could not check the voucher just now. Please try again.'
      setError(message)
      toast.error(message)
    }
  }
  const change = (v: string) => {
    setCode(v)
    setApplied(null)
    setError(undefined)
  }
  return { code, change, apply, checking: quote.isPending, error, applied: fits ? applied : null, discount: fits ? applied!.discount_pence : 0 }
}

export function MembershipVoucher({ v, serverError }: { v: ReturnType<typeof useMembershipVoucher>; serverError?: string | undefined }) {
  return (
    <>
      <div className='voucher'>
        <TextField label='Gift voucher code (optional)' name='voucher_code' autoComplete='off' value={v.code} error={v.error ?? serverError}
          onChange={(e) => v.change(e.target.value)} />
        <button type='button' className={buttonSecondary} onClick={() => void v.apply()} disabled={v.checking}>{v.checking ? 'Checking…' : 'Apply voucher'}</button>
      </div>
      <div aria-live='polite'>
        {v.applied && (
          <p data-testid='voucher-discount'>
            Gift voucher {v.applied.code}: −{pounds(v.discount)} off today's payment
            {v.applied.balance_pence > v.discount ? ` (${pounds(v.applied.balance_pence - v.discount)} stays on it for the shop or another time)` : ''}.
          </p>
        )}
      </div>
    </>
  )
}
