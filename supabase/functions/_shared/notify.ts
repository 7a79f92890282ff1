// Sends one e-mail and logs it in message_log (sent or failed). A failed send never undoes the
// action it reports on: the caller gets `sent: false` and the log says so. E-mail that is not
// configured (providers/config.ts) is never sent through the local provider instead: the caller
// gets `sent: false`, the function's log says which secrets are missing, and nothing is written
// (an outbox drained every minute would otherwise log a failure every minute). A route whose
// purpose includes e-mailing calls requireProvider('email') first, so it answers 503 before it
// writes anything. A send for a checked member of staff names the function (`via`) so the audit
// log credits the log line to them and it (adminClientFor), not to the service role.
import { HttpError } from './errors.ts'
import { type EmailMessage, type EmailProvider, emailProvider } from './providers/email.ts'
import { adminClient, adminClientFor } from './supabase.ts'

export interface LogContext {
  entry_id?: number | null
  site_id?: number | null
  template_id?: number | null
  sent_by?: string | null
  /** The function sending (for sent_by, when set): the audit log names both. */
  via?: string
}

export async function sendAndLog(
  m: EmailMessage,
  ctx: LogContext = {},
): Promise<{ sent: boolean; provider_ref: string | null }> {
  let provider: EmailProvider
  try {
    provider = emailProvider()
  } catch (e) {
    if (!(e instanceof HttpError)) throw e
    console.error(`[notify] ${m.tag} e-mail not sent: ${e.message}`)
    return { sent: false, provider_ref: null }
  }
  let ref: string | null = null
  let sent = false
  try {
    ref = (await provider.send(m)).id
    sent = true
  } catch (e) {
    console.error('[notify] e-mail failed:', (e as Error).message)
  }
  const db = ctx.via ? adminClientFor(ctx.via, ctx.sent_by) : adminClient()
  const { error } = await db.from('message_log').insert({
    template_id: ctx.template_id ?? null,
    entry_id: ctx.entry_id ?? null,
    site_id: ctx.site_id ?? null,
    channel: 'email',
    recipient: m.to,
    subject: m.subject,
    status: sent ? 'sent' : 'failed',
    provider_ref: ref,
    sent_by: ctx.sent_by ?? null,
  })
  if (error) console.error('[notify] message_log insert failed:', error.message)
  return { sent, provider_ref: ref }
}
