// Money in the admin screens: the database keeps whole pence; staff type and read pounds.

const GBP = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' })

/** 2999 → '£29.99'; negative amounts keep their sign ('-£4.50'). */
export const formatPence = (pence: number | null | undefined): string =>
  GBP.format(Number(pence ?? 0) / 100)

/**
 * '29.99', '£29.99', '29', ' 1,200.5 ' → pence; null when it is not an amount of money with at most
 * two decimal places (no rounding: '29.999' is refused rather than guessed).
 */
export function parsePounds(text: string): number | null {
  const t = text.trim().replace(/^£/, '').replace(/,(?=\d{3}(\D|$))/g, '')
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null
  const [whole, frac = ''] = t.split('.')
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'))
}

/** pence → the text a pounds field shows ('29.99'). */
export const penceToPounds = (pence: number): string => (pence / 100).toFixed(2)
