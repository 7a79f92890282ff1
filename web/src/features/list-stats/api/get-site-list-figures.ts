// A site's waiting list in public figures (get_site_list_figures): the list's length, offers per
// month for the last 12 months, the median wait from joining to an offer of the last year's
// offers (withheld below 3 offers) and the figures the site page shows. Anonymised counts only.
import { useEffect, useState } from 'react'
import { restRpc } from '@/lib/sites/rest'

export interface MonthOffers {
  /** YYYY-MM */
  month: string
  offers: number
}

export interface SiteListFigures {
  list_length: number
  waiting: number
  top_joined_on: string | null
  offers_last_year: number
  window_months: number
  estimated_wait_months: number | null
  /** null when fewer than 3 offers were made in the last year. */
  median_wait_months: number | null
  offers_by_month: MonthOffers[]
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v))

export async function getSiteListFigures(slug: string): Promise<SiteListFigures | null> {
  const rows = await restRpc<Record<string, unknown>[]>('get_site_list_figures', { p_slug: slug })
  const r = rows[0]
  if (!r) return null
  const months = Array.isArray(r.offers_by_month)
    ? r.offers_by_month as Record<string, unknown>[]
    : []
  return {
    list_length: Number(r.list_length) || 0,
    waiting: Number(r.waiting) || 0,
    top_joined_on: typeof r.top_joined_on === 'string' ? r.top_joined_on : null,
    offers_last_year: Number(r.offers_last_year) || 0,
    window_months: Number(r.window_months) || 12,
    estimated_wait_months: num(r.estimated_wait_months),
    median_wait_months: num(r.median_wait_months),
    offers_by_month: months.map((m) => ({ month: String(m.month), offers: Number(m.offers) || 0 })),
  }
}

export type FiguresState =
  | { state: 'loading' }
  | { state: 'error' }
  | { state: 'ready'; figures: SiteListFigures | null }

export function useSiteListFigures(slug: string): FiguresState {
  const [result, setResult] = useState<FiguresState>({ state: 'loading' })
  useEffect(() => {
    let live = true
    setResult({ state: 'loading' })
    getSiteListFigures(slug).then(
      (figures) => live && setResult({ state: 'ready', figures }),
      () => live && setResult({ state: 'error' }),
    )
    return () => {
      live = false
    }
  }, [slug])
  return result
}
