import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'
import { useInvalidatingMutation } from '@/lib/admin/crud'
import { patchManagersQueryKey } from './get-patch-managers'

export interface SiteAssignment {
  userId: string
  siteId: number
}

export async function assignSite({ userId, siteId }: SiteAssignment): Promise<void> {
  const { error } = await supabase().from('patch_manager_sites').insert({
    user_id: userId,
    site_id: siteId,
  })
  if (error) throw new DbError(error, 'The site was not assigned.')
}

export const useAssignSite = () =>
  useInvalidatingMutation(assignSite, [patchManagersQueryKey], { settled: true })
