// /functions/v1/waiting-list-import: the welcome e-mails of applicants imported from a spreadsheet
// (public.import_waiting_list writes the rows; this function only tells them).
//
//   POST { action: 'notify', import_id? }  E-mails every applicant of that import (staff of its
//        site: the import page calls it after the last batch) or of every import (admins, or the
//        service role: the scheduler's outbox drain, kind 'import_welcome') who was imported with
//        "send a welcome" and has not been told yet: their private reference and the link to their
//        place in the queue. Claimed through the notification outbox, so however often it is
//        called (a retried batch, two tabs, the scheduler at the same time) each applicant gets
//        one e-mail. Claimed WELCOME_CLAIM at a time for WELCOME_BUDGET_MS at most; what is
//        left stays owed and goes with the next call (the drain posts again a minute later).
//        → 200 { notified, failed } (this call's)
//
// Errors: bad body 400; not signed in 401; not staff, or not staff of that import's site 403;
// unknown import 404; e-mail not configured 503 not_configured (nothing claimed).
import { z } from 'npm:zod@3'
import { longDate } from '../_shared/common/dates.ts'
import { must } from '../_shared/db.ts'
import { HttpError } from '../_shared/errors.ts'
import { json, readJson, serve } from '../_shared/http.ts'
import { sendManyAndLog } from '../_shared/notify.ts'
import { requireProvider } from '../_shared/providers/config.ts'
import { simpleEmail, siteUrl } from '../_shared/render.ts'
import {
  adminClient,
  adminClientFor,
  authUser,
  type Client,
  isServiceRole,
  requireStaff,
  userClient,
} from '../_shared/supabase.ts'

/** This function as the audit log names it when it writes for a member of staff. */
const FN = 'waiting-list-import'

export const bodySchema = z.object({
  action: z.literal('notify'),
  import_id: z.string().uuid('Not an import id.').optional(),
}).strict()

interface Welcome {
  entry_id: number
  reference: string
  email: string
  first_name: string
  location: string
  site_id: number | null
  joined_at: string
}

const positionUrl = (ref: string) => `${siteUrl()}/queue/ready?reference=${encodeURIComponent(ref)}`

export function welcomeEmail(w: Welcome) {
  return {
    subject: `Your place on the waiting list for ${w.location}`,
    ...simpleEmail([
      `Hello ${w.first_name},`,
      `Your place on the waiting list for a plot at ${w.location} has moved to Roots Allotments. You keep the place you had: you joined on ${
        longDate(w.joined_at)
      }, and the queue goes by that date.`,
      `Your private reference is ${w.reference}. Keep it to yourself: it lets you see your place in the queue and update or leave the list.`,
    ], { text: 'See your place in the queue', href: positionUrl(w.reference) }),
  }
}

/** Welcomes claimed at a time: five of the e-mail service's batches (notify.ts BATCH_LIMIT). */
export const WELCOME_CLAIM = 500

/**
 * A run stops claiming once it has spent this long, well inside the 150 s a function may run (at
 * Resend's two calls a second, 10,000 welcomes are about 50 s of calls). What is left stays owed:
 * the outbox drain posts this function again a minute later, and it goes on from there.
 */
export const WELCOME_BUDGET_MS = 90_000

export async function notify(
  db: Client,
  importId: string | null,
  actor: string | null,
  { limit = WELCOME_CLAIM, budgetMs = WELCOME_BUDGET_MS }: { limit?: number; budgetMs?: number } =
    {},
): Promise<{ notified: number; failed: number }> {
  let notified = 0
  let failed = 0
  const started = Date.now()
  for (let first = true;; first = false) {
    if (!first && Date.now() - started >= budgetMs) break
    const rows = must(
      await db.rpc('claim_import_welcomes', {
        ...(importId ? { p_import_id: importId } : {}),
        p_limit: limit,
      }),
    ) as Welcome[]
    if (rows.length === 0) break
    const { sent: went } = await sendManyAndLog(rows.map((w) => ({
      message: {
        to: w.email,
        ...welcomeEmail(w),
        tag: 'import-welcome',
        idempotencyKey: `import-welcome-${w.entry_id}`,
      },
      ctx: { entry_id: w.entry_id, site_id: w.site_id, sent_by: actor, via: FN },
    })))
    const sent = rows.filter((_, i) => went[i]).map((w) => Number(w.entry_id))
    const lost = rows.filter((_, i) => !went[i]).map((w) => Number(w.entry_id))
    must(
      await adminClientFor(FN, actor).rpc('finish_notifications', {
        p_kind: 'import_welcome',
        p_sent: sent,
        p_failed: lost,
      }),
    )
    notified += sent.length
    failed += lost.length
    if (rows.length < limit) break
  }
  return { notified, failed }
}

export const handler = serve(async (req) => {
  if (req.method !== 'POST') throw new HttpError(405, 'method_not_allowed', 'Use POST.')
  const b = bodySchema.parse(await readJson(req, z.record(z.unknown())))
  let db: Client
  let actor: string | null = null
  if (isServiceRole(req)) {
    db = adminClient()
  } else {
    await requireStaff(req)
    db = userClient(req)
    actor = (await authUser(req))?.id ?? null
  }
  // Without e-mail nothing is claimed: the welcomes stay owed until it is configured.
  requireProvider('email')
  return json(await notify(db, b.import_id ?? null, actor))
})
