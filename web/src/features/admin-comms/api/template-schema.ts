// The template form: e-mail templates need a subject and a rich-text body; text messages a
// plain body of at most 612 characters (four SMS parts). Merge fields are {{name}}.
import { z } from 'zod'
import type { RichTextNode } from '@/lib/rich-text/render-html'

export const MERGE_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'site',
  'location',
  'reference',
  'position_link',
  'joined',
] as const

/** {{fields}} used that the sender cannot fill. */
export function unknownMergeFields(text: string): string[] {
  const used = [...text.matchAll(/\{\{\s*([a-z_][a-z0-9_]*)\s*\}\}/gi)].map((m) => m[1]!)
  return [...new Set(used.filter((f) => !(MERGE_FIELDS as readonly string[]).includes(f)))]
}

/** The plain text of a rich-text document (for checks and the SMS fallback). */
export function plainText(node: RichTextNode | null | undefined): string {
  if (!node) return ''
  if (typeof node.text === 'string') return node.text
  return (node.content ?? []).map(plainText).join(node.type === 'doc' ? '\n' : '')
}

export const templateSchema = z.object({
  name: z.string().trim().min(1, 'Give the template a name.').max(120, 'At most 120 characters.'),
  channel: z.enum(['email', 'sms']),
  subject: z.string().trim().max(200, 'At most 200 characters.'),
  body: z.custom<RichTextNode>((v) =>
    !!v && typeof v === 'object' && (v as RichTextNode).type === 'doc'
  ),
  body_text: z.string().trim().max(612, 'At most 612 characters (four text messages).'),
}).superRefine((v, ctx) => {
  if (v.channel === 'email') {
    if (v.subject === '') {
      ctx.addIssue({ code: 'custom', path: ['subject'], message: 'Give the e-mail a subject.' })
    }
    if (plainText(v.body).trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['body'], message: 'Write the message.' })
    }
  } else if (v.body_text === '') {
    ctx.addIssue({ code: 'custom', path: ['body_text'], message: 'Write the text message.' })
  }
  const unknown = unknownMergeFields(`${v.subject} ${plainText(v.body)} ${v.body_text}`)
  if (unknown.length) {
    ctx.addIssue({
      code: 'custom',
      path: [v.channel === 'email' ? 'body' : 'body_text'],
      message: `Unknown merge field: ${unknown.map((f) => `{{${f}}}`).join(', ')}.`,
    })
  }
}).transform((v) => ({
  name: v.name,
  channel: v.channel,
  subject: v.channel === 'email' ? v.subject : null,
  body: v.channel === 'email' ? v.body : { type: 'doc', content: [] },
  body_text: v.channel === 'sms' ? v.body_text : plainText(v.body) || null,
}))

export type TemplateFormValues = z.input<typeof templateSchema>
export const emptyTemplate = (): TemplateFormValues => ({
  name: '',
  channel: 'email',
  subject: '',
  body: { type: 'doc', content: [] },
  body_text: '',
})
