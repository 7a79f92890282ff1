import { css } from 'goober'

export const coursePage = css`
  max-width: 52rem;
  h1 {
    color: var(--roots-primary);
    margin: 0 0 0.5rem;
  }
  .card {
    background: var(--roots-surface);
    border-radius: 0.75rem;
    padding: clamp(1rem, 4vw, 1.5rem);
    margin-bottom: 1.25rem;
  }
  .error {
    color: var(--roots-error);
    font-weight: 600;
  }
  .courses {
    list-style: none;
    padding: 0;
    margin: 0;
    display: grid;
    gap: 0.5rem;
  }
  .courses li {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    gap: 0.5rem;
    border-bottom: 1px solid var(--roots-border);
    padding: 0.5rem 0;
  }
  .badge {
    font-size: 0.85rem;
    font-weight: 700;
    border-radius: 1rem;
    padding: 0.1rem 0.6rem;
    background: #eef0ee;
    color: var(--roots-text);
  }
  .badge[data-published='true'] {
    background: #dfeae2;
    color: var(--roots-primary);
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    margin-top: 0.75rem;
  }
  button[aria-disabled='true'] {
    cursor: not-allowed;
    opacity: 0.6;
  }
  .sent {
    font-weight: 600;
    color: var(--roots-primary);
  }
  .review {
    border-left: 4px solid var(--roots-primary);
    background: #f3f6f3;
    padding: 0.5rem 0.75rem;
    margin: 0.75rem 0;
    overflow-wrap: anywhere;
  }
  .review[data-status='rejected'] {
    border-left-color: var(--roots-error);
  }
  .review p {
    margin: 0 0 0.5rem;
  }
  .review blockquote {
    margin: 0 0 0.5rem;
    padding-left: 0.75rem;
    border-left: 2px solid var(--roots-border);
    white-space: pre-wrap;
  }
`

/** The buttons of a dialog (it renders outside the page, so outside `coursePage`). */
export const dialogActions = css`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  margin-top: 1rem;
`
