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

/** A list of records as cards (reads at 360 px): an <ol> whose items have an h2, lines and .muted notes. */
export const cardList = css`
  list-style: none;
  padding: 0;
  margin: 0;
  display: grid;
  gap: 0.75rem;
  > li {
    background: var(--roots-surface);
    border: 1px solid #d9ddd9;
    border-radius: 0.5rem;
    padding: 0.75rem 1rem;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  h2 {
    font-size: 1.05rem;
    margin: 0 0 0.35rem;
  }
  p {
    margin: 0.25rem 0;
  }
  .muted {
    color: var(--roots-muted);
  }
`
