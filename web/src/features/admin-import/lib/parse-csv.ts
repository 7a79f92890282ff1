// Reading a spreadsheet's CSV export in the browser (RFC 4180): fields in double quotes may hold
// commas, line breaks and doubled quotes; rows end in CRLF, LF or CR; a UTF-8 byte-order mark is
// dropped; rows that are entirely empty are skipped. The bytes are read as UTF-8 when they are
// UTF-8, else as Windows-1252 (what Excel writes on a UK Windows machine), and the caller is told.

import { splitCsv } from '@/lib/admin/csv-read'

export interface ParsedCsv {
  /** The header row's cells, trimmed. */
  headers: string[]
  /** Data rows: `line` is the row's number in the file (the header is row 1), as a spreadsheet shows it. */
  rows: { line: number; cells: string[] }[]
  /** Problems that make the file unusable as it is (empty, an unclosed quote). */
  error: string | null
}

const blank = (cells: string[]) => cells.every((c) => c.trim() === '')

/** Parses a whole file: the first non-empty row is the header. */
export function parseCsv(text: string): ParsedCsv {
  const { records, unclosed } = splitCsv(text)
  const numbered = records.map((cells, i) => ({ line: i + 1, cells }))
  const nonEmpty = numbered.filter((r) => !blank(r.cells))
  if (nonEmpty.length === 0) {
    return {
      headers: [],
      rows: [],
      error: 'The file is empty: choose the CSV export of your list.',
    }
  }
  const [head, ...rest] = nonEmpty
  const headers = head!.cells.map((h) => h.trim())
  if (unclosed) {
    return {
      headers,
      rows: rest,
      error: `A quoted cell is never closed (from row ${
        rest.at(-1)?.line ?? head!.line
      } on): check the file in your spreadsheet and export it again.`,
    }
  }
  if (rest.length === 0) {
    return { headers, rows: [], error: 'The file has a header row but no applicants under it.' }
  }
  return { headers, rows: rest, error: null }
}

/** Reads a file's bytes as text: UTF-8 when they are, else Windows-1252 (Excel's "CSV" on Windows). */
export function decodeCsvBytes(
  bytes: Uint8Array,
): { text: string; encoding: 'utf-8' | 'windows-1252' } {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' }
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' }
  }
}

/** True when the text looks like a binary file (a spreadsheet saved as .xlsx, a picture): NUL bytes. */
export const looksBinary = (text: string) => text.slice(0, 4096).includes('\u0000')

/** Cells copied from a spreadsheet arrive tab-separated: turned into CSV. CSV text stays as it is. */
export function pastedToCsv(text: string): string {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? ''
  if (!firstLine.includes('\t')) return text
  return text.split(/\r?\n/).map((line) =>
    line.split('\t').map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')
  ).join('\r\n')
}
