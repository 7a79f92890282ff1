// /functions/v1/plot-inspections: plot inspections sent from a phone, and the mail they owe
// (migration 20250121000300_inspections.sql decides everything; this function sends the e-mails).
//
//   POST { action: 'record', id, plot_id, score, note?, photos?, inspected_at? }  staff (their JWT)
//     → 201 { inspection } the first time, 200 { inspection } with repeated: true when the same id
//     comes again (a phone resending after a lost answer): recorded exactly once, as the caller,
//     by record_inspection, which checks the site. The photos are already in bucket
//     inspection-photos at <site id>/<id>/<n>.<ext>. Then the member's e-mail (a warning with its
//     deadline, a notice to quit, a cleared warning) goes at once. Another site's plot 403; a
//     wrong score, note or photo name 400; no such plot 404.
//   POST { action: 'notify' }  the scheduler (service role key) or admins → 200 { notified }:
//     sends whatever is still owed (a failed send is retried by the next drain).
//   POST { action: 'sweep' }  the scheduler only (service role key; pg_cron's
//     `sweep-inspection-photos`, daily) → 200 { removed, failed }: removes through the Storage
//     API the photos past their time (public.expired_inspection_photos: 24 months after the
//     inspection, or 31 days after an upload no inspection names) and takes the removed names off
//     their inspections. What Storage refuses stays named, for the next run. Anyone else 401/403.
// A notice to quit also tells the payment provider to end the subscription the day after the
// notice ends, as a suspension for arrears does (payments/billing.ts), with the notice's id as
// the idempotency key.
import { z } from 'npm:zod@3'
import { longDate } from '../_shared/common/dates.ts'
import { MAX_SCORE, scoreWords, whatToDo } from '../_shared/common/inspection-scale.ts'
import { ADMIN_ROLES } from '../_shared/common/roles.ts'
import { must } from '../_shared/db.ts'
import { forbidden, HttpError, unauthorized } from '../_shared/errors.ts'
import { json, readJson, serve } from '../_shared/http.ts'
import { sendAndLog } from '../_shared/notify.ts'
import { SWEEP_BATCH, sweepBucket } from '../_shared/sweep.ts'
import { requireProvider } from '../_shared/providers/config.ts'
import { paymentProvider } from '../_shared/providers/payments.ts'
import { simpleEmail, siteUrl } from '../_shared/render.ts'
import {
  adminClient,
  authUser,
  isServiceRole,
  requireStaff,
  userClient,
} from '../_shared/supabase.ts'

const uuid = z.string().regex(
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
  'An inspection id is a UUID in lower case.',
)

export const bodySchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('record'),
    id: uuid,
    plot_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    score: z.number().int('A score is a whole number from 0 to 5.').min(0).max(MAX_SCORE),
    note: z.string().max(2000, 'A note is at most 2,000 characters.').nullish(),
    photos: z.array(
      z.string().regex(
        /^[1-9][0-9]{0,17}\/[0-9a-f-]{36}\/[0-9]{1,2}\.(jpg|png|webp|heic)$/,
        'A photo is named <site id>/<inspection id>/<n>.<ext>.',
      ),
    ).max(6, 'An inspection has at most 6 photos.').default([]),
    inspected_at: z.string().datetime({ offset: true }).nullish(),
  }).strict(),
  z.object({ action: z.literal('notify') }).strict(),
  z.object({ action: z.literal('sweep') }).strict(),
])

/** A notice as claim_inspection_notices hands it over. */
export interface Notice {
  id: number
  kind: 'warning' | 'notice' | 'cleared'
  inspection_id: string
  membership_id: number
  email: string
  first_name: string | null
  location: string
  city: string
  plot_number: string
  score: number
  pass_mark: number
  note: string | null
  inspected_at: string
  warning_deadline: string | null
  notice_ends_on: string | null
  ends_on: string | null
  subscription_ref: string | null
}

const FN = 'plot-inspections'

/** 12 March 2026, as the UK reads it (a calendar day or a time). */
export const ukDay = (d: string) => longDate(d)

const nextDay = (d: string) => {
  const t = new Date(`${d}T00:00:00Z`)
  t.setUTCDate(t.getUTCDate() + 1)
  return t.toISOString().slice(0, 10)
}

