import { useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'
import type { SiteAssignment } from './assign-site'
import { patchManagersQueryKey } from './get-patch-managers'

export async function unassignSite({ userId, siteId }: SiteAssignment): Promise<void> {
  const { data, error } = await supabase().from('patch_manager_sites').delete().eq('user_id', userId).eq('site_id', siteId).select('site_id')
  if (error) throw new DbError(error, 'The site was not removed.')
  if (!data || data.length === 0) throw new DbError({ code: '42501' })
}

export function useUnassignSite() {
  const qc = useQueryClient()
  return useMutation({ mutationFn: unassignSite, onSettled: () => qc.invalidateQueries({ queryKey: patchManagersQueryKey }) })
}
