// Creates, updates or deletes an event (admins only; audited by trigger).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'
import { eventSchema, type EventFormValues } from './event-schema'
import { eventsQueryKey } from './get-events'

export async function saveEvent({ id, values }: { id: number | null; values: EventFormValues }): Promise<number> {
  const row = eventSchema.parse(values)
  const table = supabase().from('events')
  const { data, error } = id === null ? await table.insert(row).select('id').single() : await table.update(row).eq('id', id).select('id').maybeSingle()
  if (error) throw new DbError(error, 'The event was not saved.')
  if (!data) throw new DbError({ code: '42501' })
  return data.id as number
}

export async function deleteEvent(id: number): Promise<void> {
  const { data, error } = await supabase().from('events').delete().eq('id', id).select('id')
  if (error) throw new DbError(error, 'The event was not deleted.')
  if (!data || data.length === 0) throw new DbError({ code: '42501' })
}

export function useSaveEvent() {
  const qc = useQueryClient()
  return useMutation({ mutationFn: saveEvent, onSuccess: () => qc.invalidateQueries({ queryKey: eventsQueryKey }) })
}

export function useDeleteEvent() {
  const qc = useQueryClient()
  return useMutation({ mutationFn: deleteEvent, onSuccess: () => qc.invalidateQueries({ queryKey: eventsQueryKey }) })
}
