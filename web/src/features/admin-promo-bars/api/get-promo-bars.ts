// Every promo bar (admins read them all; RLS shows anyone else only the live ones), newest first.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'

export interface PromoBar {
  id: number
  text: string
  link: string | null
  active: boolean
  starts_at: string | null
  ends_at: string | null
  site_id: number | null
  site: { location: string } | null
  updated_at: string
}

export const PROMO_BAR_COLUMNS = 'id, text, link, active, starts_at, ends_at, site_id, updated_at, site:global_sites(location)'

export async function getPromoBars(): Promise<PromoBar[]> {
  const { data, error } = await supabase().from('promo_bars').select(PROMO_BAR_COLUMNS).order('id', { ascending: false }).limit(500)
  if (error) throw new DbError(error, 'The promo bars could not be loaded.')
  return (data ?? []) as unknown as PromoBar[]
}

export async function getBarSites(): Promise<Array<{ id: number; location: string; city: string }>> {
  const { data, error } = await supabase().from('global_sites').select('id, location, city').order('location')
  if (error) throw new DbError(error)
  return data ?? []
}

export const promoBarsQueryKey = ['admin-promo-bars', 'bars'] as const
export const promoBarsQueryOptions = () => queryOptions({ queryKey: promoBarsQueryKey, queryFn: getPromoBars })
export const usePromoBars = () => useQuery(promoBarsQueryOptions())
export const useBarSites = () => useQuery(queryOptions({ queryKey: ['admin-promo-bars', 'sites'], queryFn: getBarSites, staleTime: 5 * 60_000 }))
