// Gives a user a staff role or takes it away. Only admins may (a trigger refuses anyone else
// with 'Only admins can change a role'); a profile RLS hides comes back as no row.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'
import { patchManagersQueryKey } from './get-patch-managers'
import { usersQueryKey } from './get-users'

export const setRoleSchema = z.object({ userId: z.string().uuid(), roleId: z.number().int().positive().nullable() })

export async function setUserRole(input: z.input<typeof setRoleSchema>): Promise<void> {
  const { userId, roleId } = setRoleSchema.parse(input)
  const { data, error } = await supabase().from('profiles').update({ role_id: roleId }).eq('id', userId).select('id').maybeSingle()
  if (error) throw new DbError(error, 'The role was not changed.')
  if (!data) throw new DbError({ code: '42501' })
}

export function useSetUserRole() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: setUserRole,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: usersQueryKey })
      await qc.invalidateQueries({ queryKey: patchManagersQueryKey })
    },
  })
}
