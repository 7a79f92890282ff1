// The global_sites form: what staff type (all text) checked and turned into the row
// the update and insert send. Mirrors the table's own constraints so errors appear beside the
// field, not as a database refusal.
import { z } from 'zod'
import type { Site as SharedSite } from '@/lib/sites/types'
import { PHONE_PATTERN } from '@common/phone'

export const SITE_STATUSES = ['upcoming', 'active', 'open'] as const
export const DIRECTION_MODES = [
  { key: 'bike', label: 'By bike' },
  { key: 'public_transport', label: 'By public transport' },
  { key: 'car', label: 'By car' },
] as const
export type DirectionMode = (typeof DIRECTION_MODES)[number]['key']
export const DISTANCE_ICONS = ['bike', 'car', 'train', 'tram', 'bus', 'walk'] as const

/** A stored global_sites row as the admin reads it (the shared shape of lib/sites). */
export type Site = Omit<SharedSite, 'waiting_list_count' | 'builtin' | 'site_size'> & {
  /** numeric(8,2): may arrive as text. */
  site_size: number | string | null
  created_at?: string
  updated_at?: string
  /** When the site closed (archive_site); archived sites are off the public pages. */
  archived_at?: string | null
  /** Added on load from get_waiting_list_counts; never stored. */
  waiting_list_count?: number
}

export const TEXT_FIELDS = [
  'city',
  'city_slug',
  'location',
  'slug',
  'key',
  'status',
  'allotments',
  'site_size',
  'joined',
  'ac_id',
  'coordinates',
  'gmap_embed',
  'gmap_link',
  'stripe_deposit_link',
  'form_link',
  'promo',
  'cta',
  'cta_link',
  'cta_setting_id',
  'offer_id',
  'launchmode',
  'description_title',
  'description',
  'landing_page_description',
  'nearby_attractions',
  'food_drinks',
  'pm_name',
  'pm_message',
  'pm_photo_1',
  'pm_photo_2',
  'phone_number',
  'pm_phone_number',
  'pm_email',
] as const
export type TextField = (typeof TEXT_FIELDS)[number]

export type SiteFormValues = Record<TextField, string> & {
  booked: boolean
  directions: Record<DirectionMode, { minutes: string; text: string }>
  distance_points: Array<{ icon: string; text: string }>
}

const s = (v: unknown) => (v === null || v === undefined ? '' : String(v))

export function emptySiteForm(): SiteFormValues {
  const values = Object.fromEntries(TEXT_FIELDS.map((f) => [f, ''])) as Record<TextField, string>
  return {
    ...values,
    status: 'upcoming',
    booked: false,
    directions: {
      bike: { minutes: '', text: '' },
      public_transport: { minutes: '', text: '' },
      car: { minutes: '', text: '' },
    },
    distance_points: [],
  }
}

export function siteToForm(site: Site): SiteFormValues {
  const base = emptySiteForm()
  const fields: Partial<Record<TextField, unknown>> = site
  for (const f of TEXT_FIELDS) {
    if (f in site) base[f] = s(fields[f])
  }
  base.status = site.status ?? ''
  base.phone_number = s(site.social_media?.phone_number)
  base.pm_phone_number = s(site.social_media?.pm_phone_number)
  base.pm_email = s(site.social_media?.pm_email)
  base.booked = site.booked
  for (const { key } of DIRECTION_MODES) {
    const d = site.directions?.[key]
    if (d) base.directions[key] = { minutes: s(d.minutes), text: s(d.text) }
  }
  base.distance_points = (site.distance_points ?? []).map((p) => ({ icon: p.icon, text: p.text }))
  return base
}

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/
const slugMessage = 'Use lower-case letters, digits and single hyphens, like tuckers-meadow.'
const text = (max: number, label = 'This') =>
  z.string().trim().max(max, `${label} can be at most ${max} characters.`)
const optional = (schema: z.ZodTypeAny) =>
  z.string().trim().transform((v) => (v === '' ? null : v)).pipe(schema.nullable())

const httpsUrl = z.string().url('Enter a full web address.').refine(
  (v) => v.startsWith('https://'),
  'The link must start with https://',
)
const linkOrPath = z.string().refine(
  (v) => v.startsWith('/') ? /^\/[^\s]*$/.test(v) : /^https?:\/\/[^\s]+$/.test(v),
  'Enter a web address (https://…) or a path on this site (/…).',
)
/** An image: a link or path as linkOrPath, or an object of bucket images under sites/<slug>/. */
const imageRef = z.string().refine(
  (v) =>
    /^sites\/[a-z0-9]+(-[a-z0-9]+)*\/[^/\s]+$/.test(v) ||
    (v.startsWith('/') ? /^\/[^\s]*$/.test(v) : /^https?:\/\/[^\s]+$/.test(v)),
  'Upload an image, or enter a web address (https://…) or a path on this site (/…).',
)
const number = (opts: { int?: boolean; max: number; label: string }) =>
  z.string().trim().transform((v, ctx) => {
    if (v === '') return null
    const n = Number(v)
    if (!Number.isFinite(n) || (opts.int && !Number.isInteger(n)) || n < 0 || n > opts.max) {
      ctx.addIssue({
        code: 'custom',
        message: `${opts.label} must be ${
          opts.int ? 'a whole number' : 'a number'
        } from 0 to ${opts.max}.`,
      })
      return z.NEVER
    }
    if (!opts.int && !/^\d+(\.\d{1,2})?$/.test(v)) {
      ctx.addIssue({ code: 'custom', message: `${opts.label} can have at most 2 decimal places.` })
      return z.NEVER
    }
    return n
  })
