// Creates or updates a product (admins; the audit trigger records who changed what).
import { saveRowId, useInvalidatingMutation } from '@/lib/admin/crud'
import { productQueryKey } from './get-product'
import { productsQueryKey } from './get-products'
import { type ProductFormValues, productSchema } from './product-schema'

export const saveProduct = async (
  { id, values }: { id: number | null; values: ProductFormValues },
) =>
  await saveRowId('products', id, productSchema.parse(values), {
    failed: 'The product was not saved.',
    duplicate: 'Another product already uses that slug: choose another.',
  })

export const useSaveProduct = () =>
  useInvalidatingMutation(saveProduct, [productsQueryKey, productQueryKey])
