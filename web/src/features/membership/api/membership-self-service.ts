// Members' self-service: the terms of one's own membership as the database works them out
// (rpc membership_self_service: dates, limits, notice, the deposit), and a change (pause, resume,
// cancel, keep) through the payments function, which tells the payment provider and e-mails.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { callFunction, FunctionError } from '@/lib/call-function'
import { supabase } from '@/lib/supabase'
import { bearer } from './get-membership-access'
import { myAccountQueryKey } from './get-my-membership'

export interface PauseOption {
  months: number
  starts_on: string
  resumes_on: string
}

export interface MembershipTerms {
  membership_id: number
  status: string
  state: 'active' | 'pause_scheduled' | 'paused' | 'ending' | string
  billing_interval: 'month' | 'year'
  price_pence: number | null
  start_date: string
  next_billing_on: string | null
  paused_from: string | null
  resumes_on: string | null
  ends_on: string | null
  pending: boolean
  pause: {
    allowed: boolean
    reason: string | null
    max_pauses: number
    max_months: number
    pauses_used: number
    months_used: number
    pauses_left: number
    months_left: number
    options: PauseOption[]
  }
  resume: {
    allowed: boolean
    reason: string | null
    withdraws: boolean
    billing_restarts_on: string | null
  }
  cancel: {
    allowed: boolean
    reason: string | null
    notice: string
    ends_on: string
    last_payment_on: string | null
    last_payment_pence: number | null
    deposit_pence: number
    deposit_refundable_from: string
    deposit_refund_pence: number
  }
  undo_cancel: { allowed: boolean; reason: string | null; ends_on: string | null }
  history: {
    id: number
    kind: 'pause' | 'resume' | 'cancel' | 'undo_cancel'
    status: string
    created_at: string
    months: number | null
    starts_on: string | null
    resumes_on: string | null
    ends_on: string | null
    deposit_refund_pence: number | null
    withdrawn: boolean
    reason: string | null
  }[]
}

export const termsQueryKey = ['membership-terms'] as const

export async function getMembershipTerms(membershipId: number): Promise<MembershipTerms> {
  const { data, error } = await supabase().rpc('membership_self_service', {
    p_membership_id: membershipId,
  })
  if (error) throw new Error(error.message)
  return data as unknown as MembershipTerms
}

export function useMembershipTerms(membershipId: number, enabled = true) {
  return useQuery({
    queryKey: [...termsQueryKey, membershipId],
    queryFn: () => getMembershipTerms(membershipId),
    enabled,
  })
}

export const changeSchema = z.object({
  months: z.coerce.number({ invalid_type_error: 'Choose how many months to pause.' }).int()
    .min(1, 'Choose how many months to pause.').max(3, 'A pause is 1, 2 or 3 months.').optional(),
  reason: z.string().trim().max(2000, 'Keep it under 2000 characters.').optional(),
})

export type ChangeAction = 'pause' | 'resume' | 'cancel' | 'undo_cancel'
export interface ChangeRequest {
  membership_id: number
  action: ChangeAction
  months?: number
  reason?: string
  key: string
}

export async function changeMembership({ key, ...body }: ChangeRequest) {
  const auth = await bearer()
  if (!auth.authorization) {
    throw new FunctionError(401, 'unauthorized', 'Sign in to change your membership.')
  }
  return await callFunction<{ change: { id: number; kind: ChangeAction; status: string } }>(
    'payments/membership-change',
    { body, headers: { ...auth, 'idempotency-key': key } },
  )
}

export function useChangeMembership() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: changeMembership,
    onSettled: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: myAccountQueryKey }),
        qc.invalidateQueries({ queryKey: termsQueryKey }),
      ])
    },
  })
}
