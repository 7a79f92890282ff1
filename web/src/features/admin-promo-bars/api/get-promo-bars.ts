// Every promo bar (admins read them all; RLS shows anyone else only the live ones), newest first.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'

export const PROMO_BAR_COLUMNS =
  'id, text, link, active, starts_at, ends_at, site_id, updated_at, site:global_sites(location)'

export type PromoBar = Awaited<ReturnType<typeof getPromoBars>>[number]

export async function getPromoBars() {
  const { data, error } = await supabase().from('promo_bars').select(PROMO_BAR_COLUMNS).order(
    'id',
    { ascending: false },
  ).limit(500)
  if (error) throw new DbError(error, 'The promo bars could not be loaded.')
  return data ?? []
}

export async function getBarSites(): Promise<
  Array<{ id: number; location: string; city: string }>
> {
  const { data, error } = await supabase().from('global_sites').select('id, location, city').order(
    'location',
  )
  if (error) throw new DbError(error)
  return data ?? []
}

export const promoBarsQueryKey = ['admin-promo-bars', 'bars'] as const
export const promoBarsQueryOptions = () =>
  queryOptions({ queryKey: promoBarsQueryKey, queryFn: getPromoBars })
export const usePromoBars = () => useQuery(promoBarsQueryOptions())
export const useBarSites = () =>
  useQuery(
    queryOptions({
      queryKey: ['admin-promo-bars', 'sites'],
      queryFn: getBarSites,
      staleTime: 5 * 60_000,
    }),
  )
