// How a wait and a price read on public pages (the queue page and every site page).

/** "about 7 months", "about 2 years and 3 months", "less than a month". */
export function describeWait(months: number | string | null | undefined): string | null {
  if (months === null || months === undefined || months === '') return null
  const m = Number(months)
  if (!Number.isFinite(m) || m < 0) return null
  if (m < 1) return 'less than a month'
  const whole = Math.round(m)
  if (whole < 12) return `about ${whole} month${whole === 1 ? '' : 's'}`
  const years = Math.floor(whole / 12)
  const rest = whole % 12
  return `about ${years} year${years === 1 ? '' : 's'}${
    rest ? ` and ${rest} month${rest === 1 ? '' : 's'}` : ''
  }`
}

/** Pence as pounds: 1999 → "£19.99". */
export const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`
