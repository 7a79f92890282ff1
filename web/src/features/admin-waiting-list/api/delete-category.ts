// Deletes a category; its entries keep their place with no category (on delete set null).
import { deleteRow, useInvalidatingMutation } from '@/lib/admin/crud'
import { categoriesQueryKey } from './get-categories'
import { entriesQueryKey } from './get-entries'

export const deleteCategory = (id: number) =>
  deleteRow('waiting_list_categories', id, 'The category was not deleted.')

export const useDeleteCategory = () =>
  useInvalidatingMutation(deleteCategory, [categoriesQueryKey, entriesQueryKey])
