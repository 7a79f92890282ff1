// The sales report as CSV (RFC 4180: quoted when needed, CRLF lines), amounts in pounds; cells
// that a spreadsheet would run as a formula are prefixed with an apostrophe.
import type { SalesRow } from './get-sales'

export function csvCell(v: string | number): string {
  let s = String(v)
  if (/^[=+\-@\t\r]/.test(s) && typeof v === 'string') s = `'${s}`
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s
}

export const toCsv = (rows: Array<Array<string | number>>) => `${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`

const pounds = (pence: number) => (pence / 100).toFixed(2)

export const SALES_CSV_HEADER = ['Period starting', 'Paid orders', 'Charged (GBP)', 'Paid by gift voucher (GBP)', 'Refunded orders', 'Refunded (GBP)']

export function salesCsv(rows: SalesRow[]): string {
  const total = rows.reduce((t, r) => ({ orders: t.orders + r.orders, sales: t.sales + r.sales_pence, voucher: t.voucher + r.voucher_pence, ro: t.ro + r.refunded_orders, rp: t.rp + r.refunded_pence }), { orders: 0, sales: 0, voucher: 0, ro: 0, rp: 0 })
  return toCsv([
    SALES_CSV_HEADER,
    ...rows.map((r) => [r.period, r.orders, pounds(r.sales_pence), pounds(r.voucher_pence), r.refunded_orders, pounds(r.refunded_pence)]),
    ['Total', total.orders, pounds(total.sales), pounds(total.voucher), total.ro, pounds(total.rp)],
  ])
}

/** Saves text as a file through a temporary link. */
export function download(filename: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }))
  const a = document.createElement('a')
  a.href = url
  a.download = filename
  document.body.appendChild(a)
  a.click()
  a.remove()
  URL.revokeObjectURL(url)
}
