// The blog post form: title, slug (made from the title when left empty), excerpt, author,
// published, the cover image (an object uploaded to Storage under blogs/, or a link or site path
// stored before) with what it shows (optional: without it the cover only decorates) and the body in the rich-text editor. The database checks the slug (format and
// uniqueness) and that the body is a JSON object; publishing stamps published_at once, and a
// post taken off the site loses it, so publishing it again dates it afresh.
import { z } from 'zod'
import type { RichTextNode } from '@/lib/rich-text/render-html'
import { SLUG_PATTERN, slugify } from '@/lib/slug'

const COVER_RE =
  /^(blogs\/[A-Za-z0-9][A-Za-z0-9._/-]*\.(png|gif|jpe?g|bmp|ico)|https:\/\/\S+|\/[^/\s]\S*)$/

/** True when the document holds some text or an image: a published post may not be empty. */
export function hasContent(node: RichTextNode | undefined): boolean {
  if (!node) return false
  if (node.type === 'image') return true
  if (node.type === 'text') return (node.text ?? '').trim() !== ''
  return (node.content ?? []).some(hasContent)
}

export const blogSchema = z.object({
  title: z.string().trim().min(1, 'Give the post a title.').max(200, 'At most 200 characters.'),
  slug: z.string().trim(),
  excerpt: z.string().trim().max(300, 'At most 300 characters.'),
  author: z.string().trim().max(120, 'At most 120 characters.'),
  published: z.boolean(),
  /** When the stored post was published; kept while it stays published. */
  published_at: z.string().nullable(),
  cover_image: z.string().nullable().refine(
    (v) => v === null || COVER_RE.test(v),
    'Upload a PNG, GIF, JPEG, BMP or ICO image.',
  ),
  cover_alt: z.string().trim().max(300, 'At most 300 characters.'),
  body: z.custom<RichTextNode>(
    (v) => !!v && typeof v === 'object' && (v as RichTextNode).type === 'doc',
    'The post could not be read.',
  ),
}).transform((v) => ({ ...v, slug: v.slug === '' ? slugify(v.title) : v.slug }))
  .superRefine((v, ctx) => {
    if (!SLUG_PATTERN.test(v.slug)) {
      ctx.addIssue({
        code: 'custom',
        path: ['slug'],
        message: 'Lower-case letters, digits and single hyphens only.',
      })
    }
    if (v.published && !hasContent(v.body)) {
      ctx.addIssue({
        code: 'custom',
        path: ['body'],
        message: 'Write the post before publishing it.',
      })
    }
  })
  .transform((v) => ({
    title: v.title,
    slug: v.slug,
    excerpt: v.excerpt === '' ? null : v.excerpt,
    author: v.author === '' ? null : v.author,
    published: v.published,
    published_at: v.published ? (v.published_at ?? new Date().toISOString()) : null,
    cover_image: v.cover_image,
    // A description belongs to a cover: none without one.
    cover_alt: v.cover_image === null || v.cover_alt === '' ? null : v.cover_alt,
    body: v.body,
  }))

export type BlogFormValues = z.input<typeof blogSchema>

export const emptyBlog = (): BlogFormValues => ({
  title: '',
  slug: '',
  excerpt: '',
  author: '',
  published: false,
  published_at: null,
  cover_image: null,
  cover_alt: '',
  body: { type: 'doc', content: [] },
})
