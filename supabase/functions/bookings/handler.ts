// /functions/v1/bookings: welcome slots and guided tours.
//
//   GET  ?site=<slug>            → { welcome_slots: [{ id, starts_at, duration_minutes, capacity, places_left }],
//                                    guided_tours: [{ id, starts_at, capacity, guide_name }] }   upcoming only,
//                                    cancelled slots left out
//   POST { type: 'welcome_slot', slot_id, name, email, phone? }
//   POST { type: 'guided_tour', tour_id, name, email, phone?, party_size (1–10), wants_membership? }
//     → 201 { created: true, reference, starts_at, location, confirmation_sent }
//       Capacity is enforced in the database under a row lock on the slot or tour, so two
//       bookings of the last place never both succeed: full → 409, already taken place → 409.
//       The same person booking the same welcome slot again → 200 { created: false } and their
//       reference is e-mailed again (not returned: it cancels the booking).
//   POST { action: 'cancel', type, reference } → 200 { cancelled: true } | 404
// Admins (signed in; patch managers and members → 403, no session → 401):
//   POST { action: 'cancel_slot', slot_id, reason? (≤ 500) }
//     → 200 { cancelled, bookings_cancelled, notified }   The slot and every live booking on it
//       are cancelled and each guest is e-mailed why, with a link to book another time. Again
//       → cancelled: false and nobody is told twice (the notices are an outbox; a failed send
//       is retried by the next cancel of that slot or booking).
//   POST { action: 'cancel_booking', booking_id } → 200 { cancelled, notified }   One booking;
//       that guest is e-mailed.
//   Both run the RPCs as the caller, so the audit log names who cancelled. A past slot → 409.
//   POST { action: 'notify' } → 200 { notified }   Tells every guest of a staff cancellation who
//       has not been told (a send that failed earlier): the cancellation outbox of every slot.
//       Admins, or the service role (the pg_cron job `drain-notification-outboxes`).
// Unknown slot, tour, booking or site → 404; bad body → 400; database outage → 502. Booking or a
// staff cancellation while e-mail is not configured → 503 not_configured, nothing written (the
// list and a guest's own cancel keep working).
import { z } from 'npm:zod@3'
import { fullDateTime } from '../_shared/common/dates.ts'
import { must } from '../_shared/db.ts'
import { HttpError, notFound } from '../_shared/errors.ts'
import { json, readJson, serve } from '../_shared/http.ts'
import { sendAndLog } from '../_shared/notify.ts'
import { requireProvider } from '../_shared/providers/config.ts'
import { takeQuotas } from '../_shared/quota.ts'
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
import { ADMIN_ROLES } from '../_shared/common/roles.ts'
import { PHONE_PATTERN } from '../_shared/common/phone.ts'

const name = z.string().trim().min(1, 'Required.').max(200)
const email = z.string().trim().toLowerCase().max(254).email('Enter a valid e-mail address.')
const phone = z.string().trim().regex(PHONE_PATTERN, 'Enter a valid phone number.').nullish()
const id = z.number().int().positive()

export const bodySchema = z.union([
  z.object({ type: z.literal('welcome_slot'), slot_id: id, name, email, phone }).strict(),
  z.object({
    type: z.literal('guided_tour'),
    tour_id: id,
    name,
    email,
    phone,
    party_size: z.number().int().min(1).max(10).default(1),
    wants_membership: z.boolean().default(false),
  }).strict(),
  z.object({
    action: z.literal('cancel'),
    type: z.enum(['welcome_slot', 'guided_tour']),
    reference: z.string().regex(/^[0-9a-f]{32}$/, 'Not a reference.'),
  }).strict(),
  z.object({
    action: z.literal('cancel_slot'),
    slot_id: id,
    reason: z.string().trim().max(500, 'At most 500 characters.').nullish(),
  }).strict(),
  z.object({ action: z.literal('cancel_booking'), booking_id: id }).strict(),
  z.object({ action: z.literal('notify') }).strict(),
])

/** Bookings one connection may make an hour, and places on one tour it may take in a day. */
const BOOKINGS_PER_HOUR = 10
const TOUR_PLACES_PER_CONNECTION = 10

