// Creates or updates a template (admins only: RLS refuses anyone else).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'
import { TEMPLATE_COLUMNS, type Template, templatesQueryKey } from './get-templates'
import { templateSchema, type TemplateFormValues } from './template-schema'

export async function saveTemplate({ id, values }: { id: number | null; values: TemplateFormValues }): Promise<Template> {
  const row = templateSchema.parse(values)
  const table = supabase().from('comms_templates')
  const { data, error } = id === null
    ? await table.insert(row).select(TEMPLATE_COLUMNS).single()
    : await table.update(row).eq('id', id).select(TEMPLATE_COLUMNS).maybeSingle()
  if (error) throw new DbError(error, 'The template was not saved.')
  if (!data) throw new DbError({ code: '42501' })
  return data as Template
}

export function useSaveTemplate() {
  const qc = useQueryClient()
  return useMutation({ mutationFn: saveTemplate, onSuccess: () => qc.invalidateQueries({ queryKey: templatesQueryKey }) })
}
