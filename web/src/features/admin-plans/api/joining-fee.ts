// The joining fee: one row, charged with a new membership started on or after effective_from
// while active. Its changes are read back from the audit log.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'
import { saveRow, useInvalidatingMutation } from '@/lib/admin/crud'
import type { Row } from '@/lib/db-types'
import { type JoiningFee, type JoiningFeeFormValues, joiningFeeSchema } from './plan-schema'

/** An audit entry of joining_fees; `after` is the row as the audit trigger stored it (jsonb). */
export type FeeChange = Pick<Row<'audit_log'>, 'id' | 'created_at' | 'actor_role' | 'action'> & {
  after: { amount_pence?: number; effective_from?: string; active?: boolean } | null
}

export async function getJoiningFee(): Promise<{ fee: JoiningFee | null; history: FeeChange[] }> {
  const db = supabase()
  const [fee, history] = await Promise.all([
    db.from('joining_fees').select('id, amount_pence, effective_from, active, updated_at').order(
      'active',
      { ascending: false },
    ).order('id', { ascending: false }).limit(1).maybeSingle(),
    db.from('audit_log').select('id, created_at, actor_role, action, after').eq(
      'table_name',
      'joining_fees',
    ).order('id', { ascending: false }).limit(10),
  ])
  if (fee.error) throw new DbError(fee.error, 'The joining fee could not be loaded.')
  if (history.error) {
    throw new DbError(history.error, 'The joining fee history could not be loaded.')
  }
  return { fee: fee.data, history: (history.data ?? []) as FeeChange[] }
}
export const joiningFeeQueryKey = ['admin-plans', 'joining-fee'] as const
export const useJoiningFee = () =>
  useQuery(queryOptions({ queryKey: joiningFeeQueryKey, queryFn: getJoiningFee }))

export async function saveJoiningFee(
  { id, values }: { id: number | null; values: JoiningFeeFormValues },
): Promise<void> {
  await saveRow('joining_fees', id, joiningFeeSchema.parse(values), {
    failed: 'The joining fee was not saved.',
  })
}

export const useSaveJoiningFee = () => useInvalidatingMutation(saveJoiningFee, [joiningFeeQueryKey])
