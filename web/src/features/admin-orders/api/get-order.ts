// One order with its lines, payments and the gift voucher it used or bought.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'

export type OrderDetail = NonNullable<Awaited<ReturnType<typeof getOrder>>>

export async function getOrder(id: number) {
  const { data, error } = await supabase().from('orders')
    .select(
      'id, email, kind, status, total_pence, subtotal_pence, discount_pence, created_at, updated_at, checkout_session_id, created_by, refund_requested_at, refund_reason, refunded_at, order_items(id, description, quantity, unit_price_pence), payments(id, provider, provider_ref, amount_pence, status, refund_ref, created_at), redeemed_voucher:gift_vouchers!orders_redeemed_voucher_id_fkey(code)',
    )
    .eq('id', id).maybeSingle()
  if (error) throw new DbError(error, 'The order could not be loaded.')
  return data
}

export const orderQueryKey = ['admin-orders', 'one'] as const
export const orderQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...orderQueryKey, id], queryFn: () => getOrder(id) })
export const useOrder = (id: number) => useQuery(orderQueryOptions(id))
