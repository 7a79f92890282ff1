// Deletes a category; its entries keep their place with no category (on delete set null).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'
import { categoriesQueryKey } from './get-categories'
import { entriesQueryKey } from './get-entries'

export async function deleteCategory(id: number): Promise<void> {
  const { data, error } = await supabase().from('waiting_list_categories').delete().eq('id', id).select('id')
  if (error) throw new DbError(error, 'The category was not deleted.')
  if (!data || data.length === 0) throw new DbError({ code: '42501' })
}

export function useDeleteCategory() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: categoriesQueryKey })
      await qc.invalidateQueries({ queryKey: entriesQueryKey })
    },
  })
}
