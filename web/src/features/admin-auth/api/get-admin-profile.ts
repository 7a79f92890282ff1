// The signed-in user's profile with its linked role (id, name, label). It
// decides admin navigation; a failure is 'Error fetching user profile'.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { PROFILE_FETCH_ERROR } from '../guard'

export interface AdminProfile {
  id: string
  fullName: string | null
  email: string | null
  role: { id: number; name: string; label: string } | null
}

interface Row {
  id: string
  full_name: string | null
  email: string | null
  role: { id: number; name: string; label: string } | null
}

export async function getAdminProfile(userId: string): Promise<AdminProfile> {
  const { data, error } = await supabase()
    .from('profiles')
    .select('id, full_name, email, role_id, role:roles(id, name, label)')
    .eq('id', userId)
    .single<Row>()
  if (error || !data) throw new Error(PROFILE_FETCH_ERROR)
  return { id: data.id, fullName: data.full_name, email: data.email, role: data.role }
}

export const adminProfileQueryOptions = (userId: string | undefined) =>
  queryOptions({
    queryKey: ['admin-auth', 'profile', userId],
    queryFn: () => getAdminProfile(userId!),
    enabled: !!userId,
    staleTime: 5 * 60_000,
  })

export const useAdminProfile = (userId: string | undefined) =>
  useQuery(adminProfileQueryOptions(userId))
