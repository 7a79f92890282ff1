// Events (admins read drafts too), by site, published state and upcoming/past; one event.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { RichTextNode } from '@/lib/rich-text/render-html'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'

/** An event as the admin reads it; description is jsonb to the client, a rich-text document to us. */
export interface AdminEvent {
  id: number
  slug: string
  title: string
  description: RichTextNode | null
  site_id: number | null
  location: string | null
  starts_at: string
  ends_at: string | null
  capacity: number | null
  published: boolean
  image_url: string | null
  site: { location: string } | null
}

export interface EventFilters {
  siteId: string
  published: '' | 'published' | 'draft'
  when: 'upcoming' | 'past'
}

const COLUMNS =
  'id, slug, title, description, site_id, location, starts_at, ends_at, capacity, published, image_url, site:global_sites(location)'

export async function getEvents(f: EventFilters): Promise<AdminEvent[]> {
  let q = supabase().from('events').select(COLUMNS)
  if (f.siteId) q = q.eq('site_id', Number(f.siteId))
  if (f.published) q = q.eq('published', f.published === 'published')
  const now = new Date().toISOString()
  q = f.when === 'upcoming'
    ? q.gte('starts_at', now).order('starts_at')
    : q.lt('starts_at', now).order('starts_at', { ascending: false })
  const { data, error } = await q.limit(500)
  if (error) throw new DbError(error, 'The events could not be loaded.')
  return (data ?? []) as AdminEvent[]
}

export async function getEvent(id: number): Promise<AdminEvent | null> {
  const { data, error } = await supabase().from('events').select(COLUMNS).eq('id', id).maybeSingle()
  if (error) throw new DbError(error, 'The event could not be loaded.')
  return data as AdminEvent | null
}

export async function getEventSites(): Promise<
  Array<{ id: number; location: string; city: string }>
> {
  const { data, error } = await supabase().from('global_sites').select('id, location, city').order(
    'location',
  )
  if (error) throw new DbError(error)
  return data ?? []
}

export const eventsQueryKey = ['admin-events'] as const
export const eventsQueryOptions = (f: EventFilters) =>
  queryOptions({
    queryKey: [...eventsQueryKey, 'list', f],
    queryFn: () => getEvents(f),
    placeholderData: keepPreviousData,
  })
export const useEvents = (f: EventFilters) => useQuery(eventsQueryOptions(f))
export const useEvent = (id: number) =>
  useQuery({ queryKey: [...eventsQueryKey, 'one', id], queryFn: () => getEvent(id) })
export const useEventSites = () =>
  useQuery(
    queryOptions({
      queryKey: ['admin-events-sites'],
      queryFn: getEventSites,
      staleTime: 5 * 60_000,
    }),
  )
