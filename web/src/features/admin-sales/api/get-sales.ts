// Sales per day, week or month (UK time) from the database's sales_report (admins only).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'
import type { ReturnRow } from '@/lib/db-types'

export type SalesRow = ReturnRow<'sales_report'>

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a date.')
export const salesQuerySchema = z.object({
  from: day,
  to: day,
  interval: z.enum(['day', 'week', 'month']),
})
  .refine((q) => q.to >= q.from, {
    path: ['to'],
    message: 'The end date must be on or after the start date.',
  })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 <= 731, {
    path: ['to'],
    message: 'Report at most two years at a time.',
  })
export type SalesQuery = z.infer<typeof salesQuerySchema>

const iso = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${
    String(d.getDate()).padStart(2, '0')
  }`
export const defaultSalesQuery = (today = new Date()): SalesQuery => ({
  from: iso(new Date(today.getFullYear(), today.getMonth(), today.getDate() - 29)),
  to: iso(today),
  interval: 'day',
})

export async function getSales(q: SalesQuery): Promise<SalesRow[]> {
  const { data, error } = await supabase().rpc('sales_report', {
    p_from: q.from,
    p_to: q.to,
    p_interval: q.interval,
  })
  if (error) throw new DbError(error, 'The sales report could not be loaded.')
  return (data ?? []).map((r) => ({
    ...r,
    orders: Number(r.orders),
    sales_pence: Number(r.sales_pence),
    voucher_pence: Number(r.voucher_pence),
    refunded_orders: Number(r.refunded_orders),
    refunded_pence: Number(r.refunded_pence),
  }))
}

export const salesQueryOptions = (q: SalesQuery) =>
  queryOptions({
    queryKey: ['admin-sales', q],
    queryFn: () => getSales(q),
    placeholderData: keepPreviousData,
  })
export const useSales = (q: SalesQuery) => useQuery(salesQueryOptions(q))
