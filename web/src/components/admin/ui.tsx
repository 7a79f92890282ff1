// Building blocks the admin screens share: labelled fields with their error beside them, a
// page header, a refusal/error notice, an empty state, a confirmation dialog and table styles.
import { cloneElement, type ReactElement, type ReactNode, useId, useState } from 'react'
import { css } from 'goober'
import { Modal } from '@/components/Modal'
import { buttonPrimary, buttonSecondary } from '@/components/styles'
import { formErrorToasts } from '@/lib/form-error-toasts'

const dialogActions = css`
  display: flex;
  gap: 0.75rem;
  justify-content: flex-end;
  margin-top: 1.5rem;
  flex-wrap: wrap;
`
const pagerClass = css`
  display: flex;
  gap: 0.75rem;
  align-items: center;
  margin-top: 1rem;
  flex-wrap: wrap;
`

export const formGrid = css`
  display: grid;
  gap: 0 1.25rem;
  grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr));
  fieldset {
    grid-column: 1 / -1;
    border: 1px solid #c9cfcb;
    border-radius: 0.5rem;
    padding: 1rem;
    margin: 0 0 1rem;
    min-width: 0;
  }
  legend {
    font-weight: 700;
    padding: 0 0.25rem;
  }
  .wide {
    grid-column: 1 / -1;
  }
`

const fieldClass = css`
  display: grid;
  gap: 0.25rem;
  margin-bottom: 1rem;
  align-content: start;
  label {
    font-weight: 600;
  }
  .hint {
    color: var(--roots-muted);
    font-size: 0.9rem;
    margin: 0;
  }
  .error {
    color: var(--roots-error);
    font-weight: 600;
    margin: 0;
  }
  input:not([type='checkbox']),
  select,
  textarea {
    font: inherit;
    padding: 0.5rem 0.625rem;
    border: 1px solid var(--roots-border);
    border-radius: 0.375rem;
    min-height: 2.75rem;
    background: var(--roots-surface);
    color: var(--roots-text);
    width: 100%;
    box-sizing: border-box;
  }
  textarea {
    min-height: 5.5rem;
    resize: vertical;
  }
  [aria-invalid='true'] {
    border-color: var(--roots-error) !important;
    border-width: 2px !important;
  }
  &.checkbox {
    grid-template-columns: auto 1fr;
    align-items: center;
    gap: 0.5rem;
  }
  &.checkbox input {
    width: 1.25rem;
    height: 1.25rem;
  }
`

export interface FieldProps {
  label: string
  error?: string | undefined
  hint?: string
  children: ReactElement<Record<string, unknown>>
  className?: string
  checkbox?: boolean
}

/** A label, the control (given its id, aria-invalid and aria-describedby) and its error. */
export function Field({ label, error, hint, children, className, checkbox }: FieldProps) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined
  const control = cloneElement(children, {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  })
  return (
    <div className={`${fieldClass}${checkbox ? ' checkbox' : ''}${className ? ` ${className}` : ''}`}>
      {checkbox ? (
        <>
          {control}
          <label htmlFor={id}>{label}</label>
        </>
      ) : (
        <>
          <label htmlFor={id}>{label}</label>
          {control}
        </>
      )}
      {hint && (
        <p className='hint' id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className='error' id={errorId}>
          {error}
        </p>
      )}
    </div>
  )
}

export const pageHeader = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.75rem;
  margin-bottom: 1rem;
  h1 {
    margin: 0;
    font-size: clamp(1.5rem, 4vw, 2rem);
    color: var(--roots-primary);
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
  }
`

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className={pageHeader}>
      <h1>{title}</h1>
      {children && <div className='actions'>{children}</div>}
    </div>
  )
}

const noticeClass = css`
  border: 2px solid var(--roots-error);
  background: #fdf1f0;
  color: var(--roots-text);
  border-radius: 0.5rem;
  padding: 0.75rem 1rem;
  margin: 0 0 1rem;
  strong {
    color: var(--roots-error);
  }
  p {
    margin: 0.25rem 0 0;
  }
