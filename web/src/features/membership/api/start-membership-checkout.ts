// Joining as a member of a site on a plan: the payments function applies the queue rule, prices
// the plan's first period, the joining fee and the deposit, and returns the hosted payment page.
// Signed-in users only; an offer token (from the offer link) is what opens a site with a queue.
import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'
import { callFunction, FunctionError } from '@/lib/call-function'
import { voucherCodeField } from '@/lib/gift-vouchers'
import { bearer } from './get-membership-access'
import { PHONE_PATTERN } from '@common/phone'

export const membershipCheckoutSchema = z.object({
  plan_id: z.coerce.number({ invalid_type_error: 'Choose a plan.' }).int().positive(
    'Choose a plan.',
  ),
  first_name: z.string().trim().min(1, 'Enter your first name.').max(100),
  last_name: z.string().trim().min(1, 'Enter your last name.').max(100),
  phone: z.string().trim().transform((v) => (v === '' ? undefined : v))
    .pipe(
      z.string().regex(PHONE_PATTERN, 'Enter a valid phone number, like 07700 900123.').optional(),
    ).optional(),
  voucher_code: voucherCodeField.optional(),
})
export type MembershipCheckoutInput = z.infer<typeof membershipCheckoutSchema>

export async function startMembershipCheckout(
  site: string,
  offer: string | null,
  input: MembershipCheckoutInput,
  idempotencyKey: string,
): Promise<{ url: string }> {
  const auth = await bearer()
  if (!auth.authorization) throw new FunctionError(401, 'unauthorized', 'Sign in to join.')
  return await callFunction<{ url: string }>('payments/checkout', {
    body: {
      kind: 'membership',
      site,
      ...input,
      phone: input.phone ?? null,
      voucher_code: input.voucher_code ?? null,
      offer,
    },
    headers: { ...auth, 'idempotency-key': idempotencyKey },
  })
}

export function useStartMembershipCheckout(site: string, offer: string | null) {
  return useMutation({
    mutationFn: ({ input, key }: { input: MembershipCheckoutInput; key: string }) =>
      startMembershipCheckout(site, offer, input, key),
  })
}
