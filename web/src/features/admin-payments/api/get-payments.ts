// Payments recorded from the provider's events (reference, amount, status), and the checkouts
// that failed at the provider (orders marked failed), for admins.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'

export const PAYMENTS_PAGE_SIZE = 25
export const PAYMENT_STATUSES = ['succeeded', 'refunded', 'pending', 'failed'] as const

export type PaymentRow = Awaited<ReturnType<typeof getPayments>>['rows'][number]
export type FailedCheckout = Awaited<ReturnType<typeof getFailedCheckouts>>['rows'][number]
export interface PaymentFilters {
  view: 'payments' | 'failed'
  status: string
  provider: string
  search: string
  page: number
}

export async function getPayments(f: PaymentFilters) {
  let q = supabase().from('payments').select(
    'id, order_id, provider, provider_ref, amount_pence, status, refund_ref, created_at, order:orders(email, kind)',
    { count: 'exact' },
  )
  if (f.status) q = q.eq('status', f.status)
  if (f.provider) q = q.eq('provider', f.provider)
  const term = f.search.trim().replace(/[%_\\,()*]/g, '')
  if (term) q = q.ilike('provider_ref', `%${term}%`)
  const from = f.page * PAYMENTS_PAGE_SIZE
  const { data, error, count } = await q.order('created_at', { ascending: false }).order('id', {
    ascending: false,
  }).range(from, from + PAYMENTS_PAGE_SIZE - 1)
  if (error) throw new DbError(error, 'The payments could not be loaded.')
  return { rows: data ?? [], total: count ?? 0 }
}

export async function getFailedCheckouts(f: PaymentFilters) {
  let q = supabase().from('orders').select(
    'id, email, kind, total_pence, checkout_session_id, updated_at',
    { count: 'exact' },
  ).eq('status', 'failed')
  const term = f.search.trim().replace(/[%_\\,()*]/g, '')
  if (term) q = q.ilike('email', `%${term}%`)
  const from = f.page * PAYMENTS_PAGE_SIZE
  const { data, error, count } = await q.order('updated_at', { ascending: false }).range(
    from,
    from + PAYMENTS_PAGE_SIZE - 1,
  )
  if (error) throw new DbError(error, 'The failed payments could not be loaded.')
  return { rows: data ?? [], total: count ?? 0 }
}

export const paymentsQueryOptions = (f: PaymentFilters) =>
  queryOptions({
    queryKey: ['admin-payments', f],
    queryFn: () => getPayments(f),
    placeholderData: keepPreviousData,
    enabled: f.view === 'payments',
  })
export const failedQueryOptions = (f: PaymentFilters) =>
  queryOptions({
    queryKey: ['admin-payments', 'failed', f],
    queryFn: () => getFailedCheckouts(f),
    placeholderData: keepPreviousData,
    enabled: f.view === 'failed',
  })
export const usePayments = (f: PaymentFilters) => useQuery(paymentsQueryOptions(f))
export const useFailedCheckouts = (f: PaymentFilters) => useQuery(failedQueryOptions(f))
