// Creates, updates or deletes a promo bar (admins only: RLS refuses anyone else, and the audit
// trigger records who did it).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'
import { promoBarsQueryKey } from './get-promo-bars'
import { promoBarSchema, type PromoBarFormValues } from './promo-bar-schema'

export async function savePromoBar({ id, values }: { id: number | null; values: PromoBarFormValues }): Promise<number> {
  const row = promoBarSchema.parse(values)
  const table = supabase().from('promo_bars')
  const { data, error } = id === null ? await table.insert(row).select('id').single() : await table.update(row).eq('id', id).select('id').maybeSingle()
  if (error) throw new DbError(error, 'The promo bar was not saved.')
  if (!data) throw new DbError({ code: '42501' })
  return data.id as number
}

export async function deletePromoBar(id: number): Promise<void> {
  const { data, error } = await supabase().from('promo_bars').delete().eq('id', id).select('id')
  if (error) throw new DbError(error, 'The promo bar was not deleted.')
  if (!data || data.length === 0) throw new DbError({ code: '42501' })
}

export function useSavePromoBar() {
  const qc = useQueryClient()
  return useMutation({ mutationFn: savePromoBar, onSuccess: () => qc.invalidateQueries({ queryKey: promoBarsQueryKey }) })
}

export function useDeletePromoBar() {
  const qc = useQueryClient()
  return useMutation({ mutationFn: deletePromoBar, onSuccess: () => qc.invalidateQueries({ queryKey: promoBarsQueryKey }) })
}
