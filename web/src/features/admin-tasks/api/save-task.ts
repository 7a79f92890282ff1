// Creates, updates, moves or deletes a task (admins only; audited by trigger).
import { supabase } from '@/lib/supabase'
import { deleteRow, saveRowId, useInvalidatingMutation, writeOne } from '@/lib/admin/crud'
import { tasksQueryKey } from './get-tasks'
import { TASK_STATUSES, type TaskFormValues, taskSchema, type TaskStatus } from './task-schema'

export const saveTask = async ({ id, values }: { id: number | null; values: TaskFormValues }) =>
  await saveRowId('tasks', id, taskSchema.parse(values), { failed: 'The task was not saved.' })

export async function moveTask(
  { id, status }: { id: number; status: TaskStatus },
): Promise<number> {
  if (!TASK_STATUSES.includes(status)) throw new Error('Choose a status.')
  return (await writeOne<{ id: number }>(
    supabase().from('tasks').update({ status }).eq('id', id).select('id').maybeSingle(),
    'The task was not moved.',
  )).id
}

export const deleteTask = (id: number) => deleteRow('tasks', id, 'The task was not deleted.')

export const useSaveTask = () => useInvalidatingMutation(saveTask, [tasksQueryKey])
export const useMoveTask = () => useInvalidatingMutation(moveTask, [tasksQueryKey])
export const useDeleteTask = () => useInvalidatingMutation(deleteTask, [tasksQueryKey])
