// Sends a template to a site's applicants through the communications function (preview first:
// the first recipient's rendered message and the count). The function dedupes by an
// Idempotency-Key header, but its CORS answer does not allow that header yet, so a browser
// cannot send it: the screen instead disables Send while a send is under way.
import { useMutation } from '@tanstack/react-query'
import { useInvalidatingMutation } from '@/lib/admin/crud'
import { z } from 'zod'
import type { EntryStatus } from '@common/waiting-list'
import { invokeFunction } from '@/lib/admin/invoke-function'

/** The statuses a message can go to: everyone on the list but those who left it. */
export const SEND_STATUSES = [
  'waiting',
  'offered',
  'accepted',
  'declined',
  'expired',
] as const satisfies readonly EntryStatus[]

export const sendSchema = z.object({
  template_id: z.number().int().positive(),
  site_id: z.coerce.number({ invalid_type_error: 'Choose a site.' }).int().positive(
    'Choose a site.',
  ),
  statuses: z.array(z.enum(SEND_STATUSES)).min(1, 'Choose at least one status.'),
})

export type SendInput = z.input<typeof sendSchema>
export interface Preview {
  preview: { to: string; subject: string; html: string; text: string } | null
  recipients: number
}
export interface SendResult {
  sent: number
  failed: number
  recipients: number
  repeated?: boolean
}

export async function previewTemplate(input: SendInput): Promise<Preview> {
  const body = sendSchema.parse(input)
  return await invokeFunction<Preview>('communications', { ...body, preview: true }, {
    fallback: 'The preview could not be made.',
  })
}

export async function sendTemplate(input: SendInput): Promise<SendResult> {
  const body = sendSchema.parse(input)
  return await invokeFunction<SendResult>('communications', body, { fallback: 'Nothing was sent.' })
}

export const usePreviewTemplate = () => useMutation({ mutationFn: previewTemplate })

export const useSendTemplate = () =>
  useInvalidatingMutation(sendTemplate, [['admin-comms', 'messages']], { settled: true })
