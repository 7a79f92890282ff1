// The import's calls: the sites the caller may import into, the dry run and the import batches
// (public.import_waiting_list, permission-checked in the database), and the welcome e-mails
// (the waiting-list-import function). Rows go in batches of at most 200 rows and ~600 kB, under
// the API's 1 MB body limit; a batch that fails can be sent again under the same import id.
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Row } from '@/lib/db-types'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'
import { invokeFunction } from '@/lib/admin/invoke-function'
import type { ImportRow } from '../lib/columns'

export interface ImportSite {
  id: number
  location: string
  city: string | null
}

export type RowStatus = 'ok' | 'imported' | 'duplicate' | 'error'
export interface RowResult {
  row: number
  status: RowStatus
  messages: string[]
  repeated?: boolean
}

export interface ImportTotals {
  id: string
  total_rows: number
  imported: number
  duplicates: number
  errors: number
  send_welcome: boolean
  finished_at: string | null
}

export async function getImportSites(): Promise<ImportSite[]> {
  const { data, error } = await supabase().rpc('import_site_options')
  if (error) throw new DbError(error, 'The sites could not be loaded.')
  return (data ?? []) as ImportSite[]
}

export const useImportSites = () =>
  useQuery(
    queryOptions({
      queryKey: ['admin-import', 'sites'],
      queryFn: getImportSites,
      staleTime: 5 * 60_000,
    }),
  )

/** Checks one batch without writing anything. */
export async function checkBatch(siteId: number, rows: ImportRow[]): Promise<RowResult[]> {
  const { data, error } = await supabase().rpc('import_waiting_list', {
    p_site_id: siteId,
    p_rows: rows,
    p_dry_run: true,
  })
  if (error) throw new DbError(error, 'The rows could not be checked.')
  return ((data ?? {}) as { rows?: RowResult[] }).rows ?? []
}

export interface ImportBatchInput {
  siteId: number
  importId: string
  fileName: string
  totalRows: number
  sendWelcome: boolean
  rows: ImportRow[]
}

/** Imports one batch; the same batch again is answered from the database's record. */
export async function importBatch(
  b: ImportBatchInput,
): Promise<{ rows: RowResult[]; totals: ImportTotals }> {
  const { data, error } = await supabase().rpc('import_waiting_list', {
    p_site_id: b.siteId,
    p_rows: b.rows,
    p_dry_run: false,
    p_send_welcome: b.sendWelcome,
    p_import_id: b.importId,
    p_file_name: b.fileName,
    p_total_rows: b.totalRows,
  })
  if (error) throw new DbError(error, 'This batch was not imported.')
  const answer = (data ?? {}) as { rows?: RowResult[]; import?: ImportTotals }
  return { rows: answer.rows ?? [], totals: answer.import! }
}

/** Sends the welcome e-mails the import owes (each applicant once, however often it is called). */
export async function sendWelcomes(
  importId: string,
): Promise<{ notified: number; failed: number }> {
  return await invokeFunction<{ notified: number; failed: number }>('waiting-list-import', {
    action: 'notify',
    import_id: importId,
  }, { fallback: 'The welcome e-mails were not sent yet; they will go out within a few minutes.' })
}

export type PastImport = Pick<
  Row<'waiting_list_imports'>,
  | 'id'
  | 'file_name'
  | 'created_at'
  | 'total_rows'
  | 'imported_count'
  | 'duplicate_count'
  | 'error_count'
  | 'finished_at'
>

/** The site's last imports (RLS: staff of that site read them). */
export async function getPastImports(siteId: number): Promise<PastImport[]> {
  const { data, error } = await supabase().from('waiting_list_imports')
    .select(
      'id, file_name, created_at, total_rows, imported_count, duplicate_count, error_count, finished_at',
    )
    .eq('site_id', siteId).order('created_at', { ascending: false }).limit(10)
  if (error) throw new DbError(error, 'Earlier imports could not be loaded.')
  return data ?? []
}

export const pastImportsKey = (siteId: number) => ['admin-import', 'imports', siteId] as const
export const usePastImports = (siteId: number | null) =>
  useQuery({
    queryKey: pastImportsKey(siteId ?? 0),
    queryFn: () => getPastImports(siteId!),
    enabled: siteId !== null,
  })
