// "Change payment method": the payments function opens a billing portal session at the provider
// for the signed-in member's membership (POST payments/billing-portal { membership_id } → { url },
// docs/billing.md) and the browser goes there; the portal sends the member back to /members.
import { useMutation } from '@tanstack/react-query'
import { callFunction, FunctionError } from '@/lib/call-function'
import { bearer } from './get-membership-access'

export async function openBillingPortal(membershipId: number): Promise<{ url: string }> {
  const auth = await bearer()
  if (!auth.authorization) {
    throw new FunctionError(401, 'unauthorized', 'Sign in to change your payment method.')
  }
  return await callFunction<{ url: string }>('payments/billing-portal', {
    body: { membership_id: membershipId },
    headers: auth,
  })
}

/** Opens the portal: the page is left for the provider's, so there is nothing to invalidate. */
export const useOpenBillingPortal = () =>
  useMutation({
    mutationFn: openBillingPortal,
    onSuccess: ({ url }) => globalThis.location.assign(url),
  })
