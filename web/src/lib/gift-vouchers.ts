// Gift voucher codes and quotes, shared by the shop checkout and membership set-up: the payments
// function works out what a voucher takes off (nothing is spent until the order is placed; the
// order checks the balance again, under a lock).
import { useRef, useState } from 'react'
import { z } from 'zod'
import { FunctionError } from '@/lib/call-function'
import { toast } from '@/lib/toast'

const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`

/** A code as printed (ABCD-1234-EF56): any case, dashes and spaces optional; blank means none. */
export const voucherCodeField = z.string().transform((v) => v.replace(/[\s-]/g, '').toUpperCase())
  .refine(
    (v) => v === '' || /^[A-Z0-9]{12}$/.test(v),
    'Enter the voucher code as printed, like ABCD-1234-EF56.',
  )
  .transform((v) => (v === '' ? undefined : `${v.slice(0, 4)}-${v.slice(4, 8)}-${v.slice(8)}`))

export interface VoucherQuote {
  code: string
  balance_pence: number
  discount_pence: number
  subtotal_pence: number
  total_pence: number
  expires_at: string | null
}

/**
 * A voucher code field with "Apply voucher": checks the code's shape, asks `quote` (the payments
 * function) what it takes off, and keeps the answer until the code changes. `notReady` says why
 * there is nothing to quote yet (no basket, no plan), or null.
 */
export function useVoucherCode(
  quote: (code: string) => Promise<VoucherQuote>,
  notReady: () => string | null,
) {
  const [code, setCode] = useState('')
  const [applied, setApplied] = useState<VoucherQuote | null>(null)
  const [error, setError] = useState<string | undefined>()
  const [checking, setChecking] = useState(false)
  // The last refusal's toast: gone once a code is accepted, so it does not sit beside the discount.
  const refusal = useRef<string | null>(null)
  const apply = async () => {
    const parsed = voucherCodeField.safeParse(code)
    if (!parsed.success || !parsed.data) {
      setError(parsed.success ? 'Enter your gift voucher code.' : parsed.error.issues[0]!.message)
      setApplied(null)
      return
    }
    const why = notReady()
    if (why) return setError(why)
    setChecking(true)
    try {
      const q = await quote(parsed.data)
      setApplied(q)
      setError(undefined)
      if (refusal.current) toast.dismiss(refusal.current)
      refusal.current = null
      toast.success(`Gift voucher applied: ${pounds(q.discount_pence)} off`)
    } catch (e) {
      setApplied(null)
      const message = e instanceof FunctionError
        ? e.message
        : 'We could not check the voucher just now. Please try again.'
      setError(message)
      if (refusal.current) toast.dismiss(refusal.current)
      refusal.current = toast.error(message)
    } finally {
      setChecking(false)
    }
  }
  const change = (v: string) => {
    setCode(v)
    setApplied(null)
    setError(undefined)
  }
  return { code, change, apply, checking, error, applied }
}
