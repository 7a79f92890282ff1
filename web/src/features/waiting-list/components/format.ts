// Wording for the queue page.
import { formatCount } from '@/lib/intl'

export function ordinal(n: number): string {
  const rem100 = n % 100
  const suffix = rem100 >= 11 && rem100 <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th'
  return `${formatCount(n)}${suffix}`
}

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
  return `about ${years} year${years === 1 ? '' : 's'}${rest ? ` and ${rest} month${rest === 1 ? '' : 's'}` : ''}`
}

export const formatDate = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }) : ''

export const REFERENCE_PATTERN = /^[a-z0-9-]{8,100}$/
