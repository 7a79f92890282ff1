// Paying a site's deposit: the payments function answers the site's own deposit link where one
// is set, else a hosted checkout session. One idempotency key per filled-in form.
import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'
import { callFunction } from '@/lib/call-function'

export const depositSchema = z.object({
  site: z.string().trim().min(1, 'Choose your site.'),
  email: z.string().trim().min(1, 'Enter your e-mail address.').max(254).email(
    'Enter a valid e-mail address, like name@example.com.',
  ),
})
export type DepositInput = z.infer<typeof depositSchema>

export interface CheckoutStarted {
  url: string
  external?: boolean
  session_id?: string
}

export function startDepositCheckout(
  input: DepositInput,
  idempotencyKey: string,
): Promise<CheckoutStarted> {
  return callFunction<CheckoutStarted>('payments/checkout', {
    body: { kind: 'deposit', ...input },
    headers: { 'idempotency-key': idempotencyKey },
  })
}

export function useStartDepositCheckout() {
  return useMutation({
    mutationFn: ({ input, key }: { input: DepositInput; key: string }) =>
      startDepositCheckout(input, key),
  })
}
