// /functions/v1/waiting-list-process: working a site's queue. POST { action, … }.
//
// Staff (admins, and the patch manager of that site; the database decides through
// can_work_site, so a patch manager of another site gets 403):
//   offer     { site_id, count (1–500), respond_days? (1–60, default 7), idempotency_key,
//             category_id?, plot_size? ('half' | 'full') }
//             Offers plots to the next `count` waiting applicants in queue order (of the category
//             and/or wanting the plot size, when given; offers passed on stay in them) (atomic, skip
//             locked: two processors at once never offer one applicant twice) and e-mails each
//             their accept and decline links. The same idempotency_key (or Idempotency-Key
//             header) returns the first result and offers nothing more.
//             → 200 { repeated, offers: [{ offer_id, entry_id, respond_by }], notified }
//   expire    { site_id? }  Expires offers past their deadline and offers each freed place to
//             the next applicant (e-mailed). Without site_id: every site (admins, or the service
//             role — the scheduled run: pg_cron + pg_net POSTing {"action":"expire"} with the
//             service key, e.g. hourly). Running it again changes nothing more.
//             → 200 { expired, offered: [offer_id] (the places passed on, told now), notified }
//   notify    { site_id? }  E-mails every live offer nobody has told yet (offers made from the
//             admin page through the RPC, or a send that failed): the offer outbox, also part
//             of every offer, expire and decline. → 200 { notified }
//   reconfirm { site_id?, respond_days? (7–90, default 30) }  Yearly "still interested?": asks
//             everyone waiting (or last confirmed) over a year ago who has no open request.
//             Without site_id: every site where somebody is due (admins, or the service role —
//             the daily pg_cron job `yearly-reconfirmation`). → 200 { requested, notified }
//   offer, notify and reconfirm need e-mail: without it (a deployment missing its secrets) they
//   answer 503 not_configured before changing anything.
//   remove_unconfirmed { site_id }  Removes applicants who did not answer by the deadline.
//             → 200 { removed }
//   extend    { offer_id, respond_by (ISO date-time), reason (1–500) }  Moves an open offer's
//             deadline later (at most 60 days away; recorded with who, when, old → new and why)
//             and e-mails the applicant the new deadline. → 200 { old_respond_by, new_respond_by,
//             notified }; a past date, over 60 days or a closed offer → 400, nothing changed.
//   notify_choices {}  Sends the mail owed about offers' choices (extensions, viewings, "keep your
//             place?" questions and the notices of places withdrawn unanswered); also part of
//             extend, book_viewing and accepting. The drain (pg_cron) posts it. → 200 { notified }
// Applicants (anon key; they hold only the token from their e-mail, on any device):
//   view      { token }  The offer as its link shows it → 200 { status, respond_by, first_name,
//             location, city, site: { slug, city_slug } | null, membership_status, setup_path };
//             404 for an unknown token.
//   respond   { token, accept }  Accept or decline an offer; a decline passes the place on (the
//             next applicant is e-mailed). Accepting e-mails the next step: the membership set-up
//             for that site, opened by the same token (setup_path in the answer too).
//             The same answer again → 200 { repeated: true }; a different one → 409.
//   confirm   { token }  "Still interested" → 200 { status: 'confirmed' | 'already_confirmed' }
//   The view also carries the offer's choices: decline_keeps_place (whether declining now keeps
//   the applicant's place), kept_place, viewing, slots (welcome slots before the deadline) and
//   extensions.
//   book_viewing   { token, slot_id }  Books a viewing on a welcome slot of the offer's site before
//             the deadline (one at a time) and e-mails a confirmation; a slot later than a day
//             before the deadline moves it to two days after the slot.
//             → 200 { booking_id, starts_at, respond_by, extended, notified }
//   cancel_viewing { token }  → 200 { cancelled }
//   keep_place_view { token }  "Keep your place at X?" → 200 { status, due_by, location,
//             accepted_location, first_name, entry_status }; 404 for an unknown token.
//   keep_place { token, keep }  Answers it: no withdraws that entry. → 200 { status }
// Every change is written by RPCs as the caller, so the audit log records who did it.
import { z } from 'npm:zod@3'
import { fullDateTime, weekdayDate } from '../_shared/common/dates.ts'
import { dbError, must } from '../_shared/db.ts'
import { forbidden, HttpError, unauthorized } from '../_shared/errors.ts'
import { json, readJson, serve } from '../_shared/http.ts'
import { sendAndLog } from '../_shared/notify.ts'
import { requireProvider } from '../_shared/providers/config.ts'
import { simpleEmail, siteUrl } from '../_shared/render.ts'
import {
  adminClient,
  adminClientFor,
  authUser,
  callerStaffRole,
  type Client,
  isServiceRole,
  tokenRole,
  userClient,
} from '../_shared/supabase.ts'

