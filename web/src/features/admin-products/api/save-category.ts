import { saveRowId, useInvalidatingMutation } from '@/lib/admin/crud'
import { categoriesQueryKey, type CategoryFormValues, categorySchema } from './categories'

export const saveCategory = async (
  { id, values }: { id: number | null; values: CategoryFormValues },
) =>
  await saveRowId('product_categories', id, categorySchema.parse(values), {
    failed: 'The category was not saved.',
    duplicate: 'Another category already uses that slug.',
  })

export const useSaveCategory = () => useInvalidatingMutation(saveCategory, [categoriesQueryKey])
