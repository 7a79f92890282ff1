// Creates or updates a welcome slot (admins only).
import { saveRowId, useInvalidatingMutation } from '@/lib/admin/crud'
import { slotQueryKey } from './get-slot'
import { slotsQueryKey } from './get-slots'
import { type SlotFormValues, slotSchema } from './slot-schema'

export const saveSlot = async (
  { id, values, booked }: { id: number | null; values: SlotFormValues; booked: number },
) =>
  await saveRowId('welcome_slots', id, slotSchema(booked).parse(values), {
    failed: 'The welcome slot was not saved.',
  })

export const useSaveSlot = () => useInvalidatingMutation(saveSlot, [slotsQueryKey, slotQueryKey])
