// A site's upcoming guided tours.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callFunction } from '@/lib/call-function'

export interface GuidedTour {
  id: number
  starts_at: string
  capacity: number
  guide_name: string | null
}

export async function getGuidedTours(site: string): Promise<GuidedTour[]> {
  const r = await callFunction<{ guided_tours: GuidedTour[] }>('bookings', { query: { site } })
  return r.guided_tours
}

export const guidedToursQueryOptions = (site: string) =>
  queryOptions({
    queryKey: ['guided-tours', site],
    queryFn: () => getGuidedTours(site),
    enabled: site.length > 0,
    staleTime: 10_000,
  })

export function useGuidedTours(site: string) {
  return useQuery(guidedToursQueryOptions(site))
}
