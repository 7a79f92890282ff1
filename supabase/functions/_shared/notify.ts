// Sends one e-mail and logs it in message_log (sent or failed). A failed send never undoes the
// action it reports on: the caller gets `sent: false` and the log says so. E-mail that is not
// configured (providers/config.ts) is never sent through the local provider instead: the caller
// gets `sent: false`, the function's log says which secrets are missing, and nothing is written
// (an outbox drained every minute would otherwise log a failure every minute). A route whose
// purpose includes e-mailing calls requireProvider('email') first, so it answers 503 before it
// writes anything. A send for a checked member of staff names the function (`via`) so the audit
// log credits the log line to them and it (adminClientFor), not to the service role.
import { HttpError } from './errors.ts'
import {
  BATCH_LIMIT,
  type EmailMessage,
  type EmailProvider,
  emailProvider,
} from './providers/email.ts'
import { ProviderError } from './providers/record.ts'
import { ADMIN_ROLES } from './common/roles.ts'
import { requireProvider } from './providers/config.ts'
import { adminClient, adminClientFor, authUser, isServiceRole, requireStaff } from './supabase.ts'

/**
 * Who asks a function to send the mail its outbox owes (its `notify` action): the scheduler with the
 * service role key (null: nobody to credit) or an admin (their id, for the log). Anyone else is
 * refused (401/403), and e-mail that is not configured is a 503, before anything is claimed.
 */
export async function drainCaller(req: Request): Promise<string | null> {
  const scheduler = isServiceRole(req)
  if (!scheduler) await requireStaff(req, ADMIN_ROLES)
  requireProvider('email')
  return scheduler ? null : (await authUser(req))?.id ?? null
}

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
  await logAll([{ message: m, ctx, ref }])
  return { sent, provider_ref: ref }
}

/** message_log rows for sends that share who sent them (one insert). */
async function logAll(done: { message: EmailMessage; ctx: LogContext; ref: string | null }[]) {
  const first = done[0]?.ctx
  if (!first) return
  const db = first.via ? adminClientFor(first.via, first.sent_by) : adminClient()
  const { error } = await db.from('message_log').insert(done.map(({ message, ctx, ref }) => ({
    template_id: ctx.template_id ?? null,
    entry_id: ctx.entry_id ?? null,
    site_id: ctx.site_id ?? null,
    channel: 'email',
    recipient: message.to,
    subject: message.subject,
    status: ref !== null ? 'sent' : 'failed',
    provider_ref: ref,
    sent_by: ctx.sent_by ?? null,
  })))
  if (error) console.error('[notify] message_log insert failed:', error.message)
}

export interface Outgoing {
  message: EmailMessage
  /** Who and what the log line names; `via` and `sent_by` the same for every message. */
  ctx: LogContext
}

/** A batch's key from its messages' own keys (so a retried batch is the same batch), if all have one. */
async function batchKey(ms: EmailMessage[]): Promise<string | undefined> {
  if (ms.some((m) => !m.idempotencyKey)) return undefined
  const digest = await crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(ms.map((m) => m.idempotencyKey).join('\n')),
  )
  return `batch-${
    Array.from(new Uint8Array(digest).slice(0, 16), (b) => b.toString(16).padStart(2, '0')).join('')
  }`
}

/**
 * Sends many e-mails BATCH_LIMIT to a call and logs each in message_log: `sent[i]` says whether
 * items[i] went. One call per message would not do for a list: at a real service's 100–300 ms a
 * call (and its two calls a second), a few hundred messages outlast a function's 150 s. A batch
 * the service refuses as a whole (400 or 422: one address it will not take) goes again one
 * message at a time, so one bad address costs only its own message; a batch that fails any other
 * way (no answer, 5xx) is not sent again here, since it may have gone: its messages are logged as
 * failed and the caller's outbox tries them again later. Without e-mail configured nothing is
 * sent or logged, as in sendAndLog.
 */
export async function sendManyAndLog(
  items: Outgoing[],
  provider?: EmailProvider,
): Promise<{ sent: boolean[] }> {
  if (!provider) {
    try {
      provider = emailProvider()
    } catch (e) {
      if (!(e instanceof HttpError)) throw e
      console.error(`[notify] ${items.length} e-mails not sent: ${e.message}`)
      return { sent: items.map(() => false) }
    }
  }
  const sent: boolean[] = []
  for (let i = 0; i < items.length; i += BATCH_LIMIT) {
    const chunk = items.slice(i, i + BATCH_LIMIT)
    const messages = chunk.map((c) => c.message)
    let refs: (string | null)[]
    try {
      refs = (await provider.sendBatch(messages, await batchKey(messages))).map((r) => r.id)
    } catch (e) {
      console.error('[notify] e-mail batch failed:', (e as Error).message)
      refs = messages.map(() => null)
      if (e instanceof ProviderError && (e.status === 400 || e.status === 422)) {
        for (const [j, m] of messages.entries()) {
          try {
            refs[j] = (await provider.send(m)).id
          } catch (e2) {
            console.error('[notify] e-mail failed:', (e2 as Error).message)
          }
        }
      }
    }
    await logAll(chunk.map((c, j) => ({ ...c, ref: refs[j] ?? null })))
    sent.push(...refs.map((r) => r !== null))
  }
  return { sent }
}
