// The seed-sowing guide (crops and their months) and the month-by-month timeline.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { restSelect } from '@/lib/sites/rest'

export interface SowingGuide {
  slug: string
  crop: string
  sow_indoors_months: number[]
  sow_outdoors_months: number[]
  harvest_months: number[]
  notes: string | null
}

export interface TimelineMonth {
  id: number
  month: number
  title: string
  body: string | null
}

export const getSowingGuides = () =>
  restSelect<SowingGuide>(
    'seed_sowing_guides',
    'select=slug,crop,sow_indoors_months,sow_outdoors_months,harvest_months,notes&published=eq.true&order=crop.asc',
  )

export const getSowingTimeline = () =>
  restSelect<TimelineMonth>(
    'seed_sowing_timeline',
    'select=id,month,title,body&published=eq.true&order=month.asc,id.asc',
  )

export const sowingGuidesQueryOptions = () =>
  queryOptions({
    queryKey: ['seed-sowing', 'guides'],
    queryFn: getSowingGuides,
    staleTime: 5 * 60_000,
  })
export const sowingTimelineQueryOptions = () =>
  queryOptions({
    queryKey: ['seed-sowing', 'timeline'],
    queryFn: getSowingTimeline,
    staleTime: 5 * 60_000,
  })

export const useSowingGuides = () => useQuery(sowingGuidesQueryOptions())
export const useSowingTimeline = () => useQuery(sowingTimelineQueryOptions())
