// British number formatting and text ordering without Intl: the first Intl.Collator or
// Intl.NumberFormat a page builds loads ICU data, which on a phone's CPU cost the home page
// about 75 ms of blocked main thread for a few city names and counts.

/** A whole number with British thousands separators: 1234 → "1,234". */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return String(n)
  const sign = n < 0 ? '-' : ''
  const [whole, fraction] = String(Math.abs(n)).split('.')
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${sign}${grouped}${fraction ? `.${fraction}` : ''}`
}

const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase()

/** Alphabetical order as a British reader expects: case and accents do not count. */
export function compareText(a: string, b: string): number {
  const x = fold(a)
  const y = fold(b)
  return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0
}
