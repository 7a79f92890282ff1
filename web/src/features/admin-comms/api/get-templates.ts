// Message templates (every staff member reads them; admins write them).
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { RichTextNode } from '@/lib/rich-text/render-html'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'

export interface Template {
  id: number
  name: string
  channel: 'email' | 'sms'
  subject: string | null
  body: RichTextNode
  body_text: string | null
  updated_at: string
}

export const TEMPLATE_COLUMNS = 'id, name, channel, subject, body, body_text, updated_at'

export async function getTemplates(): Promise<Template[]> {
  const { data, error } = await supabase().from('comms_templates').select(TEMPLATE_COLUMNS).order('name')
  if (error) throw new DbError(error, 'The templates could not be loaded.')
  return (data ?? []) as Template[]
}

export const templatesQueryKey = ['admin-comms', 'templates'] as const
export const templatesQueryOptions = () => queryOptions({ queryKey: templatesQueryKey, queryFn: getTemplates })
export const useTemplates = () => useQuery(templatesQueryOptions())
