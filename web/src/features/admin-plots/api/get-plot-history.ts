// A plot's recorded history (plot_history, written by the plot's own triggers; its site's staff
// read it), newest first, each change in a sentence.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { PLOT_STATUSES, type PlotStatus, statusLabel } from '@/components/site-plan/plan'
import { DbError } from '@/lib/admin/db-error'
import type { Row } from '@/lib/db-types'
import { supabase } from '@/lib/supabase'
import { plotsKey } from './get-site-plan'

export type HistoryRow = Pick<
  Row<'plot_history'>,
  'id' | 'kind' | 'from_status' | 'to_status' | 'detail' | 'created_at'
>

export async function getPlotHistory(plotId: number): Promise<HistoryRow[]> {
  const { data, error } = await supabase().from('plot_history').select(
    'id, kind, from_status, to_status, detail, created_at',
  ).eq('plot_id', plotId).order('id', { ascending: false }).limit(100)
  if (error) throw new DbError(error, 'The history could not be loaded.')
  return data ?? []
}

export const plotHistoryQueryOptions = (siteId: number, plotId: number) =>
  queryOptions({
    queryKey: [...plotsKey(siteId), 'history', plotId],
    queryFn: () => getPlotHistory(plotId),
  })

export const usePlotHistory = (siteId: number, plotId: number) =>
  useQuery(plotHistoryQueryOptions(siteId, plotId))

const status = (
  s: string | null,
) => (s && (PLOT_STATUSES as readonly string[]).includes(s)
  ? statusLabel(s as PlotStatus)
  : s ?? '—')
const NAMES: Record<string, string> = {
  number: 'number',
  size: 'size',
  size_m2: 'm²',
  features: 'features',
  notes: 'notes',
}
const shown = (
  v: unknown,
) => (v === null || v === undefined || v === ''
  ? 'none'
  : Array.isArray(v)
  ? v.join(', ') || 'none'
  : String(v))

/** One change in words: "Being prepared → Ready to let (cleared and dug)". */
export function describeChange(
  h: Pick<HistoryRow, 'kind' | 'from_status' | 'to_status' | 'detail'>,
): string {
  const d = (h.detail ?? {}) as Record<string, unknown>
  switch (h.kind) {
    case 'created':
      return `Added as ${status(h.to_status).toLowerCase()}`
    case 'status':
      return `${status(h.from_status)} → ${status(h.to_status)}${
        typeof d.note === 'string' ? ` (${d.note})` : ''
      }`
    case 'details':
      return `Changed ${
        Object.entries(d).map(([k, v]) => {
          const [from, to] = Array.isArray(v) ? v : [undefined, v]
          return `${NAMES[k] ?? k} from ${shown(from)} to ${shown(to)}`
        }).join('; ')
      }`
    case 'shape':
      return typeof d.area_m2 === 'number' ? `Outline drawn (${d.area_m2} m²)` : 'Outline removed'
    case 'let':
      return 'Let: the offer was accepted'
    case 'ended':
      return 'Tenancy ended'
    default:
      return h.kind
  }
}