async function list(req: Request, slug: string): Promise<Response> {
  const db = userClient(req)
  const site = must(await db.from('global_sites').select('id').eq('slug', slug).maybeSingle())
  if (!site) throw notFound('Page not found')
  const now = new Date().toISOString()
  const [slots, tours] = await Promise.all([
    db.from('welcome_slots').select('id, starts_at, duration_minutes, capacity, booked_count').eq(
      'site_id',
      site.id,
    ).gt('starts_at', now).is('cancelled_at', null).order('starts_at'),
    db.from('guided_tours').select('id, starts_at, capacity, guide_name').eq('site_id', site.id).gt(
      'starts_at',
      now,
    ).order('starts_at'),
  ])
  const welcome = must(slots)
  return json({
    welcome_slots: welcome.map(({ booked_count, ...s }) => ({
      ...s,
      places_left: s.capacity - booked_count,
    })),
    guided_tours: must(tours),
  }, { headers: { 'cache-control': 'no-store' } })
}

interface Notice {
  booking_id: number
  name: string
  email: string
  starts_at: string
  location: string
  site_id: number
  slot_cancelled: boolean
  cancel_reason: string | null
}

/** The cancellation outbox of one slot: claims the bookings staff cancelled that nobody has told
 *  yet, e-mails each guest, and records which went (failures are released for the next run). The
 *  service-role writes name the admin who asked (`actor`) and this function in the audit log. */
async function notifyCancellations(
  db: Client,
  slotId: number,
  actor: string | null,
): Promise<number> {
  const rows = must(
    await db.rpc('claim_welcome_slot_cancellation_notices', { p_slot_id: slotId }),
  ) as Notice[]
  const sent: number[] = []
  const failed: number[] = []
  for (const r of rows) {
    const mail = simpleEmail([
      `Hello ${r.name},`,
      r.slot_cancelled
        ? `We are sorry: the welcome session at ${r.location} on ${
          fullDateTime(r.starts_at)
        } has been cancelled, so your place on it is cancelled too.`
        : `We are sorry: your place on the welcome session at ${r.location} on ${
          fullDateTime(r.starts_at)
        } has been cancelled by our team.`,
      ...(r.slot_cancelled && r.cancel_reason ? [`The reason: ${r.cancel_reason}`] : []),
      'You can book another time at the link below. Reply to this e-mail if you have any questions.',
    ], { text: 'Book another welcome session', href: `${siteUrl()}/welcome-slot` })
    const res = await sendAndLog(
      {
        to: r.email,
        subject: `Your welcome session at ${r.location} is cancelled`,
        ...mail,
        tag: 'welcome-slot-cancellation',
        idempotencyKey: `welcome-slot-cancel-${r.booking_id}`,
      },
      { site_id: r.site_id, sent_by: actor, via: 'bookings' },
    )
    ;(res.sent ? sent : failed).push(Number(r.booking_id))
  }
  if (rows.length > 0) {
    must(
      await adminClientFor('bookings', actor).rpc('finish_notifications', {
        p_kind: 'welcome_slot_cancellation',
        p_sent: sent,
        p_failed: failed,
      }),
    )
  }
  return sent.length
}

/** The cancellation outbox of every slot: admins, or the scheduler with the service role key. */
async function notifyAll(req: Request): Promise<Response> {
  const scheduler = isServiceRole(req)
  if (!scheduler) await requireStaff(req, ADMIN_ROLES)
  requireProvider('email')
  const db = scheduler ? adminClient() : userClient(req)
  const actor = scheduler ? null : (await authUser(req))?.id ?? null
  let notified = 0
  for (const slotId of must(await db.rpc('slots_with_untold_cancellations'))) {
    notified += await notifyCancellations(db, Number(slotId), actor)
  }
  return json({ notified })
}

/** Staff cancellations: an admin, then the RPC as the caller (the audit log names them). */
async function staffCancel(
  req: Request,
  b: { action: 'cancel_slot'; slot_id: number; reason?: string | null } | {
    action: 'cancel_booking'
    booking_id: number
  },
): Promise<Response> {
  await requireStaff(req, ADMIN_ROLES)
  requireProvider('email') // the guests are told: 503 before anything is cancelled
  const db = userClient(req)
  const actor = (await authUser(req))?.id ?? null
  if (b.action === 'cancel_slot') {
    const [r] = must(
      await db.rpc('cancel_welcome_slot', { p_slot_id: b.slot_id, p_reason: b.reason ?? null }),
    )
    const notified = await notifyCancellations(db, b.slot_id, actor)
    return json({ cancelled: r!.cancelled, bookings_cancelled: r!.bookings_cancelled, notified })
  }
  const cancelled = must(
    await db.rpc('cancel_welcome_slot_booking_as_staff', { p_booking_id: b.booking_id }),
  )
  const booking = must(
    await db.from('welcome_slot_bookings').select('slot_id').eq('id', b.booking_id).single(),
  )
  const notified = await notifyCancellations(db, booking.slot_id, actor)
  return json({ cancelled, notified })
}

