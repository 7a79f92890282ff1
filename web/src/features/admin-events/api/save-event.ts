// Creates, updates or deletes an event (admins only; audited by trigger).
import { deleteRow, saveRowId, useInvalidatingMutation } from '@/lib/admin/crud'
import { type EventFormValues, eventSchema } from './event-schema'
import { eventsQueryKey } from './get-events'

export const saveEvent = async ({ id, values }: { id: number | null; values: EventFormValues }) =>
  await saveRowId('events', id, eventSchema.parse(values), { failed: 'The event was not saved.' })

export const deleteEvent = (id: number) => deleteRow('events', id, 'The event was not deleted.')

export const useSaveEvent = () => useInvalidatingMutation(saveEvent, [eventsQueryKey])
export const useDeleteEvent = () => useInvalidatingMutation(deleteEvent, [eventsQueryKey])
