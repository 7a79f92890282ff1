// Loads a site's plots from CSV rows: import_plots adds new numbers and updates known ones, all or
// nothing; a refusal names each wrong row, which stays on the page beside the text.
import { useInvalidatingMutation } from '@/lib/admin/crud'
import { DbError } from '@/lib/admin/db-error'
import { supabase } from '@/lib/supabase'
import { plotsKey } from './get-site-plan'
import { type PlotCsv, type RowError, rowErrors } from './plots-csv'

export class ImportRowsError extends Error {
  constructor(readonly rows: RowError[]) {
    super('Some rows are wrong: nothing was loaded.')
  }
}

export async function importPlots(
  siteId: number,
  csv: PlotCsv,
): Promise<{ added: number; updated: number }> {
  const { data, error } = await supabase().rpc('import_plots', {
    p_site_id: siteId,
    p_rows: csv.rows,
  })
  if (error) {
    const rows = error.code === '22023' ? rowErrors(error.details, csv.lines) : null
    throw rows?.length
      ? new ImportRowsError(rows)
      : new DbError(error, 'The plots were not loaded.')
  }
  const r = data as { added?: number; updated?: number } | null
  return { added: r?.added ?? 0, updated: r?.updated ?? 0 }
}

export const useImportPlots = (siteId: number) =>
  useInvalidatingMutation((csv: PlotCsv) => importPlots(siteId, csv), [plotsKey(siteId)])
