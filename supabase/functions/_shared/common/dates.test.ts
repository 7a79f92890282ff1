// The dates both tiers write (dates.ts), held to Intl's en-GB with timeZone 'Europe/London': every
// function, at instants on both sides of each clock change from 2000 to 2040 and at random
// instants across those years; and what the pages rely on (a date column is its own day, a
// timestamp its London day, a missing date says so).
import assert from 'node:assert/strict'
import {
  appointmentTime,
  aYearOn,
  clockTime,
  dateTime,
  dateTimeSeconds,
  dayMonthTime,
  fullDateTime,
  isRealDay,
  longDate,
  monthYear,
  numericDate,
  numericDateTime,
  shortDate,
  shortMonthYear,
  ukDay,
  weekdayDate,
  weekdayDateTime,
} from './dates.ts'

const test = (name: string, fn: () => void | Promise<void>) => Deno.test(name, fn)

const intl = (options: Intl.DateTimeFormatOptions) => {
  const f = new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'Europe/London' })
  return (d: Date) => f.format(d)
}

/** Each function beside the Intl options it writes as. */
const AS_INTL: [string, (d: Date) => string, (d: Date) => string][] = [
  ['longDate', longDate, intl({ day: 'numeric', month: 'long', year: 'numeric' })],
  [
    'weekdayDate',
    weekdayDate,
    intl({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }),
  ],
  ['shortDate', shortDate, intl({ day: 'numeric', month: 'short', year: 'numeric' })],
  ['numericDate', numericDate, intl({})],
  ['monthYear', monthYear, intl({ month: 'long', year: 'numeric' })],
  ['shortMonthYear', shortMonthYear, intl({ month: 'short', year: 'numeric' })],
  ['clockTime', clockTime, intl({ hour: '2-digit', minute: '2-digit' })],
  ['dateTime', dateTime, intl({ dateStyle: 'medium', timeStyle: 'short' })],
  ['dateTimeSeconds', dateTimeSeconds, intl({ dateStyle: 'medium', timeStyle: 'medium' })],
  ['numericDateTime', numericDateTime, intl({ dateStyle: 'short', timeStyle: 'short' })],
  [
    'weekdayDateTime',
    weekdayDateTime,
    intl({
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    }),
  ],
  ['fullDateTime', fullDateTime, intl({ dateStyle: 'full', timeStyle: 'short' })],
  [
    'appointmentTime',
    appointmentTime,
    intl({ weekday: 'long', day: 'numeric', month: 'long', hour: 'numeric', minute: '2-digit' }),
  ],
  [
    'dayMonthTime',
    dayMonthTime,
    intl({ day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' }),
  ],
  ['ukDay', (d) => ukDay(d), (d) => d.toLocaleDateString('en-CA', { timeZone: 'Europe/London' })],
]

/** Instants a minute either side of 01:00 UTC on every last Sunday of March and October. */
function clockChanges(): Date[] {
  const out: Date[] = []
  for (let year = 2000; year <= 2040; year++) {
    for (const month of [2, 9]) {
      const last = new Date(Date.UTC(year, month + 1, 0))
      const change = Date.UTC(year, month, last.getUTCDate() - last.getUTCDay(), 1)
      for (const minutes of [-61, -1, 0, 1, 59, 60]) out.push(new Date(change + minutes * 60_000))
    }
  }
  return out
}

/** Instants spread over the years, a few seconds off the hour (a fixed seed: the same each run). */
function spread(): Date[] {
  let seed = 20261205
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
  const from = Date.UTC(2000, 0, 1)
  const to = Date.UTC(2041, 0, 1)
  return Array.from({ length: 2000 }, () => new Date(from + Math.floor(next() * (to - from))))
}

test('every function writes what Intl writes in London, around each clock change and across the years', () => {
  const moments = [...clockChanges(), ...spread(), new Date(Date.UTC(2026, 0, 1, 0, 0, 0))]
  for (const [name, ours, theirs] of AS_INTL) {
    for (const d of moments) assert.equal(ours(d), theirs(d), `${name}(${d.toISOString()})`)
  }
})

test('a date column is that calendar day, whatever the zone', () => {
  assert.equal(longDate('2026-03-12'), '12 March 2026')
  assert.equal(weekdayDate('2026-03-03'), 'Tuesday, 3 March 2026')
  assert.equal(shortDate('2026-09-01'), '1 Sept 2026')
  assert.equal(ukDay('2026-06-30'), '2026-06-30')
})

test('a timestamp is its day and time in London, summer time included', () => {
  assert.equal(longDate('2026-06-30T23:30:00Z'), '1 July 2026')
  assert.equal(ukDay('2026-06-30T23:30:00Z'), '2026-07-01')
  assert.equal(ukDay('2026-12-31T23:30:00Z'), '2026-12-31')
  assert.equal(dateTime('2026-06-30T13:05:00Z'), '30 Jun 2026, 14:05')
  assert.equal(appointmentTime('2026-07-03T23:05:00Z'), 'Saturday 4 July at 0:05')
  assert.equal(clockTime(new Date('2026-03-29T01:00:00Z')), '02:00')
  assert.equal(clockTime(new Date('2026-10-25T00:59:00Z')), '01:59')
  assert.equal(clockTime(new Date('2026-10-25T01:00:00Z')), '01:00')
})

test('a missing or unreadable date says so', () => {
  assert.equal(longDate(null), '—')
  assert.equal(shortDate(undefined, 'never'), 'never')
  assert.equal(longDate('', ''), '')
  assert.equal(dateTime('not a date'), '—')
  assert.throws(() => ukDay('not a date'), RangeError)
})

test('days: real ones only, and the same day a year on', () => {
  assert.equal(isRealDay('2028-02-29'), true)
  assert.equal(isRealDay('2026-02-30'), false)
  assert.equal(isRealDay('26-02-01'), false)
  assert.equal(aYearOn('2026-03-12'), '2027-03-12')
  assert.equal(aYearOn('2028-02-29'), '2029-02-28')
})
