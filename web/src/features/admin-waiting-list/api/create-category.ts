import { useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'
import { categorySchema, type CategoryFormValues } from './category-schema'
import { categoriesQueryKey, type Category } from './get-categories'

export async function createCategory(values: CategoryFormValues): Promise<Category> {
  const row = categorySchema.parse(values)
  const { data, error } = await supabase().from('waiting_list_categories').insert(row).select('id, site_id, name, sort_order').single()
  if (error || !data) throw new DbError(error, 'The category was not added.')
  return data as Category
}

export function useCreateCategory() {
  const qc = useQueryClient()
  return useMutation({ mutationFn: createCategory, onSuccess: () => qc.invalidateQueries({ queryKey: categoriesQueryKey }) })
}
