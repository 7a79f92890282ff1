// Signs a user out everywhere (a lost phone, an account that looks misused): the database checks
// the admin, refuses their own account, ends every session of the user and audits it
// (end_user_sessions). Returns how many sessions ended.
import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'
import { DbError } from '@/lib/admin/db-error'
import { supabase } from '@/lib/supabase'

const userId = z.string().uuid()

export async function endUserSessions(id: string): Promise<number> {
  const { data, error } = await supabase().rpc('end_user_sessions', { p_user_id: userId.parse(id) })
  if (error) throw new DbError(error, 'The user was not signed out.')
  return Number(data)
}

export const useEndUserSessions = () => useMutation({ mutationFn: endUserSessions })
