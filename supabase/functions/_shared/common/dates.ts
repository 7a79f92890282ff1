// Dates and times as people in the UK read them: on the clock and calendar of Europe/London,
// whatever the zone of the device or the server, in British English. The one place both tiers
// write a date: the functions (e-mails, receipts) import it by path, the web app as
// `@common/dates`. A date column (YYYY-MM-DD) is that calendar day; a timestamp is its day and
// time in London.
//
// Written out rather than through Intl: the first Intl date formatter a page builds loads locale
// data, which on a site page was a 150 ms task in the middle of hydration (Lighthouse mobile); and
// the web server (Deno) and the browser then render the same text whatever ICU each carries. The
// words are en-GB's as Intl writes them with `timeZone: 'Europe/London'` (dates.test.ts holds every
// function to Intl's answer across the clock changes of many years).

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

/** en-GB's short month names (September is "Sept"). */
const SHORT_MONTHS = MONTHS.map((m) => (m === 'September' ? 'Sept' : m.slice(0, 3)))
const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const

const HOUR = 3_600_000
const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/

/** 01:00 UTC on the last Sunday of a month (0-based): when UK summer time starts or ends. */
function lastSundayAtOne(year: number, month: number): number {
  const last = new Date(Date.UTC(year, month + 1, 0))
  return Date.UTC(year, month, last.getUTCDate() - last.getUTCDay(), 1)
}

/**
 * London's offset from UTC at an instant: one hour from 01:00 UTC on the last Sunday of March to
 * 01:00 UTC on the last Sunday of October (British Summer Time, the rule since 1996), else none.
 */
export function londonOffset(ms: number): number {
  const year = new Date(ms).getUTCFullYear()
  return ms >= lastSundayAtOne(year, 2) && ms < lastSundayAtOne(year, 9) ? HOUR : 0
}

/** A moment's fields on London's calendar and clock. */
export interface LondonTime {
  year: number
  /** 1–12 */
  month: number
  day: number
  /** 0 = Sunday */
  weekday: number
  hour: number
  minute: number
  second: number
}

export type DateInput = string | Date | null | undefined

/** `v` on London's calendar and clock (a date column: that day, at midnight), or null. */
export function inLondon(v: DateInput): LondonTime | null {
  if (v === null || v === undefined || v === '') return null
  let ms: number
  if (typeof v === 'string' && DAY_ONLY.test(v)) ms = Date.parse(`${v}T00:00:00Z`)
  else {
    ms = typeof v === 'string' ? Date.parse(v) : v.getTime()
    if (!Number.isNaN(ms)) ms += londonOffset(ms)
  }
  if (Number.isNaN(ms)) return null
  const d = new Date(ms)
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    weekday: d.getUTCDay(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  }
}

const pad = (n: number) => String(n).padStart(2, '0')
const hm = (t: LondonTime) => `${pad(t.hour)}:${pad(t.minute)}`

/** A formatter from London's fields; what a missing or unreadable date reads as is `none`. */
const format = (write: (t: LondonTime) => string) => (v: DateInput, none = '—'): string => {
  const t = inLondon(v)
  return t ? write(t) : none
}

/** "3 March 2026" */
export const longDate = format((t) => `${t.day} ${MONTHS[t.month - 1]} ${t.year}`)

/** "Tuesday, 3 March 2026" */
export const weekdayDate = format((t) =>
  `${WEEKDAYS[t.weekday]}, ${t.day} ${MONTHS[t.month - 1]} ${t.year}`
)

/** "3 Mar 2026" */
export const shortDate = format((t) => `${t.day} ${SHORT_MONTHS[t.month - 1]} ${t.year}`)

/** "03/03/2026" */
export const numericDate = format((t) => `${pad(t.day)}/${pad(t.month)}/${t.year}`)

/** "March 2026" */
export const monthYear = format((t) => `${MONTHS[t.month - 1]} ${t.year}`)

/** "Mar 2026" */
export const shortMonthYear = format((t) => `${SHORT_MONTHS[t.month - 1]} ${t.year}`)

/** "14:05" */
export const clockTime = format(hm)

/** "3 Mar 2026, 14:05" */
export const dateTime = format((t) => `${t.day} ${SHORT_MONTHS[t.month - 1]} ${t.year}, ${hm(t)}`)

/** "3 Mar 2026, 14:05:09" */
export const dateTimeSeconds = format((t) =>
  `${t.day} ${SHORT_MONTHS[t.month - 1]} ${t.year}, ${hm(t)}:${pad(t.second)}`
)

/** "03/03/2026, 14:05" */
export const numericDateTime = format((t) => `${pad(t.day)}/${pad(t.month)}/${t.year}, ${hm(t)}`)

/** "Tue, 3 Mar 2026, 14:05" */
export const weekdayDateTime = format((t) =>
  `${WEEKDAYS[t.weekday]!.slice(0, 3)}, ${t.day} ${SHORT_MONTHS[t.month - 1]} ${t.year}, ${hm(t)}`
)

/** "Tuesday, 3 March 2026 at 14:05" */
export const fullDateTime = format((t) =>
  `${WEEKDAYS[t.weekday]}, ${t.day} ${MONTHS[t.month - 1]} ${t.year} at ${hm(t)}`
)

/** "Tuesday 3 March at 9:05": a booking this year (a welcome slot, a tour, a viewing). */
export const appointmentTime = format((t) =>
  `${WEEKDAYS[t.weekday]} ${t.day} ${MONTHS[t.month - 1]} at ${t.hour}:${pad(t.minute)}`
)

/** "3 March at 14:05" */
export const dayMonthTime = format((t) => `${t.day} ${MONTHS[t.month - 1]} at ${hm(t)}`)

/** The UK calendar day of a moment (now, by default) as YYYY-MM-DD; a date column as it is. */
export function ukDay(v: string | Date = new Date()): string {
  const t = inLondon(v)
  if (!t) throw new RangeError(`Not a date: ${String(v)}`)
  return `${t.year}-${pad(t.month)}-${pad(t.day)}`
}

/** A day that exists, written YYYY-MM-DD (no 30 February). */
export function isRealDay(v: string): boolean {
  return DAY_ONLY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
    new Date(`${v}T00:00:00Z`).toISOString().startsWith(v)
}

/** The same day a year on (29 February → 28 February). */
export function aYearOn(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  const next = new Date(Date.UTC(y + 1, m - 1, d))
  if (next.getUTCDate() !== d) next.setUTCDate(0)
  return next.toISOString().slice(0, 10)
}
