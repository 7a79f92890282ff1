// Marketing expenses (admins only), newest first, by site and date range; and the sites.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'

export type Expense = Awaited<ReturnType<typeof getExpenses>>[number]

export interface ExpenseFilters {
  siteId: string
  from: string
  to: string
}

export async function getExpenses(f: ExpenseFilters) {
  let q = supabase().from('marketing_expenses').select(
    'id, campaign, channel, description, amount_pence, spent_on, site_id, site:global_sites(location)',
  )
  if (f.siteId === 'all') q = q.is('site_id', null)
  else if (f.siteId) q = q.eq('site_id', Number(f.siteId))
  if (f.from) q = q.gte('spent_on', f.from)
  if (f.to) q = q.lte('spent_on', f.to)
  const { data, error } = await q.order('spent_on', { ascending: false }).order('id', {
    ascending: false,
  }).limit(1000)
  if (error) throw new DbError(error, 'The expenses could not be loaded.')
  return data ?? []
}

export async function getMarketingSites(): Promise<
  Array<{ id: number; location: string; city: string }>
> {
  const { data, error } = await supabase().from('global_sites').select('id, location, city').order(
    'location',
  )
  if (error) throw new DbError(error)
  return data ?? []
}

export const expensesQueryKey = ['admin-marketing', 'expenses'] as const
export const expensesQueryOptions = (f: ExpenseFilters) =>
  queryOptions({
    queryKey: [...expensesQueryKey, f],
    queryFn: () => getExpenses(f),
    placeholderData: keepPreviousData,
  })
export const useExpenses = (f: ExpenseFilters) => useQuery(expensesQueryOptions(f))
export const useMarketingSites = () =>
  useQuery(
    queryOptions({
      queryKey: ['admin-marketing', 'sites'],
      queryFn: getMarketingSites,
      staleTime: 5 * 60_000,
    }),
  )
