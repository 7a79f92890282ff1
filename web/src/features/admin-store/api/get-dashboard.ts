// The store's figures from the database's store_dashboard (admins only).
import { queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'

// store_dashboard returns jsonb: these name its shape (type aliases, which a Json value converts to).
export type Figure = { orders: number; total_pence: number }
export type StoreDashboard = {
  sales: { today: Figure; week: Figure; month: Figure }
  top_products: { product_id: number; name: string; quantity: number; total_pence: number }[]
  vouchers: { sold: number; sold_pence: number; redeemed: number; redeemed_pence: number }
  refunds: Figure
}

export async function getStoreDashboard(): Promise<StoreDashboard> {
  const { data, error } = await supabase().rpc('store_dashboard')
  if (error) throw new DbError(error, 'The store figures could not be loaded.')
  return data as StoreDashboard
}

export const storeDashboardQueryOptions = () =>
  queryOptions({
    queryKey: ['admin-store', 'dashboard'],
    queryFn: getStoreDashboard,
    refetchInterval: 60_000,
  })
export const useStoreDashboard = () => useQuery(storeDashboardQueryOptions())
