// The welcome-slot form: site, local date and time (UK), length, capacity and notes. Capacity
// may not drop below the places already booked (the table's own check).
import { z } from 'zod'

export const slotSchema = (booked = 0) =>
  z.object({
    site_id: z.string().min(1, 'Choose a site.').transform(Number),
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a date.'),
    time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Choose a start time.'),
    duration_minutes: z.coerce.number({ invalid_type_error: 'Enter the length in minutes.' }).int(
      'Whole minutes.',
    ).min(15, 'At least 15 minutes.').max(480, 'At most 480 minutes.'),
    capacity: z.coerce.number({ invalid_type_error: 'Enter how many people can come.' }).int(
      'A whole number.',
    ).min(
      Math.max(1, booked),
      booked > 0 ? `At least ${booked}: that many are already booked.` : 'At least 1 place.',
    ).max(500, 'At most 500 places.'),
    notes: z.string().trim().max(1000, 'At most 1000 characters.').transform((
      v,
    ) => (v === '' ? null : v)),
  }).transform(({ date, time, ...rest }) => ({
    ...rest,
    starts_at: new Date(`${date}T${time}:00`).toISOString(),
  }))

const localStart = (v: { date: string; time: string }) => new Date(`${v.date}T${v.time}:00`)

/** The form's schema: as slotSchema, and a slot that is new or moved must start in the future
 *  (the database refuses it too: private.check_welcome_slot_future). A past slot keeps its time
 *  when only its other fields change. */
export const futureSlotSchema = (booked: number, initial: SlotFormValues, now = () => new Date()) =>
  slotSchema(booked).superRefine((v, ctx) => {
    const moved = initial.date === '' ||
      localStart(initial).toISOString() !== v.starts_at
    if (moved && new Date(v.starts_at) <= now()) {
      ctx.addIssue({
        code: 'custom',
        path: ['date'],
        message: 'Choose a date and time in the future.',
      })
    }
  })

/** Today as the date input's min (local date, yyyy-mm-dd). */
export function todayInput(now = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

export interface SlotFormValues {
  site_id: string
  date: string
  time: string
  duration_minutes: string
  capacity: string
  notes: string
}

export const emptySlot = (): SlotFormValues => ({
  site_id: '',
  date: '',
  time: '10:00',
  duration_minutes: '60',
  capacity: '10',
  notes: '',
})

const pad = (n: number) => String(n).padStart(2, '0')
export function slotToForm(
  s: {
    site_id: number
    starts_at: string
    duration_minutes: number
    capacity: number
    notes: string | null
  },
): SlotFormValues {
  const d = new Date(s.starts_at)
  return {
    site_id: String(s.site_id),
    date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
    time: `${pad(d.getHours())}:${pad(d.getMinutes())}`,
    duration_minutes: String(s.duration_minutes),
    capacity: String(s.capacity),
    notes: s.notes ?? '',
  }
}
