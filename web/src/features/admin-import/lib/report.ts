// What the page makes of the database's answers: the dry run's per-row results across batches
// (the database finds repeats within one call; a repeat of a row in an earlier batch is marked
// here, by the same key: the e-mail trimmed and in lower case) and the rows to download after an
// import (every row not imported, with the file's own cells and why).
import { toCsv } from '@/lib/admin/csv'
import type { RowResult } from '../api/import'
import type { ImportRow } from './columns'

const emailKey = (email: string | undefined) => (email ?? '').trim().toLowerCase()

/** Marks an ok row whose e-mail an earlier ok row of the file (in another batch) already has. */
export function markFileDuplicates(rows: ImportRow[], results: RowResult[]): RowResult[] {
  const emails = new Map(rows.map((r) => [r.row, emailKey(r.email)]))
  const first = new Map<string, number>()
  return results.map((r) => {
    if (r.status !== 'ok') return r
    const key = emails.get(r.row) ?? ''
    const earlier = first.get(key)
    if (earlier === undefined) {
      first.set(key, r.row)
      return r
    }
    return { ...r, status: 'duplicate', messages: [`Same e-mail as row ${earlier} of this file.`] }
  })
}

export interface Counts {
  ok: number
  imported: number
  duplicate: number
  error: number
}

export function countResults(results: RowResult[]): Counts {
  const counts: Counts = { ok: 0, imported: 0, duplicate: 0, error: 0 }
  for (const r of results) counts[r.status]++
  return counts
}

/** The rows that were not imported, as a CSV: row number, outcome, why, then the file's columns. */
export function problemRowsCsv(
  headers: string[],
  fileRows: { line: number; cells: string[] }[],
  results: RowResult[],
): string {
  const byRow = new Map(fileRows.map((r) => [r.line, r.cells]))
  const problems = results.filter((r) => r.status === 'error' || r.status === 'duplicate')
  return toCsv([
    ['Row', 'Outcome', 'Why', ...headers],
    ...problems.map((r) => [
      r.row,
      r.status === 'error' ? 'Not imported: error' : 'Skipped: duplicate',
      r.messages.join(' '),
      ...(byRow.get(r.row) ?? []),
    ]),
  ])
}
