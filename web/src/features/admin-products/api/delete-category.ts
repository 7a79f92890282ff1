// Deletes a category; its products stay, without a category.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'
import { categoriesQueryKey } from './categories'

export async function deleteCategory(id: number): Promise<void> {
  const { data, error } = await supabase().from('product_categories').delete().eq('id', id).select('id')
  if (error) throw new DbError(error, 'The category was not deleted.')
  if (!data || data.length === 0) throw new DbError({ code: '42501' })
}

export function useDeleteCategory() {
  const qc = useQueryClient()
  return useMutation({ mutationFn: deleteCategory, onSuccess: () => qc.invalidateQueries({ queryKey: categoriesQueryKey }) })
}
