// Message templates (every staff member reads them; admins write them).
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Selected } from '@/lib/db-types'
import type { RichTextNode } from '@/lib/rich-text/render-html'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'

export const TEMPLATE_COLUMNS = 'id, name, channel, subject, body, body_text, updated_at'

type TemplateRow = Selected<'comms_templates', typeof TEMPLATE_COLUMNS>

/** A stored template, with what the schema types loosely said: channel (a check) and body (jsonb). */
export type Template = Omit<TemplateRow, 'channel' | 'body'> & {
  channel: 'email' | 'sms'
  body: RichTextNode
}

/** The one place a stored row becomes a Template (the database's check and rich_text_valid hold the shapes). */
export const asTemplate = (row: TemplateRow) => row as Template

export async function getTemplates(): Promise<Template[]> {
  const { data, error } = await supabase().from('comms_templates').select(TEMPLATE_COLUMNS).order(
    'name',
  )
  if (error) throw new DbError(error, 'The templates could not be loaded.')
  return (data ?? []).map(asTemplate)
}

export const templatesQueryKey = ['admin-comms', 'templates'] as const
export const templatesQueryOptions = () =>
  queryOptions({ queryKey: templatesQueryKey, queryFn: getTemplates })
export const useTemplates = () => useQuery(templatesQueryOptions())
