import { describe, expect, it } from 'vitest'
import { buildIcs, escapeText, foldLine, icsDateTime, icsFileName } from './ics'

const octets = (s: string) => new TextEncoder().encode(s).length

describe('iCalendar files (RFC 5545)', () => {
  it('writes UTC date-times', () => {
    expect(icsDateTime(new Date('2025-03-03T14:30:05.999Z'))).toBe('20250303T143005Z')
    // A British Summer Time wall clock is written as UTC.
    expect(icsDateTime(new Date('2025-07-01T10:00:00+01:00'))).toBe('20250701T090000Z')
    expect(() => icsDateTime(new Date('nope'))).toThrow('Invalid date')
  })

  it('escapes TEXT values: backslash, semicolon, comma and line breaks', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng')
    expect(escapeText('Plain: text')).toBe('Plain: text')
  })

  it('folds lines at 75 octets without splitting a character', () => {
    const long = `DESCRIPTION:${'x'.repeat(200)}`
    const folded = foldLine(long)
    const lines = folded.split('\r\n')
    expect(lines.length).toBe(3)
    expect(lines.every((l) => octets(l) <= 75)).toBe(true)
    expect(lines.slice(1).every((l) => l.startsWith(' '))).toBe(true)
    expect(lines.map((l, i) => (i === 0 ? l : l.slice(1))).join('')).toBe(long)

    const multi = `SUMMARY:${'é'.repeat(60)}` // 2 octets each
    const parts = foldLine(multi).split('\r\n')
    expect(parts.every((l) => octets(l) <= 75)).toBe(true)
    expect(parts.map((l, i) => (i === 0 ? l : l.slice(1))).join('')).toBe(multi)
    expect(foldLine('SHORT:line')).toBe('SHORT:line')
  })

  it('builds a whole calendar with CRLF line ends, UID, DTSTAMP and escaped values', () => {
    const ics = buildIcs({
      slug: 'apple-pressing-day',
      title: 'Apple pressing, cider & juice; bring bottles',
      start: new Date('2025-10-04T09:00:00Z'),
      end: new Date('2025-10-04T13:00:00Z'),
      location: 'Bowshaw Views, Sheffield',
      description: 'Bring windfalls.\nWe press, you take the juice home.',
      url: 'https://roots.example/events#event-apple-pressing-day',
    }, new Date('2025-09-01T08:15:00Z'))
    expect(ics).toBe([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Roots Allotments//Events//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'BEGIN:VEVENT',
      'UID:apple-pressing-day@events.rootsallotments.co.uk',
      'DTSTAMP:20250901T081500Z',
      'DTSTART:20251004T090000Z',
      'DTEND:20251004T130000Z',
      'SUMMARY:Apple pressing\\, cider & juice\\; bring bottles',
      'LOCATION:Bowshaw Views\\, Sheffield',
      'DESCRIPTION:Bring windfalls.\\nWe press\\, you take the juice home.',
      'URL:https://roots.example/events#event-apple-pressing-day',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n'))
    // No bare LF anywhere.
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
  })

  it('gives an event without an end (or with an end before its start) one hour, and leaves out empty fields', () => {
    const ics = buildIcs({
      slug: 's',
      title: 'T',
      start: new Date('2025-01-01T23:30:00Z'),
      end: null,
    }, new Date('2025-01-01T00:00:00Z'))
    expect(ics).toContain('DTEND:20250102T003000Z\r\n')
    expect(ics).not.toContain('LOCATION')
    expect(ics).not.toContain('DESCRIPTION')
    const backwards = buildIcs({
      slug: 's',
      title: 'T',
      start: new Date('2025-01-01T10:00:00Z'),
      end: new Date('2025-01-01T09:00:00Z'),
    })
    expect(backwards).toContain('DTEND:20250101T110000Z\r\n')
  })

  it('names the file after the slug', () => {
    expect(icsFileName('spring-seed-swap')).toBe('spring-seed-swap.ics')
    expect(icsFileName('../x')).toBe('x.ics')
  })
})
