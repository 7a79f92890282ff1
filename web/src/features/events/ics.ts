// An iCalendar file (RFC 5545) for one event, built in the browser: CRLF line ends, lines
// folded at 75 octets, TEXT values escaped, times in UTC, a stable UID so a calendar updates
// rather than duplicates the event on a second download, and DTSTAMP.

export interface CalendarEvent {
  /** Stable and unique: the event's slug. */
  slug: string
  title: string
  start: Date
  /** Without an end the event lasts an hour. */
  end?: Date | null
  location?: string | null
  description?: string | null
  url?: string | null
}

export const DEFAULT_DURATION_MS = 60 * 60 * 1000
export const UID_DOMAIN = 'events.rootsallotments.co.uk'

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/** 2025-03-03T14:30:00.000Z → 20250303T143000Z (DATE-TIME, UTC form). */
export function icsDateTime(d: Date): string {
  if (Number.isNaN(d.getTime())) throw new RangeError('Invalid date')
  return `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${
    pad(d.getUTCHours())
  }${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}Z`
}

/** TEXT escaping (RFC 5545 §3.3.11): backslash, semicolon, comma, and line breaks as \n. */
export function escapeText(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(
    /\r\n|\r|\n/g,
    '\\n',
  )
}

const encoder = new TextEncoder()

/** Folds a content line so no line exceeds 75 octets, never splitting a character (RFC 5545 §3.1). */
export function foldLine(line: string): string {
  const out: string[] = []
  let current = ''
  let octets = 0
  for (const ch of line) {
    const size = encoder.encode(ch).length
    // The first line holds 75 octets; continuation lines start with a space, so 74 more.
    const limit = out.length === 0 ? 75 : 74
    if (octets + size > limit) {
      out.push(current)
      current = ''
      octets = 0
    }
    current += ch
    octets += size
  }
  out.push(current)
  return out.join('\r\n ')
}

export function buildIcs(event: CalendarEvent, now: Date = new Date()): string {
  const end = event.end && event.end.getTime() > event.start.getTime()
    ? event.end
    : new Date(event.start.getTime() + DEFAULT_DURATION_MS)
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Roots Allotments//Events//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.slug}@${UID_DOMAIN}`,
    `DTSTAMP:${icsDateTime(now)}`,
    `DTSTART:${icsDateTime(event.start)}`,
    `DTEND:${icsDateTime(end)}`,
    `SUMMARY:${escapeText(event.title)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    // URI values are not TEXT: no escaping, but no line breaks either.
    ...(event.url ? [`URL:${event.url.replace(/[\r\n]/g, '')}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ]
  return `${lines.map(foldLine).join('\r\n')}\r\n`
}

export const icsFileName = (slug: string) => `${slug.replace(/[^a-z0-9-]/gi, '') || 'event'}.ics`

/** Saves the file through a temporary link (the browser's download, no server round trip). */
export function downloadIcs(event: CalendarEvent, doc: Document = document): void {
  const blob = new Blob([buildIcs(event)], { type: 'text/calendar;charset=utf-8' })
  const url = URL.createObjectURL(blob)
  const a = doc.createElement('a')
  a.href = url
  a.download = icsFileName(event.slug)
  a.hidden = true
  doc.body.appendChild(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
