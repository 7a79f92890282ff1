// Members behind with their rent (rpc site_arrears, docs/billing.md): admins see every site, a
// patch manager the sites they manage (the function decides; anyone else is refused). One row per
// membership: who, where, what is owed, since when, how many payments failed, and its status.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { DbError } from '@/lib/admin/db-error'
import type { ReturnRow } from '@/lib/db-types'
import { supabase } from '@/lib/supabase'

export type ArrearsRow = ReturnRow<'site_arrears'>

export async function getArrears(siteId: number | null): Promise<ArrearsRow[]> {
  const { data, error } = await supabase().rpc('site_arrears', { p_site_id: siteId })
  if (error) throw new DbError(error, 'The arrears could not be loaded.')
  return data ?? []
}

export const arrearsQueryOptions = (siteId: number | null) =>
  queryOptions({
    queryKey: ['admin-arrears', siteId],
    queryFn: () => getArrears(siteId),
    placeholderData: keepPreviousData,
  })

export const useArrears = (siteId: number | null) => useQuery(arrearsQueryOptions(siteId))

/** The sites the rows are at, by name, each once (the site filter's choices). */
export function arrearsSites(rows: readonly ArrearsRow[]): { id: number; name: string }[] {
  const sites = new Map<number, string>()
  for (const r of rows) sites.set(r.site_id, r.site ?? `Site ${r.site_id}`)
  return [...sites].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name))
}

/** What the rows add up to: members, pounds owed, failed payments. */
export const arrearsTotals = (rows: readonly ArrearsRow[]) => ({
  members: rows.length,
  owed_pence: rows.reduce((t, r) => t + r.amount_pence, 0),
  open_invoices: rows.reduce((t, r) => t + r.open_invoices, 0),
})
