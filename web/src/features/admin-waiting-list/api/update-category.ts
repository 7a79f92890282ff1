import { saveRow, useInvalidatingMutation } from '@/lib/admin/crud'
import { type CategoryFormValues, categorySchema } from './category-schema'
import { categoriesQueryKey } from './get-categories'

export const updateCategory = async (id: number, values: CategoryFormValues) =>
  await saveRow('waiting_list_categories', id, categorySchema.parse(values), {
    columns: 'id, site_id, name, sort_order',
    failed: 'The category was not saved.',
  })

export const useUpdateCategory = () =>
  useInvalidatingMutation(
    ({ id, values }: { id: number; values: CategoryFormValues }) => updateCategory(id, values),
    [categoriesQueryKey],
  )
