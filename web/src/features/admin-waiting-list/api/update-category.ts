import { useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'
import { categorySchema, type CategoryFormValues } from './category-schema'
import { categoriesQueryKey, type Category } from './get-categories'

export async function updateCategory(id: number, values: CategoryFormValues): Promise<Category> {
  const row = categorySchema.parse(values)
  const { data, error } = await supabase().from('waiting_list_categories').update(row).eq('id', id).select('id, site_id, name, sort_order').maybeSingle()
  if (error) throw new DbError(error, 'The category was not saved.')
  if (!data) throw new DbError({ code: '42501' })
  return data as Category
}

export function useUpdateCategory() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ id, values }: { id: number; values: CategoryFormValues }) => updateCategory(id, values),
    onSuccess: () => qc.invalidateQueries({ queryKey: categoriesQueryKey }),
  })
}
