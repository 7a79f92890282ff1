// "Mark ready", "Being prepared", "Out of use": set_plot_status, which refuses a plot under offer
// or let (only its offer or tenancy moves it) with a sentence staff can read.
import { useInvalidatingMutation } from '@/lib/admin/crud'
import { DbError } from '@/lib/admin/db-error'
import { supabase } from '@/lib/supabase'
import { plotsKey } from './get-site-plan'

export type StaffStatus = 'vacant' | 'preparing' | 'out_of_use'

export async function setPlotStatus(
  plotId: number,
  status: StaffStatus,
  note?: string,
): Promise<void> {
  const { error } = await supabase().rpc('set_plot_status', {
    p_plot_id: plotId,
    p_status: status,
    ...(note?.trim() ? { p_note: note.trim() } : {}),
  })
  if (error) throw new DbError(error, 'The plot was not changed.')
}

export const useSetPlotStatus = (siteId: number) =>
  useInvalidatingMutation(
    ({ plotId, status, note }: { plotId: number; status: StaffStatus; note?: string }) =>
      setPlotStatus(plotId, status, note),
    [plotsKey(siteId)],
  )
