// Tasks (admins only), by site, person and status, soonest due first; the staff who can be
// given a task; the sites.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'
import type { TaskStatus } from './task-schema'

/** A task; status is text to the client, a TaskStatus by the table's check. */
export type Task = Omit<TaskRead, 'status'> & { status: TaskStatus }
type TaskRead = NonNullable<Awaited<ReturnType<typeof readTasks>>['data']>[number]

export interface TaskFilters {
  siteId: string
  person: string
  status: string
}

function readTasks(f: TaskFilters) {
  let q = supabase().from('tasks').select(
    'id, title, description, site_id, assigned_to, status, due_on, site:global_sites(location), assignee:profiles(full_name, email)',
  )
  if (f.siteId) q = q.eq('site_id', Number(f.siteId))
  if (f.person === 'nobody') q = q.is('assigned_to', null)
  else if (f.person) q = q.eq('assigned_to', f.person)
  if (f.status) q = q.eq('status', f.status)
  return q.order('due_on', { ascending: true, nullsFirst: false }).order('id').limit(1000)
}

export async function getTasks(f: TaskFilters): Promise<Task[]> {
  const { data, error } = await readTasks(f)
  if (error) throw new DbError(error, 'The tasks could not be loaded.')
  return (data ?? []) as Task[]
}

export interface StaffMember {
  id: string
  name: string
}

export async function getStaff(): Promise<StaffMember[]> {
  const { data, error } = await supabase().from('profiles').select('id, full_name, email').not(
    'role_id',
    'is',
    null,
  ).order('full_name')
  if (error) throw new DbError(error, 'The staff list could not be loaded.')
  return (data ?? []).map((p) => ({ id: p.id, name: p.full_name ?? p.email ?? p.id }))
}

export async function getTaskSites(): Promise<Array<{ id: number; location: string }>> {
  const { data, error } = await supabase().from('global_sites').select('id, location').order(
    'location',
  )
  if (error) throw new DbError(error)
  return data ?? []
}

export const tasksQueryKey = ['admin-tasks', 'tasks'] as const
export const tasksQueryOptions = (f: TaskFilters) =>
  queryOptions({
    queryKey: [...tasksQueryKey, f],
    queryFn: () => getTasks(f),
    placeholderData: keepPreviousData,
  })
export const useTasks = (f: TaskFilters) => useQuery(tasksQueryOptions(f))
export const useStaff = () =>
  useQuery(
    queryOptions({ queryKey: ['admin-tasks', 'staff'], queryFn: getStaff, staleTime: 5 * 60_000 }),
  )
export const useTaskSites = () =>
  useQuery(
    queryOptions({
      queryKey: ['admin-tasks', 'sites'],
      queryFn: getTaskSites,
      staleTime: 5 * 60_000,
    }),
  )

export const personName = (t: Task) =>
  t.assignee?.full_name ?? t.assignee?.email ?? (t.assigned_to ? 'Someone' : 'Nobody')
