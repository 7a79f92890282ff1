// Sends one e-mail and logs it in message_log (sent or failed). A failed send never undoes the
// action it reports on: the caller gets `sent: false` and the log says so.
import { emailProvider, type EmailMessage } from './providers/email.ts'
import { adminClient } from './supabase.ts'

export interface LogContext {
  entry_id?: number | null
  site_id?: number | null
  template_id?: number | null
  sent_by?: string | null
}

export async function sendAndLog(m: EmailMessage, ctx: LogContext = {}): Promise<{ sent: boolean; provider_ref: string | null }> {
  let ref: string | null = null
  let sent = false
  try {
    ref = (await emailProvider().send(m)).id
    sent = true
  } catch (e) {
    console.error('[notify] e-mail failed:', (e as Error).message)
  }
  const { error } = await adminClient().from('message_log').insert({
    template_id: ctx.template_id ?? null, entry_id: ctx.entry_id ?? null, site_id: ctx.site_id ?? null, channel: 'email',
    recipient: m.to, subject: m.subject, status: sent ? 'sent' : 'failed', provider_ref: ref, sent_by: ctx.sent_by ?? null,
  })
  if (error) console.error('[notify] message_log insert failed:', error.message)
  return { sent, provider_ref: ref }
}
