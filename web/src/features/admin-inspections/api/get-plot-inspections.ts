// The latest inspections of one plot, as its site's staff read them (RLS: staff of the site), with
// the holder's replies.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'

export async function getPlotInspections(plotId: number) {
  const { data, error } = await supabase()
    .from('plot_inspections')
    .select(
      'id, score, pass_mark, passed, note, outcome, warning_deadline, notice_ends_on, inspected_at, photos, plot_inspection_replies(id, body, created_at)',
    )
    .eq('plot_id', plotId)
    .order('inspected_at', { ascending: false })
    .order('id')
    .limit(5)
  if (error) throw new Error(error.message)
  return data
}

export type StaffPlotInspection = Awaited<ReturnType<typeof getPlotInspections>>[number]

export const plotInspectionsQueryKey = ['plot-inspections'] as const

export const plotInspectionsQueryOptions = (plotId: number) =>
  queryOptions({
    queryKey: [...plotInspectionsQueryKey, plotId],
    queryFn: () => getPlotInspections(plotId),
  })

export function usePlotInspections(plotId: number | null) {
  return useQuery({
    ...plotInspectionsQueryOptions(plotId ?? 0),
    enabled: plotId !== null && navigator.onLine,
  })
}
