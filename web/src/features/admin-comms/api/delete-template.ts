import { deleteRow, useInvalidatingMutation } from '@/lib/admin/crud'
import { templatesQueryKey } from './get-templates'

export const deleteTemplate = (id: number) =>
  deleteRow('comms_templates', id, 'The template was not deleted.')

export const useDeleteTemplate = () => useInvalidatingMutation(deleteTemplate, [templatesQueryKey])
