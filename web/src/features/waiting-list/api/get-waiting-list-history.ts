// The applicant's own history by private reference (get_waiting_list_history): what happened to
// their entry (joined, asked and confirmed "still interested?", moved by staff with the reason,
// offered, answered…) and, per month, how many places they moved up or down and why. Counts only:
// nobody else is named.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { restRpc } from '@/lib/sites/rest'

export interface HistoryRow {
  happened_at: string
  /** An event (joined, imported, moved…), a status (offered, accepted…) or 'position'. */
  kind: string
  reason: string | null
  position_before: number | null
  position_after: number | null
  location: string
  queue_date: string | null
  places_up: number | null
  places_down: number | null
  /** Net places gained per cause, e.g. {"offered": 2, "staff_move": -1}. */
  causes: Record<string, number> | null
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v))

export async function getWaitingListHistory(reference: string): Promise<HistoryRow[]> {
  const rows = await restRpc<Record<string, unknown>[]>('get_waiting_list_history', {
    p_reference: reference,
  })
  return rows.map((r) => ({
    happened_at: String(r.happened_at),
    kind: String(r.kind),
    reason: typeof r.reason === 'string' ? r.reason : null,
    position_before: num(r.position_before),
    position_after: num(r.position_after),
    location: String(r.location ?? ''),
    queue_date: typeof r.queue_date === 'string' ? r.queue_date : null,
    places_up: num(r.places_up),
    places_down: num(r.places_down),
    causes: r.causes && typeof r.causes === 'object' ? r.causes as Record<string, number> : null,
  }))
}

export const historyQueryKey = (reference: string) => ['waiting-list-history', reference] as const

export const useWaitingListHistory = (reference: string) =>
  useQuery(queryOptions({
    queryKey: historyQueryKey(reference),
    queryFn: () => getWaitingListHistory(reference),
    staleTime: 30_000,
    enabled: reference.length > 0,
  }))
