// Shared class names (goober). Colours come from the theme's custom properties.
import { css } from 'goober'

const base = `
  display: inline-flex; align-items: center; justify-content: center; gap: 0.5rem;
  min-height: 2.75rem; padding: 0.5rem 1.1rem; border-radius: 0.5rem; font: inherit; font-weight: 600;
  cursor: pointer; text-decoration: none; transition: background-color var(--roots-animation), color var(--roots-animation);
  &:disabled { cursor: not-allowed; opacity: 0.6; }
`

export const buttonPrimary = css`
  ${base} border: 2px solid var(--roots-primary);
  background: var(--roots-primary);
  color: #fff;
  &:hover:not(:disabled) {
    background: var(--roots-primary-hover);
    border-color: var(--roots-primary-hover);
  }
`

export const buttonSecondary = css`
  ${base} border: 2px solid var(--roots-primary);
  background: var(--roots-surface);
  color: var(--roots-primary);
  &:hover:not(:disabled) {
    background: #e8f0ea;
  }
`

export const buttonLink = css`
  background: none;
  border: 0;
  padding: 0;
  font: inherit;
  color: var(--roots-primary);
  text-decoration: underline;
  cursor: pointer;
`

export const visuallyHidden = css`
  position: absolute !important;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
`

/** A form's own error, above its fields. */
export const errorText = css`
  color: var(--roots-error);
  font-weight: 600;
`

/** A row of buttons that wraps on a narrow screen. */
export const actionRow = css`
  display: flex;
  gap: 0.75rem;
  flex-wrap: wrap;
`
