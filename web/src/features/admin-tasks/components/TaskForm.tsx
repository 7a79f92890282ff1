// The task form; errors beside the fields, nothing typed is lost when saving fails.
import { type FormEvent, useState } from 'react'
import { Field, formGrid, useFormSave } from '@/components/admin/ui'
import { buttonPrimary, buttonSecondary } from '@/components/styles'
import { useStaff, useTaskSites } from '../api/get-tasks'
import { STATUS_LABELS, TASK_STATUSES, taskSchema, type TaskFormValues } from '../api/task-schema'

export function TaskForm({ initial, submitLabel, onSave, onCancel }: {
  initial: TaskFormValues; submitLabel: string; onSave: (v: TaskFormValues) => Promise<string | null>; onCancel: () => void
}) {
  const sites = useTaskSites()
  const staff = useStaff()
  const [values, setValues] = useState(initial)
  const { errors, formError, saving, submit: save } = useFormSave<TaskFormValues>(taskSchema, 'task')
  const set = (k: keyof TaskFormValues) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }))
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!saving) void save(values, onSave)
  }
  return (
    <form onSubmit={submit} noValidate style={{ maxWidth: '48rem' }}>
      {formError && <p role='alert' style={{ color: 'var(--roots-error)', fontWeight: 600 }}>The task was not saved. {formError}</p>}
      <div className={formGrid}>
        <Field label='Task' error={errors.title} className='wide'><input value={values.title} onChange={set('title')} /></Field>
        <Field label='Site' error={errors.site_id}>
          <select value={values.site_id} onChange={set('site_id')}>
            <option value=''>No particular site</option>
            {sites.data?.map((s) => <option key={s.id} value={String(s.id)}>{s.location}</option>)}
          </select>
        </Field>
        <Field label='Who' error={errors.assigned_to}>
          <select value={values.assigned_to} onChange={set('assigned_to')}>
            <option value=''>Nobody yet</option>
            {staff.data?.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
          </select>
        </Field>
        <Field label='Status' error={errors.status}>
          <select value={values.status} onChange={set('status')}>
            {TASK_STATUSES.map((s) => <option key={s} value={s}>{STATUS_LABELS[s]}</option>)}
          </select>
        </Field>
        <Field label='Due (optional)' error={errors.due_on}><input type='date' value={values.due_on} onChange={set('due_on')} /></Field>
        <Field label='Notes (optional)' error={errors.description} className='wide'><textarea value={values.description} onChange={set('description')} /></Field>
      </div>
      <div style={{ display: 'flex', gap: '0.75rem', flexWrap: 'wrap' }}>
        <button type='submit' className={buttonPrimary} disabled={saving}>{saving ? 'Saving…' : submitLabel}</button>
        <button type='button' className={buttonSecondary} onClick={onCancel}>Cancel</button>
      </div>
    </form>
  )
}
