// The promo-bar form: the message, an optional link (a page of this site or https), every site
// or one, on/off, and optional start and end (local date and time). The database checks the
// same (text 1-200, link / or https://, end after start).
import { z } from 'zod'

const optionalMoment = z.string().trim().refine(
  (v) => v === '' || !Number.isNaN(Date.parse(v)),
  'Enter a date and time.',
)
const toIso = (v: string) => (v === '' ? null : new Date(v).toISOString())

export const promoBarSchema = z.object({
  text: z.string().trim().min(1, 'Write the message.').max(200, 'At most 200 characters.'),
  link: z.string().trim().refine(
    (v) => v === '' || /^\/(?!\/)\S*$/.test(v) || /^https:\/\/[^\s/]+\S*$/.test(v),
    'A link is a page of this site (starting with /) or an https:// address.',
  ),
  site_id: z.string(),
  active: z.boolean(),
  starts_at: optionalMoment,
  ends_at: optionalMoment,
}).superRefine((v, ctx) => {
  if (v.starts_at && v.ends_at && Date.parse(v.ends_at) <= Date.parse(v.starts_at)) {
    ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'The end must be after the start.' })
  }
}).transform((v) => ({
  text: v.text,
  link: v.link === '' ? null : v.link,
  site_id: v.site_id === '' ? null : Number(v.site_id),
  active: v.active,
  starts_at: toIso(v.starts_at),
  ends_at: toIso(v.ends_at),
}))

export type PromoBarFormValues = z.input<typeof promoBarSchema>
export type PromoBarRow = z.output<typeof promoBarSchema>

export const emptyPromoBar = (): PromoBarFormValues => ({
  text: '',
  link: '',
  site_id: '',
  active: true,
  starts_at: '',
  ends_at: '',
})

const pad = (n: number) => String(n).padStart(2, '0')
/** An ISO moment as the value of a datetime-local input (local time). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return ''
  const d = new Date(iso)
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${
    pad(d.getMinutes())
  }`
}

export type BarState = 'live' | 'scheduled' | 'ended' | 'off'

/** What visitors see of a bar now: live, scheduled (starts later), ended, or switched off. */
export function barState(
  b: { active: boolean; starts_at: string | null; ends_at: string | null },
  now = Date.now(),
): BarState {
  if (!b.active) return 'off'
  if (b.ends_at && Date.parse(b.ends_at) <= now) return 'ended'
  if (b.starts_at && Date.parse(b.starts_at) > now) return 'scheduled'
  return 'live'
}
