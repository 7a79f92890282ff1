// Orders for admins (RLS: admins read every order; anyone else only their own): by status,
// kind and UK date range, searched by e-mail or order number, 25 a page, newest first.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'
import type { Selected } from '@/lib/db-types'

export const ORDERS_PAGE_SIZE = 25
export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'cancelled', 'refunded'] as const
export const ORDER_KINDS = ['shop', 'membership', 'deposit', 'gift_voucher'] as const

const ORDER_COLUMNS =
  'id, email, kind, status, total_pence, discount_pence, created_at, created_by, refund_requested_at'
export type OrderRow = Selected<'orders', typeof ORDER_COLUMNS>
export interface OrderFilters {
  status: string
  kind: string
  from: string
  to: string
  search: string
  page: number
}

export const emptyOrderFilters = (): OrderFilters => ({
  status: '',
  kind: '',
  from: '',
  to: '',
  search: '',
  page: 0,
})

/** A YYYY-MM-DD day (local time) → the ISO instant it starts; `next` → the day after. */
export function dayStart(day: string, next = false): string {
  const [y, m, d] = day.split('-').map(Number)
  return new Date(y!, m! - 1, d! + (next ? 1 : 0)).toISOString()
}

export async function getOrders(f: OrderFilters): Promise<{ rows: OrderRow[]; total: number }> {
  let q = supabase().from('orders').select(ORDER_COLUMNS, { count: 'exact' })
  if (f.status) q = q.eq('status', f.status)
  if (f.kind) q = q.eq('kind', f.kind)
  if (/^\d{4}-\d{2}-\d{2}$/.test(f.from)) q = q.gte('created_at', dayStart(f.from))
  if (/^\d{4}-\d{2}-\d{2}$/.test(f.to)) q = q.lt('created_at', dayStart(f.to, true))
  const term = f.search.trim()
  if (/^#?\d+$/.test(term)) q = q.eq('id', Number(term.replace('#', '')))
  else if (term) q = q.ilike('email', `%${term.replace(/[%_\\]/g, (c) => `\\${c}`)}%`)
  const from = f.page * ORDERS_PAGE_SIZE
  const { data, error, count } = await q.order('created_at', { ascending: false }).order('id', {
    ascending: false,
  }).range(from, from + ORDERS_PAGE_SIZE - 1)
  if (error) throw new DbError(error, 'The orders could not be loaded.')
  return { rows: data ?? [], total: count ?? 0 }
}

export const ordersQueryKey = ['admin-orders', 'list'] as const
export const ordersQueryOptions = (f: OrderFilters) =>
  queryOptions({
    queryKey: [...ordersQueryKey, f],
    queryFn: () => getOrders(f),
    placeholderData: keepPreviousData,
  })
export const useOrders = (f: OrderFilters) => useQuery(ordersQueryOptions(f))
