// E-mail behind one small interface: a real client for an HTTP e-mail API (Resend's documented
// POST /emails and POST /emails/batch, bearer key, Idempotency-Key) and a local one that records
// each message (and puts it in the stack's outbox). EMAIL_PROVIDER=resend selects the real one; local is the default in
// the local stack only (see config.ts).
import { emailDocument } from '../render.ts'
import { providerChoice } from './config.ts'
import { ProviderError, providerFetch, recordCall } from './record.ts'

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

/** The most messages one batch call takes (Resend's documented limit). */
export const BATCH_LIMIT = 100

export interface EmailProvider {
  readonly name: string
  send(m: EmailMessage): Promise<{ id: string }>
  /**
   * Up to BATCH_LIMIT messages in one call: all accepted (their ids, in order) or, when it
   * throws, none. The key makes a retried batch deliver once.
   */
  sendBatch(ms: EmailMessage[], idempotencyKey?: string): Promise<{ id: string }[]>
}

/** The message as it is sent: its HTML a whole document with a language and a title. */
const asSent = (m: EmailMessage): EmailMessage => ({ ...m, html: emailDocument(m.html, m.subject) })

export class LocalEmail implements EmailProvider {
  readonly name = 'local'
  async send(m: EmailMessage) {
    const id = await recordCall('email', 'send', { ...asSent(m) })
    return { id: `local_${id}` }
  }
  async sendBatch(ms: EmailMessage[]) {
    const ids: { id: string }[] = []
    for (const m of ms) ids.push(await this.send(m))
    return ids
  }
}

export class ResendEmail implements EmailProvider {
  readonly name = 'resend'
  constructor(private opts: { apiKey: string; from: string; baseUrl?: string }) {}

  private headers(idempotencyKey?: string) {
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.opts.apiKey}`,
      'content-type': 'application/json',
    }
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey
    return headers
  }

  private body(m: EmailMessage) {
    return {
      from: this.opts.from,
      to: [m.to],
      subject: m.subject,
      html: asSent(m).html,
      text: m.text,
      tags: [{ name: 'category', value: m.tag }],
    }
  }

  private post(path: string, body: unknown, idempotencyKey?: string) {
    return providerFetch(
      'The e-mail service',
      `${this.opts.baseUrl ?? 'https://api.resend.com'}${path}`,
      {
        method: 'POST',
        headers: this.headers(idempotencyKey),
        body: JSON.stringify(body),
      },
    )
  }

  async send(m: EmailMessage) {
    const body = await this.post('/emails', this.body(m), m.idempotencyKey) as { id: string }
    return { id: body.id }
  }

  async sendBatch(ms: EmailMessage[], idempotencyKey?: string) {
    if (ms.length === 0) return []
    if (ms.length > BATCH_LIMIT) throw new RangeError(`At most ${BATCH_LIMIT} messages a batch.`)
    const body = await this.post('/emails/batch', ms.map((m) => this.body(m)), idempotencyKey) as {
      data?: { id?: unknown }[]
    } | null
    const ids = body?.data
    if (
      !Array.isArray(ids) || ids.length !== ms.length || ids.some((d) => typeof d?.id !== 'string')
    ) {
      throw new ProviderError(
        'The e-mail service',
        502,
        `The e-mail service answered a batch of ${ms.length} without an id for each message.`,
      )
    }
    return ids.map((d) => ({ id: d.id as string }))
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
