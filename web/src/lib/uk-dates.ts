// Calendar days as a UK buyer means them (Europe/London), for forms that take a date and pages
// that show one. Days travel as YYYY-MM-DD, as <input type="date"> and the database write them.
// The payments function checks the same rules (supabase/functions/payments/vouchers.ts).

/** Today in the UK, as YYYY-MM-DD. */
export function ukToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now)
}

/** A day that exists, written YYYY-MM-DD (no 30 February). */
export function isRealDay(v: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
    new Date(`${v}T00:00:00Z`).toISOString().startsWith(v)
}

/** The same day a year on (29 February → 28 February). */
export function aYearOn(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  const next = new Date(Date.UTC(y + 1, m - 1, d))
  if (next.getUTCDate() !== d) next.setUTCDate(0)
  return next.toISOString().slice(0, 10)
}

/** "Tuesday 3 March 2026" for a day (YYYY-MM-DD) or a moment (its day in the UK). */
export function longDate(value: string): string {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value)
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: day ? 'UTC' : 'Europe/London',
  })
    .format(new Date(day ? `${value}T00:00:00Z` : value))
}
