// Members' pauses, resumes and cancellations for admins (rpc membership_changes_report, admins
// only), newest first: who, which plot, the dates and what a cancellation means for the deposit.
import { useQuery } from '@tanstack/react-query'
import { DbError } from '@/lib/admin/db-error'
import type { ReturnRow } from '@/lib/db-types'
import { supabase } from '@/lib/supabase'

export type MembershipChangeRow = ReturnRow<'membership_changes_report'>

export async function getMembershipChanges(): Promise<MembershipChangeRow[]> {
  const { data, error } = await supabase().rpc('membership_changes_report', { p_limit: 200 })
  if (error) throw new DbError(error, 'The membership changes could not be loaded.')
  return data ?? []
}

export const useMembershipChanges = () =>
  useQuery({ queryKey: ['admin-membership-changes'], queryFn: getMembershipChanges })
