// One membership as staff see it on its page: the member, site, plot and plan, the subscription
// that bills it and every payment. Admins read all of it (RLS); the terms of a pause or a
// cancellation come from the same rules the member sees (membership_self_service).
import { queryOptions, useQuery } from '@tanstack/react-query'
import { DbError } from '@/lib/admin/db-error'
import { supabase } from '@/lib/supabase'

export interface PaymentMethod {
  type: 'card' | 'bacs_debit'
  brand?: string
  last4: string
  sort_code?: string
}

export async function getMember(id: number) {
  const { data, error } = await supabase().from('memberships')
    .select(
      'id, status, plot_number, plot_size, start_date, ends_on, paused_from, resumes_on, member:members(first_name, last_name, email, phone), site:global_sites(location, city), plan:plans(name, price_pence, billing_interval), subscriptions(status, next_payment_at, next_payment_pence, payment_method, mandate_status, mandate_reference, past_due_since, suspended_at, cancel_at), invoices(id, number, status, amount_due_pence, amount_paid_pence, amount_refunded_pence, issued_at, paid_at, failed_at, attempt_count, failure_message)',
    )
    .eq('id', id).maybeSingle()
  if (error) throw new DbError(error, 'The membership could not be loaded.')
  if (!data) return null
  // One subscription per membership: PostgREST gives it as an object (a unique key), older
  // readers as a one-row list.
  const subs = data.subscriptions as unknown
  const subscription = (Array.isArray(subs) ? subs[0] : subs) as
    | (typeof data.subscriptions extends (infer S)[] ? S : NonNullable<typeof data.subscriptions>)
    | null
    | undefined
  const invoices = [...data.invoices].sort((a, b) => b.issued_at.localeCompare(a.issued_at))
  return { ...data, subscription: subscription ?? null, invoices }
}

export type MemberDetail = NonNullable<Awaited<ReturnType<typeof getMember>>>

export const memberQueryKey = ['admin-members', 'one'] as const
export const memberQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...memberQueryKey, id], queryFn: () => getMember(id) })
export const useMember = (id: number) => useQuery(memberQueryOptions(id))

export interface PauseOption {
  months: number
  starts_on: string
  resumes_on: string
}
export interface StaffTerms {
  state: string
  pause: { allowed: boolean; reason: string | null; options: PauseOption[] }
  cancel: {
    allowed: boolean
    reason: string | null
    ends_on: string | null
    last_payment_pence: number | null
  }
}

export async function getTerms(id: number): Promise<StaffTerms> {
  const { data, error } = await supabase().rpc('membership_self_service', { p_membership_id: id })
  if (error) throw new DbError(error, "The membership's terms could not be loaded.")
  return data as unknown as StaffTerms
}
export const termsQueryKey = ['admin-members', 'terms'] as const
export const useTerms = (id: number) =>
  useQuery(queryOptions({ queryKey: [...termsQueryKey, id], queryFn: () => getTerms(id) }))
