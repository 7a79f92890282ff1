// Moves entries to another category (or none). Every entry must move: fewer rows back than
// asked for means RLS refused some, reported as such.
import { useInvalidatingMutation } from '@/lib/admin/crud'
import { z } from 'zod'
import { supabase } from '@/lib/supabase'
import { DbError, REFUSED_MESSAGE } from '@/lib/admin/db-error'
import { entriesQueryKey } from './get-entries'

export const moveSchema = z.object({
  ids: z.array(z.number().int().positive()).min(1, 'Choose at least one entry.').max(
    500,
    'Move at most 500 entries at a time.',
  ),
  categoryId: z.number().int().positive().nullable(),
})

export async function moveEntries(input: z.input<typeof moveSchema>): Promise<number> {
  const { ids, categoryId } = moveSchema.parse(input)
  const { data, error } = await supabase().from('waiting_list_entries').update({
    category_id: categoryId,
  }).in('id', ids).select('id')
  if (error) throw new DbError(error, 'The entries were not moved.')
  const moved = data?.length ?? 0
  if (moved < ids.length) {
    throw new Error(`${moved} of ${ids.length} entries moved. ${REFUSED_MESSAGE}`)
  }
  return moved
}

export const useMoveEntries = () =>
  useInvalidatingMutation(moveEntries, [entriesQueryKey], { settled: true })
