// Deletes a product; orders keep their lines (the item's product link is cleared).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'
import { productsQueryKey } from './get-products'

export async function deleteProduct(id: number): Promise<void> {
  const { data, error } = await supabase().from('products').delete().eq('id', id).select('id')
  if (error) throw new DbError(error, 'The product was not deleted.')
  if (!data || data.length === 0) throw new DbError({ code: '42501' })
}

export function useDeleteProduct() {
  const qc = useQueryClient()
  return useMutation({ mutationFn: deleteProduct, onSuccess: () => qc.invalidateQueries({ queryKey: productsQueryKey }) })
}
