import { describe, expect, it } from 'vitest'
import { DOMParser as PMDOMParser } from 'prosemirror-model'
import { redo, undo, undoDepth } from 'prosemirror-history'
import type { EditorState, Transaction } from 'prosemirror-state'
import {
  createEditorState,
  docFromJSON,
  insertImage,
  RichTextRuleError,
  setLink,
  toJSON,
  UNDO_DEPTH,
  UNDO_GROUP_DELAY_MS,
} from './editor-state'
import { richTextSchema } from './schema'
import { renderRichText } from '@/lib/rich-text/render-html'

function typeAt(state: EditorState, text: string, time: number): EditorState {
  const tr = state.tr.insertText(text).setTime(time)
  return state.apply(tr)
}

function applyCommand(
  state: EditorState,
  cmd: (s: EditorState, d?: (tr: Transaction) => void) => boolean,
): EditorState {
  let next = state
  cmd(state, (tr) => {
    next = state.apply(tr)
  })
  return next
}

const textOf = (s: EditorState) => s.doc.textContent

describe('undo grouping', () => {
  it('groups changes within 1000 ms into one undo step', () => {
    expect(UNDO_GROUP_DELAY_MS).toBe(1000)
    let s = createEditorState()
    s = typeAt(s, 'Peas', 10_000)
    s = typeAt(s, ' and', 10_500)
    s = typeAt(s, ' beans', 11_400) // 900 ms after the previous change: same group
    s = typeAt(s, '!', 12_401) // 1001 ms later: a new group
    expect(textOf(s)).toBe('Peas and beans!')
    s = applyCommand(s, undo)
    expect(textOf(s)).toBe('Peas and beans')
    s = applyCommand(s, undo)
    expect(textOf(s)).toBe('')
    s = applyCommand(s, redo)
    expect(textOf(s)).toBe('Peas and beans')
  })

  it('keeps at most 100 undo steps', () => {
    expect(UNDO_DEPTH).toBe(100)
    let s = createEditorState()
    for (let i = 0; i < 130; i++) s = typeAt(s, 'x', 1_000_000 + i * 5_000)
    // prosemirror-history trims in chunks past the depth; never more than depth + its overflow.
    expect(undoDepth(s)).toBeGreaterThanOrEqual(100)
    expect(undoDepth(s)).toBeLessThanOrEqual(120)
    let undone = 0
    for (;;) {
      let ok = false
      s = ((st) => {
        let n = st
        ok = undo(st, (tr) => {
          n = st.apply(tr)
        })
        return n
      })(s)
      if (!ok) break
      undone++
    }
    expect(undone).toBeLessThan(130)
    expect(undone).toBeGreaterThanOrEqual(100)
    expect(textOf(s).length).toBe(130 - undone)
  })
})

describe('links and images in the editor', () => {
  const withText = (text: string) => {
    const s = createEditorState({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
    })
    return s
  }

  it('sets an allowed link on the selection and stores it as JSON', async () => {
    const { TextSelection } = await import('prosemirror-state')
    let s = withText('Visit us')
    s = s.apply(s.tr.setSelection(TextSelection.create(s.doc, 1, 6)))
    s = applyCommand(s, setLink('https://roots.example/sites'))
    expect(toJSON(s)).toEqual({
      type: 'doc',
      content: [{
        type: 'paragraph',
        content: [
          {
            type: 'text',
            text: 'Visit',
            marks: [{ type: 'link', attrs: { href: 'https://roots.example/sites', title: null } }],
          },
          { type: 'text', text: ' us' },
        ],
      }],
    })
    expect(renderRichText(toJSON(s))).toBe(
      '<p><a href="https://roots.example/sites" rel="noopener noreferrer">Visit</a> us</p>',
    )
  })

  it('refuses a disallowed link scheme', () => {
    const s = withText('x')
    for (
      const href of ['javascript:alert(1)', 'ftp://x.example', '/relative', 'data:text/html,x']
    ) {
      expect(() => setLink(href)(s, () => {})).toThrow(RichTextRuleError)
    }
    expect(setLink('mailto:a@b.example')(s)).toBe(true)
    expect(setLink('tel:+44123')(s)).toBe(true)
  })

  it('inserts images only from allowed sources', () => {
    const s = withText('')
    expect(() => insertImage('javascript:alert(1)', 'x')(s, () => {})).toThrow(RichTextRuleError)
    const next = applyCommand(s, insertImage('/images/a.png', 'A plot'))
    expect(JSON.stringify(toJSON(next))).toContain('"src":"/images/a.png"')
  })

  it('drops disallowed links and images from pasted HTML', () => {
    const host = document.createElement('div')
    host.innerHTML =
      '<p><a href="javascript:alert(1)">bad</a> <a href="https://ok.example">good</a><img src="javascript:x"><img src="https://ok.example/a.png" alt="ok"></p>'
    const doc = PMDOMParser.fromSchema(richTextSchema).parse(host)
    const json = JSON.stringify(doc.toJSON())
    expect(json).not.toContain('javascript')
    expect(json).toContain('https://ok.example/')
    expect(json).toContain('https://ok.example/a.png')
    expect(doc.textContent).toBe('bad good')
  })

  it('starts empty from invalid stored JSON instead of crashing', () => {
    expect(docFromJSON({ type: 'doc', content: [{ type: 'no-such-node' }] }).textContent).toBe('')
    expect(docFromJSON(null).childCount).toBe(1)
  })
})