`

/** An error or refusal, announced to screen readers. */
export function ErrorNotice({
  title = 'Something went wrong',
  message,
  children,
}: {
  title?: string
  message: string
  children?: ReactNode
}) {
  return (
    <div role='alert' className={noticeClass}>
      <strong>{title}</strong>
      <p>{message}</p>
      {children}
    </div>
  )
}

const emptyClass = css`
  border: 1px dashed var(--roots-border);
  border-radius: 0.5rem;
  padding: 1.5rem;
  text-align: center;
  color: var(--roots-muted);
  background: var(--roots-surface);
`

export function EmptyState({ children }: { children: ReactNode }) {
  return <div className={emptyClass}>{children}</div>
}

/** The box a table scrolls sideways in, so the page never does (position: relative keeps the
 *  table's absolutely positioned, visually hidden headers inside it too). DataTable names its own
 *  box as a focusable region; the admin layout does so for any other (table-regions.ts). */
export const tableWrap = css`
  position: relative;
  max-width: 100%;
  overflow-x: auto;
  background: var(--roots-surface);
  border: 1px solid #d9ddd9;
  border-radius: 0.5rem;
  table {
    width: 100%;
    border-collapse: collapse;
    font-size: 0.95rem;
  }
  caption {
    text-align: left;
    padding: 0.75rem;
    font-weight: 700;
  }
  th,
  td {
    text-align: left;
    padding: 0.5rem 0.75rem;
    border-bottom: 1px solid #e3e6e3;
    vertical-align: top;
  }
  th {
    background: #eef2ee;
    font-weight: 700;
    white-space: nowrap;
  }
  tr:last-child td {
    border-bottom: 0;
  }
  .num {
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
`

export const toolbar = css`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem 1rem;
  align-items: end;
  margin-bottom: 1rem;
  & > div {
    margin-bottom: 0;
    min-width: 10rem;
    flex: 1 1 10rem;
  }
  & > button,
  & > a {
    flex: 0 0 auto;
  }
`

export function Status({ children }: { children: ReactNode }) {
  return <p role='status'>{children}</p>
}

export interface ConfirmDialogProps {
  title: string
  children: ReactNode
  confirmLabel: string
  busy?: boolean
  onConfirm: () => void
  onCancel: () => void
}

/** Asks before a destructive action; Escape or Cancel backs out. */
export function ConfirmDialog({ title, children, confirmLabel, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Modal title={title} onClose={onCancel} onClickOutside={onCancel}>
      <div>{children}</div>
      <div className={dialogActions}>
        <button type='button' className={buttonSecondary} onClick={onCancel}>
          Cancel
        </button>
        <button type='button' className={buttonPrimary} onClick={onConfirm} disabled={busy}>
          {busy ? 'Working…' : confirmLabel}
        </button>
      </div>
    </Modal>
  )
}

/** zod issues → { field path: first message }. */
export function fieldErrors(
  issues: ReadonlyArray<{ path: ReadonlyArray<string | number>; message: string }>,
): Record<string, string> {
  const out: Record<string, string> = {}
  for (const issue of issues) {
    const key = issue.path.join('.')
    if (!(key in out)) out[key] = issue.message
  }
  return out
}

/** Previous / next paging with the page number; nothing when everything fits on one page. */
export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  if (pages <= 1) return null
  return (
    <nav aria-label='Pages' className={pagerClass}>
      <button type='button' className={buttonSecondary} disabled={page === 0} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span>
        Page {page + 1} of {pages}
      </span>
      <button type='button' className={buttonSecondary} disabled={page >= pages - 1} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  )
}

/**
 * The submit flow every admin form shares: check with the schema (errors beside the fields and a
 * toast), then save; a failed save's message stays on the form, which keeps everything typed,
 * and a save that succeeds dismisses the form's error toasts.
 */
export function useFormSave<V>(
  schema: {
    safeParse: (
      v: V,
    ) =>
      | { success: true }
      | { success: false; error: { issues: ReadonlyArray<{ path: ReadonlyArray<string | number>; message: string }> } }
  },
  what: string,
) {
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const [toasts] = useState(formErrorToasts)
  const submit = async (values: V, save: (v: V) => Promise<string | null>) => {
    const parsed = schema.safeParse(values)
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues))
      toasts.error(`The ${what} was not saved: check the highlighted fields.`)
      return
    }
    setErrors({})
    setSaving(true)
    const failure = await save(values).finally(() => setSaving(false))
    setFormError(failure)
    if (failure) toasts.error(failure)
    else toasts.clear()
  }
  return { errors, formError, saving, submit }
}
