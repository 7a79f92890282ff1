import { queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'
import { PRODUCT_COLUMNS } from './get-products'

export async function getProduct(id: number) {
  const { data, error } = await supabase().from('products').select(PRODUCT_COLUMNS).eq('id', id)
    .maybeSingle()
  if (error) throw new DbError(error, 'The product could not be loaded.')
  return data
}

export const productQueryKey = ['admin-products', 'one'] as const
export const productQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...productQueryKey, id],
    queryFn: () => getProduct(id),
    enabled: Number.isInteger(id) && id > 0,
  })
export const useAdminProduct = (id: number) => useQuery(productQueryOptions(id))