export const handler = serve(async (req, url) => {
  if (req.method === 'GET') {
    const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/).max(100).safeParse(
      url.searchParams.get('site') ?? '',
    )
    if (!slug.success) {
      throw new HttpError(400, 'validation_failed', 'Some fields need attention.', [{
        path: 'site',
        message: 'Not a site slug.',
      }])
    }
    return await list(req, slug.data)
  }
  if (req.method !== 'POST') throw new HttpError(405, 'method_not_allowed', 'Use GET or POST.')
  const b = await readJson(req, bodySchema)
  if ('action' in b && b.action === 'notify') return await notifyAll(req)
  if ('action' in b && b.action !== 'cancel') return await staffCancel(req, b)
  const admin = adminClient()
  if ('action' in b) {
    const fn = b.type === 'welcome_slot'
      ? 'cancel_welcome_slot_booking'
      : 'cancel_guided_tour_booking'
    const ok = must(await admin.rpc(fn, { p_reference: b.reference }))
    if (!ok) throw notFound('No live booking has that reference.')
    return json({ cancelled: true })
  }
  requireProvider('email') // the confirmation carries the reference: 503 before anything is booked
  // One connection cannot fill a tour or flood the slots with throwaway addresses.
  await takeQuotas(req, [
    {
      action: 'bookings',
      max: BOOKINGS_PER_HOUR,
      windowSeconds: 3600,
      message: 'Too many bookings from your connection: please try again in an hour.',
    },
    ...(b.type === 'guided_tour'
      ? [{
        action: `guided_tour:${b.tour_id}`,
        amount: b.party_size,
        max: TOUR_PLACES_PER_CONNECTION,
        windowSeconds: 86_400,
        message:
          `At most ${TOUR_PLACES_PER_CONNECTION} places on one tour can be booked from one connection: call us for a bigger group.`,
      }]
      : []),
  ])
  const user = await authUser(req)
  let reference: string, startsAt: string, location: string, created = true
  if (b.type === 'welcome_slot') {
    const rows = must(
      await admin.rpc('book_welcome_slot', {
        p_slot_id: b.slot_id,
        p_name: b.name,
        p_email: b.email,
        p_phone: b.phone ?? null,
        p_user_id: user?.id ?? null,
      }),
    )
    ;({ reference, created, starts_at: startsAt, location } = rows[0]!)
  } else {
    const rows = must(
      await admin.rpc('book_guided_tour', {
        p_tour_id: b.tour_id,
        p_name: b.name,
        p_email: b.email,
        p_phone: b.phone ?? null,
        p_party_size: b.party_size,
        p_wants_membership: b.wants_membership,
        p_user_id: user?.id ?? null,
      }),
    )
    ;({ reference, starts_at: startsAt, location } = rows[0]!)
  }
  // A repeat booking greets by the stored name: nobody puts their words in another's inbox.
  const greeting = created ? b.name : must(
    await admin.from('welcome_slot_bookings').select('name').eq('reference', reference).single(),
  ).name
  const what = b.type === 'welcome_slot' ? 'welcome session' : 'guided tour'
  const page = b.type === 'welcome_slot' ? '/welcome-slot/success' : '/guided-tour/thank-you'
  const mail = simpleEmail([
    `Hello ${greeting},`,
    `${created ? 'You are booked' : 'You are already booked'} on a ${what} at ${location} on ${
      fullDateTime(startsAt)
    }.`,
    `Your booking reference is ${reference}. Use the link below if you need to cancel.`,
  ], { text: 'See or cancel your booking', href: `${siteUrl()}${page}?reference=${reference}` })
  const { sent } = await sendAndLog({
    to: b.email,
    subject: `Your ${what} at ${location}`,
    ...mail,
    tag: `${b.type.replace('_', '-')}-confirmation`,
    idempotencyKey: `booking-${reference}-${created}`,
  })
  if (!created) {
    return json({ created: false, starts_at: startsAt, location, confirmation_sent: sent })
  }
  return json(
    { created: true, reference, starts_at: startsAt, location, confirmation_sent: sent },
    { status: 201 },
  )
})
