// Creates or updates a product (admins; the audit trigger records who changed what).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'
import { productQueryKey } from './get-product'
import { productsQueryKey } from './get-products'
import { productSchema, type ProductFormValues } from './product-schema'

export async function saveProduct({ id, values }: { id: number | null; values: ProductFormValues }): Promise<number> {
  const row = productSchema.parse(values)
  const table = supabase().from('products')
  const { data, error } = id === null ? await table.insert(row).select('id').single() : await table.update(row).eq('id', id).select('id').maybeSingle()
  if (error?.code === '23505') throw new DbError({ code: '23505', message: 'Another product already uses that slug: choose another.' })
  if (error) throw new DbError(error, 'The product was not saved.')
  if (!data) throw new DbError({ code: '42501' })
  return data.id as number
}

export function useSaveProduct() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: saveProduct,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: productsQueryKey })
      await qc.invalidateQueries({ queryKey: productQueryKey })
    },
  })
}
