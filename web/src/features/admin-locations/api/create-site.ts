// Adds a site. The row comes back and joins the cached list; the list is then refetched.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'
import { sitesQueryKey } from './get-sites'
import type { Site, SiteWrite } from './site-schema'
import { writablePayload } from './update-site'

export async function createSite(values: SiteWrite): Promise<Site> {
  const { data, error } = await supabase().from('global_sites').insert(writablePayload(values))
    .select().single()
  if (error || !data) throw new DbError(error, 'The site was not added.')
  return data as Site
}

export function useCreateSite() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: createSite,
    onSuccess: (site) => {
      qc.setQueryData<Site[]>(
        sitesQueryKey,
        (list) => (list ? [...list, { ...site, waiting_list_count: 0 }] : list),
      )
      void qc.invalidateQueries({ queryKey: sitesQueryKey })
    },
  })
}