/** This function as the audit log names it when it writes for a member of staff. */
const FN = 'waiting-list-process'
const id = z.number().int().positive()
const token = z.string().regex(/^[0-9a-f]{32}$/, 'Not a token.')
const key = z.string().min(8, 'Use at least 8 characters.').max(200)

export const bodySchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('offer'),
    site_id: id,
    count: z.number().int().min(1).max(500),
    respond_days: z.number().int().min(1).max(60).default(7),
    idempotency_key: key.optional(),
    category_id: id.optional(),
    plot_size: z.enum(['half', 'full']).optional(),
  }).strict(),
  z.object({ action: z.literal('expire'), site_id: id.optional() }).strict(),
  z.object({ action: z.literal('notify'), site_id: id.optional() }).strict(),
  z.object({
    action: z.literal('reconfirm'),
    site_id: id.optional(),
    respond_days: z.number().int().min(7).max(90).default(30),
  }).strict(),
  z.object({ action: z.literal('remove_unconfirmed'), site_id: id }).strict(),
  z.object({ action: z.literal('view'), token }).strict(),
  z.object({ action: z.literal('respond'), token, accept: z.boolean() }).strict(),
  z.object({ action: z.literal('confirm'), token }).strict(),
  z.object({
    action: z.literal('extend'),
    offer_id: id,
    respond_by: z.string().datetime({
      offset: true,
      message: 'Give the new deadline as a date and time.',
    }),
    reason: z.string().trim().min(1, 'Give a reason.').max(500).refine(
      (v) => ![...v].some((c) => c < ' ' && c !== '\n' && c !== '\r' && c !== '\t'),
      'Use plain text.',
    ),
  }).strict(),
  z.object({ action: z.literal('notify_choices') }).strict(),
  z.object({ action: z.literal('book_viewing'), token, slot_id: id }).strict(),
  z.object({ action: z.literal('cancel_viewing'), token }).strict(),
  z.object({ action: z.literal('keep_place_view'), token }).strict(),
  z.object({ action: z.literal('keep_place'), token, keep: z.boolean() }).strict(),
])

/** Staff or the service role; the RPCs then decide which sites. */
async function requireWorker(req: Request): Promise<{ db: Client; actor: string | null }> {
  if (isServiceRole(req)) return { db: adminClient(), actor: null }
  const role = await callerStaffRole(req)
  if (!role && tokenRole(req) === 'authenticated') {
    throw forbidden('Your account has no staff role.')
  }
  if (!role) throw unauthorized('Sign in with a staff account to work the waiting list.')
  return { db: userClient(req), actor: (await authUser(req))?.id ?? null }
}

interface Recipient {
  offer_id: number
  token: string
  respond_by: string
  email: string
  first_name: string
  location: string
  site_id: number
  /** The plot offered, at a site with a plot register. */
  plot_number: string | null
  plot_size: 'half' | 'full' | null
  plot_size_m2: number | null
  plot_features: string[] | null
}

/** "Plot 7, a full plot of 250 m² near a tap": what the offer e-mail says about the plot. */
export function plotWords(
  r: Pick<Recipient, 'plot_number' | 'plot_size_m2' | 'plot_features'> & {
    plot_size: string | null
  },
): string {
  if (!r.plot_number) return ''
  const size = r.plot_size_m2
    ? `${r.plot_size} plot of ${Number(r.plot_size_m2)} m²`
    : `${r.plot_size} plot`
  const features = (r.plot_features ?? []).map((f) => f.replaceAll('_', ' '))
  const with_ = features.length > 0 ? ` (${features.join(', ')})` : ''
  return `Plot ${r.plot_number}, a ${size}${with_}`
}

