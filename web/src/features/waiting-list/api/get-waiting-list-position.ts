// The applicant's own entry by private reference: position, list length, how many places the
// list offered over the last year and the estimated wait; or their pre-registration.
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { EntryStatus } from '@common/waiting-list'
import { callFunction, FunctionError } from '@/lib/call-function'

export interface QueuePosition {
  kind: 'waiting_list'
  reference: string
  location: string
  site_id: number | null
  status: EntryStatus
  joined_at: string
  queue_position: number | null
  list_length: number
  moved_last_year: number
  estimated_wait_months: number | string | null
  offer_respond_by: string | null
  has_open_offer: boolean
  offer_token: string | null
}

export interface PreRegistration {
  kind: 'pre_registration'
  reference: string
  site_id: number
  location: string
  status: 'registered' | 'converted' | 'withdrawn'
  created_at: string
}

export type OwnEntry = QueuePosition | PreRegistration

export const positionQueryKey = (reference: string) => ['waiting-list-position', reference] as const

/** null when no entry has that reference. */
export async function getWaitingListPosition(reference: string): Promise<OwnEntry | null> {
  try {
    return await callFunction<OwnEntry>('waiting-list', { query: { reference } })
  } catch (e) {
    if (e instanceof FunctionError && (e.status === 404 || e.status === 400)) return null
    throw e
  }
}

export const waitingListPositionQueryOptions = (reference: string) =>
  queryOptions({
    queryKey: positionQueryKey(reference),
    queryFn: () => getWaitingListPosition(reference),
    staleTime: 30_000,
    enabled: reference.length > 0,
  })

export function useWaitingListPosition(reference: string) {
  return useQuery(waitingListPositionQueryOptions(reference))
}
