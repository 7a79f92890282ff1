// A person's data rights: their data as one JSON document (export_my_data, by private reference
// or signed in), the same as one CSV, and the request to erase it (the data-rights function,
// which files it and e-mails the acknowledgement).
import { useMutation, useQuery } from '@tanstack/react-query'
import { DbError } from '@/lib/admin/db-error'
import { invokeFunction } from '@/lib/admin/invoke-function'
import { toCsv } from '@/lib/admin/csv'
import type { Json } from '@/lib/db-types'
import { supabase } from '@/lib/supabase'

export type DataExport = Record<string, Json>

export async function exportMyData(reference: string | null): Promise<DataExport> {
  const { data, error } = await supabase().rpc(
    'export_my_data',
    reference ? { p_reference: reference } : {},
  )
  if (error) throw new DbError(error, 'Your data could not be gathered just now. Please try again.')
  return data as DataExport
}

export function useExportMyData() {
  return useMutation({ mutationFn: exportMyData })
}

/**
 * One CSV for the whole document, a row per value: table, row (its number in that table), field
 * and value. Every table and every field fits the one shape, however many the document has.
 */
export function exportToCsv(doc: DataExport): string {
  const rows: unknown[][] = [['table', 'row', 'field', 'value']]
  for (const [table, value] of Object.entries(doc)) {
    const items = Array.isArray(value) ? value : [value]
    items.forEach((item, i) => {
      if (item !== null && typeof item === 'object' && !Array.isArray(item)) {
        for (const [field, v] of Object.entries(item)) {
          rows.push([
            table,
            i + 1,
            field,
            v !== null && typeof v === 'object' ? JSON.stringify(v) : v,
          ])
        }
      } else {
        rows.push([table, i + 1, '', item])
      }
    })
  }
  return toCsv(rows)
}

export interface ErasureRequest {
  id: number
  requested_at: string
}

export function useRequestErasure() {
  return useMutation({
    mutationFn: (reference: string | null) =>
      invokeFunction<ErasureRequest>('data-rights', {
        action: 'request',
        ...(reference ? { reference } : {}),
      }, {
        fallback: 'Your request could not be sent just now. Please try again.',
      }),
  })
}

/** The signed-in person's e-mail, or null (signed out). */
export function useAccountEmail() {
  return useQuery({
    queryKey: ['data-rights-session'],
    queryFn: async () => (await supabase().auth.getSession()).data.session?.user.email ?? null,
  })
}
