// Dates as people in the UK read them, in Europe/London whatever the device's zone. One place for
// every page: a date column (YYYY-MM-DD) or a timestamp in, words out.

const LONDON = 'Europe/London'

const asDate = (
  v: string,
): Date => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? new Date(`${v}T12:00:00Z`) : new Date(v))

/** '12 March 2026' */
export const longDate = (v: string | null | undefined, none = '—'): string =>
  v
    ? asDate(v).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: LONDON,
    })
    : none

/** '12 Mar 2026' */
export const shortDate = (v: string | null | undefined, none = '—'): string =>
  v
    ? asDate(v).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: LONDON,
    })
    : none

/** '12 Mar 2026, 14:05' */
export const dateTime = (v: string | null | undefined, none = '—'): string =>
  v
    ? new Date(v).toLocaleString('en-GB', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: LONDON,
    })
    : none

/** The UK calendar day of a timestamp, as YYYY-MM-DD. */
export const ukDay = (v: string | Date = new Date()): string =>
  (typeof v === 'string' ? asDate(v) : v).toLocaleDateString('en-CA', { timeZone: LONDON })
