import { queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'

export interface Role {
  id: number
  name: string
  label: string
}

export async function getRoles(): Promise<Role[]> {
  const { data, error } = await supabase().from('roles').select('id, name, label').order('id')
  if (error) throw new DbError(error)
  return data ?? []
}

export const rolesQueryOptions = () =>
  queryOptions({ queryKey: ['admin-users', 'roles'], queryFn: getRoles, staleTime: Infinity })
export const useRoles = () => useQuery(rolesQueryOptions())
