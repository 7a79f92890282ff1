// /functions/v1/waiting-list: the public queue forms and the applicant's own view.
//
//   POST { kind: 'waiting_list', site: <slug>, ...person }        join an open or active site's list
//   POST { kind: 'pre_registration', site: <slug>, ...person }    pre-register for an upcoming site
//   POST { kind: 'general', location: <place>, ...person }        a waiting-list-only place
//     person = { first_name, last_name, email, phone?, postcode?, category_id?, consent_privacy: true,
//                consent_marketing?, monthly_updates? (a waiting-list join: a monthly e-mail with the
//                applicant's place, off unless asked for; list-updates sends it) }
//     → 202 { kind, location, confirmation_sent }, the same whether the address is new to that list
//       or already live on it (e-mail, case-insensitive): the answer must not tell whoever typed an
//       address that its owner is on a list. A new entry's e-mail carries its private reference and
//       the link to the position page; a repeated join makes no second entry and e-mails the
//       existing reference again. Only the inbox owner learns which it was, and the reference.
//   GET  ?reference=<ref>           → 200 { kind: 'waiting_list', reference, location, site_id, status,
//                                    joined_at, queue_position, list_length, moved_last_year,
//                                    estimated_wait_months, offer_respond_by, offer_token, has_open_offer }
//                                  | { kind: 'pre_registration', reference, site_id, location, status, created_at }
//   POST { action: 'withdraw', reference } → 200 { withdrawn: true }
//
// Errors: bad body 400; unknown site or place, or unknown reference 404 ('Page not found' for a
// site, the not-found page's words); a site not taking that kind of sign-up 409 (an archived
// site: site_closed); database outage 502; joining while e-mail is not configured 503
// not_configured (nothing written; the position and withdraw keep working).
import { z } from 'npm:zod@3'
import { WAITING_LIST_PLACE_NAMES as WAITING_LIST_ONLY_PLACES } from '../_shared/common/catalogue.ts'
import { must } from '../_shared/db.ts'
import { HttpError, notFound } from '../_shared/errors.ts'
import { json, readJson, serve } from '../_shared/http.ts'
import { sendAndLog } from '../_shared/notify.ts'
import { requireProvider } from '../_shared/providers/config.ts'
import { simpleEmail, siteUrl } from '../_shared/render.ts'
import { adminClient, userClient } from '../_shared/supabase.ts'
import { PHONE_PATTERN } from '../_shared/common/phone.ts'

const trimmed = (max: number) =>
  z.string().trim().min(1, 'Required.').max(max, `Use at most ${max} characters.`)
const person = {
  first_name: trimmed(100),
  last_name: trimmed(100),
  email: z.string().trim().max(254).email('Enter a valid e-mail address.'),
  phone: z.string().trim().regex(PHONE_PATTERN, 'Enter a valid phone number.').nullish(),
  postcode: z.string().trim().regex(
    /^[a-z]{1,2}[0-9][a-z0-9]? ?[0-9][a-z]{2}$/i,
    'Enter a valid UK postcode.',
  ).nullish(),
  category_id: z.number().int().positive().nullish(),
  consent_privacy: z.literal(true, {
    errorMap: () => ({ message: 'Please accept the privacy notice to join.' }),
  }),
  consent_marketing: z.boolean().default(false),
  monthly_updates: z.boolean().default(false),
}
const slug = z.string().trim().toLowerCase().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Not a site slug.')
  .max(100)

export const bodySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('waiting_list'), site: slug, ...person }).strict(),
  z.object({ kind: z.literal('pre_registration'), site: slug, ...person }).strict(),
  z.object({ kind: z.literal('general'), location: trimmed(200), ...person }).strict(),
])
const withdrawSchema = z.object({
  action: z.literal('withdraw'),
  reference: z.string().regex(/^[a-z0-9-]{8,100}$/),
}).strict()
const referenceSchema = z.string().regex(/^[a-z0-9-]{8,100}$/, 'Not a reference.')

type Join = z.infer<typeof bodySchema>

async function siteBySlug(req: Request, s: string) {
  const site = must(
    await userClient(req).from('global_sites').select('id, slug, location, status, archived_at').eq(
      'slug',
      s,
    ).maybeSingle(),
  )
  if (!site) throw new HttpError(404, 'not_found', 'Page not found', { site: s })
  if (site.archived_at) {
    throw new HttpError(409, 'site_closed', 'This site has closed.', { site: s })
  }
  return site as { id: number; slug: string; location: string; status: string | null }
}

const positionUrl = (ref: string) => `${siteUrl()}/queue/ready?reference=${encodeURIComponent(ref)}`
const preregUrl = (ref: string) =>
  `${siteUrl()}/prereg/success?reference=${encodeURIComponent(ref)}`

