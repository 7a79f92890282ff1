// The arrears as CSV for a spreadsheet: a header row, one row per membership, pounds as 12.00,
// dates as ISO days (the UK day of the first failed payment), through the admin screens' one CSV
// writer (@/lib/admin/csv: quoting, CRLF rows, formulas defused).
import { toCsv } from '@/lib/admin/csv'
import { ukDay } from '@/lib/dates'
import type { ArrearsRow } from './get-arrears'

export const ARREARS_CSV_HEADER = [
  'Member',
  'Email',
  'Site',
  'Plot',
  'Owed (GBP)',
  'Overdue since',
  'Open invoices',
  'Status',
]

export const ARREARS_STATUS: Record<string, string> = {
  past_due: 'Payment overdue',
  suspended: 'Suspended',
  active: 'Active',
  cancellation_requested: 'Cancelled: under notice',
}

/** 2026-12-09 for a moment on that day in the UK; empty when there is none. */
export const isoDay = (ts: string | null) => (ts ? ukDay(ts) : '')

export const arrearsCsv = (rows: readonly ArrearsRow[]) =>
  toCsv([
    ARREARS_CSV_HEADER,
    ...rows.map((r) => [
      r.member_name,
      r.email,
      r.site,
      r.plot_number,
      (r.amount_pence / 100).toFixed(2),
      isoDay(r.since),
      r.open_invoices,
      ARREARS_STATUS[r.status] ?? r.status,
    ]),
  ])
