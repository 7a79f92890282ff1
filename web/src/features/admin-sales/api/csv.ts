// The sales report as CSV, amounts in pounds, written by the admin screens' one CSV writer
// (@/lib/admin/csv: quoting, CRLF lines, formulas defused).
import { toCsv } from '@/lib/admin/csv'
import type { SalesRow } from './get-sales'

const pounds = (pence: number) => (pence / 100).toFixed(2)

export const SALES_CSV_HEADER = [
  'Period starting',
  'Paid orders',
  'Charged (GBP)',
  'Paid by gift voucher (GBP)',
  'Refunded orders',
  'Refunded (GBP)',
]

export function salesCsv(rows: SalesRow[]): string {
  const total = rows.reduce(
    (t, r) => ({
      orders: t.orders + r.orders,
      sales: t.sales + r.sales_pence,
      voucher: t.voucher + r.voucher_pence,
      ro: t.ro + r.refunded_orders,
      rp: t.rp + r.refunded_pence,
    }),
    { orders: 0, sales: 0, voucher: 0, ro: 0, rp: 0 },
  )
  return toCsv([
    SALES_CSV_HEADER,
    ...rows.map((
      r,
    ) => [
      r.period,
      r.orders,
      pounds(r.sales_pence),
      pounds(r.voucher_pence),
      r.refunded_orders,
      pounds(r.refunded_pence),
    ]),
    ['Total', total.orders, pounds(total.sales), pounds(total.voucher), total.ro, pounds(total.rp)],
  ])
}
