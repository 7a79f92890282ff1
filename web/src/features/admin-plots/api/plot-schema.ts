// The plot form: number, size, m², features and notes, as the register's checks want them
// (public.plots), with the words staff read beside each field.
import { z } from 'zod'
import { FEATURES } from '@/components/site-plan/plan'
import type { Insert } from '@/lib/db-types'

export const plotSchema = z.object({
  number: z.string().trim().regex(
    /^[A-Za-z0-9][A-Za-z0-9 ./-]{0,15}$/,
    'Enter the plot number: up to 16 letters, digits, spaces, dots, slashes or dashes, such as 7 or 14B.',
  ),
  size: z.enum(['half', 'full']),
  size_m2: z.string().trim().refine(
    (v) => v === '' || (/^\d+(\.\d)?$/.test(v) && Number(v) > 0 && Number(v) <= 10_000),
    'Enter the area in m² (up to 10,000, one decimal place), or leave it empty.',
  ),
  features: z.array(z.enum(FEATURES as [string, ...string[]])),
  notes: z.string().max(2000, 'Notes are at most 2,000 characters.'),
})
export type PlotValues = z.infer<typeof plotSchema>

export const emptyPlot = (): PlotValues => ({
  number: '',
  size: 'full',
  size_m2: '',
  features: [],
  notes: '',
})

/** The form's values as a row of public.plots (site_id added for a new plot). */
export function plotRow(v: PlotValues): Omit<Insert<'plots'>, 'site_id'> {
  return {
    number: v.number.trim(),
    size: v.size,
    size_m2: v.size_m2.trim() === '' ? null : Number(v.size_m2),
    features: v.features,
    notes: v.notes.trim() === '' ? null : v.notes.trim(),
  }
}
