// A plot's outline drawn on the plan: save_plot_shape checks it (one ring, not crossing itself,
// 1 to 10,000 m²) and answers its area.
import type { GeoJsonPolygon } from '@/components/site-plan/plan'
import { useInvalidatingMutation } from '@/lib/admin/crud'
import { DbError } from '@/lib/admin/db-error'
import { supabase } from '@/lib/supabase'
import { plotsKey } from './get-site-plan'

export async function savePlotShape(plotId: number, shape: GeoJsonPolygon): Promise<number | null> {
  const { data, error } = await supabase().rpc('save_plot_shape', {
    p_plot_id: plotId,
    p_shape: shape,
  })
  if (error) throw new DbError(error, 'The outline was not saved.')
  const area = (data as { area_m2?: unknown } | null)?.area_m2
  return typeof area === 'number' ? area : null
}

export const useSavePlotShape = (siteId: number) =>
  useInvalidatingMutation(
    ({ plotId, shape }: { plotId: number; shape: GeoJsonPolygon }) => savePlotShape(plotId, shape),
    [plotsKey(siteId)],
  )
