// Active membership plans and the current joining fee (public reads).
import { queryOptions, useQuery } from '@tanstack/react-query'
import { restSelect } from '@/lib/sites/rest'

import type { SitePlan } from '@/lib/sites/site-details'

/** An active membership plan (the site pages show the same rows). */
export type Plan = SitePlan

export interface PlansAndFee {
  plans: Plan[]
  joiningFeePence: number | null
}

export async function getPlans(): Promise<PlansAndFee> {
  const [plans, fees] = await Promise.all([
    restSelect<Plan>(
      'plans',
      'select=id,name,description,plot_size,price_pence,billing_interval&active=eq.true&order=sort_order.asc,id.asc',
    ),
    restSelect<{ amount_pence: number }>(
      'joining_fees',
      'select=amount_pence&active=eq.true&order=effective_from.desc&limit=1',
    ),
  ])
  return { plans, joiningFeePence: fees[0]?.amount_pence ?? null }
}

export const plansQueryOptions = () =>
  queryOptions({ queryKey: ['plans'], queryFn: getPlans, staleTime: 5 * 60_000 })

export function usePlans() {
  return useQuery(plansQueryOptions())
}
