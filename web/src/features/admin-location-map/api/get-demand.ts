// Every stored site with its coordinates and the length of its waiting list (the sites reads
// and 2), as points for the site map.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'

export interface DemandSite {
  id: number
  location: string
  city: string
  status: string | null
  coordinates: string | null
  waiting: number
}

/** 'lat,lng' text → numbers, or null when it is not a pair of numbers in range. */
export function parseCoordinates(text: string | null): { lat: number; lng: number } | null {
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(text ?? '')
  if (!m) return null
  const lat = Number(m[1])
  const lng = Number(m[2])
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : null
}

export async function getDemand(): Promise<DemandSite[]> {
  const db = supabase()
  const { data: sites, error } = await db.from('global_sites').select(
    'id, location, city, status, coordinates',
  ).order('id')
  if (error) throw new DbError(error, 'The sites could not be loaded.')
  const rows = sites ?? []
  const counts = await db.rpc('get_waiting_list_counts', {
    location_names: rows.map((s) => s.location),
  })
  if (counts.error) throw new DbError(counts.error, 'The waiting-list counts could not be loaded.')
  const by = new Map((counts.data ?? []).map((c) => [c.location, Number(c.count)]))
  return rows.map((s) => ({ ...s, waiting: by.get(s.location) ?? 0 }))
}

export const demandQueryOptions = () =>
  queryOptions({ queryKey: ['admin-location-map', 'demand'], queryFn: getDemand })
export const useDemand = () => useQuery(demandQueryOptions())
