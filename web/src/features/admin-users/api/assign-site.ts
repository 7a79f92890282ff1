import { useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'
import { patchManagersQueryKey } from './get-patch-managers'

export interface SiteAssignment { userId: string; siteId: number }

export async function assignSite({ userId, siteId }: SiteAssignment): Promise<void> {
  const { error } = await supabase().from('patch_manager_sites').insert({ user_id: userId, site_id: siteId })
  if (error) throw new DbError(error, 'The site was not assigned.')
}

export function useAssignSite() {
  const qc = useQueryClient()
  return useMutation({ mutationFn: assignSite, onSettled: () => qc.invalidateQueries({ queryKey: patchManagersQueryKey }) })
}