/** The mail of one notice: every one links to /members, where the inspection and a reply form are. */
export function message(n: Notice) {
  const hello = `Hello ${n.first_name ?? 'there'},`
  const where = `plot ${n.plot_number} at ${n.location}, ${n.city}`
  const seen = `We inspected ${where} on ${ukDay(n.inspected_at)} and scored its cultivation ${
    scoreWords(n.score)
  }; the pass mark is ${n.pass_mark}.`
  const note = n.note ? [`The inspector noted: "${n.note}"`] : []
  const link = { text: 'See the inspection and reply', href: `${siteUrl()}/members` }
  if (n.kind === 'warning') {
    return {
      subject: `Inspection of plot ${n.plot_number}: a warning, with what to do by ${
        ukDay(n.warning_deadline ?? n.inspected_at)
      }`,
      ...simpleEmail([
        hello,
        seen,
        ...note,
        `This is a written warning under your subscription agreement. What to do: ${
          whatToDo(n.pass_mark)
        } Please do this by ${ukDay(n.warning_deadline ?? n.inspected_at)}.`,
        'A passing inspection closes this warning. If the plot still scores below the pass mark at an inspection after that date, we will give you notice to quit and your membership will end one month later.',
        'If something is making it hard to keep up (health, family, time), reply on your membership page or to this e-mail: your patch manager would much rather help than lose you.',
      ], link),
      tag: 'inspection-warning',
    }
  }
  if (n.kind === 'notice') {
    return {
      subject: `Notice to quit plot ${n.plot_number}`,
      ...simpleEmail([
        hello,
        seen,
        ...note,
        `We wrote to you with a warning and a deadline of ${
          ukDay(n.warning_deadline ?? n.inspected_at)
        }. As the plot still scores below the pass mark after that date, this is your notice to quit, under your subscription agreement.`,
        `Your membership ends on ${
          ukDay(n.ends_on ?? n.notice_ends_on ?? n.inspected_at)
        }. Until then the plot is yours: please take home your belongings and leave it clear. There is nothing more to pay after that date.`,
        'If you think this is wrong, reply on your membership page or to this e-mail and your patch manager will talk it through with you.',
      ], link),
      tag: 'inspection-notice',
    }
  }
  return {
    subject: `Inspection of plot ${n.plot_number}: your warning is closed`,
    ...simpleEmail([
      hello,
      `${seen} Thank you: that passes, so the warning we gave you is closed.`,
      'Keep it up, and happy growing!',
    ], link),
    tag: 'inspection-cleared',
  }
}

/** A notice to quit ends the subscription the day after the notice ends (as a suspension does). */
async function tellProvider(n: Notice) {
  const ends = n.ends_on ?? n.notice_ends_on
  if (n.kind !== 'notice' || !n.subscription_ref || !ends) return
  try {
    await paymentProvider().cancelSubscriptionAt({
      idempotencyKey: `inspection-notice-${n.id}`,
      subscriptionRef: n.subscription_ref,
      cancelOn: nextDay(ends),
      metadata: { membership_id: String(n.membership_id), reason: 'notice_to_quit' },
    })
  } catch (e) {
    // The e-mail still goes and the notice is not repeated, so say so loudly.
    console.error(
      `[plot-inspections] notice to quit, membership ${n.membership_id}: the provider was not told: ${
        (e as Error).message
      }`,
    )
  }
}

/** Sends the notices owed, once each (a failed one is released for the next drain). */
async function deliver(actor: string | null): Promise<number> {
  const admin = adminClient()
  const rows = must(await admin.rpc('claim_inspection_notices')) as Notice[]
  const sent: number[] = []
  const failed: number[] = []
  for (const n of rows) {
    await tellProvider(n)
    const m = { to: n.email, ...message(n), idempotencyKey: `inspection-${n.id}` }
    const { sent: ok } = await sendAndLog(m, { sent_by: actor, via: actor ? FN : undefined })
    ;(ok ? sent : failed).push(Number(n.id))
  }
  if (rows.length > 0) {
    must(await admin.rpc('finish_inspection_notices', { p_sent: sent, p_failed: failed }))
  }
  return sent.length
}

/** Removes the photos past their time, then the removed names from their inspections. */
function sweep() {
  const admin = adminClient()
  return sweepBucket(
    admin,
    'inspection-photos',
    async () => must(await admin.rpc('expired_inspection_photos', { p_limit: SWEEP_BATCH })),
    async (names) => {
      must(await admin.rpc('forget_inspection_photos', { p_names: names }))
    },
  )
}

export const handler = serve(async (req) => {
  if (req.method !== 'POST') throw new HttpError(405, 'method_not_allowed', 'Use POST.')
  const b = await readJson(req, bodySchema)
  if (b.action === 'sweep') {
    if (!isServiceRole(req)) throw (req.headers.get('authorization') ? forbidden() : unauthorized())
    return json(await sweep())
  }
  if (b.action === 'notify') {
    const scheduler = isServiceRole(req)
    if (!scheduler) await requireStaff(req, ADMIN_ROLES)
    requireProvider('email')
    const actor = scheduler ? null : (await authUser(req))?.id ?? null
    return json({ notified: await deliver(actor) })
  }
  await requireStaff(req)
  // The inspection is recorded whatever happens to the mail: a failed send is retried by the drain.
  const inspection = must(
    await userClient(req).rpc('record_inspection', {
      p_id: b.id,
      p_plot_id: b.plot_id,
      p_score: b.score,
      p_note: b.note ?? undefined,
      p_photos: b.photos,
      p_inspected_at: b.inspected_at ?? undefined,
    }),
  ) as { repeated: boolean }
  try {
    await deliver(null)
  } catch (e) {
    console.error('[plot-inspections] mail not sent now, left for the drain:', (e as Error).message)
  }
  return json({ inspection }, { status: inspection.repeated ? 200 : 201 })
})