const offerLink = (t: string, answer: 'accept' | 'decline') =>
  `${siteUrl()}/queue/ready?offer=${t}&answer=${answer}`
/** The offer page without a preset answer: view it, book a viewing, then answer. */
const offerPage = (t: string) => `${siteUrl()}/queue/ready?offer=${t}`
const keepPlaceLink = (t: string) => `${siteUrl()}/queue/keep-place?token=${t}`

/** An offer as its link shows it (plot_offer_by_token). */
interface OfferView {
  offer_id: number
  status: string
  respond_by: string
  responded_at: string | null
  first_name: string
  email: string
  location: string
  site_id: number | null
  city: string | null
  site_slug: string | null
  city_slug: string | null
  membership_status: string | null
  plot_number: string | null
  plot_size: string | null
  plot_size_m2: number | null
  plot_features: string[] | null
}

async function offerByToken(t: string): Promise<OfferView | null> {
  // The generator types a returned table's columns as never null: OfferView says which are.
  const rows: OfferView[] = must(await adminClient().rpc('plot_offer_by_token', { p_token: t }))
  return rows[0] ?? null
}

/** Where an accepted offer leads: the membership set-up for its site, opened by the same token. */
const setupPath = (o: OfferView, t: string) =>
  o.site_slug && o.city_slug ? `/sites/${o.city_slug}/${o.site_slug}/setup?offer=${t}` : null

/** The offer's choices (plot_offer_choices): the decline rule, the viewing, slots, extensions. */
interface OfferChoices {
  site_keeps_place: boolean
  decline_keeps_place: boolean
  kept_place: boolean
  viewing: { booking_id: number; starts_at: string; duration_minutes: number } | null
  slots: { id: number; starts_at: string; duration_minutes: number; places_left: number }[]
  extensions: {
    cause: string
    old_respond_by: string
    new_respond_by: string
    extended_at: string
  }[]
}

async function offerChoices(t: string): Promise<OfferChoices | null> {
  return must(await adminClient().rpc('plot_offer_choices', { p_token: t })) as OfferChoices | null
}

/** What the page shows; the applicant's e-mail stays out of it. */
const publicView = (o: OfferView, t: string, c: OfferChoices | null) => ({
  ...(c ?? {}),
  status: o.status,
  respond_by: o.respond_by,
  responded_at: o.responded_at,
  first_name: o.first_name,
  location: o.location,
  city: o.city,
  site: o.site_slug && o.city_slug ? { slug: o.site_slug, city_slug: o.city_slug } : null,
  membership_status: o.membership_status,
  plot: o.plot_number
    ? {
      number: o.plot_number,
      size: o.plot_size,
      size_m2: o.plot_size_m2 === null ? null : Number(o.plot_size_m2),
      features: o.plot_features ?? [],
      words: plotWords(o),
    }
    : null,
  setup_path: o.status === 'accepted' ? setupPath(o, t) : null,
})

/** Accepting is confirmed by e-mail with the next step, once per offer. */
async function confirmAccepted(o: OfferView, t: string): Promise<boolean> {
  const path = setupPath(o, t)
  const where = o.city ? `${o.location}, ${o.city}` : o.location
  const mail = simpleEmail([
    `Hello ${o.first_name},`,
    o.plot_number
      ? `Thank you: you have accepted plot ${o.plot_number} at ${where}. It is kept for you.`
      : `Thank you: you have accepted the plot at ${where}. It is kept for you.`,
    path
      ? 'Next step: set up your membership. Create your account (or sign in), choose your plan, and pay the refundable deposit, the joining fee and your first month. The link below works on any device.'
      : 'We will be in touch about setting up your membership.',
  ], path ? { text: 'Set up your membership', href: `${siteUrl()}${path}` } : undefined)
  const res = await sendAndLog({
    to: o.email,
    subject: `Your plot at ${o.location}: set up your membership`,
    ...mail,
    tag: 'offer-accepted',
    idempotencyKey: `offer-accepted-${o.offer_id}`,
  }, { site_id: o.site_id })
  return res.sent
}

/** The offer outbox: claims the live offers of a site (or all) nobody has e-mailed yet, e-mails
 *  each its accept and decline links, and records which went (failures are released for the
 *  next run). Offers made by any path are told exactly once. */
