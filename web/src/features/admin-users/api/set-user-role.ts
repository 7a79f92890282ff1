// Gives a user a staff role or takes it away. Only admins may (a trigger refuses anyone else
// with 'Only admins can change a role'); a profile RLS hides comes back as no row.
import { useInvalidatingMutation, writeOne } from '@/lib/admin/crud'
import { z } from 'zod'
import { supabase } from '@/lib/supabase'
import { patchManagersQueryKey } from './get-patch-managers'
import { usersQueryKey } from './get-users'

export const setRoleSchema = z.object({
  userId: z.string().uuid(),
  roleId: z.number().int().positive().nullable(),
})

export async function setUserRole(input: z.input<typeof setRoleSchema>): Promise<void> {
  const { userId, roleId } = setRoleSchema.parse(input)
  await writeOne(
    supabase().from('profiles').update({ role_id: roleId }).eq('id', userId).select('id')
      .maybeSingle(),
    'The role was not changed.',
  )
}

export const useSetUserRole = () =>
  useInvalidatingMutation(setUserRole, [usersQueryKey, patchManagersQueryKey])
