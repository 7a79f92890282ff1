// The task form: title, notes, site, who does it (a member of staff), status and due date.
// The database checks the same (title 1-200, notes up to 2000, staff-only assignees).
import { z } from 'zod'

export const TASK_STATUSES = ['todo', 'doing', 'done'] as const
export type TaskStatus = (typeof TASK_STATUSES)[number]
export const STATUS_LABELS: Record<TaskStatus, string> = {
  todo: 'To do',
  doing: 'Doing',
  done: 'Done',
}

export const taskSchema = z.object({
  title: z.string().trim().min(1, 'Say what needs doing.').max(200, 'At most 200 characters.'),
  description: z.string().trim().max(2000, 'At most 2000 characters.'),
  site_id: z.string(),
  assigned_to: z.string(),
  status: z.enum(TASK_STATUSES, { errorMap: () => ({ message: 'Choose a status.' }) }),
  due_on: z.string().refine(
    (v) => v === '' || /^\d{4}-\d{2}-\d{2}$/.test(v),
    'Choose a date, or leave it empty.',
  ),
}).transform((v) => ({
  title: v.title,
  description: v.description === '' ? null : v.description,
  site_id: v.site_id === '' ? null : Number(v.site_id),
  assigned_to: v.assigned_to === '' ? null : v.assigned_to,
  status: v.status,
  due_on: v.due_on === '' ? null : v.due_on,
}))

export type TaskFormValues = z.input<typeof taskSchema>
export const emptyTask = (): TaskFormValues => ({
  title: '',
  description: '',
  site_id: '',
  assigned_to: '',
  status: 'todo',
  due_on: '',
})

/** The column before and after a status on the board (none past either end). */
export function neighbours(
  status: TaskStatus,
): { prev: TaskStatus | null; next: TaskStatus | null } {
  const i = TASK_STATUSES.indexOf(status)
  return { prev: TASK_STATUSES[i - 1] ?? null, next: TASK_STATUSES[i + 1] ?? null }
}

/** Overdue: due before today and not done. */
export const isOverdue = (
  t: { status: TaskStatus; due_on: string | null },
  today = new Date().toISOString().slice(0, 10),
) => t.status !== 'done' && t.due_on !== null && t.due_on < today
