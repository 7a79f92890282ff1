// CSV (RFC 4180) for spreadsheet users: quotes where needed, CRLF rows, and text cells that a
// spreadsheet would run as a formula (=, +, -, @, tab, CR) prefixed with an apostrophe and quoted
// (OWASP's advice); numbers stay numbers, so -5 is still -5. The one CSV writer of the admin
// screens that export (waiting list, career applications, sowing reminders, sales, arrears).
import { saveBlob } from '@/lib/save-blob'

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return ''
  let s = typeof value === 'string' ? value : String(value)
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`
  return /[",\r\n']/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}

export const toCsv = (rows: unknown[][]) =>
  rows.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n'

/** Offers the text as a file download. */
export function downloadText(text: string, filename: string, type = 'text/csv;charset=utf-8') {
  saveBlob(new Blob(['\uFEFF', text], { type }), filename)
}
