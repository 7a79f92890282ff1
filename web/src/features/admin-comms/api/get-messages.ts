// The log of messages sent (message_log), newest first, by site and status, a page at a time.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'

export const MESSAGES_PAGE_SIZE = 50

export type Message = Awaited<ReturnType<typeof getMessages>>['rows'][number]

export interface MessageFilters {
  siteId: string
  status: string
}

export async function getMessages(f: MessageFilters, page: number) {
  let q = supabase().from('message_log').select(
    'id, channel, recipient, subject, status, created_at, site_id, template:comms_templates(name)',
    { count: 'exact' },
  )
  if (f.siteId) q = q.eq('site_id', Number(f.siteId))
  if (f.status) q = q.eq('status', f.status)
  const from = page * MESSAGES_PAGE_SIZE
  const { data, error, count } = await q.order('created_at', { ascending: false }).order('id', {
    ascending: false,
  }).range(from, from + MESSAGES_PAGE_SIZE - 1)
  if (error) throw new DbError(error, 'The message log could not be loaded.')
  return { rows: data ?? [], total: count ?? 0 }
}

export const messagesQueryOptions = (f: MessageFilters, page: number) =>
  queryOptions({
    queryKey: ['admin-comms', 'messages', f, page],
    queryFn: () => getMessages(f, page),
    placeholderData: keepPreviousData,
  })
export const useMessages = (f: MessageFilters, page: number) =>
  useQuery(messagesQueryOptions(f, page))
