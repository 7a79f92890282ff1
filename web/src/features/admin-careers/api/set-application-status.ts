// Moves an application on (new → reviewing → rejected or hired). Admins only (RLS); audited by trigger.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'
import { APPLICATION_STATUSES, applicationsQueryKey } from './get-applications'

export const applicationStatusSchema = z.object({ id: z.number().int().positive(), status: z.enum(APPLICATION_STATUSES) })
export type ApplicationStatusInput = z.infer<typeof applicationStatusSchema>

export async function setApplicationStatus(input: ApplicationStatusInput): Promise<void> {
  const { id, status } = applicationStatusSchema.parse(input)
  const { data, error } = await supabase().from('career_applications').update({ status }).eq('id', id).select('id')
  if (error) throw new DbError(error, 'The application was not updated.')
  if (!data || data.length === 0) throw new DbError({ code: '42501' })
}

export function useSetApplicationStatus() {
  const qc = useQueryClient()
  return useMutation({ mutationFn: setApplicationStatus, onSuccess: () => qc.invalidateQueries({ queryKey: applicationsQueryKey }) })
}
