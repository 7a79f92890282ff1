/** A moment as staff in the UK read it: "21 Jan 2025, 14:05" on London's clock. */
export const when = (iso: string, time = true): string =>
  new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    ...(time ? { hour: '2-digit', minute: '2-digit' } : {}),
    timeZone: 'Europe/London',
  })
