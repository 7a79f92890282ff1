// A labelled form control with its hint and its error next to it (aria-describedby,
// aria-invalid). Controls are uncontrolled: what the visitor typed stays after a failed submit.
import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react'
import { css } from 'goober'

export const fieldClass = css`
  display: grid;
  gap: 0.3rem;
  margin: 0 0 1rem;
  label,
  legend {
    font-weight: 600;
  }
  input:not([type='checkbox']):not([type='radio']),
  select,
  textarea {
    font: inherit;
    padding: 0.6rem 0.75rem;
    border: 2px solid var(--roots-border);
    border-radius: 0.5rem;
    background: var(--roots-surface);
    color: var(--roots-text);
    min-height: 2.75rem;
    width: 100%;
  }
  [aria-invalid='true'] {
    border-color: var(--roots-error) !important;
  }
  .hint {
    color: var(--roots-muted);
    font-size: 0.9rem;
    margin: 0;
  }
  .error {
    color: var(--roots-error);
    font-weight: 600;
    font-size: 0.95rem;
    margin: 0;
  }
  &.check {
    grid-template-columns: auto 1fr;
    align-items: start;
    gap: 0.6rem;
  }
  &.check input {
    width: 1.35rem;
    height: 1.35rem;
    margin-top: 0.15rem;
    accent-color: var(--roots-primary);
  }
  &.check .error,
  &.check .hint {
    grid-column: 2;
  }
`

interface Common {
  label: ReactNode
  name: string
  error?: string
  hint?: ReactNode
}

function describedBy(id: string, hint: unknown, error?: string) {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
}

export function TextField({ label, name, error, hint, ...rest }: Common & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId()
  return (
    <div className={fieldClass}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p className='hint' id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...rest}
      />
      {error && (
        <p className='error' id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  )
}

export function TextAreaField({
  label,
  name,
  error,
  hint,
  ...rest
}: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId()
  return (
    <div className={fieldClass}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p className='hint' id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <textarea
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...rest}
      />
      {error && (
        <p className='error' id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  )
}

export function SelectField({
  label,
  name,
  error,
  hint,
  children,
  ...rest
}: Common & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId()
  return (
    <div className={fieldClass}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p className='hint' id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <select
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...rest}
      >
        {children}
      </select>
      {error && (
        <p className='error' id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  )
}

export function CheckboxField({ label, name, error, hint, ...rest }: Common & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId()
  return (
    <div className={`${fieldClass} check`}>
      <input
        type='checkbox'
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...rest}
      />
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p className='hint' id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className='error' id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  )
}
