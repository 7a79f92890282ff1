// Update the global_sites row with this id (every field but
// waiting_list_count and path_params), returning the row, which is merged into the list.
// A failure or no row gives a null site, with the reason for the screen.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { describeDbError } from '@/lib/admin/db-error'
import type { Insert } from '@/lib/db-types'
import { sitesQueryKey } from './get-sites'
import type { Site, SiteWrite } from './site-schema'

export interface UpdateSiteResult {
  site: Site | null
  error: string | null
  code: string | null
}

type NeverWritten = 'waiting_list_count' | 'path_params' | 'id' | 'created_at' | 'updated_at'

/** Drops what is never written, whatever the caller passes. */
export function writablePayload(
  values: SiteWrite & { [K in NeverWritten]?: unknown },
): Insert<'global_sites'> {
  const {
    waiting_list_count: _w,
    path_params: _p,
    id: _i,
    created_at: _c,
    updated_at: _u,
    ...rest
  } = values
  return rest
}

export async function updateSite(id: number, values: SiteWrite): Promise<UpdateSiteResult> {
  try {
    const { data, error } = await supabase().from('global_sites').update(writablePayload(values))
      .eq('id', id).select().single()
    if (error || !data) {
      return {
        site: null,
        error: describeDbError(error, 'The site was not saved.'),
        code: error?.code ?? null,
      }
    }
    return { site: data as Site, error: null, code: null }
  } catch (e) {
    return { site: null, error: describeDbError(e, 'The site was not saved.'), code: null }
  }
}

/** Replaces the site in the cached list, keeping its waiting-list count. */
export function mergeSite(list: Site[] | undefined, site: Site): Site[] | undefined {
  if (!list) return list
  return list.map((
    s,
  ) => (s.id === site.id ? { ...site, waiting_list_count: s.waiting_list_count } : s))
}

export function useUpdateSite(id: number) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (values: SiteWrite) => updateSite(id, values),
    onSuccess: (result) => {
      if (result.site) {
        qc.setQueryData<Site[]>(sitesQueryKey, (list) => mergeSite(list, result.site!))
      }
    },
  })
}
