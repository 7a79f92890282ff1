// How a wait and a day read on public pages (the queue page and every site page).
import { MONTHS } from '@/lib/months'

/** "about 7 months", "about 2 years and 3 months", "less than a month". */
export function describeWait(months: number | string | null | undefined): string | null {
  if (months === null || months === undefined || months === '') return null
  const m = Number(months)
  if (!Number.isFinite(m) || m < 0) return null
  if (m < 1) return 'less than a month'
  const whole = Math.round(m)
  if (whole < 12) return `about ${whole} month${whole === 1 ? '' : 's'}`
  const years = Math.floor(whole / 12)
  const rest = whole % 12
  return `about ${years} year${years === 1 ? '' : 's'}${
    rest ? ` and ${rest} month${rest === 1 ? '' : 's'}` : ''
  }`
}

/**
 * "1 March 2024" (en-GB, the browser's day), or '' without a valid date. Written out rather than
 * through toLocaleDateString: the first Intl date formatter a page builds loads locale data, and
 * on a site page that was a 150 ms task in the middle of hydration (Lighthouse mobile, issue 20).
 */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return ''
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  return `${d.getDate()} ${MONTHS[d.getMonth()]} ${d.getFullYear()}`
}

/** Pence as pounds: 1999 → "£19.99". */
export const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`
