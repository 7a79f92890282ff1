// Deletes a category; its products stay, without a category.
import { deleteRow, useInvalidatingMutation } from '@/lib/admin/crud'
import { categoriesQueryKey } from './categories'

export const deleteCategory = (id: number) =>
  deleteRow('product_categories', id, 'The category was not deleted.')

export const useDeleteCategory = () => useInvalidatingMutation(deleteCategory, [categoriesQueryKey])