const id = z.string().trim().transform((v) => (v === '' ? null : Number(v)))

/** "lat,lng" within range, e.g. 51.3925,-2.3211. */
export function parseCoordinates(v: string): { lat: number; lng: number } | null {
  const m = /^\s*(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/.exec(v)
  if (!m) return null
  const lat = Number(m[1])
  const lng = Number(m[2])
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : null
}

export interface SlugOwner {
  id: number
  slug: string
}

/** The form's schema; `others` are the other sites, for the slug uniqueness check. */
export function siteFormSchema(others: SlugOwner[] = []) {
  return z.object({
    city: text(100, 'The city').min(1, 'Enter the city.'),
    city_slug: z.string().trim().min(1, 'Enter the city slug.').regex(SLUG, slugMessage),
    location: text(200, 'The site name').min(1, 'Enter the site name.'),
    slug: z.string().trim().min(1, 'Enter the slug.').regex(SLUG, slugMessage)
      .refine((v) => !others.some((o) => o.slug === v), 'Another site already uses this slug.'),
    key: optional(
      z.string().regex(/^[a-z0-9]{1,12}$/, 'Use up to 12 lower-case letters or digits.'),
    ),
    status: z.enum(['', ...SITE_STATUSES], {
      errorMap: () => ({ message: 'Choose upcoming, active or open.' }),
    })
      .transform((v) => (v === '' ? null : v)),
    booked: z.boolean(),
    allotments: number({ int: true, max: 100000, label: 'Plots' }),
    site_size: number({ max: 999999.99, label: 'Site size' }),
    joined: optional(z.string().regex(/^(19|20)\d{2}$/, 'Enter a four-digit year, like 2021.')),
    ac_id: optional(text(64, 'The campaign list id')),
    coordinates: optional(
      z.string().refine(
        (v) => parseCoordinates(v) !== null,
        'Enter latitude,longitude, like 51.3925,-2.3211 (latitude −90 to 90, longitude −180 to 180).',
      ),
    )
      .transform((v) => {
        const c = v === null ? null : parseCoordinates(v)
        return c ? `${c.lat},${c.lng}` : null
      }),
    gmap_embed: optional(httpsUrl),
    gmap_link: optional(httpsUrl),
    stripe_deposit_link: optional(httpsUrl),
    form_link: optional(linkOrPath),
    promo: optional(text(200, 'The promo')),
    cta: optional(text(80, 'The button label')),
    cta_link: optional(linkOrPath),
    cta_setting_id: id,
    offer_id: id,
    launchmode: optional(text(40, 'The launch mode')),
    description_title: optional(text(200, 'The title')),
    description: optional(text(5000, 'The description')),
    landing_page_description: optional(text(5000, 'The landing page description')),
    nearby_attractions: optional(text(2000, 'This')),
    food_drinks: optional(text(2000, 'This')),
    pm_name: optional(text(100, 'The name')),
    pm_message: optional(text(2000, 'The message')),
    pm_photo_1: optional(imageRef),
    pm_photo_2: optional(imageRef),
    phone_number: optional(
      z.string().regex(PHONE_PATTERN, 'Enter a phone number, like 01225 000 001.'),
    ),
    pm_phone_number: optional(
      z.string().regex(PHONE_PATTERN, 'Enter a phone number, like 07700 900123.'),
    ),
    pm_email: optional(z.string().email('Enter an email address, like name@example.com.')),
    directions: z.object(Object.fromEntries(DIRECTION_MODES.map(({ key }) => [
      key,
      z.object({
        minutes: number({ int: true, max: 600, label: 'Minutes' }),
        text: z.string().trim().max(200, 'At most 200 characters.'),
      }),
    ])) as Record<
      DirectionMode,
      z.ZodObject<{ minutes: ReturnType<typeof number>; text: z.ZodString }>
    >)
      .superRefine((d, ctx) => {
        for (const { key } of DIRECTION_MODES) {
          if (d[key].minutes === null && d[key].text !== '') {
            ctx.addIssue({
              code: 'custom',
              path: [key, 'minutes'],
              message: 'Give the minutes too, or clear the text.',
            })
          }
        }
      }),
    distance_points: z.array(z.object({
      icon: z.enum(DISTANCE_ICONS, { errorMap: () => ({ message: 'Choose an icon.' }) }),
      text: z.string().trim().min(1, 'Enter the travel time line, or remove it.').max(
        120,
        'At most 120 characters.',
      ),
    })).max(8, 'At most 8 travel-time lines.'),
  }).transform((v) => {
    const { phone_number, pm_phone_number, pm_email, directions, ...rest } = v
    const dirs: { [K in DirectionMode]?: { minutes: number; text?: string } } = {}
    for (const { key } of DIRECTION_MODES) {
      const d = directions[key]
      if (d.minutes !== null) {
        dirs[key] = d.text ? { minutes: d.minutes, text: d.text } : { minutes: d.minutes }
      }
    }
    return {
      ...rest,
      directions: Object.keys(dirs).length ? dirs : null,
      distance_points: v.distance_points.length ? v.distance_points : null,
      social_media: phone_number || pm_phone_number || pm_email
        ? { phone_number, pm_phone_number, pm_email }
        : null,
    }
  })
}

/** The row written by update and insert: every site field but id, waiting_list_count and path_params. */
export type SiteWrite = z.output<ReturnType<typeof siteFormSchema>>
