// Writes a template: name, channel, subject and the body in the rich-text editor (or plain text
// for a text message), with the merge fields listed. Errors beside fields; nothing lost on failure.
import { css } from 'goober'
import { type FormEvent, useState } from 'react'
import { LazyRichTextEditor } from '@/components/rich-text/LazyRichTextEditor'
import { Field, useFormSave } from '@/components/admin/ui'
import { actionRow, buttonPrimary, buttonSecondary, errorText } from '@/components/styles'
import { MERGE_FIELDS, templateSchema, type TemplateFormValues } from '../api/template-schema'
import { editorLabel, formWidth, muted, spaced } from '@/components/admin/styles'

const below = css`
  margin: 0.25rem 0 0;
`
const field = css`
  margin-right: 0.5rem;
`

export interface TemplateFormProps {
  initial: TemplateFormValues
  submitLabel: string
  onSave: (values: TemplateFormValues) => Promise<string | null>
  onCancel: () => void
}

export function TemplateForm({ initial, submitLabel, onSave, onCancel }: TemplateFormProps) {
  const [values, setValues] = useState<TemplateFormValues>(initial)
  const { errors, formError, saving, submit: save } = useFormSave<TemplateFormValues>(templateSchema, 'template')
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void save(values, onSave)
  }
  return (
    <form onSubmit={submit} noValidate className={formWidth}>
      {formError && (
        <p role='alert' className={errorText}>
          The template was not saved. {formError}
        </p>
      )}
      <Field label='Template name' error={errors.name}>
        <input value={values.name} onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))} />
      </Field>
      <Field label='Sent as' error={errors.channel}>
        <select
          value={values.channel}
          onChange={(e) => setValues((v) => ({ ...v, channel: e.target.value as 'email' | 'sms' }))}
        >
          <option value='email'>E-mail</option>
          <option value='sms'>Text message</option>
        </select>
      </Field>
      {values.channel === 'email' ? (
        <>
          <Field label='Subject' error={errors.subject}>
            <input value={values.subject} onChange={(e) => setValues((v) => ({ ...v, subject: e.target.value }))} />
          </Field>
          <div className={spaced}>
            <p id='template-body-label' className={editorLabel}>
              Message
            </p>
            <LazyRichTextEditor
              label='Message'
              preset='essential'
              value={values.body}
              onChange={(body) => setValues((v) => ({ ...v, body }))}
              describedBy={errors.body ? 'template-body-error' : 'template-merge-fields'}
            />
            {errors.body && (
              <p id='template-body-error' className={`${errorText} ${below}`}>
                {errors.body}
              </p>
            )}
          </div>
        </>
      ) : (
        <Field label='Text message' error={errors.body_text} hint={`${values.body_text.length} of 612 characters`}>
          <textarea
            value={values.body_text}
            onChange={(e) => setValues((v) => ({ ...v, body_text: e.target.value }))}
          />
        </Field>
      )}
      <p id='template-merge-fields' className={muted}>
        Merge fields:{' '}
        {MERGE_FIELDS.map((f) => (
          <code key={f} className={field}>{`{{${f}}}`}</code>
        ))}
      </p>
      <div className={actionRow}>
        <button type='submit' className={buttonPrimary} disabled={saving}>
          {saving ? 'Saving…' : submitLabel}
        </button>
        <button type='button' className={buttonSecondary} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  )
}
