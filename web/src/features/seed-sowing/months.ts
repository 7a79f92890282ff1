// Months of the sowing guide: names, the UK's current month, and what to do with which crop
// in a given month.
import { MONTHS, ukDay } from '@/lib/dates'
import type { SowingGuide } from './api/get-sowing'

export { MONTHS }

export const monthName = (m: number) => MONTHS[m - 1] ?? ''

/** 1–12, in the UK. */
export const currentUkMonth = (now = new Date()) => Number(ukDay(now).slice(5, 7))

/** ?month= as 1–12, else the current month. */
export function monthFromSearch(search: string, now = new Date()): number {
  const raw = new URLSearchParams(search).get('month')
  const n = raw && /^\d{1,2}$/.test(raw) ? Number(raw) : NaN
  return n >= 1 && n <= 12 ? n : currentUkMonth(now)
}

export interface MonthJobs {
  indoors: SowingGuide[]
  outdoors: SowingGuide[]
  harvest: SowingGuide[]
}

export function jobsForMonth(guides: readonly SowingGuide[], month: number): MonthJobs {
  return {
    indoors: guides.filter((g) => g.sow_indoors_months.includes(month)),
    outdoors: guides.filter((g) => g.sow_outdoors_months.includes(month)),
    harvest: guides.filter((g) => g.harvest_months.includes(month)),
  }
}

/** [2,3,4] → 'February to April'; [10,11,12,1,2] → 'October to February'; [5,8] → 'May, August'. */
export function monthRanges(months: readonly number[]): string {
  if (months.length === 0) return ''
  const set = new Set(months)
  if (set.size === 12) return 'All year'
  // Start each run at a month whose predecessor is missing (so a run may wrap past December).
  const starts = [...set].filter((m) => !set.has(m === 1 ? 12 : m - 1)).sort((a, b) => a - b)
  return starts.map((start) => {
    let end = start
    while (set.has(end === 12 ? 1 : end + 1)) end = end === 12 ? 1 : end + 1
    return end === start ? monthName(start) : `${monthName(start)} to ${monthName(end)}`
  }).join(', ')
}
