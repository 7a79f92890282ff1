// A site's plots as its staff see them (site_plan: number, register status, holder, outline), for
// picking the plot to inspect by number or on the plan.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { byNumber, parseSitePlan, type SitePlanData } from '@/components/site-plan/plan'
import { supabase } from '@/lib/supabase'

export async function getSitePlots(siteId: number): Promise<SitePlanData> {
  const { data, error } = await supabase().rpc('site_plan', { p_site_id: siteId })
  if (error) throw new Error(error.message)
  const plan = parseSitePlan(data)
  return { ...plan, plots: [...plan.plots].sort(byNumber) }
}

export const sitePlotsQueryOptions = (siteId: number) =>
  queryOptions({
    queryKey: ['inspection-site-plots', siteId],
    queryFn: () => getSitePlots(siteId),
    staleTime: 5 * 60_000,
  })

export function useSitePlots(siteId: number | null) {
  return useQuery({ ...sitePlotsQueryOptions(siteId ?? 0), enabled: siteId !== null })
}

/** The plots whose number matches what was typed: exact first, then those starting with it, then containing it. */
export function matchPlots<P extends { number: string }>(plots: readonly P[], typed: string): P[] {
  const q = typed.trim().toUpperCase()
  if (!q) return [...plots]
  const rank = (n: string) => (n === q ? 0 : n.startsWith(q) ? 1 : n.includes(q) ? 2 : 3)
  return plots
    .map((p) => ({ p, r: rank(p.number.toUpperCase()) }))
    .filter((x) => x.r < 3)
    .sort((a, b) => a.r - b.r)
    .map((x) => x.p)
}