async function notifyOffers(
  db: Client,
  siteId: number | null,
  actor: string | null,
): Promise<{ notified: number; offers: number[] }> {
  const rows = must(await db.rpc('claim_offer_notifications', { p_site_id: siteId })) as Recipient[]
  const sent: number[] = []
  const failed: number[] = []
  for (const r of rows) {
    const by = weekdayDate(r.respond_by)
    const body = simpleEmail([
      `Hello ${r.first_name},`,
      r.plot_number
        ? `${
          plotWords(r)
        } at ${r.location}, is yours if you want it. Please answer by ${by}; after that it goes to the next person in the queue.`
        : `A plot at ${r.location} is yours if you want it. Please answer by ${by}; after that it goes to the next person in the queue.`,
      `Accept: ${offerLink(r.token, 'accept')}`,
      `Decline: ${offerLink(r.token, 'decline')}`,
      `Want to see the plot first? Book a viewing before you answer: ${offerPage(r.token)}`,
      'The links work on any device. Once you accept, the same link takes you to setting up your membership: your account, your plan, and the refundable deposit, joining fee and first month.',
    ])
    const res = await sendAndLog({
      to: r.email,
      subject: r.plot_number
        ? `Plot ${r.plot_number} is ready for you at ${r.location}`
        : `A plot is ready for you at ${r.location}`,
      ...body,
      tag: 'plot-offer',
      idempotencyKey: `offer-${r.offer_id}`,
    }, { site_id: r.site_id, sent_by: actor, via: FN })
    ;(res.sent ? sent : failed).push(Number(r.offer_id))
  }
  if (rows.length > 0) {
    must(
      await adminClientFor(FN, actor).rpc('finish_notifications', {
        p_kind: 'plot_offer',
        p_sent: sent,
        p_failed: failed,
      }),
    )
  }
  return { notified: sent.length, offers: rows.map((r) => Number(r.offer_id)) }
}

/** One notice owed about an offer's choices (claim_offer_choice_notices). */
interface ChoiceNotice {
  subject_id: number
  email: string
  first_name: string
  location: string
  site_id: number | null
  details: Record<string, string>
}

const CHOICE_KINDS = [
  'offer_extension',
  'offer_viewing',
  'keep_place_question',
  'keep_place_lapsed',
] as const
type ChoiceKind = (typeof CHOICE_KINDS)[number]

function choiceMail(
  kind: ChoiceKind,
  n: ChoiceNotice,
): { subject: string; mail: ReturnType<typeof simpleEmail> } {
  const d = n.details
  switch (kind) {
    case 'offer_extension':
      return {
        subject: `More time to answer: your plot offer at ${n.location}`,
        mail: simpleEmail([
          `Hello ${n.first_name},`,
          `We have given you more time to answer the offer of a plot at ${n.location}. Your new deadline is ${
            weekdayDate(d.new_respond_by!)
          } (it was ${weekdayDate(d.old_respond_by!)}).`,
          `Reason: ${d.reason}`,
          'The link below shows the offer, lets you book a viewing and answer, on any device.',
        ], { text: 'See your offer', href: offerPage(d.token!) }),
      }
    case 'offer_viewing':
      return {
        subject: `Your viewing at ${n.location} is booked`,
        mail: simpleEmail([
          `Hello ${n.first_name},`,
          `Your viewing of the plot at ${n.location} is booked for ${
            fullDateTime(d.starts_at!)
          } (${d.duration_minutes} minutes).`,
          `Please answer the offer by ${
            weekdayDate(d.respond_by!)
          }. You can cancel the viewing, accept or decline from the offer page.`,
        ], { text: 'See your offer', href: offerPage(d.token!) }),
      }
    case 'keep_place_question':
      return {
        subject: `Keep your place at ${n.location}?`,
        mail: simpleEmail([
          `Hello ${n.first_name},`,
          `Congratulations on your plot at ${d.accepted_location}. You are also on the waiting list for ${n.location}. Do you want to keep your place there?`,
          `Please answer by ${
            weekdayDate(d.due_by!)
          }. If we do not hear from you by then, we will take you off the list for ${n.location}.`,
        ], { text: `Answer: keep my place at ${n.location}?`, href: keepPlaceLink(d.token!) }),
      }
    case 'keep_place_lapsed':
      return {
        subject: `You have left the waiting list for ${n.location}`,
        mail: simpleEmail([
          `Hello ${n.first_name},`,
          `As you now have a plot at ${d.accepted_location} and did not tell us by ${
            weekdayDate(d.due_by!)
          } that you wanted to keep your place, we have taken you off the waiting list for ${n.location}.`,
          'If you would still like a plot there, you can join its waiting list again.',
        ]),
      }
  }
}

