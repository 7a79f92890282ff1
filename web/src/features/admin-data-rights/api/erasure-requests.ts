// Erasure requests for staff: RLS shows admins every request and patch managers those of their
// sites' applicants; an admin completes one through the data-rights function, which erases the
// person's data as them (complete_data_erasure) and e-mails the completion notice.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { DbError } from '@/lib/admin/db-error'
import { invokeFunction } from '@/lib/admin/invoke-function'
import type { Json } from '@/lib/db-types'
import { supabase } from '@/lib/supabase'

export interface ErasureRequestRow {
  id: number
  email: string | null
  display_name: string | null
  source: 'reference' | 'account'
  status: 'pending' | 'completed'
  requested_at: string
  completed_at: string | null
  summary: Json | null
}

const COLUMNS = 'id, email, display_name, source, status, requested_at, completed_at, summary'

export async function getErasureRequests(): Promise<ErasureRequestRow[]> {
  const { data, error } = await supabase().from('data_erasure_requests').select(COLUMNS)
    .order('status', { ascending: false }).order('requested_at', { ascending: false }).limit(200)
  if (error) throw new DbError(error, 'The erasure requests could not be loaded.')
  return (data ?? []) as ErasureRequestRow[]
}

export const erasureRequestsQueryOptions = () =>
  queryOptions({ queryKey: ['admin-erasure-requests'], queryFn: getErasureRequests })

export const useErasureRequests = () => useQuery(erasureRequestsQueryOptions())

/** Whether the caller may complete requests (admins; patch managers read only). */
export function useCanComplete() {
  return useQuery({
    queryKey: ['admin-erasure-can-complete'],
    queryFn: async () => {
      const { data } = await supabase().rpc('current_staff_role')
      return data !== null && data !== 'patch_manager'
    },
  })
}

export function useCompleteErasure() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: number) =>
      invokeFunction<{ summary: Json }>('data-rights', { action: 'complete', request_id: id }, {
        fallback: 'The request could not be completed. Nothing was changed; please try again.',
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['admin-erasure-requests'] }),
  })
}
