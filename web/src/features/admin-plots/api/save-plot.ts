// Adds a plot to a site's register or changes one (RLS: the site's staff). A new plot starts
// "being prepared"; its status moves through set-plot-status.ts and offers.
import { useInvalidatingMutation } from '@/lib/admin/crud'
import { DbError } from '@/lib/admin/db-error'
import { supabase } from '@/lib/supabase'
import { plotsKey } from './get-site-plan'
import { plotRow, type PlotValues } from './plot-schema'

// Written with return=minimal: the outline column is not readable through the API (site_plan
// shows it), and asking for the row back would select it too (as PostgREST's RETURNING does).
export async function savePlot(
  siteId: number,
  id: number | null,
  values: PlotValues,
): Promise<{ number: string }> {
  const row = plotRow(values)
  const plots = supabase().from('plots')
  const { error, count } = id === null
    ? await plots.insert({ ...row, site_id: siteId }, { count: 'exact' })
    : await plots.update(row, { count: 'exact' }).eq('id', id)
  if (error) {
    const e = new DbError(error, 'The plot was not saved.')
    if (e.code === '23505') e.message = `This site already has a plot numbered ${row.number}.`
    throw e
  }
  // RLS lets a write it refuses touch no row.
  if (count === 0) throw new DbError({ code: '42501' })
  return { number: row.number }
}

/** The stored details of a plot the form edits (notes are not on the plan). */
export async function getPlot(id: number): Promise<PlotValues> {
  const { data, error } = await supabase().from('plots').select(
    'number, size, size_m2, features, notes',
  ).eq(
    'id',
    id,
  ).single()
  if (error) throw new DbError(error, 'The plot could not be loaded.')
  return {
    number: data.number,
    size: data.size === 'half' ? 'half' : 'full',
    size_m2: data.size_m2 === null ? '' : String(data.size_m2),
    features: data.features,
    notes: data.notes ?? '',
  }
}

export const useSavePlot = (siteId: number) =>
  useInvalidatingMutation(
    ({ id, values }: { id: number | null; values: PlotValues }) => savePlot(siteId, id, values),
    [plotsKey(siteId)],
  )
