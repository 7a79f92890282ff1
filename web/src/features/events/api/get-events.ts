// Published events that have not finished (an event without an end counts until it starts),
// soonest first, with their site.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { restSelect } from '@/lib/sites/rest'
import type { RichTextNode } from '@/lib/rich-text/render-html'

export interface EventSite {
  id: number
  location: string
  city: string
}

export interface SiteEvent {
  id: number
  slug: string
  title: string
  description: RichTextNode | null
  location: string | null
  starts_at: string
  ends_at: string | null
  image_url: string | null
  site: EventSite | null
}

export function upcomingQuery(now: Date): string {
  const t = now.toISOString()
  return `select=id,slug,title,description,location,starts_at,ends_at,image_url,site:global_sites(id,location,city)` +
    `&published=eq.true&or=(ends_at.gte.${t},and(ends_at.is.null,starts_at.gte.${t}))&order=starts_at.asc,id.asc`
}

export const getUpcomingEvents = (now = new Date()) =>
  restSelect<SiteEvent>('events', upcomingQuery(now))

export const eventsQueryOptions = () =>
  queryOptions({
    queryKey: ['events', 'upcoming'],
    queryFn: () => getUpcomingEvents(),
    staleTime: 60_000,
  })

export const useUpcomingEvents = () => useQuery(eventsQueryOptions())
