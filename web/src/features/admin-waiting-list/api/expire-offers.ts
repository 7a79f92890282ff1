// Expires a site's unanswered offers past their deadline now (waiting-list-process, action
// 'expire'); each freed place is offered to the next applicant, who is e-mailed.
import { useInvalidatingMutation } from '@/lib/admin/crud'
import { invokeFunction } from '@/lib/admin/invoke-function'
import { entriesQueryKey } from './get-entries'
import { nextApplicantsQueryKey } from './get-next-applicants'
import { siteOffersQueryKey } from './get-site-offers'

export interface ExpireResult {
  expired: number
  offered: number[]
  notified?: number
}

export async function expireOffers(siteId: number): Promise<ExpireResult> {
  const data = await invokeFunction<ExpireResult>('waiting-list-process', {
    action: 'expire',
    site_id: siteId,
  }, { fallback: 'Offers could not be expired.' })
  return {
    expired: Number(data?.expired ?? 0),
    offered: data?.offered ?? [],
    ...(data?.notified !== undefined ? { notified: data.notified } : {}),
  }
}

export const useExpireOffers = () =>
  useInvalidatingMutation(expireOffers, [
    siteOffersQueryKey,
    nextApplicantsQueryKey,
    entriesQueryKey,
  ], { settled: true })
