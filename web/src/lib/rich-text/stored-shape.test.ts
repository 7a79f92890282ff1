// Lessons stored before the database checked their shape, or written by hand, must not crash the
// public page; and the database's check (private.rich_text_valid) must know the editor's names.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { richTextSchema } from '@/components/rich-text/schema'
import { renderRichText, type RichTextNode } from './render-html'

const migration = readFileSync(
  join(__dirname, '../../../../supabase/migrations/20250101000500_content.sql'),
  'utf8',
)

const bad = (marks: unknown) =>
  ({
    type: 'doc',
    content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Sow thinly', marks }] }],
  }) as unknown as RichTextNode

describe('renderRichText with malformed marks', () => {
  it('keeps the text when marks are an object, a string, or hold junk', () => {
    expect(renderRichText(bad({ type: 'strong' }))).toBe('<p>Sow thinly</p>')
    expect(renderRichText(bad('strong'))).toBe('<p>Sow thinly</p>')
    expect(
      renderRichText(
        bad([null, 7, 'em', { type: 'em' }, { type: 'link', attrs: 'https://x.example' }]),
      ),
    ).toBe('<p><em>Sow thinly</em></p>')
    expect(renderRichText(bad([{ type: 'link', attrs: { href: 'https://roots.example' } }]))).toBe(
      '<p><a href="https://roots.example/" rel="noopener noreferrer">Sow thinly</a></p>',
    )
  })

  it('renders a document whose content or text has the wrong type as what it can', () => {
    expect(
      renderRichText({ type: 'doc', content: { type: 'paragraph' } } as unknown as RichTextNode),
    ).toBe('')
    expect(
      renderRichText(
        {
          type: 'doc',
          content: [{ type: 'paragraph', content: [{ type: 'text', text: 7 }] }],
        } as unknown as RichTextNode,
      ),
    ).toBe('<p></p>')
  })
})

describe('the database check knows the editor schema', () => {
  const arrayAfter = (label: string) => {
    const at = migration.indexOf(label)
    expect(at, label).toBeGreaterThan(-1)
    const list = /array\[([^\]]+)\]/.exec(migration.slice(at))![1]!
    return [...list.matchAll(/'([a-z_]+)'/g)].map((m) => m[1]).sort()
  }
  it('names every node and mark of the editor, and no other', () => {
    expect(arrayAfter("n.value ->> 'type' = any (")).toEqual(
      Object.keys(richTextSchema.nodes).sort(),
    )
    expect(arrayAfter("m ->> 'type' = any (")).toEqual(Object.keys(richTextSchema.marks).sort())
  })
})
