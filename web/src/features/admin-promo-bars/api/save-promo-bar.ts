// Creates, updates or deletes a promo bar (admins only: RLS refuses anyone else, and the audit
// trigger records who did it).
import { deleteRow, saveRowId, useInvalidatingMutation } from '@/lib/admin/crud'
import { promoBarsQueryKey } from './get-promo-bars'
import { type PromoBarFormValues, promoBarSchema } from './promo-bar-schema'

export const savePromoBar = async (
  { id, values }: { id: number | null; values: PromoBarFormValues },
) =>
  await saveRowId('promo_bars', id, promoBarSchema.parse(values), {
    failed: 'The promo bar was not saved.',
  })

export const deletePromoBar = (id: number) =>
  deleteRow('promo_bars', id, 'The promo bar was not deleted.')

export const useSavePromoBar = () => useInvalidatingMutation(savePromoBar, [promoBarsQueryKey])
export const useDeletePromoBar = () => useInvalidatingMutation(deletePromoBar, [promoBarsQueryKey])
