// The category form, shared by create and update.
import { z } from 'zod'

export const categorySchema = z.object({
  name: z.string().trim().min(1, 'Enter a name.').max(100, 'At most 100 characters.'),
  description: z.string().trim().max(500, 'At most 500 characters.').transform((
    v,
  ) => (v === '' ? null : v)),
  site_id: z.string().transform((v) => (v === '' ? null : Number(v))),
  sort_order: z.string().trim().transform((v, ctx) => {
    const n = v === '' ? 0 : Number(v)
    if (!Number.isInteger(n) || n < 0 || n > 999) {
      ctx.addIssue({ code: 'custom', message: 'Enter a whole number from 0 to 999.' })
      return z.NEVER
    }
    return n
  }),
})

export type CategoryFormValues = z.input<typeof categorySchema>
export const emptyCategory = (): CategoryFormValues => ({
  name: '',
  description: '',
  site_id: '',
  sort_order: '0',
})

/** A name already used in the same scope (the table's unique index, case-insensitive). */
export const duplicateName = (
  all: Array<{ id: number; site_id: number | null; name: string }>,
  v: { name: string; site_id: number | null },
  selfId?: number,
) =>
  all.some((c) =>
    c.id !== selfId && c.site_id === v.site_id &&
    c.name.trim().toLowerCase() === v.name.trim().toLowerCase()
  )
