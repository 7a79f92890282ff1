// Creates or updates a welcome slot (admins only).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'
import { slotQueryKey } from './get-slot'
import { slotsQueryKey } from './get-slots'
import { slotSchema, type SlotFormValues } from './slot-schema'

export async function saveSlot({ id, values, booked }: { id: number | null; values: SlotFormValues; booked: number }): Promise<number> {
  const row = slotSchema(booked).parse(values)
  const table = supabase().from('welcome_slots')
  const { data, error } = id === null ? await table.insert(row).select('id').single() : await table.update(row).eq('id', id).select('id').maybeSingle()
  if (error) throw new DbError(error, 'The welcome slot was not saved.')
  if (!data) throw new DbError({ code: '42501' })
  return data.id as number
}

export function useSaveSlot() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: saveSlot,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: slotsQueryKey })
      await qc.invalidateQueries({ queryKey: slotQueryKey })
    },
  })
}
