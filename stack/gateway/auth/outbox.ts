// The local outbox: every email and SMS the auth server would send is written to
// _stack.outbox (made by the platform bootstrap, stack/bootstrap.sql; it is the stack's, not a
// migration's) and
// listed at /_outbox — the role Inbucket/Mailpit plays under `supabase start`.
// JSON for tests: /_outbox?format=json or /_outbox/messages, filtered by ?to=<address or phone>.
import type { RequestInfo, SubGateway } from '../context.ts'
import type { Sql } from './users.ts'

export interface OutboxMessage {
  id: number
  created_at: Date
  channel: 'email' | 'sms'
  recipient: string
  subject: string | null
  body: string
  meta: Record<string, unknown>
}

export interface NewMessage {
  channel: 'email' | 'sms'
  recipient: string
  subject?: string
  body: string
  meta?: Record<string, unknown>
}

export class Outbox {
  constructor(private sql: Sql) {}

  async send(m: NewMessage): Promise<void> {
    await this.sql`
      insert into _stack.outbox (channel, recipient, subject, body, meta)
      values (${m.channel}, ${m.recipient}, ${m.subject ?? null}, ${m.body}, ${
      JSON.stringify(m.meta ?? {})
    }::text::jsonb)`
  }

  async list(to?: string | null, limit = 200): Promise<OutboxMessage[]> {
    const recipient = to ? to.trim().toLowerCase().replace(/^\+/, '') : null
    return await this.sql<OutboxMessage[]>`
      select * from _stack.outbox
      where ${recipient}::text is null or lower(recipient) = ${recipient}
      order by id desc limit ${limit}`
  }

  gateway(): SubGateway {
    return {
      handle: async (req: Request, info: RequestInfo) => {
        if (req.method !== 'GET') {
          return Response.json({ message: 'Method not allowed' }, { status: 405 })
        }
        const to = info.url.searchParams.get('to')
        const messages = await this.list(to)
        const wantsJson = info.path === '/messages' ||
          info.url.searchParams.get('format') === 'json'
        if (wantsJson) {
          return Response.json({ messages }, { headers: { 'access-control-allow-origin': '*' } })
        }
        if (info.path !== '/') return Response.json({ message: 'Not found' }, { status: 404 })
        return new Response(renderPage(messages, to), {
          headers: { 'content-type': 'text/html; charset=utf-8' },
        })
      },
    }
  }
}

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  )

/** Escapes the body and turns its http(s) links into anchors. */
const linkify = (s: string) =>
  esc(s).replace(/https?:\/\/[^\s<]+/g, (u) => `<a href="${u}">${u}</a>`)

function renderPage(messages: OutboxMessage[], to: string | null): string {
  const rows = messages.map((m) => `
    <article>
      <header><strong>${esc(m.channel === 'email' ? m.subject ?? '(no subject)' : 'SMS')}</strong>
      <span>to ${esc(m.recipient)} · ${esc(new Date(m.created_at).toISOString())}</span></header>
      <pre>${linkify(m.body)}</pre>
    </article>`).join('')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Local outbox</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; }
  article { border: 1px solid #ccc; border-radius: 6px; padding: .75rem 1rem; margin: 1rem 0; }
  header span { color: #555; margin-left: .5rem; font-size: .9em; }
  pre { white-space: pre-wrap; word-break: break-word; }
</style></head>
<body>
<h1>Local outbox${to ? ` for ${esc(to)}` : ''}</h1>
<p>Email and SMS the local auth server would have sent, newest first.
<a href="?format=json${to ? `&amp;to=${encodeURIComponent(to)}` : ''}">JSON</a></p>
${rows || '<p>No messages yet.</p>'}
</body></html>`
}