async function join(req: Request, b: Join): Promise<Response> {
  const admin = adminClient()
  let location: string
  let siteId: number | null = null
  let reference: string
  let created: boolean
  if (b.kind === 'general') {
    const place = WAITING_LIST_ONLY_PLACES.find((p) => p.toLowerCase() === b.location.toLowerCase())
    if (!place) {
      throw new HttpError(
        404,
        'not_found',
        'Unknown place: choose one of the waiting-list places.',
        { places: WAITING_LIST_ONLY_PLACES },
      )
    }
    location = place
  } else {
    const site = await siteBySlug(req, b.site)
    const status = site.status ?? 'upcoming'
    if (b.kind === 'waiting_list' && status === 'upcoming') {
      throw new HttpError(
        409,
        'site_not_open',
        'This site is not open yet: pre-register instead.',
        { pre_register: `/prereg/${site.slug}/signup` },
      )
    }
    if (b.kind === 'pre_registration' && status !== 'upcoming') {
      throw new HttpError(409, 'site_open', 'This site is open: join its waiting list instead.', {
        site: site.slug,
      })
    }
    location = site.location
    siteId = site.id
  }
  // The confirmation carries the private reference: no e-mail, no entry (503, nothing written).
  requireProvider('email')
  if (b.kind === 'pre_registration') {
    const rows = must(
      await admin.rpc('pre_register', {
        p_site_id: siteId,
        p_first_name: b.first_name,
        p_last_name: b.last_name,
        p_email: b.email,
        p_phone: b.phone ?? null,
        p_postcode: b.postcode ?? null,
        p_consent_marketing: b.consent_marketing,
      }),
    )
    ;({ reference, created } = rows[0]!)
  } else {
    const rows = must(
      await admin.rpc('join_waiting_list', {
        p_site_id: siteId,
        p_location: location,
        p_first_name: b.first_name,
        p_last_name: b.last_name,
        p_email: b.email,
        p_phone: b.phone ?? null,
        p_postcode: b.postcode ?? null,
        p_category_id: b.category_id ?? null,
        p_consent_marketing: b.consent_marketing,
      }),
    )
    ;({ reference, created } = rows[0]!)
    // Only a new entry takes the choice: a repeated join changes nothing of the existing one.
    if (created && b.monthly_updates) {
      must(await admin.rpc('set_monthly_updates', { p_reference: reference, p_on: true }))
    }
  }
  // A repeated join changes nothing and its e-mail carries nothing the sender typed: whoever
  // joins with someone else's address must not put their own words in that person's inbox, so
  // the greeting uses the name stored with the first join.
  const table = b.kind === 'pre_registration' ? 'pre_registrations' : 'waiting_list_entries'
  const stored = must(
    await admin.from(table).select('id, first_name').eq('reference', reference).single(),
  )
  const entryId = b.kind === 'pre_registration' ? null : stored.id
  const greeting = created ? b.first_name : stored.first_name
  const link = b.kind === 'pre_registration' ? preregUrl(reference) : positionUrl(reference)
  const what = b.kind === 'pre_registration'
    ? `pre-registered for ${location}`
    : `on the waiting list for ${location}`
  const mail = simpleEmail([
    greeting ? `Hello ${greeting},` : 'Hello,',
    created ? `You are ${what}.` : `You are already ${what}; here is your reference again.`,
    `Your private reference is ${reference}. Keep it to yourself: it lets you see and manage your place.`,
  ], {
    text: b.kind === 'pre_registration'
      ? 'See your pre-registration'
      : 'See your place in the queue',
    href: link,
  })
  const { sent } = await sendAndLog({
    to: b.email,
    subject: created ? `You are ${what}` : `Your reference for ${location}`,
    ...mail,
    tag: b.kind === 'pre_registration'
      ? 'pre-registration-confirmation'
      : 'waiting-list-confirmation',
    idempotencyKey: `${created ? 'join' : 'rejoin'}-${reference}-${
      new Date().toISOString().slice(0, 13)
    }`,
  }, { entry_id: entryId, site_id: siteId })
  return json({ kind: b.kind, location, confirmation_sent: sent }, { status: 202 })
}

async function position(req: Request, reference: string): Promise<Response> {
  const rows = must(
    await userClient(req).rpc('get_waiting_list_position', { p_reference: reference }),
  )
  if (rows.length > 0) {
    return json({ kind: 'waiting_list', ...rows[0], has_open_offer: Boolean(rows[0]!.offer_token) })
  }
  const pre = must(await adminClient().rpc('get_pre_registration', { p_reference: reference }))
  if (pre.length > 0) return json({ kind: 'pre_registration', ...pre[0] })
  throw notFound('No entry has that reference.')
}

export const handler = serve(async (req, url) => {
  if (req.method === 'GET') {
    const ref = referenceSchema.safeParse(url.searchParams.get('reference') ?? '')
    if (!ref.success) {
      throw new HttpError(400, 'validation_failed', 'Some fields need attention.', [{
        path: 'reference',
        message: 'Not a reference.',
      }])
    }
    return await position(req, ref.data)
  }
  if (req.method !== 'POST') throw new HttpError(405, 'method_not_allowed', 'Use GET or POST.')
  const raw = await readJson(req, z.record(z.unknown()))
  if (raw.action === 'withdraw') {
    const b = withdrawSchema.parse(raw)
    const ok = must(
      await userClient(req).rpc('withdraw_waiting_list_entry', { p_reference: b.reference }),
    )
    if (!ok) throw notFound('No live entry has that reference.')
    return json({ withdrawn: true })
  }
  return await join(req, bodySchema.parse(raw))
})
