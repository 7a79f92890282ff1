// The dashboard's figures in one round of parallel reads: sites by status, waiting-list length
// per site, offers pending and expiring within two days, today's welcome slots and the latest
// audit entries. Each read is RLS-checked; a refusal fails the whole dashboard with its reason.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'

export interface Dashboard {
  sitesByStatus: Record<string, number>
  /** Live length now, and the last 30 days' movement: joined and offered a plot. */
  waiting: Array<
    { siteId: number; location: string; count: number; joined30: number; offered30: number }
  >
  offersPending: number
  offersExpiringSoon: number
  slotsToday: Array<
    { id: number; location: string; startsAt: string; capacity: number; booked: number }
  >
  audit: Array<
    {
      id: number
      createdAt: string
      actorRole: string | null
      actorName: string | null
      actorEmail: string | null
      via: string | null
      table: string
      action: string
      rowId: string | null
      /** A scheduled job's bulk write: how many rows it recorded as one entry. */
      bulkRows: number | null
    }
  >
}

const DAY = 24 * 60 * 60 * 1000

export async function getDashboard(now = new Date()): Promise<Dashboard> {
  const db = supabase()
  // RLS hides rows rather than failing, so ask first whether the database treats us as an admin:
  // otherwise the figures would be zeros that look real.
  const role = await db.rpc('current_staff_role')
  if (role.error) throw new DbError(role.error)
  if (role.data === null || role.data === 'patch_manager') throw new DbError({ code: '42501' })
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate())
  const since = new Date(now.getTime() - 30 * DAY).toISOString()
  const [sites, offers, slots, audit, moves] = await Promise.all([
    db.from('global_sites').select('id, location, status').order('id'),
    db.from('plot_offers').select('id, respond_by').eq('status', 'offered'),
    db.from('welcome_slots').select('id, site_id, starts_at, capacity, booked_count')
      .gte('starts_at', start.toISOString()).lt(
        'starts_at',
        new Date(start.getTime() + DAY).toISOString(),
      ).is('cancelled_at', null).order('starts_at'),
    db.from('audit_log').select(
      'id, created_at, actor_role, actor_name, actor_email, via, table_name, action, row_id, bulk_rows',
    ).order('created_at', { ascending: false }).limit(10),
    db.from('waiting_list_status_history').select('location_key, from_status, to_status').gte(
      'changed_at',
      since,
    ).in('to_status', ['waiting', 'offered']).limit(20_000),
  ])
  for (const r of [sites, offers, slots, audit, moves]) {
    if (r.error) throw new DbError(r.error, 'The dashboard could not be loaded.')
  }
  const siteRows = sites.data ?? []
  const counts = await db.rpc('get_waiting_list_counts', {
    location_names: siteRows.map((s) => s.location),
  })
  if (counts.error) throw new DbError(counts.error)
  const byName = new Map(counts.data.map((c) => [c.location, Number(c.count)]))
  const sitesByStatus: Record<string, number> = {}
  for (const s of siteRows) {
    sitesByStatus[s.status ?? 'upcoming'] = (sitesByStatus[s.status ?? 'upcoming'] ?? 0) + 1
  }
  const joined = new Map<string, number>()
  const offered = new Map<string, number>()
  for (const m of moves.data ?? []) {
    const bucket = m.to_status === 'offered' ? offered : m.from_status === null ? joined : null
    bucket?.set(m.location_key, (bucket.get(m.location_key) ?? 0) + 1)
  }
  const soon = now.getTime() + 2 * DAY
  const names = new Map(siteRows.map((s) => [s.id, s.location]))
  return {
    sitesByStatus,
    waiting: siteRows.map((s) => {
      const key = s.location.trim().toLowerCase()
      return {
        siteId: s.id,
        location: s.location,
        count: byName.get(s.location) ?? 0,
        joined30: joined.get(key) ?? 0,
        offered30: offered.get(key) ?? 0,
      }
    }).sort((a, b) => b.count - a.count),
    offersPending: offers.data?.length ?? 0,
    offersExpiringSoon:
      (offers.data ?? []).filter((o) => new Date(o.respond_by).getTime() <= soon).length,
    slotsToday: (slots.data ?? []).map((s) => ({
      id: s.id,
      location: names.get(s.site_id) ?? `Site ${s.site_id}`,
      startsAt: s.starts_at,
      capacity: s.capacity,
      booked: s.booked_count,
    })),
    audit: (audit.data ?? []).map((a) => ({
      id: a.id,
      createdAt: a.created_at,
      actorRole: a.actor_role,
      actorName: a.actor_name,
      actorEmail: a.actor_email,
      via: a.via,
      table: a.table_name,
      action: a.action,
      rowId: a.row_id,
      bulkRows: a.bulk_rows,
    })),
  }
}

export const dashboardQueryOptions = () =>
  queryOptions({ queryKey: ['admin-dashboard'], queryFn: () => getDashboard(), staleTime: 30_000 })

export const useDashboard = () => useQuery(dashboardQueryOptions())
