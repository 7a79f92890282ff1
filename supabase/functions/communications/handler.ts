// /functions/v1/communications: staff send a template to applicants (/admin/waiting-list/comms).
//
//   POST { template_id, entry_ids?: number[] | site_id?: number, statuses?: string[] (default
//          ['waiting']), fields?: { name: value }, preview?: boolean }
//     Recipients are the entries the caller may see (RLS: admins every list, a patch manager
//     their sites'); asking for a site they do not work → 403; ids they cannot see → 404.
//     Merge fields: first_name, last_name, email, site, location, reference, position_link,
//     joined, plus `fields`. The rich-text body is rendered to HTML and text; each message goes
//     through the e-mail provider, a batch call per 100 (local: recorded and in the stack's
//     outbox), and is logged in message_log with the template and the sender.
//     → 200 { sent, failed, recipients, repeated } | preview → 200 { preview: { to, subject, html, text }, recipients }
//     Every send failing → 502 (each failure is logged). E-mail not configured → 503
//     not_configured, nothing sent or logged (a preview still works).
//     A site list longer than MAX_RECIPIENTS (1,000, the API's max_rows) → 409
//     too_many_recipients with the count, for the preview too: never a message to part of a list.
//   Header Idempotency-Key (8–200 characters): a repeated request returns the first result with
//   repeated: true and sends nothing again; while the first is still sending → 409.
import { z } from 'npm:zod@3'
import { must } from '../_shared/db.ts'
import { ENTRY_STATUSES } from '../_shared/common/waiting-list.ts'
import { forbidden, HttpError, notFound, upstream } from '../_shared/errors.ts'
import { json, readJson, serve } from '../_shared/http.ts'
import { sendManyAndLog } from '../_shared/notify.ts'
import { requireProvider } from '../_shared/providers/config.ts'
import { type Fields, merge, renderEmail, siteUrl } from '../_shared/render.ts'
import { authUser, requireStaff, userClient } from '../_shared/supabase.ts'

/** The most applicants one message goes to: the API's max_rows (supabase/config.toml). */
export const MAX_RECIPIENTS = 1000

export const bodySchema = z.object({
  template_id: z.number().int().positive(),
  entry_ids: z.array(z.number().int().positive()).min(1).max(MAX_RECIPIENTS).optional(),
  site_id: z.number().int().positive().optional(),
  statuses: z.array(z.enum(ENTRY_STATUSES)).min(1).default(['waiting']),
  fields: z.record(z.string().regex(/^[a-z_][a-z0-9_]*$/), z.string().max(500)).default({}),
  preview: z.boolean().default(false),
}).strict().refine((b) => (b.entry_ids ? 1 : 0) + (b.site_id ? 1 : 0) === 1, {
  message: 'Give either entry_ids or site_id.',
  path: ['entry_ids'],
})

interface Entry {
  id: number
  site_id: number | null
  location: string
  first_name: string
  last_name: string
  email: string
  reference: string
  joined_at: string
}

