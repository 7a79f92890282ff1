// The course details: title, slug (made from the title when left empty) and summary.
import { type FormEvent, useState } from 'react'
import { Field, formGrid, useFormSave } from '@/components/admin/ui'
import { buttonPrimary, buttonSecondary } from '@/components/styles'
import { courseSchema, type CourseFormValues, slugify } from '../api/course-schema'

export function CourseForm({ initial, submitLabel, onSave, onCancel }: {
  initial: CourseFormValues; submitLabel: string; onSave: (v: CourseFormValues) => Promise<string | null>; onCancel?: () => void
}) {
  const [values, setValues] = useState(initial)
  const { errors, formError, saving, submit: save } = useFormSave<CourseFormValues>(courseSchema, 'course')
  const set = (k: keyof CourseFormValues) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }))
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!saving) void save(values, onSave)
  }
  return (
    <form onSubmit={submit} noValidate style={{ maxWidth: '48rem' }}>
      {formError && <p role='alert' style={{ color: 'var(--roots-error)', fontWeight: 600 }}>The course was not saved. {formError}</p>}
      <div className={formGrid}>
        <Field label='Course title' error={errors.title}><input value={values.title} onChange={set('title')} /></Field>
        <Field label='Slug' error={errors.slug} hint={values.slug === '' && values.title ? `Left empty: ${slugify(values.title)}` : 'Lower-case words joined by hyphens.'}>
          <input value={values.slug} onChange={set('slug')} spellCheck={false} />
        </Field>
        <Field label='Summary (optional)' error={errors.summary} className='wide'><textarea value={values.summary} onChange={set('summary')} /></Field>
      </div>
      <div style={{ display: 'flex', gap: '0.75rem', flexWrap: 'wrap' }}>
        <button type='submit' className={buttonPrimary} disabled={saving}>{saving ? 'Saving…' : submitLabel}</button>
        {onCancel && <button type='button' className={buttonSecondary} onClick={onCancel}>Cancel</button>}
      </div>
    </form>
  )
}
