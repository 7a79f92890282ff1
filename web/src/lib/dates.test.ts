// The web app's dates (lib/dates, owned by @common/dates and tested there in full under Deno),
// checked again where the pages' tests run: Node's ICU writes the same words in London.
import { describe, expect, it } from 'vitest'
import {
  appointmentTime,
  dateTime,
  dateTimeSeconds,
  longDate,
  numericDate,
  numericDateTime,
  shortDate,
  ukDay,
  weekdayDate,
  weekdayDateTime,
} from './dates'

const intl = (options: Intl.DateTimeFormatOptions) => (d: Date) =>
  d.toLocaleString('en-GB', { ...options, timeZone: 'Europe/London' })

describe('dates in Europe/London', () => {
  it('reads a date column as that calendar day, whatever the zone', () => {
    expect(longDate('2026-03-12')).toBe('12 March 2026')
    expect(shortDate('2026-01-01')).toBe('1 Jan 2026')
    expect(weekdayDate('2026-03-03')).toBe('Tuesday, 3 March 2026')
  })
  it('puts a timestamp on its London day and clock, summer time included', () => {
    expect(longDate('2026-06-30T23:30:00Z')).toBe('1 July 2026')
    expect(ukDay('2026-06-30T23:30:00Z')).toBe('2026-07-01')
    expect(ukDay('2026-12-31T23:30:00Z')).toBe('2026-12-31')
    expect(dateTime('2026-06-30T13:05:00Z')).toBe('30 Jun 2026, 14:05')
    expect(appointmentTime('2026-07-03T08:05:00Z')).toBe('Friday 3 July at 9:05')
  })
  it('says what is missing', () => {
    expect(longDate(null)).toBe('—')
    expect(shortDate(undefined, 'never')).toBe('never')
  })
  it("writes what this runtime's Intl writes, either side of the clock changes", () => {
    const moments = [
      '2026-03-29T00:59:00Z',
      '2026-03-29T01:00:00Z',
      '2026-10-25T00:59:00Z',
      '2026-10-25T01:00:00Z',
      '2026-09-30T23:00:00Z',
    ]
      .map((s) => new Date(s))
    for (const d of moments) {
      expect(longDate(d)).toBe(intl({ day: 'numeric', month: 'long', year: 'numeric' })(d))
      expect(shortDate(d)).toBe(intl({ day: 'numeric', month: 'short', year: 'numeric' })(d))
      expect(numericDate(d)).toBe(d.toLocaleDateString('en-GB', { timeZone: 'Europe/London' }))
      expect(dateTime(d)).toBe(intl({ dateStyle: 'medium', timeStyle: 'short' })(d))
      expect(dateTimeSeconds(d)).toBe(intl({ dateStyle: 'medium', timeStyle: 'medium' })(d))
      expect(numericDateTime(d)).toBe(intl({ dateStyle: 'short', timeStyle: 'short' })(d))
      expect(weekdayDateTime(d)).toBe(
        intl({
          weekday: 'short',
          day: 'numeric',
          month: 'short',
          year: 'numeric',
          hour: '2-digit',
          minute: '2-digit',
        })(d),
      )
    }
  })
})
