// A site's plots from a CSV (a spreadsheet's export or cells pasted from one): a header row
// naming the columns number, size, size_m2, features (separated by ;) and status, in any order,
// then a plot a row. import_plots checks each row and loads all of them or none; its row numbers
// are turned back into the file's lines here, as a spreadsheet numbers them.
import { splitCsv } from '@/lib/admin/csv-read'

export const PLOT_COLUMNS = ['number', 'size', 'size_m2', 'features', 'status'] as const
export type PlotColumn = (typeof PLOT_COLUMNS)[number]
export type PlotCsvRow = Partial<Record<PlotColumn, string>>

export const MAX_PLOT_ROWS = 2000

export interface PlotCsv {
  rows: PlotCsvRow[]
  /** The file's line of each row (the header is line 1). */
  lines: number[]
  error: string | null
}

const HEADER_WORDS: Record<string, PlotColumn> = {
  number: 'number',
  'plot number': 'number',
  plot: 'number',
  size: 'size',
  size_m2: 'size_m2',
  'size m2': 'size_m2',
  'size (m²)': 'size_m2',
  m2: 'size_m2',
  'm²': 'size_m2',
  area: 'size_m2',
  features: 'features',
  status: 'status',
}

/** Tab-separated cells (pasted from a spreadsheet) or CSV text, read into rows for import_plots. */
export function readPlotsCsv(text: string): PlotCsv {
  const csv = /\t/.test(text.split(/\r?\n/, 1)[0] ?? '') ? text.replace(/\t/g, ',') : text
  const { records, unclosed } = splitCsv(csv)
  const numbered = records.map((cells, i) => ({ line: i + 1, cells })).filter((r) =>
    r.cells.some((c) => c.trim())
  )
  const none = { rows: [], lines: [] }
  if (numbered.length === 0) {
    return { ...none, error: 'Paste or choose a CSV with a header row and a plot a row.' }
  }
  if (unclosed) {
    return { ...none, error: 'A quoted cell is never closed: check the file and export it again.' }
  }
  const [head, ...body] = numbered
  const columns = head!.cells.map((h) => HEADER_WORDS[h.trim().toLowerCase()] ?? null)
  const unknown = head!.cells.filter((_, i) => columns[i] === null).map((h) => h.trim()).filter(
    Boolean,
  )
  if (unknown.length) {
    return {
      ...none,
      error: `Unknown column${unknown.length > 1 ? 's' : ''} ${
        unknown.map((u) => `"${u}"`).join(', ')
      }: use ${PLOT_COLUMNS.join(', ')}.`,
    }
  }
  if (!columns.includes('number')) {
    return { ...none, error: 'The header row needs a number column.' }
  }
  if (body.length === 0) {
    return { ...none, error: 'The file has a header row but no plots under it.' }
  }
  if (body.length > MAX_PLOT_ROWS) {
    return { ...none, error: `At most ${MAX_PLOT_ROWS.toLocaleString('en-GB')} plots at a time.` }
  }
  return {
    rows: body.map((r) => {
      const row: PlotCsvRow = {}
      columns.forEach((c, i) => {
        if (c) row[c] = (r.cells[i] ?? '').trim()
      })
      return row
    }),
    lines: body.map((r) => r.line),
    error: null,
  }
}

export interface RowError {
  line: number
  error: string
}

/** import_plots' refusal (its detail: [{ row, error }]) as the file's lines, or null if it is not one. */
export function rowErrors(details: unknown, lines: readonly number[]): RowError[] | null {
  if (typeof details !== 'string') return null
  try {
    const list = JSON.parse(details) as { row?: unknown; error?: unknown }[]
    if (!Array.isArray(list)) return null
    return list.map((e) => ({
      line: typeof e.row === 'number' ? (lines[e.row - 1] ?? e.row + 1) : 0,
      error: String(e.error ?? 'This row is wrong.'),
    }))
  } catch {
    return null
  }
}
