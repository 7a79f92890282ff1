// One rent payment's receipt (/members/receipts/:id): the paid invoice with the member, the site
// and the plot it was for. RLS lets a member read the invoices of their own memberships only.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { invoiceOf } from './get-billing'

export async function getReceipt(id: number) {
  const { data, error } = await supabase().from('invoices').select(
    'id, number, status, amount_paid_pence, amount_refunded_pence, lines, period_start, period_end, payment_method, paid_at, membership:memberships(plot_number, site:global_sites(location, city), member:members(first_name, last_name, email))',
  ).eq('id', id).eq('status', 'paid').maybeSingle()
  if (error) throw new Error(error.message)
  return data ? invoiceOf(data) : null
}

export type Receipt = NonNullable<Awaited<ReturnType<typeof getReceipt>>>

export const receiptQueryOptions = (userId: string | null, id: number) =>
  queryOptions({
    queryKey: ['receipt', userId, id],
    queryFn: () => getReceipt(id),
    enabled: !!userId,
  })

export const useReceipt = (userId: string | null, id: number) =>
  useQuery(receiptQueryOptions(userId, id))
