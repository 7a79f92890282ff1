// A site's upcoming welcome slots with the places left in each.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callFunction } from '@/lib/call-function'

export interface WelcomeSlot {
  id: number
  starts_at: string
  duration_minutes: number
  capacity: number
  places_left: number
}

export const welcomeSlotsQueryKey = (site: string) => ['welcome-slots', site] as const

export async function getWelcomeSlots(site: string): Promise<WelcomeSlot[]> {
  const r = await callFunction<{ welcome_slots: WelcomeSlot[] }>('bookings', { query: { site } })
  return r.welcome_slots
}

export const welcomeSlotsQueryOptions = (site: string) =>
  queryOptions({
    queryKey: welcomeSlotsQueryKey(site),
    queryFn: () => getWelcomeSlots(site),
    enabled: site.length > 0,
    staleTime: 10_000,
  })

export function useWelcomeSlots(site: string) {
  return useQuery(welcomeSlotsQueryOptions(site))
}
