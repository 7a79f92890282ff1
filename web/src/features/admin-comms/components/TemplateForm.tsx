// Writes a template: name, channel, subject and the body in the rich-text editor (or plain text
// for a text message), with the merge fields listed. Errors beside fields; nothing lost on failure.
import { type FormEvent, useState } from 'react'
import { LazyRichTextEditor } from '@/components/rich-text/LazyRichTextEditor'
import { Field, useFormSave } from '@/components/admin/ui'
import { buttonPrimary, buttonSecondary } from '@/components/styles'
import { MERGE_FIELDS, templateSchema, type TemplateFormValues } from '../api/template-schema'

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
    <form onSubmit={submit} noValidate style={{ maxWidth: '48rem' }}>
      {formError && <p role='alert' style={{ color: 'var(--roots-error)', fontWeight: 600 }}>The template was not saved. {formError}</p>}
      <Field label='Template name' error={errors.name}><input value={values.name} onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))} /></Field>
      <Field label='Sent as' error={errors.channel}>
        <select value={values.channel} onChange={(e) => setValues((v) => ({ ...v, channel: e.target.value as 'email' | 'sms' }))}>
          <option value='email'>E-mail</option>
          <option value='sms'>Text message</option>
        </select>
      </Field>
      {values.channel === 'email' ? (
        <>
          <Field label='Subject' error={errors.subject}><input value={values.subject} onChange={(e) => setValues((v) => ({ ...v, subject: e.target.value }))} /></Field>
          <div style={{ marginBottom: '1rem' }}>
            <p id='template-body-label' style={{ fontWeight: 600, margin: '0 0 0.25rem' }}>Message</p>
            <LazyRichTextEditor label='Message' preset='essential' value={values.body} onChange={(body) => setValues((v) => ({ ...v, body }))} describedBy={errors.body ? 'template-body-error' : 'template-merge-fields'} />
            {errors.body && <p id='template-body-error' style={{ color: 'var(--roots-error)', fontWeight: 600, margin: '0.25rem 0 0' }}>{errors.body}</p>}
          </div>
        </>
      ) : (
        <Field label='Text message' error={errors.body_text} hint={`${values.body_text.length} of 612 characters`}>
          <textarea value={values.body_text} onChange={(e) => setValues((v) => ({ ...v, body_text: e.target.value }))} />
        </Field>
      )}
      <p id='template-merge-fields' style={{ color: 'var(--roots-muted)' }}>
        Merge fields: {MERGE_FIELDS.map((f) => <code key={f} style={{ marginRight: '0.5rem' }}>{`{{${f}}}`}</code>)}
      </p>
      <div style={{ display: 'flex', gap: '0.75rem', flexWrap: 'wrap' }}>
        <button type='submit' className={buttonPrimary} disabled={saving}>{saving ? 'Saving…' : submitLabel}</button>
        <button type='button' className={buttonSecondary} onClick={onCancel}>Cancel</button>
      </div>
    </form>
  )
}
