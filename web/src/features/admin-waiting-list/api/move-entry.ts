// A staff move of one waiting entry, with a reason (move_waiting_list_entry): to a position in
// its list, or to another site's list keeping the join date. The database refuses a move without
// a reason of at least 5 characters, records it as an event (so in the audit log) and shows the
// reason to the applicant in their history. Patch managers move only at their own sites.
import { z } from 'zod'
import { useInvalidatingMutation } from '@/lib/admin/crud'
import { DbError } from '@/lib/admin/db-error'
import { supabase } from '@/lib/supabase'
import { entriesQueryKey } from './get-entries'

export const REASON_MESSAGE =
  'Give a reason of at least 5 characters: it is kept in the audit log and shown to the applicant.'

export const moveEntrySchema = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('position'),
    position: z.coerce.number({ invalid_type_error: 'Enter a position, like 1.' }).int(
      'Enter a whole number.',
    )
      .min(1, 'The front of the list is position 1.'),
    reason: z.string().trim().min(5, REASON_MESSAGE).max(500, 'At most 500 characters.'),
  }),
  z.object({
    mode: z.literal('site'),
    siteId: z.coerce.number({ invalid_type_error: 'Choose a site.' }).int().positive(
      'Choose a site.',
    ),
    reason: z.string().trim().min(5, REASON_MESSAGE).max(500, 'At most 500 characters.'),
  }),
])

export interface MoveEntryValues {
  mode: 'position' | 'site'
  position: string
  siteId: string
  reason: string
}

export interface MoveResult {
  location: string
  position_before: number | null
  position_after: number | null
}

export async function moveEntry(entryId: number, values: MoveEntryValues): Promise<MoveResult> {
  const v = moveEntrySchema.parse(values)
  const { data, error } = await supabase().rpc('move_waiting_list_entry', {
    p_entry_id: entryId,
    p_reason: v.reason,
    ...(v.mode === 'position' ? { p_position: v.position } : { p_to_site_id: v.siteId }),
  })
  if (error) throw new DbError(error, 'The entry was not moved.')
  const row = data?.[0]
  if (!row) throw new Error('The entry was not moved.')
  return row
}

export const useMoveEntry = () =>
  useInvalidatingMutation(
    ({ id, values }: { id: number; values: MoveEntryValues }) => moveEntry(id, values),
    [entriesQueryKey],
  )
