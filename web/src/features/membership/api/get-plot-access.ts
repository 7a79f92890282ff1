// Getting in and co-workers on /members (migration 20250121000200_plot_access.sql): every
// membership the signed-in person holds or co-works on, with its plot and, where the membership
// opens the gate, the site's gate code and key arrangements (rpc my_plot_access: the database
// decides who sees them); and, for the memberships they hold, the co-worker or invitation that
// stands (co_workers, which RLS shows the member; admins see more, so only their own are asked for).
import { queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import type { ReturnRow, Row } from '@/lib/db-types'

/** The generated types call every column of a `returns table` RPC non-null; these may be null. */
type MayBeNull<T, K extends keyof T> = Omit<T, K> & { [P in K]: T[P] | null }

export type PlotAccess =
  & MayBeNull<
    Omit<ReturnRow<'my_plot_access'>, 'role'>,
    | 'co_worker_id'
    | 'holder_first_name'
    | 'plot_id'
    | 'plot_number'
    | 'gate_code'
    | 'key_arrangements'
    | 'access_updated_at'
  >
  & { role: 'member' | 'co_worker' }

export type CoWorker = Pick<
  Row<'co_workers'>,
  'id' | 'membership_id' | 'email' | 'name' | 'status' | 'invited_at' | 'expires_at' | 'accepted_at'
>

export interface PlotAccessData {
  rows: PlotAccess[]
  /** The live co-worker or invitation of each membership the person holds (one at most each). */
  coWorkers: CoWorker[]
}

export async function getPlotAccess(): Promise<PlotAccessData> {
  const db = supabase()
  const access = await db.rpc('my_plot_access')
  if (access.error) throw new Error(access.error.message)
  const rows: PlotAccess[] = access.data.map((r) => ({
    ...r,
    role: r.role === 'co_worker' ? 'co_worker' : 'member',
  }))
  const held = rows.filter((r) => r.role === 'member').map((r) => r.membership_id)
  if (held.length === 0) return { rows, coWorkers: [] }
  const co = await db.from('co_workers')
    .select('id, membership_id, email, name, status, invited_at, expires_at, accepted_at')
    .in('membership_id', held).in('status', ['invited', 'accepted'])
    .order('id', { ascending: false })
  if (co.error) throw new Error(co.error.message)
  return { rows, coWorkers: co.data }
}

export const plotAccessQueryKey = ['plot-access'] as const

export const plotAccessQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: [...plotAccessQueryKey, userId],
    queryFn: getPlotAccess,
    enabled: !!userId,
  })

export const usePlotAccess = (userId: string | null) => useQuery(plotAccessQueryOptions(userId))

/** An invitation still waiting is one whose link has not run out. */
export const invitationLive = (c: Pick<CoWorker, 'status' | 'expires_at'>, now = Date.now()) =>
  c.status === 'invited' && Date.parse(c.expires_at) > now
