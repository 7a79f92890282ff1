// Moves an application on (new → reviewing → rejected or hired). Admins only (RLS); audited by trigger.
import { useInvalidatingMutation, writeOne } from '@/lib/admin/crud'
import { z } from 'zod'
import { supabase } from '@/lib/supabase'
import { APPLICATION_STATUSES, applicationsQueryKey } from './get-applications'

export const applicationStatusSchema = z.object({
  id: z.number().int().positive(),
  status: z.enum(APPLICATION_STATUSES),
})
export type ApplicationStatusInput = z.infer<typeof applicationStatusSchema>

export async function setApplicationStatus(input: ApplicationStatusInput): Promise<void> {
  const { id, status } = applicationStatusSchema.parse(input)
  await writeOne(
    supabase().from('career_applications').update({ status }).eq('id', id).select('id'),
    'The application was not updated.',
  )
}

export const useSetApplicationStatus = () =>
  useInvalidatingMutation(setApplicationStatus, [applicationsQueryKey])
