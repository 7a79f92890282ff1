// Our columns, how a spreadsheet's headers are matched to them, and the rows sent to the database
// (public.import_waiting_list) once mapped. Every value stays text as the file had it: the database
// checks and tidies it with the waiting list's own rules.

export const IMPORT_FIELDS = [
  { key: 'first_name', label: 'First name', required: true },
  { key: 'last_name', label: 'Last name', required: true },
  { key: 'email', label: 'E-mail', required: true },
  { key: 'phone', label: 'Phone', required: false },
  { key: 'postcode', label: 'Postcode', required: false },
  { key: 'joined', label: 'Joined date', required: false },
  { key: 'plot_size', label: 'Plot size preference', required: false },
  { key: 'notes', label: 'Notes', required: false },
  { key: 'category', label: 'Category', required: false },
] as const

export type FieldKey = (typeof IMPORT_FIELDS)[number]['key']
/** For each of our fields, the index of the file's column it comes from (null: not in the file). */
export type ColumnMapping = Record<FieldKey, number | null>

/** Limits, as the database enforces them (20250108000200_list_import.sql). */
export const MAX_ROWS_PER_FILE = 10_000
export const BATCH_SIZE = 200
/** Rows checked per dry-run call, and the most JSON a call carries. */
export const CHECK_BATCH_SIZE = 1000
export const BATCH_BYTES = 600_000

const WORDS: Record<FieldKey, RegExp> = {
  first_name: /^(first ?name|forename|given ?name|first)$/,
  last_name: /^(last ?name|surname|family ?name|last)$/,
  email: /^(e ?mail( ?address)?|email address|mail)$/,
  phone:
    /^(phone( ?number)?|telephone( ?number)?|tel|mobile( ?number)?|mobile phone|contact number)$/,
  postcode: /^(post ?code|postal ?code|zip( ?code)?)$/,
  joined:
    /^(joined( ?(on|at|date))?|date ?joined|join ?date|date added|added( ?on)?|signed up( ?on)?|sign ?up date|date|registered( ?on)?|registration date)$/,
  plot_size:
    /^(plot ?size( ?preference)?|size( ?preference)?|preferred ?size|plot ?preference|preference)$/,
  notes: /^(notes?|comments?|remarks?)$/,
  category: /^(category|categories|group|type|list)$/,
}

/** A header as compared: lower case, punctuation and repeated spaces gone. */
export const normaliseHeader = (h: string) =>
  h.toLowerCase().replace(/[_\-./:()*]+/g, ' ').replace(/\s+/g, ' ').trim()

/** Our best guess of which column holds what, from the headers; each column used once. */
export function guessMapping(headers: string[]): ColumnMapping {
  const taken = new Set<number>()
  const mapping = {} as ColumnMapping
  for (const field of IMPORT_FIELDS) {
    const index = headers.findIndex((h, i) =>
      !taken.has(i) && WORDS[field.key].test(normaliseHeader(h))
    )
    mapping[field.key] = index >= 0 ? index : null
    if (index >= 0) taken.add(index)
  }
  return mapping
}

/** The labels of required fields the mapping leaves out. */
export const missingRequired = (mapping: ColumnMapping) =>
  IMPORT_FIELDS.filter((f) => f.required && mapping[f.key] === null).map((f) => f.label)

/** Fields mapped to the same column as another (a mistake when choosing by hand). */
export function doubleMapped(mapping: ColumnMapping): string[] {
  const seen = new Map<number, string>()
  const doubles: string[] = []
  for (const f of IMPORT_FIELDS) {
    const i = mapping[f.key]
    if (i === null) continue
    if (seen.has(i)) doubles.push(f.label)
    else seen.set(i, f.label)
  }
  return doubles
}

export type ImportRow = { row: number } & Partial<Record<FieldKey, string>>

/** The rows as the database takes them: one object per data row, its file row number included. */
export function mapRows(
  rows: { line: number; cells: string[] }[],
  mapping: ColumnMapping,
): ImportRow[] {
  return rows.map(({ line, cells }) => {
    const out: ImportRow = { row: line }
    for (const f of IMPORT_FIELDS) {
      const i = mapping[f.key]
      if (i !== null) out[f.key] = (cells[i] ?? '').trim()
    }
    return out
  })
}

/** Splits rows into batches of at most `maxRows` rows and about `maxBytes` of JSON each (the API
 *  takes bodies up to 1 MB); a single larger row still goes alone, for the database to refuse. */
export function batches<T>(items: T[], maxRows = BATCH_SIZE, maxBytes = BATCH_BYTES): T[][] {
  const out: T[][] = []
  let current: T[] = []
  let bytes = 0
  const encoder = new TextEncoder()
  for (const item of items) {
    const size = encoder.encode(JSON.stringify(item)).length + 1
    if (current.length > 0 && (current.length >= maxRows || bytes + size > maxBytes)) {
      out.push(current)
      current = []
      bytes = 0
    }
    current.push(item)
    bytes += size
  }
  if (current.length > 0) out.push(current)
  return out
}
