// The event form: title, slug (made from the title when left empty), site, place, start and
// end (local date and time), capacity, published, and the description in the rich-text editor.
// The database checks the same (slug format and uniqueness, end not before start, 1-10000
// places, links only to http, https, mailto and tel). The image is an object uploaded to Storage
// under events/ (or a link stored before).
import { z } from 'zod'
import type { RichTextNode } from '@/lib/rich-text/render-html'

import { slugify } from '@/lib/slug'
export { slugify }
const moment = (v: string) => !Number.isNaN(Date.parse(v))

export const eventSchema = z.object({
  title: z.string().trim().min(1, 'Give the event a title.').max(200, 'At most 200 characters.'),
  slug: z.string().trim(),
  site_id: z.string(),
  location: z.string().trim().max(200, 'At most 200 characters.'),
  starts_at: z.string().refine(moment, 'Choose when it starts.'),
  ends_at: z.string().refine((v) => v === '' || moment(v), 'Enter a date and time.'),
  capacity: z.string().trim().refine(
    (v) => v === '' || /^\d+$/.test(v),
    'A whole number of places, or empty for no limit.',
  )
    .refine(
      (v) => v === '' || (Number(v) >= 1 && Number(v) <= 10000),
      'Between 1 and 10000 places.',
    ),
  published: z.boolean(),
  image_url: z.string().nullable(),
  description: z.custom<RichTextNode>(
    (v) => !!v && typeof v === 'object' && (v as RichTextNode).type === 'doc',
    'The description could not be read.',
  ),
}).transform((v) => ({ ...v, slug: v.slug === '' ? slugify(v.title) : v.slug }))
  .superRefine((v, ctx) => {
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(v.slug)) {
      ctx.addIssue({
        code: 'custom',
        path: ['slug'],
        message: 'Lower-case letters, digits and single hyphens only.',
      })
    }
    if (
      v.ends_at !== '' && moment(v.starts_at) && Date.parse(v.ends_at) < Date.parse(v.starts_at)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['ends_at'],
        message: 'The end may not be before the start.',
      })
    }
  })
  .transform((v) => ({
    title: v.title,
    slug: v.slug,
    site_id: v.site_id === '' ? null : Number(v.site_id),
    location: v.location === '' ? null : v.location,
    starts_at: new Date(v.starts_at).toISOString(),
    ends_at: v.ends_at === '' ? null : new Date(v.ends_at).toISOString(),
    capacity: v.capacity === '' ? null : Number(v.capacity),
    published: v.published,
    image_url: v.image_url,
    description: v.description,
  }))

export type EventFormValues = z.input<typeof eventSchema>

export const emptyEvent = (): EventFormValues => ({
  title: '',
  slug: '',
  site_id: '',
  location: '',
  starts_at: '',
  ends_at: '',
  capacity: '',
  published: false,
  image_url: null,
  description: { type: 'doc', content: [] },
})
