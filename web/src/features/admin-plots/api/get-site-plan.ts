// A site's plan as its staff see it (site_plan: the register's statuses and who holds each plot),
// checked by components/site-plan/plan.ts. Every write on the plots page refreshes it.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { parseSitePlan, type SitePlanData } from '@/components/site-plan/plan'
import { DbError } from '@/lib/admin/db-error'
import { supabase } from '@/lib/supabase'

/** Under this key: the plan and every plot's history (a write refreshes them all). */
export const plotsKey = (siteId: number) => ['admin-plots', siteId] as const

export async function getSitePlan(siteId: number): Promise<SitePlanData> {
  const { data, error } = await supabase().rpc('site_plan', { p_site_id: siteId })
  if (error) throw new DbError(error, 'The plots could not be loaded.')
  return parseSitePlan(data)
}

export const sitePlanQueryOptions = (siteId: number) =>
  queryOptions({ queryKey: [...plotsKey(siteId), 'plan'], queryFn: () => getSitePlan(siteId) })

export const useSitePlan = (siteId: number) => useQuery(sitePlanQueryOptions(siteId))
