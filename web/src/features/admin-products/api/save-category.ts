import { useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'
import { categoriesQueryKey, categorySchema, type CategoryFormValues } from './categories'

export async function saveCategory({ id, values }: { id: number | null; values: CategoryFormValues }): Promise<number> {
  const row = categorySchema.parse(values)
  const table = supabase().from('product_categories')
  const { data, error } = id === null ? await table.insert(row).select('id').single() : await table.update(row).eq('id', id).select('id').maybeSingle()
  if (error?.code === '23505') throw new DbError({ code: '23505', message: 'Another category already uses that slug.' })
  if (error) throw new DbError(error, 'The category was not saved.')
  if (!data) throw new DbError({ code: '42501' })
  return data.id as number
}

export function useSaveCategory() {
  const qc = useQueryClient()
  return useMutation({ mutationFn: saveCategory, onSuccess: () => qc.invalidateQueries({ queryKey: categoriesQueryKey }) })
}
