// The tag-manager id setting (app_settings 'gtm_id'): GTM- followed by upper-case letters or
// digits. The database refuses anything else with the same message.
import { useQuery } from '@tanstack/react-query'
import { useInvalidatingMutation, writeOne } from '@/lib/admin/crud'
import { z } from 'zod'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'

export const GTM_ID_ERROR = 'This is not a valid GTM-ID'
export const GTM_ID_PATTERN = /^GTM-[A-Z0-9]+$/

export const gtmIdSchema = z.object({
  gtm_id: z.string().trim().regex(GTM_ID_PATTERN, GTM_ID_ERROR),
})
export type GtmIdFormValues = z.input<typeof gtmIdSchema>

export const isValidGtmId = (v: string) => GTM_ID_PATTERN.test(v)

const gtmKey = ['admin-marketing', 'gtm-id'] as const

export async function getGtmId(): Promise<string | null> {
  const { data, error } = await supabase().from('app_settings').select('value').eq('key', 'gtm_id')
    .maybeSingle()
  if (error) throw new DbError(error, 'The tag-manager id could not be loaded.')
  return typeof data?.value === 'string' ? data.value : null
}

export async function saveGtmId(values: GtmIdFormValues): Promise<string> {
  const { gtm_id } = gtmIdSchema.parse(values)
  await writeOne(
    supabase().from('app_settings').upsert({ key: 'gtm_id', value: gtm_id }, { onConflict: 'key' })
      .select('value').maybeSingle(),
    'The tag-manager id was not saved.',
  )
  return gtm_id
}

export const useGtmId = () => useQuery({ queryKey: gtmKey, queryFn: getGtmId })
export const useSaveGtmId = () => useInvalidatingMutation(saveGtmId, [gtmKey])
