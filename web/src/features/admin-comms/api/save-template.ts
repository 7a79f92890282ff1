// Creates or updates a template (admins only: RLS refuses anyone else).
import { saveRow, useInvalidatingMutation } from '@/lib/admin/crud'
import { asTemplate, type Template, TEMPLATE_COLUMNS, templatesQueryKey } from './get-templates'
import { type TemplateFormValues, templateSchema } from './template-schema'

export const saveTemplate = async (
  { id, values }: { id: number | null; values: TemplateFormValues },
): Promise<Template> =>
  asTemplate(
    await saveRow('comms_templates', id, templateSchema.parse(values), {
      columns: TEMPLATE_COLUMNS,
      failed: 'The template was not saved.',
    }),
  )

export const useSaveTemplate = () => useInvalidatingMutation(saveTemplate, [templatesQueryKey])
