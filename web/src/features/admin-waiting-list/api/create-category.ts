import { saveRow, useInvalidatingMutation } from '@/lib/admin/crud'
import { type CategoryFormValues, categorySchema } from './category-schema'
import { categoriesQueryKey } from './get-categories'

export const createCategory = async (values: CategoryFormValues) =>
  await saveRow('waiting_list_categories', null, categorySchema.parse(values), {
    columns: 'id, site_id, name, sort_order',
    failed: 'The category was not added.',
  })

export const useCreateCategory = () => useInvalidatingMutation(createCategory, [categoriesQueryKey])
