// One lesson: its title and its text in the rich-text editor, with a choice of toolbar preset
// (minimal, essential, full). Errors beside the fields; nothing typed is lost on failure.
import { css } from 'goober'
import { useState } from 'react'
import { LazyRichTextEditor } from '@/components/rich-text/LazyRichTextEditor'
import type { ToolbarPreset } from '@/components/rich-text/toolbar'
import { AdminForm, useAdminForm } from '@/components/admin/admin-form'
import { Field } from '@/components/admin/ui'
import { lessonSchema, type LessonFormValues } from '../api/course-schema'
import { editorLabel, muted, spaced } from '@/components/admin/styles'
import { errorText } from '@/components/styles'

const below = css`
  margin: 0.25rem 0 0;
`

const PRESETS: Array<{ value: ToolbarPreset; label: string }> = [
  { value: 'minimal', label: 'Minimal: bold, italic, links' },
  { value: 'essential', label: 'Essential: adds lists, undo and redo' },
  { value: 'full', label: 'Full: adds headings, quotes, code and dividers' },
]

export function LessonEditor({
  initial,
  submitLabel,
  onSave,
  onCancel,
}: {
  initial: LessonFormValues
  submitLabel: string
  onSave: (v: LessonFormValues) => Promise<string | null>
  onCancel: () => void
}) {
  const [preset, setPreset] = useState<ToolbarPreset>('essential')
  const form = useAdminForm<LessonFormValues>(lessonSchema, 'lesson', initial, onSave)
  const { values, setValues, set, errors } = form
  return (
    <AdminForm what='lesson' form={form} submitLabel={submitLabel} onCancel={onCancel} wide>
      <Field label='Lesson title' error={errors.title}>
        <input value={values.title} onChange={set('title')} />
      </Field>
      <Field label='Toolbar' hint='Which formatting tools the editor offers.'>
        <select value={preset} onChange={(e) => setPreset(e.target.value as ToolbarPreset)}>
          {PRESETS.map((p) => (
            <option key={p.value} value={p.value}>
              {p.label}
            </option>
          ))}
        </select>
      </Field>
      <div className={spaced}>
        <p className={editorLabel}>Lesson text</p>
        <LazyRichTextEditor
          label='Lesson text'
          preset={preset}
          value={values.content}
          onChange={(content) => setValues((v) => ({ ...v, content }))}
          describedBy={errors.content ? 'lesson-content-error' : 'lesson-content-hint'}
        />
        <p id='lesson-content-hint' className={`${muted} ${below}`}>
          Links may go to web pages (http or https), e-mail (mailto) or phone numbers (tel).
        </p>
        {errors.content && (
          <p id='lesson-content-error' className={`${errorText} ${below}`}>
            {errors.content}
          </p>
        )}
      </div>
    </AdminForm>
  )
}
