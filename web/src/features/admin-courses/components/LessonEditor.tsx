// One lesson: its title and its text in the rich-text editor, with a choice of toolbar preset
// (minimal, essential, full). Errors beside the fields; nothing typed is lost on failure.
import { type FormEvent, useState } from 'react'
import { LazyRichTextEditor } from '@/components/rich-text/LazyRichTextEditor'
import type { ToolbarPreset } from '@/components/rich-text/toolbar'
import { Field, useFormSave } from '@/components/admin/ui'
import { buttonPrimary, buttonSecondary } from '@/components/styles'
import { lessonSchema, type LessonFormValues } from '../api/course-schema'

const PRESETS: Array<{ value: ToolbarPreset; label: string }> = [
  { value: 'minimal', label: 'Minimal: bold, italic, links' },
  { value: 'essential', label: 'Essential: adds lists, undo and redo' },
  { value: 'full', label: 'Full: adds headings, quotes, code and dividers' },
]

export function LessonEditor({ initial, submitLabel, onSave, onCancel }: {
  initial: LessonFormValues; submitLabel: string; onSave: (v: LessonFormValues) => Promise<string | null>; onCancel: () => void
}) {
  const [values, setValues] = useState(initial)
  const [preset, setPreset] = useState<ToolbarPreset>('essential')
  const { errors, formError, saving, submit: save } = useFormSave<LessonFormValues>(lessonSchema, 'lesson')
  const submit = (e: FormEvent) => {
    e.preventDefault()
    // The editor's link dialog is a form in a portal: its submit bubbles here through React.
    if (e.target !== e.currentTarget) return
    if (!saving) void save(values, onSave)
  }
  return (
    <form onSubmit={submit} noValidate style={{ maxWidth: '52rem' }}>
      {formError && <p role='alert' style={{ color: 'var(--roots-error)', fontWeight: 600 }}>The lesson was not saved. {formError}</p>}
      <Field label='Lesson title' error={errors.title}><input value={values.title} onChange={(e) => setValues((v) => ({ ...v, title: e.target.value }))} /></Field>
      <Field label='Toolbar' hint='Which formatting tools the editor offers.'>
        <select value={preset} onChange={(e) => setPreset(e.target.value as ToolbarPreset)}>
          {PRESETS.map((p) => <option key={p.value} value={p.value}>{p.label}</option>)}
        </select>
      </Field>
      <div style={{ marginBottom: '1rem' }}>
        <p style={{ fontWeight: 600, margin: '0 0 0.25rem' }}>Lesson text</p>
        <LazyRichTextEditor label='Lesson text' preset={preset} value={values.content} onChange={(content) => setValues((v) => ({ ...v, content }))}
          describedBy={errors.content ? 'lesson-content-error' : 'lesson-content-hint'} />
        <p id='lesson-content-hint' style={{ color: 'var(--roots-muted)', margin: '0.25rem 0 0' }}>Links may go to web pages (http or https), e-mail (mailto) or phone numbers (tel).</p>
        {errors.content && <p id='lesson-content-error' style={{ color: 'var(--roots-error)', fontWeight: 600, margin: '0.25rem 0 0' }}>{errors.content}</p>}
      </div>
      <div style={{ display: 'flex', gap: '0.75rem', flexWrap: 'wrap' }}>
        <button type='submit' className={buttonPrimary} disabled={saving}>{saving ? 'Saving…' : submitLabel}</button>
        <button type='button' className={buttonSecondary} onClick={onCancel}>Cancel</button>
      </div>
    </form>
  )
}
