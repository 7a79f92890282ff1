// The plots the signed-in member holds: each membership that carries a plot (set up from an offer
// of it) and is not over, with its site's plan as site_plan shows it to them (their plot marked
// mine, no one else's name). RLS shows a member only their own memberships.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { parseSitePlan, type PlanPlot, type SitePlanData } from '@/components/site-plan/plan'
import { supabase } from '@/lib/supabase'

export interface MyPlot {
  membershipId: number
  location: string
  plan: SitePlanData
  plot: PlanPlot
}

const HOLDING = ['active', 'cancellation_requested', 'past_due', 'suspended']

export async function getMyPlots(): Promise<MyPlot[]> {
  const db = supabase()
  const { data, error } = await db.from('memberships').select(
    'id, site_id, plot_id, site:global_sites(location)',
  )
    .not('plot_id', 'is', null).in('status', HOLDING).order('start_date')
  if (error) throw new Error(error.message)
  const plans = new Map<number, Promise<SitePlanData>>()
  const planOf = (siteId: number) => {
    if (!plans.has(siteId)) {
      plans.set(
        siteId,
        Promise.resolve(db.rpc('site_plan', { p_site_id: siteId })).then(({ data, error }) => {
          if (error) throw new Error(error.message)
          return parseSitePlan(data)
        }),
      )
    }
    return plans.get(siteId)!
  }
  const out: MyPlot[] = []
  for (const m of data ?? []) {
    const plan = await planOf(m.site_id)
    const plot = plan.plots.find((p) => p.id === m.plot_id)
    if (plot) {
      out.push({ membershipId: m.id, location: m.site?.location ?? 'your site', plan, plot })
    }
  }
  return out
}

export const myPlotsQueryOptions = (userId: string | null) =>
  queryOptions({ queryKey: ['my-plots', userId], queryFn: getMyPlots, enabled: !!userId })

export const useMyPlots = (userId: string | null) => useQuery(myPlotsQueryOptions(userId))
