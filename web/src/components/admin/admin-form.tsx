// The frame of an admin form: values kept as typed, checked by the schema on submit (errors
// beside the fields and a toast, via useFormSave), saved once however often Submit is pressed,
// a failed save's message above the fields, and the Submit and Cancel buttons.
import { css } from 'goober'
import { type FormEvent, type ReactNode, useState } from 'react'
import { actionRow, buttonPrimary, buttonSecondary, errorText } from '@/components/styles'
import { useFormSave } from './ui'
import { formWidth } from './styles'

const formWide = css`
  max-width: 52rem;
`
const panel = css`
  margin-bottom: 2rem;
`

type Schema<V> = Parameters<typeof useFormSave<V>>[0]

export function useAdminForm<V extends object>(
  schema: Schema<V>,
  what: string,
  initial: V,
  onSave: (v: V) => Promise<string | null>,
) {
  const [values, setValues] = useState(initial)
  const { errors, formError, saving, submit: save } = useFormSave<V>(schema, what)
  /** A text control's onChange for one field. */
  const set = (k: keyof V) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }))
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    // A rich-text editor's link dialog is a form in a portal: its submit bubbles here through React.
    if (e.target !== e.currentTarget || saving) return
    void save(values, onSave)
  }
  return { values, setValues, set, errors, formError, saving, onSubmit }
}

export interface AdminFormProps {
  what: string
  form: { formError: string | null; saving: boolean; onSubmit: (e: FormEvent) => void }
  submitLabel: string
  onCancel?: () => void
  /** 52rem instead of 48rem, for forms with a rich-text editor. */
  wide?: boolean
  children: ReactNode
}

export function AdminForm({ what, form, submitLabel, onCancel, wide, children }: AdminFormProps) {
  return (
    <form onSubmit={form.onSubmit} noValidate className={wide ? formWide : formWidth}>
      {form.formError && (
        <p role='alert' className={errorText}>
          The {what} was not saved. {form.formError}
        </p>
      )}
      {children}
      <div className={actionRow}>
        <button type='submit' className={buttonPrimary} disabled={form.saving}>
          {form.saving ? 'Saving…' : submitLabel}
        </button>
        {onCancel && (
          <button type='button' className={buttonSecondary} onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  )
}

/** The add/edit panel above a list. */
export function EditPanel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={panel}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  )
}
