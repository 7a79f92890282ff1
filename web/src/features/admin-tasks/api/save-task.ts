// Creates, updates, moves or deletes a task (admins only; audited by trigger).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'
import { tasksQueryKey } from './get-tasks'
import { TASK_STATUSES, type TaskStatus, taskSchema, type TaskFormValues } from './task-schema'

async function writeOne(run: PromiseLike<{ data: { id: number } | null; error: unknown }>, failed: string): Promise<number> {
  const { data, error } = await run
  if (error) throw new DbError(error, failed)
  if (!data) throw new DbError({ code: '42501' })
  return data.id
}

export async function saveTask({ id, values }: { id: number | null; values: TaskFormValues }): Promise<number> {
  const row = taskSchema.parse(values)
  const table = supabase().from('tasks')
  return await writeOne(id === null ? table.insert(row).select('id').single() : table.update(row).eq('id', id).select('id').maybeSingle(), 'The task was not saved.')
}

export async function moveTask({ id, status }: { id: number; status: TaskStatus }): Promise<number> {
  if (!TASK_STATUSES.includes(status)) throw new Error('Choose a status.')
  return await writeOne(supabase().from('tasks').update({ status }).eq('id', id).select('id').maybeSingle(), 'The task was not moved.')
}

export async function deleteTask(id: number): Promise<number> {
  return await writeOne(supabase().from('tasks').delete().eq('id', id).select('id').maybeSingle(), 'The task was not deleted.')
}

function useTaskMutation<A>(fn: (a: A) => Promise<number>) {
  const qc = useQueryClient()
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: tasksQueryKey }) })
}

export const useSaveTask = () => useTaskMutation(saveTask)
export const useMoveTask = () => useTaskMutation(moveTask)
export const useDeleteTask = () => useTaskMutation(deleteTask)
