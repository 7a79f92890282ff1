// Deletes a product; orders keep their lines (the item's product link is cleared).
import { deleteRow, useInvalidatingMutation } from '@/lib/admin/crud'
import { productsQueryKey } from './get-products'

export const deleteProduct = (id: number) =>
  deleteRow('products', id, 'The product was not deleted.')

export const useDeleteProduct = () => useInvalidatingMutation(deleteProduct, [productsQueryKey])
