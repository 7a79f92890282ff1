// /functions/v1/bookings: welcome slots and guided tours.
//
//   GET  ?site=<slug>            → { welcome_slots: [{ id, starts_at, duration_minutes, capacity, places_left }],
//                                    guided_tours: [{ id, starts_at, capacity, guide_name }] }   upcoming only
//   POST { type: 'welcome_slot', slot_id, name, email, phone? }
//   POST { type: 'guided_tour', tour_id, name, email, phone?, party_size (1–10), wants_membership? }
//     → 201 { created: true, reference, starts_at, location, confirmation_sent }
//       Capacity is enforced in the database under a row lock on the slot or tour, so two
//       bookings of the last place never both succeed: full → 409, already taken place → 409.
//       The same person booking the same welcome slot again → 200 { created: false } and their
//       reference is e-mailed again (not returned: it cancels the booking).
//   POST { action: 'cancel', type, reference } → 200 { cancelled: true } | 404
// Unknown slot, tour or site → 404; bad body → 400; database outage → 502.
import { z } from 'npm:zod@3'
import { must } from '../_shared/db.ts'
import { HttpError, notFound } from '../_shared/errors.ts'
import { json, readJson, serve } from '../_shared/http.ts'
import { sendAndLog } from '../_shared/notify.ts'
import { simpleEmail, siteUrl } from '../_shared/render.ts'
import { adminClient, authUser, userClient } from '../_shared/supabase.ts'

const name = z.string().trim().min(1, 'Required.').max(200)
const email = z.string().trim().toLowerCase().max(254).email('Enter a valid e-mail address.')
const phone = z.string().trim().regex(/^\+?[0-9 ()-]{6,20}$/, 'Enter a valid phone number.').nullish()
const id = z.number().int().positive()

export const bodySchema = z.union([
  z.object({ type: z.literal('welcome_slot'), slot_id: id, name, email, phone }).strict(),
  z.object({ type: z.literal('guided_tour'), tour_id: id, name, email, phone, party_size: z.number().int().min(1).max(10).default(1), wants_membership: z.boolean().default(false) }).strict(),
  z.object({ action: z.literal('cancel'), type: z.enum(['welcome_slot', 'guided_tour']), reference: z.string().regex(/^[0-9a-f]{32}$/, 'Not a reference.') }).strict(),
])

const when = (iso: string) => new Date(iso).toUTCString().replace(/:\d\d GMT$/, ' GMT')

async function list(req: Request, slug: string): Promise<Response> {
  const db = userClient(req)
  const site = must(await db.from('global_sites').select('id').eq('slug', slug).maybeSingle()) as { id: number } | null
  if (!site) throw notFound('Page not found')
  const now = new Date().toISOString()
  const [slots, tours] = await Promise.all([
    db.from('welcome_slots').select('id, starts_at, duration_minutes, capacity, booked_count').eq('site_id', site.id).gt('starts_at', now).order('starts_at'),
    db.from('guided_tours').select('id, starts_at, capacity, guide_name').eq('site_id', site.id).gt('starts_at', now).order('starts_at'),
  ])
  const welcome = must(slots) as { id: number; starts_at: string; duration_minutes: number; capacity: number; booked_count: number }[]
  return json({
    welcome_slots: welcome.map(({ booked_count, ...s }) => ({ ...s, places_left: s.capacity - booked_count })),
    guided_tours: must(tours),
  }, { headers: { 'cache-control': 'no-store' } })
}

export const handler = serve(async (req, url) => {
  if (req.method === 'GET') {
    const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/).max(100).safeParse(url.searchParams.get('site') ?? '')
    if (!slug.success) throw new HttpError(400, 'validation_failed', 'Some fields need attention.', [{ path: 'site', message: 'Not a site slug.' }])
    return await list(req, slug.data)
  }
  if (req.method !== 'POST') throw new HttpError(405, 'method_not_allowed', 'Use GET or POST.')
  const b = await readJson(req, bodySchema)
  const admin = adminClient()
  if ('action' in b) {
    const fn = b.type === 'welcome_slot' ? 'cancel_welcome_slot_booking' : 'cancel_guided_tour_booking'
    const ok = must(await admin.rpc(fn, { p_reference: b.reference }))
    if (!ok) throw notFound('No live booking has that reference.')
    return json({ cancelled: true })
  }
  const user = await authUser(req)
  let reference: string, startsAt: string, location: string, created = true
  if (b.type === 'welcome_slot') {
    const rows = must(await admin.rpc('book_welcome_slot', { p_slot_id: b.slot_id, p_name: b.name, p_email: b.email, p_phone: b.phone ?? null, p_user_id: user?.id ?? null })) as
      { reference: string; created: boolean; starts_at: string; location: string }[]
    ;({ reference, created, starts_at: startsAt, location } = rows[0]!)
  } else {
    const rows = must(await admin.rpc('book_guided_tour', {
      p_tour_id: b.tour_id, p_name: b.name, p_email: b.email, p_phone: b.phone ?? null, p_party_size: b.party_size, p_wants_membership: b.wants_membership, p_user_id: user?.id ?? null,
    })) as { reference: string; starts_at: string; location: string }[]
    ;({ reference, starts_at: startsAt, location } = rows[0]!)
  }
  const what = b.type === 'welcome_slot' ? 'welcome session' : 'guided tour'
  const page = b.type === 'welcome_slot' ? '/welcome-slot/success' : '/guided-tour/thank-you'
  const mail = simpleEmail([
    `Hello ${b.name},`,
    `${created ? 'You are booked' : 'You are already booked'} on a ${what} at ${location} on ${when(startsAt)}.`,
    `Your booking reference is ${reference}. Use the link below if you need to cancel.`,
  ], { text: 'See or cancel your booking', href: `${siteUrl()}${page}?reference=${reference}` })
  const { sent } = await sendAndLog({ to: b.email, subject: `Your ${what} at ${location}`, ...mail, tag: `${b.type.replace('_', '-')}-confirmation`, idempotencyKey: `booking-${reference}-${created}` })
  if (!created) return json({ created: false, starts_at: startsAt, location, confirmation_sent: sent })
  return json({ created: true, reference, starts_at: startsAt, location, confirmation_sent: sent }, { status: 201 })
})
