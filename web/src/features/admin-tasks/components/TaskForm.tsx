// The task form; errors beside the fields, nothing typed is lost when saving fails.
import { AdminForm, useAdminForm } from '@/components/admin/admin-form'
import { Field, formGrid } from '@/components/admin/ui'
import { useStaff, useTaskSites } from '../api/get-tasks'
import { STATUS_LABELS, TASK_STATUSES, taskSchema, type TaskFormValues } from '../api/task-schema'

export function TaskForm({
  initial,
  submitLabel,
  onSave,
  onCancel,
}: {
  initial: TaskFormValues
  submitLabel: string
  onSave: (v: TaskFormValues) => Promise<string | null>
  onCancel: () => void
}) {
  const sites = useTaskSites()
  const staff = useStaff()
  const form = useAdminForm<TaskFormValues>(taskSchema, 'task', initial, onSave)
  const { values, set, errors } = form
  return (
    <AdminForm what='task' form={form} submitLabel={submitLabel} onCancel={onCancel}>
      <div className={formGrid}>
        <Field label='Task' error={errors.title} className='wide'>
          <input value={values.title} onChange={set('title')} />
        </Field>
        <Field label='Site' error={errors.site_id}>
          <select value={values.site_id} onChange={set('site_id')}>
            <option value=''>No particular site</option>
            {sites.data?.map((s) => (
              <option key={s.id} value={String(s.id)}>
                {s.location}
              </option>
            ))}
          </select>
        </Field>
        <Field label='Who' error={errors.assigned_to}>
          <select value={values.assigned_to} onChange={set('assigned_to')}>
            <option value=''>Nobody yet</option>
            {staff.data?.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </Field>
        <Field label='Status' error={errors.status}>
          <select value={values.status} onChange={set('status')}>
            {TASK_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </Field>
        <Field label='Due (optional)' error={errors.due_on}>
          <input type='date' value={values.due_on} onChange={set('due_on')} />
        </Field>
        <Field label='Notes (optional)' error={errors.description} className='wide'>
          <textarea value={values.description} onChange={set('description')} />
        </Field>
      </div>
    </AdminForm>
  )
}
