// Small classes the admin screens share for what they used to say inline: e-mail addresses and
// references that may break anywhere, cells that must not wrap, quieter text, the width of a
// form, the space under a block, a tight row of buttons and the label above a rich-text editor.
import { css } from 'goober'

export const breakAll = css`word-break: break-all;`
export const noWrap = css`white-space: nowrap;`
export const muted = css`color: var(--roots-muted);`
export const formWidth = css`max-width: 48rem;`
export const spaced = css`margin-bottom: 1rem;`
export const actionsTight = css`
  display: flex;
  gap: 0.5rem;
  flex-wrap: wrap;
`
export const editorLabel = css`
  font-weight: 600;
  margin: 0 0 0.25rem;
`
