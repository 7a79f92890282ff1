// Products for staff (admins see inactive ones too, by RLS): search by name or slug, filter by
// category and on-sale, 20 a page.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'
import type { Product } from './product-schema'

export const PRODUCTS_PAGE_SIZE = 20
export const PRODUCT_COLUMNS =
  'id, name, slug, category_id, price_pence, stock, description, active, image_url, updated_at, category:product_categories(name)'

export interface ProductFilters {
  search: string
  categoryId: string
  active: '' | 'true' | 'false'
  page: number
}

export async function getProducts(f: ProductFilters): Promise<{ rows: Product[]; total: number }> {
  let q = supabase().from('products').select(PRODUCT_COLUMNS, { count: 'exact' })
  const term = f.search.trim().replace(/[%_,()*\\]/g, ' ')
  if (term) q = q.or(`name.ilike.*${term}*,slug.ilike.*${term}*`)
  if (f.categoryId === 'none') q = q.is('category_id', null)
  else if (f.categoryId) q = q.eq('category_id', Number(f.categoryId))
  if (f.active) q = q.eq('active', f.active === 'true')
  const from = f.page * PRODUCTS_PAGE_SIZE
  const { data, error, count } = await q.order('name').order('id').range(
    from,
    from + PRODUCTS_PAGE_SIZE - 1,
  )
  if (error) throw new DbError(error, 'The products could not be loaded.')
  return { rows: data ?? [], total: count ?? 0 }
}

export const productsQueryKey = ['admin-products', 'list'] as const
export const productsQueryOptions = (f: ProductFilters) =>
  queryOptions({
    queryKey: [...productsQueryKey, f],
    queryFn: () => getProducts(f),
    placeholderData: keepPreviousData,
  })
export const useAdminProducts = (f: ProductFilters) => useQuery(productsQueryOptions(f))
