// Joining as a member of a site on a plan: the payments function prices the plan and the
// joining fee and returns the hosted checkout page. Signed-in users only (the function checks).
import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'
import { env } from '@/config/env'
import { FunctionError } from '@/lib/call-function'
import { fetchWithRetry } from '@/lib/fetch-with-retry'
import { supabase } from '@/lib/supabase'

export const membershipCheckoutSchema = z.object({
  plan_id: z.coerce.number({ invalid_type_error: 'Choose a plan.' }).int().positive('Choose a plan.'),
  first_name: z.string().trim().min(1, 'Enter your first name.').max(100),
  last_name: z.string().trim().min(1, 'Enter your last name.').max(100),
  phone: z.string().trim().transform((v) => (v === '' ? undefined : v))
    .pipe(z.string().regex(/^\+?[0-9 ()-]{6,20}$/, 'Enter a valid phone number, like 07700 900123.').optional()).optional(),
})
export type MembershipCheckoutInput = z.infer<typeof membershipCheckoutSchema>

export async function startMembershipCheckout(site: string, input: MembershipCheckoutInput, idempotencyKey: string): Promise<{ url: string }> {
  const { data } = await supabase().auth.getSession()
  const token = data.session?.access_token
  if (!token) throw new FunctionError(401, 'unauthorized', 'Sign in to join.')
  const res = await fetchWithRetry(`${env().supabaseUrl}/functions/v1/payments/checkout`, {
    method: 'POST',
    headers: { apikey: env().supabaseAnonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
    body: JSON.stringify({ kind: 'membership', site, ...input, phone: input.phone ?? null }),
  })
  const body = await res.json().catch(() => null) as { url?: string; error?: { code: string; message: string; details: unknown } } | null
  if (!res.ok || !body?.url) throw new FunctionError(res.status, body?.error?.code ?? 'http_error', body?.error?.message ?? 'Could not start the checkout.', body?.error?.details ?? null)
  return { url: body.url }
}

export function useStartMembershipCheckout(site: string) {
  return useMutation({ mutationFn: ({ input, key }: { input: MembershipCheckoutInput; key: string }) => startMembershipCheckout(site, input, key) })
}
