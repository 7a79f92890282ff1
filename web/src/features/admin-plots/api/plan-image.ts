// The site's plan image: set_site_plan_image places an uploaded image (bucket images, the site's
// folder) at the map's corners; clear_site_plan_image removes it. Both refresh the plan.
import type { LatLng } from '@/components/site-plan/plan'
import { useInvalidatingMutation } from '@/lib/admin/crud'
import { DbError } from '@/lib/admin/db-error'
import { supabase } from '@/lib/supabase'
import { plotsKey } from './get-site-plan'

export interface PlanImagePlacement {
  path: string
  /** South-west and north-east corners. */
  bounds: [LatLng, LatLng]
}

export async function setPlanImage(
  siteId: number,
  { path, bounds }: PlanImagePlacement,
): Promise<void> {
  const [[south, west], [north, east]] = bounds
  const { error } = await supabase().rpc('set_site_plan_image', {
    p_site_id: siteId,
    p_path: path,
    p_south: south,
    p_west: west,
    p_north: north,
    p_east: east,
  })
  if (error) throw new DbError(error, 'The plan image was not placed.')
}

export async function clearPlanImage(siteId: number): Promise<void> {
  const { error } = await supabase().rpc('clear_site_plan_image', { p_site_id: siteId })
  if (error) throw new DbError(error, 'The plan image was not removed.')
}

export const useSetPlanImage = (siteId: number) =>
  useInvalidatingMutation((p: PlanImagePlacement) => setPlanImage(siteId, p), [plotsKey(siteId)])

export const useClearPlanImage = (siteId: number) =>
  useInvalidatingMutation(() => clearPlanImage(siteId), [plotsKey(siteId)])
