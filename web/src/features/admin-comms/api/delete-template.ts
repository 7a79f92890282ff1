import { useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'
import { templatesQueryKey } from './get-templates'

export async function deleteTemplate(id: number): Promise<void> {
  const { data, error } = await supabase().from('comms_templates').delete().eq('id', id).select('id')
  if (error) throw new DbError(error, 'The template was not deleted.')
  if (!data || data.length === 0) throw new DbError({ code: '42501' })
}

export function useDeleteTemplate() {
  const qc = useQueryClient()
  return useMutation({ mutationFn: deleteTemplate, onSuccess: () => qc.invalidateQueries({ queryKey: templatesQueryKey }) })
}
