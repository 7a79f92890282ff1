import { describe, expect, it } from 'vitest'
import { dateTime, longDate, shortDate, ukDay } from './dates'

describe('dates in Europe/London', () => {
  it('reads a date column as that calendar day, whatever the zone', () => {
    expect(longDate('2026-03-12')).toBe('12 March 2026')
    expect(shortDate('2026-01-01')).toBe('1 Jan 2026')
  })
  it('puts a timestamp on its London day and clock, summer time included', () => {
    expect(longDate('2026-06-30T23:30:00Z')).toBe('1 July 2026')
    expect(ukDay('2026-06-30T23:30:00Z')).toBe('2026-07-01')
    expect(ukDay('2026-12-31T23:30:00Z')).toBe('2026-12-31')
    expect(dateTime('2026-06-30T13:05:00Z')).toBe('30 Jun 2026, 14:05')
  })
  it('says what is missing', () => {
    expect(longDate(null)).toBe('—')
    expect(shortDate(undefined, 'never')).toBe('never')
  })
})
