// Spend, waiting-list sign-ups and cost per sign-up per site over a date range (the
// marketing_summary RPC; the row without a site is the total, spend on every site included).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'

// marketing_summary returns a table, whose columns the generator types as never null; the total
// row has no site, and a site without sign-ups no cost per sign-up.
export interface SummaryRow {
  site_id: number | null
  location: string | null
  spend_pence: number
  signups: number
  cost_per_signup_pence: number | null
}

export async function getSummary(from: string, to: string): Promise<SummaryRow[]> {
  const { data, error } = await supabase().rpc('marketing_summary', { p_from: from, p_to: to })
  if (error) throw new DbError(error, 'The marketing figures could not be loaded.')
  return (data ?? []) as SummaryRow[]
}

export const summaryQueryKey = ['admin-marketing', 'summary'] as const
export const summaryQueryOptions = (from: string, to: string) =>
  queryOptions({
    queryKey: [...summaryQueryKey, from, to],
    queryFn: () => getSummary(from, to),
    placeholderData: keepPreviousData,
  })
/** Asks only for a whole range (the database refuses a backwards one too). */
export const useSummary = (from: string, to: string) =>
  useQuery({ ...summaryQueryOptions(from, to), enabled: from !== '' && to !== '' && to >= from })

/** Spend per campaign (from the expenses of the same range), largest first. */
export function spendByCampaign(
  rows: ReadonlyArray<{ campaign: string; amount_pence: number }>,
): Array<{ campaign: string; pence: number; count: number }> {
  const by = new Map<string, { pence: number; count: number }>()
  for (const r of rows) {
    const cur = by.get(r.campaign) ?? { pence: 0, count: 0 }
    by.set(r.campaign, { pence: cur.pence + r.amount_pence, count: cur.count + 1 })
  }
  return [...by].map(([campaign, v]) => ({ campaign, ...v })).sort((a, b) =>
    b.pence - a.pence || a.campaign.localeCompare(b.campaign)
  )
}