/** The outboxes of the offers' choices: claims what is owed of each kind, e-mails it, and records
 *  what went (failures are released for the next run). */
async function notifyChoices(actor: string | null): Promise<number> {
  const db = adminClientFor(FN, actor)
  let notified = 0
  for (const kind of CHOICE_KINDS) {
    const rows = must(
      await db.rpc('claim_offer_choice_notices', { p_kind: kind }),
    ) as ChoiceNotice[]
    const sent: number[] = []
    const failed: number[] = []
    for (const r of rows) {
      const { subject, mail } = choiceMail(kind, r)
      const res = await sendAndLog({
        to: r.email,
        subject,
        ...mail,
        tag: kind.replaceAll('_', '-'),
        idempotencyKey: `${kind}-${r.subject_id}-${JSON.stringify(r.details).length}-${
          r.details.new_respond_by ?? r.details.starts_at ?? r.details.token ?? ''
        }`,
      }, { site_id: r.site_id, sent_by: actor, via: FN })
      ;(res.sent ? sent : failed).push(Number(r.subject_id))
    }
    if (rows.length > 0) {
      must(await db.rpc('finish_notifications', { p_kind: kind, p_sent: sent, p_failed: failed }))
    }
    notified += sent.length
  }
  return notified
}

export const handler = serve(async (req) => {
  if (req.method !== 'POST') throw new HttpError(405, 'method_not_allowed', 'Use POST.')
  const raw = await readJson(req, z.record(z.unknown()))
  const headerKey = req.headers.get('idempotency-key')
  if (headerKey && raw.action === 'offer' && raw.idempotency_key === undefined) {
    raw.idempotency_key = headerKey
  }
  const b = bodySchema.parse(raw)

  switch (b.action) {
    case 'view': {
      const o = await offerByToken(b.token)
      if (!o) {
        throw new HttpError(
          404,
          'not_found',
          'This offer link is not valid: check you used the whole link from the e-mail.',
        )
      }
      return json(publicView(o, b.token, await offerChoices(b.token)))
    }
    case 'respond': {
      const offer = await offerByToken(b.token)
      const res = await userClient(req).rpc('respond_to_plot_offer', {
        p_token: b.token,
        p_accept: b.accept,
      })
      if (res.error) {
        const want = b.accept ? 'accepted' : 'declined'
        if (res.error.code === '22023' && offer?.status === want) {
          return json({
            status: want,
            repeated: true,
            notified: 0,
            setup_path: b.accept ? setupPath(offer, b.token) : null,
          })
        }
        throw dbError(res.error)
      }
      let notified = 0
      let confirmed = false
      if (!b.accept && offer?.site_id) {
        notified = (await notifyOffers(adminClient(), offer.site_id, null)).notified
      }
      if (b.accept && offer) {
        confirmed = await confirmAccepted({ ...offer, status: 'accepted' }, b.token)
        notified = await notifyChoices(null) // "keep your place?" to the applicant's other lists
      }
      return json({
        status: res.data,
        repeated: false,
        notified,
        confirmed,
        setup_path: b.accept && offer ? setupPath(offer, b.token) : null,
      })
    }
    case 'confirm': {
      const status = must(await adminClient().rpc('confirm_still_interested', { p_token: b.token }))
      return json({ status })
    }
    case 'offer': {
      const { db, actor } = await requireWorker(req)
      requireProvider('email') // nothing is offered or claimed that cannot be told: 503 first
      if (!b.idempotency_key) {
        throw new HttpError(400, 'validation_failed', 'Some fields need attention.', [{
          path: 'idempotency_key',
          message: 'Send an idempotency key so a retry cannot offer twice.',
        }])
      }
      const { repeated, offers } = must(
        await db.rpc('make_plot_offers_once', {
          p_key: b.idempotency_key,
          p_site_id: b.site_id,
          p_count: b.count,
          p_respond_days: b.respond_days,
          p_category_id: b.category_id ?? null,
          p_plot_size: b.plot_size ?? null,
        }),
      ) as {
        repeated: boolean
        offers: { offer_id: number; entry_id: number; respond_by: string }[]
      }
      const { notified } = await notifyOffers(db, b.site_id, actor)
      return json({ repeated, offers, notified })
    }
    case 'expire': {
      const { db, actor } = await requireWorker(req)
      const expired = must(await db.rpc('expire_plot_offers', { p_site_id: b.site_id ?? null }))
      const told = await notifyOffers(db, b.site_id ?? null, actor)
      return json({ expired, offered: told.offers, notified: told.notified })
    }
    case 'notify': {
      const { db, actor } = await requireWorker(req)
      requireProvider('email')
      return json({ notified: (await notifyOffers(db, b.site_id ?? null, actor)).notified })
    }
    case 'reconfirm': {
      const { db, actor } = await requireWorker(req)
      requireProvider('email') // nothing is offered or claimed that cannot be told: 503 first
      const sites = b.site_id
        ? [b.site_id]
        : must(await db.rpc('sites_due_reconfirmation')).map(Number)
      let requested = 0
      let notified = 0
      for (const siteId of sites) {
        const rows = must(
          await db.rpc('request_reconfirmations', {
            p_site_id: siteId,
            p_respond_days: b.respond_days,
          }),
        )
        requested += rows.length
        for (const r of rows) {
          const mail = simpleEmail([
            `Hello ${r.first_name},`,
            `You have been on the waiting list for ${r.location} for a while. Are you still interested in a plot?`,
            `If we do not hear from you by ${
              weekdayDate(r.due_by)
            }, we will take you off the list.`,
          ], {
            text: 'Yes, keep my place',
            href: `${siteUrl()}/queue/ready?still_interested=${r.token}`,
          })
          const res = await sendAndLog({
            to: r.email,
            subject: `Are you still waiting for a plot at ${r.location}?`,
            ...mail,
            tag: 'still-interested',
            idempotencyKey: `reconfirm-${r.token}`,
          }, { site_id: siteId, sent_by: actor, via: FN })
          if (res.sent) notified++
        }
      }
      return json({ requested, notified })
    }
    case 'extend': {
      const { db, actor } = await requireWorker(req)
      requireProvider('email') // nothing is changed that cannot be told: 503 first
      const res = must(
        await db.rpc('extend_plot_offer', {
          p_offer_id: b.offer_id,
          p_respond_by: b.respond_by,
          p_reason: b.reason,
        }),
      ) as { old_respond_by: string; new_respond_by: string }
      return json({ ...res, notified: await notifyChoices(actor) })
    }
    case 'notify_choices': {
      const { actor } = await requireWorker(req)
      requireProvider('email')
      return json({ notified: await notifyChoices(actor) })
    }
    case 'book_viewing': {
      requireProvider('email')
      const res = must(
        await adminClient().rpc('book_offer_viewing', { p_token: b.token, p_slot_id: b.slot_id }),
      ) as { booking_id: number; starts_at: string; respond_by: string; extended: boolean }
      return json({ ...res, notified: await notifyChoices(null) })
    }
    case 'cancel_viewing': {
      const cancelled = must(await adminClient().rpc('cancel_offer_viewing', { p_token: b.token }))
      return json({ cancelled })
    }
    case 'keep_place_view': {
      const q = must(await adminClient().rpc('keep_place_question', { p_token: b.token }))
      if (!q) {
        throw new HttpError(
          404,
          'not_found',
          'This link is not valid: check you used the whole link from the e-mail.',
        )
      }
      return json(q)
    }
    case 'keep_place': {
      const status = must(
        await adminClient().rpc('answer_keep_place', { p_token: b.token, p_keep: b.keep }),
      )
      return json({ status })
    }
    case 'remove_unconfirmed': {
      const { db } = await requireWorker(req)
      const removed = must(await db.rpc('remove_unconfirmed', { p_site_id: b.site_id }))
      return json({ removed })
    }
  }
})
