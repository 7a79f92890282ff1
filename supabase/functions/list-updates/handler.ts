// /functions/v1/list-updates: mail the waiting lists owe by themselves (verify_jwt off: the
// unsubscribe link is opened from an inbox, with no key at all).
//
// The scheduler (the service role key; the pg_cron drain posts when something is owed):
//   POST { action: 'monthly' }   The monthly update (kind monthly_update): claims each opted-in
//        applicant's snapshot of this month (claim_monthly_updates), e-mails where they are now,
//        where they were last month, the estimate and how it is worked out, with a link to their
//        status page and a one-click unsubscribe link; finish_notifications records what went and
//        releases what failed. → 200 { sent, failed }
//   POST { action: 'closures' }  A site closed (archive_site): each applicant whose place moved is
//        told where (their join date kept); each one withdrawn, and each pre-registration, is
//        told why. → 200 { sent, failed }
//   Anyone else → 401 (no key) or 403. E-mail not configured → 503 not_configured, nothing claimed.
// Applicants (no key; the private reference from their mail):
//   GET  /list-updates/unsubscribe?reference=<ref>  Turns the monthly update off and sends the
//        browser (303) to their status page, where the toggle shows it off. An unknown or closed
//        reference changes nothing and lands on the same page (which says it found nothing).
//   POST /list-updates/unsubscribe?reference=<ref>  The same for mail clients' one-click
//        unsubscribe (RFC 8058). → 200 { unsubscribed }
//   A malformed reference → 400.
import { z } from 'npm:zod@3'
import { must } from '../_shared/db.ts'
import { forbidden, HttpError, unauthorized } from '../_shared/errors.ts'
import { json, readJson, serve } from '../_shared/http.ts'
import { sendManyAndLog } from '../_shared/notify.ts'
import { requireProvider } from '../_shared/providers/config.ts'
import { renderEmail, simpleEmail, siteUrl } from '../_shared/render.ts'
import { adminClient, anonClient, isServiceRole } from '../_shared/supabase.ts'

export const bodySchema = z.object({ action: z.enum(['monthly', 'closures']) }).strict()
const reference = z.string().trim().toLowerCase().regex(/^[a-z0-9-]{8,100}$/, 'Not a reference.')

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st. */
export function ordinal(n: number): string {
  const tens = n % 100
  const suffix = tens >= 11 && tens <= 13
    ? 'th'
    : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th'
  return `${n}${suffix}`
}

const statusUrl = (ref: string) => `${siteUrl()}/queue/ready?reference=${encodeURIComponent(ref)}`
export const unsubscribeUrl = (ref: string) =>
  `${
    (Deno.env.get('SUPABASE_URL') ?? '').replace(/\/$/, '')
  }/functions/v1/list-updates/unsubscribe?reference=${encodeURIComponent(ref)}`

export interface MonthlyUpdate {
  entry_id: number
  period: string
  reference: string
  email: string
  first_name: string
  location: string
  site_id: number | null
  queue_position: number
  previous_position: number | null
  list_length: number
  estimated_wait_months: number | null
}

/** The words of one monthly update (plain sentences; the links are added by monthlyEmail). */
export function monthlyParagraphs(u: MonthlyUpdate): string[] {
  const now = ordinal(Number(u.queue_position))
  const prev = u.previous_position === null ? null : Number(u.previous_position)
  const moved = prev === null
    ? `You are ${now} on the waiting list for ${u.location}.`
    : prev > Number(u.queue_position)
    ? `You moved from ${
      ordinal(prev)
    } to ${now} on the waiting list for ${u.location} since last month.`
    : prev === Number(u.queue_position)
    ? `You are still ${now} on the waiting list for ${u.location}: nobody ahead of you was offered a plot this month.`
    : `You are ${now} on the waiting list for ${u.location} (${
      ordinal(prev)
    } last month): applicants who have waited longer than you were moved onto this list.`
  const months = u.estimated_wait_months === null ? null : Number(u.estimated_wait_months)
  const estimate = months === null
    ? 'We cannot estimate your wait yet: nobody on this list has been offered a plot in the last year.'
    : `Your estimated wait is now about ${Math.max(1, Math.round(months))} month${
      Math.max(1, Math.round(months)) === 1 ? '' : 's'
    }.`
  return [
    `Hello ${u.first_name},`,
    moved,
    `${estimate} There are ${u.list_length} people on the list.`,
    'How it is worked out: we count how many people on this list were offered a plot over the last year, and assume places keep coming up at that pace for the people ahead of you. It is an estimate, not a promise: plots come up when members leave.',
    'You get this update once a month because you asked for it. You can stop it at any time with the link at the end, or on your status page.',
  ]
}

/** The monthly update as an e-mail: the paragraphs, a link to the status page, and the
 *  unsubscribe link (both by the private reference, no sign-in). */
export function monthlyEmail(u: MonthlyUpdate): { html: string; text: string } {
  const link = (text: string, href: string) => ({
    type: 'paragraph',
    content: [{ type: 'text', text, marks: [{ type: 'link', attrs: { href } }] }],
  })
  return renderEmail({
    type: 'doc',
    content: [
      ...monthlyParagraphs(u).map((p) => ({
        type: 'paragraph',
        content: [{ type: 'text', text: p }],
      })),
      link('See your place on the list', statusUrl(u.reference)),
      link('Stop these monthly updates', unsubscribeUrl(u.reference)),
    ],
  }, {})
}

/**
 * How long one run goes on claiming more: a function may run 150 s, and a national round is tens
 * of thousands of mails. What is left stays owed, and the outbox drain's next tick (a minute on)
 * posts here again while any is.
 */
export const MONTHLY_BUDGET_MS = 90_000

