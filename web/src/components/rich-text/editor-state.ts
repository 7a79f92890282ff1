// Editor state without a view (so it is testable): schema, history (changes within 1000 ms form
// one undo step, at most 100 steps), keymaps, and the commands the toolbar uses.
import { baseKeymap, setBlockType, toggleMark, wrapIn } from 'prosemirror-commands'
import { history, redo, undo } from 'prosemirror-history'
import { keymap } from 'prosemirror-keymap'
import { type Mark, type MarkType, Node as PMNode } from 'prosemirror-model'
import { liftListItem, sinkListItem, splitListItem, wrapInList } from 'prosemirror-schema-list'
import { type Command, EditorState, type Transaction } from 'prosemirror-state'
import { safeImageSrc, safeLinkHref } from '@/lib/rich-text/rules'
import type { RichTextNode } from '@/lib/rich-text/render-html'
import { richTextSchema as schema } from './schema'

export const UNDO_GROUP_DELAY_MS = 1000
export const UNDO_DEPTH = 100

export function historyPlugin() {
  return history({ depth: UNDO_DEPTH, newGroupDelay: UNDO_GROUP_DELAY_MS })
}

export function docFromJSON(json: RichTextNode | null | undefined): PMNode {
  if (json && typeof json === 'object' && json.type === 'doc') {
    try {
      const doc = PMNode.fromJSON(schema, json)
      doc.check()
      return doc
    } catch { /* invalid stored JSON: start empty rather than crash the form */ }
  }
  return schema.node('doc', null, [schema.node('paragraph')])
}

export function createEditorState(json?: RichTextNode | null): EditorState {
  return EditorState.create({
    doc: docFromJSON(json),
    plugins: [
      historyPlugin(),
      keymap({
        'Mod-z': undo,
        'Shift-Mod-z': redo,
        'Mod-y': redo,
        'Mod-b': toggleMark(schema.marks.strong),
        'Mod-i': toggleMark(schema.marks.em),
        Enter: splitListItem(schema.nodes.list_item),
        'Mod-[': liftListItem(schema.nodes.list_item),
        'Mod-]': sinkListItem(schema.nodes.list_item),
      }),
      keymap(baseKeymap),
    ],
  })
}

export const commands = {
  bold: toggleMark(schema.marks.strong),
  italic: toggleMark(schema.marks.em),
  code: toggleMark(schema.marks.code),
  paragraph: setBlockType(schema.nodes.paragraph),
  heading2: setBlockType(schema.nodes.heading, { level: 2 }),
  heading3: setBlockType(schema.nodes.heading, { level: 3 }),
  blockquote: wrapIn(schema.nodes.blockquote),
  bulletList: wrapInList(schema.nodes.bullet_list),
  orderedList: wrapInList(schema.nodes.ordered_list),
  horizontalRule: ((state, dispatch) => {
    if (dispatch) {
      dispatch(
        state.tr.replaceSelectionWith(schema.nodes.horizontal_rule.create()).scrollIntoView(),
      )
    }
    return true
  }) as Command,
  undo,
  redo,
}

export function isMarkActive(state: EditorState, type: MarkType): boolean {
  const { from, $from, to, empty } = state.selection
  if (empty) return !!type.isInSet(state.storedMarks ?? $from.marks())
  return state.doc.rangeHasMark(from, to, type)
}

export function linkAtSelection(state: EditorState): Mark | null {
  const { $from } = state.selection
  return schema.marks.link.isInSet($from.marks()) ?? null
}

export class RichTextRuleError extends Error {
  override name = 'RichTextRuleError'
}

/** Sets (or with an empty href removes) a link on the selection; refuses disallowed schemes. */
export function setLink(href: string): Command {
  return (state, dispatch) => {
    const { from, to, empty } = state.selection
    if (href.trim() === '') {
      if (dispatch) dispatch(state.tr.removeMark(from, to, schema.marks.link))
      return true
    }
    const safe = safeLinkHref(href)
    if (!safe) {
      throw new RichTextRuleError('Links must start with http://, https://, mailto: or tel:')
    }
    if (!dispatch) return true
    const mark = schema.marks.link.create({ href: safe })
    let tr: Transaction
    if (empty) {
      tr = state.tr.insertText(href.trim(), from).addMark(from, from + href.trim().length, mark)
    } else {
      tr = state.tr.removeMark(from, to, schema.marks.link).addMark(from, to, mark)
    }
    dispatch(tr.scrollIntoView())
    return true
  }
}

/** Inserts an image from an allowed source. */
export function insertImage(src: string, alt: string): Command {
  return (state, dispatch) => {
    const safe = safeImageSrc(src)
    if (!safe) throw new RichTextRuleError('Images must come from an http(s) address or this site')
    if (dispatch) {
      dispatch(
        state.tr.replaceSelectionWith(schema.nodes.image.create({ src: safe, alt }))
          .scrollIntoView(),
      )
    }
    return true
  }
}

export const toJSON = (state: EditorState) => state.doc.toJSON() as RichTextNode
