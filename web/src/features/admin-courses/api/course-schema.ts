// Courses and their lessons. A lesson's text is ProseMirror JSON from the rich-text editor,
// whose links may only use http, https, mailto and tel (the editor's link command refuses
// others; this checks a document as a whole, and the database checks it again).
import { z } from 'zod'
import { safeLinkHref } from '@/lib/rich-text/rules'
import type { RichTextNode } from '@/lib/rich-text/render-html'

export const LINK_RULE_MESSAGE = 'Links may only use http, https, mailto or tel.'

/** Every link href in a document. */
export function linksIn(node: RichTextNode | null | undefined): string[] {
  if (!node) return []
  const own = (node.marks ?? []).filter((m) => m.type === 'link').map((m) =>
    String((m.attrs as { href?: unknown } | undefined)?.href ?? '')
  )
  return [...own, ...(node.content ?? []).flatMap(linksIn)]
}

/** True when a document has some text or an image to read. */
export function hasContent(node: RichTextNode | null | undefined): boolean {
  if (!node) return false
  if ((node.type === 'text' && (node.text ?? '').trim() !== '') || node.type === 'image') {
    return true
  }
  return (node.content ?? []).some(hasContent)
}

const slugPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/
import { slugify } from '@/lib/slug'
export { slugify }

export const courseSchema = z.object({
  title: z.string().trim().min(1, 'Give the course a title.').max(200, 'At most 200 characters.'),
  slug: z.string().trim(),
  summary: z.string().trim().max(1000, 'At most 1000 characters.'),
}).transform((v) => ({
  title: v.title,
  slug: v.slug === '' ? slugify(v.title) : v.slug,
  summary: v.summary === '' ? null : v.summary,
}))
  .refine((v) => slugPattern.test(v.slug), {
    path: ['slug'],
    message: 'Lower-case letters, digits and single hyphens only.',
  })

export type CourseFormValues = z.input<typeof courseSchema>
export const emptyCourse = (): CourseFormValues => ({ title: '', slug: '', summary: '' })

export const lessonSchema = z.object({
  title: z.string().trim().min(1, 'Give the lesson a title.').max(200, 'At most 200 characters.'),
  content: z.custom<RichTextNode>(
    (v) => !!v && typeof v === 'object' && (v as RichTextNode).type === 'doc',
    'The lesson text could not be read.',
  )
    .refine((doc) => linksIn(doc).every((href) => safeLinkHref(href) !== null), LINK_RULE_MESSAGE),
})

export type LessonFormValues = z.input<typeof lessonSchema>
export const emptyLesson = (): LessonFormValues => ({
  title: '',
  content: { type: 'doc', content: [] },
})

/** The ids in their new order after moving one lesson up (-1) or down (+1); null past either end. */
export function moveLesson(ids: readonly number[], id: number, by: -1 | 1): number[] | null {
  const i = ids.indexOf(id)
  const j = i + by
  if (i < 0 || j < 0 || j >= ids.length) return null
  const next = [...ids]
  ;[next[i], next[j]] = [next[j]!, next[i]!]
  return next
}