export async function sendMonthly(
  { limit = 200, budgetMs = MONTHLY_BUDGET_MS }: { limit?: number; budgetMs?: number } = {},
): Promise<Response> {
  const db = adminClient()
  const sent: number[] = []
  const failed: number[] = []
  const started = Date.now()
  for (let first = true;; first = false) {
    if (!first && Date.now() - started >= budgetMs) break
    const rows = must(await db.rpc('claim_monthly_updates', { p_limit: limit })) as MonthlyUpdate[]
    if (rows.length === 0) break
    const { sent: went } = await sendManyAndLog(rows.map((u) => ({
      message: {
        to: u.email,
        subject: `Your place on the ${u.location} waiting list: ${
          ordinal(Number(u.queue_position))
        }`,
        ...monthlyEmail(u),
        tag: 'waiting-list-monthly-update',
        idempotencyKey: `monthly-update-${u.entry_id}-${u.period}`,
      },
      ctx: { entry_id: u.entry_id, site_id: u.site_id },
    })))
    const batchSent = rows.filter((_, i) => went[i]).map((u) => Number(u.entry_id))
    const batchFailed = rows.filter((_, i) => !went[i]).map((u) => Number(u.entry_id))
    must(
      await db.rpc('finish_notifications', {
        p_kind: 'monthly_update',
        p_sent: batchSent,
        p_failed: batchFailed,
      }),
    )
    sent.push(...batchSent)
    failed.push(...batchFailed)
    // A failed send is released and would be claimed again at once: leave it for the next run.
    if (batchFailed.length > 0) break
  }
  return json({ sent: sent.length, failed: failed.length })
}

export interface ClosureNotice {
  notice_id: number
  email: string
  first_name: string
  closed_location: string
  outcome: 'moved' | 'withdrawn'
  is_pre_registration: boolean
  moved_to_location: string | null
  reference: string | null
  reason: string | null
  site_id: number
}

/** The closure mail: subject and body for a moved entry, a withdrawn one, a pre-registration. */
export function closureEmail(n: ClosureNotice) {
  const reason = n.reason ? [`The reason: ${n.reason}`] : []
  if (n.outcome === 'moved' && n.reference) {
    return {
      subject: `${n.closed_location} has closed: your place moved to ${n.moved_to_location}`,
      ...simpleEmail([
        `Hello ${n.first_name},`,
        `${n.closed_location} has closed. Your place on its waiting list has moved to the list for ${n.moved_to_location}, keeping the date you joined, so you are placed among its applicants by how long you have waited.`,
        ...reason,
        'You do not need to do anything. If you would rather not wait for that site, you can leave its list from your status page.',
      ], { text: 'See your place on the list', href: statusUrl(n.reference) }),
    }
  }
  if (n.is_pre_registration) {
    return {
      subject: `${n.closed_location} will not open`,
      ...simpleEmail([
        `Hello ${n.first_name},`,
        `We are sorry: ${n.closed_location} will not open, so your pre-registration has been withdrawn.`,
        ...reason,
        'You can join the waiting list of another site near you.',
      ], { text: 'Find a site', href: `${siteUrl()}/sites` }),
    }
  }
  return {
    subject: `${n.closed_location} has closed`,
    ...simpleEmail([
      `Hello ${n.first_name},`,
      `We are sorry: ${n.closed_location} has closed, so its waiting list has ended and your place on it has been withdrawn.`,
      ...reason,
      'You can join the waiting list of another site near you.',
    ], { text: 'Find a site', href: `${siteUrl()}/sites` }),
  }
}

async function sendClosures(): Promise<Response> {
  const db = adminClient()
  const rows = must(
    await db.rpc('claim_site_closure_notices', { p_limit: 500 }),
  ) as ClosureNotice[]
  const { sent: went } = await sendManyAndLog(rows.map((n) => ({
    message: {
      to: n.email,
      ...closureEmail(n),
      tag: 'site-closure',
      idempotencyKey: `site-closure-${n.notice_id}`,
    },
    ctx: { site_id: n.site_id },
  })))
  const sent = rows.filter((_, i) => went[i]).map((n) => Number(n.notice_id))
  const failed = rows.filter((_, i) => !went[i]).map((n) => Number(n.notice_id))
  if (rows.length > 0) {
    must(await db.rpc('finish_site_closure_notices', { p_sent: sent, p_failed: failed }))
  }
  return json({ sent: sent.length, failed: failed.length })
}

async function unsubscribe(req: Request, url: URL): Promise<Response> {
  const parsed = reference.safeParse(url.searchParams.get('reference') ?? '')
  if (!parsed.success) {
    throw new HttpError(400, 'validation_failed', 'Some fields need attention.', [{
      path: 'reference',
      message: 'Not a reference.',
    }])
  }
  const ok = must(
    await anonClient().rpc('set_monthly_updates', { p_reference: parsed.data, p_on: false }),
  )
  if (req.method === 'POST') return json({ unsubscribed: ok })
  return new Response(null, {
    status: 303,
    headers: { location: statusUrl(parsed.data), 'cache-control': 'no-store' },
  })
}

export const handler = serve(async (req, url) => {
  if (url.pathname.replace(/\/$/, '').endsWith('/list-updates/unsubscribe')) {
    if (req.method !== 'GET' && req.method !== 'POST') {
      throw new HttpError(405, 'method_not_allowed', 'Use GET or POST.')
    }
    return await unsubscribe(req, url)
  }
  if (req.method !== 'POST') throw new HttpError(405, 'method_not_allowed', 'Use POST.')
  if (!isServiceRole(req)) {
    throw (req.headers.get('authorization') ? forbidden() : unauthorized())
  }
  const b = await readJson(req, bodySchema)
  requireProvider('email') // 503 before anything is claimed
  return b.action === 'monthly' ? await sendMonthly() : await sendClosures()
})
