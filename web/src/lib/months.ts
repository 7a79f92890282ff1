// Month names and the long date of public pages, without Intl (kept out of the first-load shell:
// only lazy pages import this).
/** The months' English names, January first (index 0). */
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const

/**
 * "1 March 2024" (en-GB, the browser's day), or '' without a valid date. Written out rather than
 * through toLocaleDateString: the first Intl date formatter a page builds loads locale data, and
 * on a site page that was a 150 ms task in the middle of hydration (Lighthouse mobile).
 */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return ''
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  return `${d.getDate()} ${MONTHS[d.getMonth()]} ${d.getFullYear()}`
}
