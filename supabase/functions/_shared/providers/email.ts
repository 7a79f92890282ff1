// E-mail behind one small interface: a real client for an HTTP e-mail API (Resend's documented
// POST /emails, bearer key, Idempotency-Key) and a local one that records the message (and puts
// it in the stack's outbox). EMAIL_PROVIDER=resend selects the real one; local is the default in
// the local stack only (see config.ts).
import { emailDocument } from '../render.ts'
import { providerChoice } from './config.ts'
import { providerFetch, recordCall } from './record.ts'

export interface EmailMessage {
  to: string
  subject: string
  html: string
  text: string
  /** What the message is about, e.g. waiting-list-confirmation. */
  tag: string
  /** Makes a retried send deliver once. */
  idempotencyKey?: string
}

export interface EmailProvider {
  readonly name: string
  send(m: EmailMessage): Promise<{ id: string }>
}

/** The message as it is sent: its HTML a whole document with a language and a title. */
const asSent = (m: EmailMessage): EmailMessage => ({ ...m, html: emailDocument(m.html, m.subject) })

export class LocalEmail implements EmailProvider {
  readonly name = 'local'
  async send(m: EmailMessage) {
    const id = await recordCall('email', 'send', { ...asSent(m) })
    return { id: `local_${id}` }
  }
}

export class ResendEmail implements EmailProvider {
  readonly name = 'resend'
  constructor(private opts: { apiKey: string; from: string; baseUrl?: string }) {}
  async send(m: EmailMessage) {
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.opts.apiKey}`,
      'content-type': 'application/json',
    }
    if (m.idempotencyKey) headers['idempotency-key'] = m.idempotencyKey
    const body = await providerFetch(
      'The e-mail service',
      `${this.opts.baseUrl ?? 'https://api.resend.com'}/emails`,
      {
        method: 'POST',
        headers,
        body: JSON.stringify({
          from: this.opts.from,
          to: [m.to],
          subject: m.subject,
          html: asSent(m).html,
          text: m.text,
          tags: [{ name: 'category', value: m.tag }],
        }),
      },
    ) as { id: string }
    return { id: body.id }
  }
}

/** The e-mail API when EMAIL_PROVIDER=resend with RESEND_API_KEY and EMAIL_FROM; the local one in
 *  the local stack; otherwise 503 not_configured. */
export function emailProvider(): EmailProvider {
  const choice = providerChoice('email')
  if (choice.kind === 'real') {
    return new ResendEmail({
      apiKey: choice.secrets.RESEND_API_KEY!,
      from: choice.secrets.EMAIL_FROM!,
      baseUrl: Deno.env.get('RESEND_API_URL'),
    })
  }
  return new LocalEmail()
}
