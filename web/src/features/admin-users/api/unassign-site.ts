import { deleteRow, useInvalidatingMutation } from '@/lib/admin/crud'
import type { SiteAssignment } from './assign-site'
import { patchManagersQueryKey } from './get-patch-managers'

export const unassignSite = ({ userId, siteId }: SiteAssignment) =>
  deleteRow(
    'patch_manager_sites',
    { user_id: userId, site_id: siteId },
    'The site was not removed.',
  )

export const useUnassignSite = () =>
  useInvalidatingMutation(unassignSite, [patchManagersQueryKey], { settled: true })
