// Every entry matching the filters as CSV (1,000 rows a request, at most 20,000).
import { useMutation } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'
import { toCsv } from '@/lib/admin/csv'
import { applyFilters, type Entry, ENTRY_COLUMNS, type EntryFilters } from './get-entries'

const BATCH = 1000
export const EXPORT_LIMIT = 20_000

export const CSV_COLUMNS: Array<[keyof Entry, string]> = [
  ['reference', 'Reference'],
  ['location', 'Place'],
  ['first_name', 'First name'],
  ['last_name', 'Last name'],
  ['email', 'Email'],
  ['phone', 'Phone'],
  ['postcode', 'Postcode'],
  ['status', 'Status'],
  ['joined_at', 'Joined'],
  ['plot_size_preference', 'Plot size'],
  ['consent_marketing', 'Marketing consent'],
  ['notes', 'Notes'],
]

export async function exportEntries(
  filters: EntryFilters,
  categoryName: (id: number | null) => string,
): Promise<{ csv: string; rows: number }> {
  const rows: Entry[] = []
  for (let from = 0; from < EXPORT_LIMIT; from += BATCH) {
    const { data, error } = await applyFilters(
      supabase().from('waiting_list_entries').select(ENTRY_COLUMNS),
      filters,
    )
      .order('joined_at').order('id').range(from, from + BATCH - 1)
    if (error) throw new DbError(error, 'The export failed.')
    rows.push(...(data ?? []))
    if (!data || data.length < BATCH) break
  }
  const header = [...CSV_COLUMNS.map(([, label]) => label), 'Category']
  const body = rows.map((r) => [...CSV_COLUMNS.map(([key]) => r[key]), categoryName(r.category_id)])
  return { csv: toCsv([header, ...body]), rows: rows.length }
}

export const useExportEntries = () =>
  useMutation({
    mutationFn: (
      { filters, categoryName }: {
        filters: EntryFilters
        categoryName: (id: number | null) => string
      },
    ) => exportEntries(filters, categoryName),
  })