export const handler = serve(async (req) => {
  if (req.method !== 'POST') throw new HttpError(405, 'method_not_allowed', 'Use POST.')
  const role = await requireStaff(req)
  const b = await readJson(req, bodySchema)
  const db = userClient(req)
  const template = must(
    await db.from('comms_templates').select('id, name, channel, subject, body, body_text').eq(
      'id',
      b.template_id,
    ).maybeSingle(),
  )
  if (!template) throw notFound('Unknown template.')
  if (template.channel !== 'email') {
    throw new HttpError(409, 'unsupported_channel', 'Only e-mail templates can be sent from here.')
  }
  const columns = 'id, site_id, location, first_name, last_name, email, reference, joined_at'
  let entries: Entry[]
  if (b.site_id) {
    if (role === 'patch_manager') {
      const mine = must(
        await db.from('patch_manager_sites').select('site_id').eq('site_id', b.site_id),
      )
      if (mine.length === 0) throw forbidden('You do not manage this site.')
    }
    const listed = await db.from('waiting_list_entries').select(columns, { count: 'exact' }).eq(
      'site_id',
      b.site_id,
    ).in('status', b.statuses).order('joined_at').order('id')
    entries = must(listed)
    // The API answers at most MAX_RECIPIENTS rows (config.toml's max_rows): a longer list would
    // be mailed in part, and the preview would count only that part. Say so instead.
    const total = listed.count ?? entries.length
    if (total > entries.length) {
      throw new HttpError(
        409,
        'too_many_recipients',
        `This list has ${total.toLocaleString('en-GB')} applicants with these statuses. ` +
          `A message can go to at most ${MAX_RECIPIENTS.toLocaleString('en-GB')} at once: ` +
          'choose fewer statuses, or send to chosen applicants.',
        { recipients: total, limit: MAX_RECIPIENTS },
      )
    }
  } else {
    entries = must(await db.from('waiting_list_entries').select(columns).in('id', b.entry_ids!))
    const seen = new Set(entries.map((e) => Number(e.id)))
    const missing = b.entry_ids!.filter((i) => !seen.has(i))
    if (missing.length) {
      throw new HttpError(404, 'not_found', 'Some applicants were not found.', {
        entry_ids: missing,
      })
    }
  }
  const render = (e: Entry) => {
    const fields: Fields = {
      ...b.fields,
      first_name: e.first_name,
      last_name: e.last_name,
      email: e.email,
      site: e.location,
      location: e.location,
      reference: e.reference,
      position_link: `${siteUrl()}/queue/ready?reference=${e.reference}`,
      joined: new Date(e.joined_at).toISOString().slice(0, 10),
    }
    return {
      to: e.email,
      subject: merge(template.subject ?? '', fields),
      ...renderEmail(template.body, fields, template.body_text),
    }
  }
  if (b.preview) {
    return json({ preview: entries[0] ? render(entries[0]) : null, recipients: entries.length })
  }
  requireProvider('email') // 503 before the idempotency key is claimed or anything is logged
  const key = req.headers.get('idempotency-key')
  if (key !== null && (key.length < 8 || key.length > 200)) {
    throw new HttpError(400, 'validation_failed', 'Some fields need attention.', [{
      path: 'Idempotency-Key',
      message: 'Use 8 to 200 characters.',
    }])
  }
  if (key) {
    const seen = must(
      await db.rpc('claim_idempotency_key', { p_action: 'send_template', p_key: key }),
    ) as Record<string, unknown> | null
    if (seen?.in_progress) {
      throw new HttpError(409, 'in_progress', 'This request is still being sent.')
    }
    if (seen) return json({ ...seen, repeated: true })
  }
  try {
    const result = await sendAll(entries, render, template.id, (await authUser(req))?.id ?? null)
    if (key) {
      must(
        await db.rpc('finish_idempotency_key', {
          p_action: 'send_template',
          p_key: key,
          p_result: result,
        }),
      )
    }
    return json({ ...result, repeated: false })
  } catch (e) {
    if (key) {
      await db.rpc('finish_idempotency_key', {
        p_action: 'send_template',
        p_key: key,
        p_result: null,
      })
    }
    throw e
  }
})

async function sendAll(
  entries: Entry[],
  render: (e: Entry) => { to: string; subject: string; html: string; text: string },
  templateId: number,
  actor: string | null,
) {
  // A batch call to the e-mail service at a time (sendManyAndLog): a list of hundreds is sent in
  // seconds, well inside the platform's limit for a function.
  const { sent: went } = await sendManyAndLog(entries.map((e) => ({
    message: { ...render(e), tag: `template-${templateId}` },
    ctx: {
      template_id: templateId,
      entry_id: e.id,
      site_id: e.site_id,
      sent_by: actor,
      via: 'communications',
    },
  })))
  const sent = went.filter(Boolean).length
  const failed = went.length - sent
  if (failed > 0 && sent === 0) {
    throw upstream(
      'The e-mail service did not accept the messages. Each failure is logged; please try again.',
      { failed },
    )
  }
  return { sent, failed, recipients: entries.length }
}
