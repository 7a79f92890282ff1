// The arrears rules of the subscription agreement (public): how long after a failed payment a
// membership is suspended, and when reminders go out. The database's settings own them.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'

export interface BillingTerms {
  grace_days: number
  reminder_days: number[]
}

export async function getBillingTerms(): Promise<BillingTerms> {
  const { data, error } = await supabase().rpc('billing_terms')
  if (error) throw new Error(error.message)
  return data as unknown as BillingTerms
}

export const billingTermsQueryOptions = () =>
  queryOptions({ queryKey: ['billing-terms'], queryFn: getBillingTerms, staleTime: 10 * 60_000 })

export function useBillingTerms() {
  return useQuery(billingTermsQueryOptions())
}
