// Staff and members (profiles), searched by name or e-mail and filtered by role, a page at a
// time. Admins read every profile; anyone else only their own (RLS).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'

export const USERS_PAGE_SIZE = 25

export type UserRow = Awaited<ReturnType<typeof getUsers>>['rows'][number]

export interface UserFilters {
  search: string
  role: string
}

export async function getUsers(f: UserFilters, page: number) {
  let q = supabase().from('profiles').select(
    'id, full_name, email, role_id, created_at, role:roles(id, name, label)',
    { count: 'exact' },
  )
  if (f.role === 'none') q = q.is('role_id', null)
  else if (f.role === 'staff') q = q.not('role_id', 'is', null)
  else if (f.role) q = q.eq('role_id', Number(f.role))
  for (const w of f.search.replace(/[,()*%\\:"']/g, ' ').split(/\s+/).filter(Boolean).slice(0, 5)) {
    q = q.or(`full_name.ilike.%${w}%,email.ilike.%${w}%`)
  }
  const from = page * USERS_PAGE_SIZE
  const { data, error, count } = await q.order('email').range(from, from + USERS_PAGE_SIZE - 1)
  if (error) throw new DbError(error, 'The users could not be loaded.')
  return { rows: data ?? [], total: count ?? 0 }
}

export const usersQueryKey = ['admin-users', 'users'] as const

export const usersQueryOptions = (f: UserFilters, page: number) =>
  queryOptions({
    queryKey: [...usersQueryKey, f, page],
    queryFn: () => getUsers(f, page),
    placeholderData: keepPreviousData,
  })

export const useUsers = (f: UserFilters, page: number) => useQuery(usersQueryOptions(f, page))
