// Product categories: the list, and the zod schema of the category form (name and slug).
import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'
import type { Row } from '@/lib/db-types'
import { SLUG_RE } from './product-schema'

export type Category = Pick<Row<'product_categories'>, 'id' | 'name' | 'slug'>

export async function getCategories(): Promise<Category[]> {
  const { data, error } = await supabase().from('product_categories').select('id, name, slug')
    .order('name')
  if (error) throw new DbError(error, 'The categories could not be loaded.')
  return data ?? []
}

export const categoriesQueryKey = ['admin-products', 'categories'] as const
export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: categoriesQueryKey, queryFn: getCategories })
export const useCategories = () => useQuery(categoriesQueryOptions())

export const categorySchema = z.object({
  name: z.string().trim().min(1, 'Enter the category name.').max(80, 'At most 80 characters.'),
  slug: z.string().trim().min(1, 'Enter a slug.').max(100, 'At most 100 characters.').regex(
    SLUG_RE,
    'Lower-case letters, digits and single hyphens, like seeds.',
  ),
})
export type CategoryFormValues = z.input<typeof categorySchema>
