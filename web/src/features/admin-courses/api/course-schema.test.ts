import { describe, expect, it } from 'vitest'
import { TextSelection } from 'prosemirror-state'
import {
  createEditorState,
  RichTextRuleError,
  setLink,
  toJSON,
} from '@/components/rich-text/editor-state'
import type { RichTextNode } from '@/lib/rich-text/render-html'
import {
  courseSchema,
  emptyLesson,
  hasContent,
  lessonSchema,
  LINK_RULE_MESSAGE,
  linksIn,
  moveLesson,
} from './course-schema'

const linked = (href: string): RichTextNode => ({
  type: 'doc',
  content: [{
    type: 'paragraph',
    content: [{
      type: 'text',
      text: 'Read more',
      marks: [{ type: 'link', attrs: { href, title: null } }],
    }],
  }],
})

describe('lesson links: http, https, mailto and tel only', () => {
  it('accepts the four schemes', () => {
    for (
      const href of [
        'http://roots.example/a',
        'https://roots.example/guide',
        'mailto:grow@roots.example',
        'tel:+441234567890',
      ]
    ) {
      expect(lessonSchema.safeParse({ title: 'L', content: linked(href) }).success, href).toBe(true)
    }
  })
  it('refuses any other scheme, beside the lesson text', () => {
    for (
      const href of [
        'javascript:alert(1)',
        'JavaScript:alert(1)',
        'data:text/html,hi',
        'ftp://files.example',
        'file:///etc/passwd',
        'vbscript:x',
        '/relative',
        '',
      ]
    ) {
      const r = lessonSchema.safeParse({ title: 'L', content: linked(href) })
      expect(r.success, href).toBe(false)
      expect(r.error!.issues[0]).toMatchObject({ path: ['content'], message: LINK_RULE_MESSAGE })
    }
  })
  it('finds links at any depth', () => {
    const nested: RichTextNode = {
      type: 'doc',
      content: [{
        type: 'bullet_list',
        content: [{ type: 'list_item', content: [linked('javascript:x').content![0]!] }],
      }],
    }
    expect(linksIn(nested)).toEqual(['javascript:x'])
    expect(lessonSchema.safeParse({ title: 'L', content: nested }).success).toBe(false)
  })
})

describe("the editor's link command", () => {
  const selected = () => {
    const s = createEditorState({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Call us' }] }],
    })
    return s.apply(s.tr.setSelection(TextSelection.create(s.doc, 1, 8)))
  }
  it('links the selection to an allowed address, and the lesson accepts the result', () => {
    for (
      const href of [
        'https://roots.example',
        'http://roots.example',
        'mailto:a@roots.example',
        'tel:+44123',
      ]
    ) {
      let state = selected()
      expect(
        setLink(href)(state, (tr) => {
          state = state.apply(tr)
        }),
      ).toBe(true)
      const doc = toJSON(state)
      expect(linksIn(doc)).toHaveLength(1)
      expect(lessonSchema.safeParse({ title: 'L', content: doc }).success, href).toBe(true)
    }
  })
  it('refuses every other scheme and leaves the document alone', () => {
    for (
      const href of [
        'javascript:alert(1)',
        'data:text/html,x',
        'ftp://x.example',
        'sms:123',
        '//evil.example',
      ]
    ) {
      const state = selected()
      let changed = false
      expect(() =>
        setLink(href)(state, () => {
          changed = true
        }), href).toThrow(RichTextRuleError)
      expect(changed).toBe(false)
      expect(linksIn(toJSON(state))).toEqual([])
    }
  })
})

describe('courses and lessons', () => {
  it('a lesson needs a title; its text may start empty', () => {
    const r = lessonSchema.safeParse(emptyLesson())
    expect(r.error!.issues.map((i) => i.message)).toEqual(['Give the lesson a title.'])
    expect(hasContent(emptyLesson().content)).toBe(false)
    expect(hasContent({ type: 'doc', content: [{ type: 'paragraph' }] })).toBe(false)
    expect(hasContent(linked('https://x.example'))).toBe(true)
  })
  it('a course slug is made from the title when left empty, and checked when given', () => {
    expect(courseSchema.parse({ title: 'Fruit Trees: the Basics!', slug: '', summary: '' }))
      .toEqual({ title: 'Fruit Trees: the Basics!', slug: 'fruit-trees-the-basics', summary: null })
    const r = courseSchema.safeParse({ title: 'X', slug: 'Bad Slug', summary: '' })
    expect(r.error!.issues[0]).toMatchObject({
      path: ['slug'],
      message: 'Lower-case letters, digits and single hyphens only.',
    })
  })
  it('moves a lesson up or down, never past either end', () => {
    expect(moveLesson([1, 2, 3], 3, -1)).toEqual([1, 3, 2])
    expect(moveLesson([1, 2, 3], 1, 1)).toEqual([2, 1, 3])
    expect(moveLesson([1, 2, 3], 1, -1)).toBeNull()
    expect(moveLesson([1, 2, 3], 3, 1)).toBeNull()
    expect(moveLesson([1, 2, 3], 9, 1)).toBeNull()
  })
})
