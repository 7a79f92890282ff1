// Staff move an open offer's deadline later, with a reason (waiting-list-process, action
// 'extend'): the database checks it (in the future, at most 60 days away, later than now's,
// the offer still open), records who, when and old → new, and the applicant is e-mailed.
import { z } from 'zod'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { useInvalidatingMutation } from '@/lib/admin/crud'
import { DbError } from '@/lib/admin/db-error'
import { invokeFunction } from '@/lib/admin/invoke-function'
import { supabase } from '@/lib/supabase'
import { siteOffersQueryKey } from './get-site-offers'

const DAY = 86_400_000

/** `now` is passed so the check is testable; the database checks again. */
export const extendOfferSchema = (now: number = Date.now()) =>
  z.object({
    offerId: z.number().int().positive(),
    respondBy: z.string().min(1, 'Choose the new deadline.').refine(
      (v) => !Number.isNaN(new Date(v).getTime()),
      'Choose the new deadline.',
    ).refine((v) => new Date(v).getTime() > now, 'The new deadline must be in the future.')
      .refine(
        (v) => new Date(v).getTime() <= now + 60 * DAY,
        'The new deadline can be at most 60 days away.',
      ),
    reason: z.string().trim().min(1, 'Give a reason for the extension.').max(
      500,
      'Keep the reason under 500 characters.',
    ),
  })

export type ExtendOfferInput = z.input<ReturnType<typeof extendOfferSchema>>
export interface Extended {
  old_respond_by: string
  new_respond_by: string
  notified: number
}

export async function extendOffer(input: ExtendOfferInput): Promise<Extended> {
  const v = extendOfferSchema().parse(input)
  return await invokeFunction<Extended>('waiting-list-process', {
    action: 'extend',
    offer_id: v.offerId,
    respond_by: new Date(v.respondBy).toISOString(),
    reason: v.reason,
  }, { fallback: 'The deadline was not changed.' })
}

export const offerExtensionsQueryKey = ['admin-waiting-list', 'offer-extensions'] as const

/** The deadline changes of a site's offers (staff of the site), newest first. */
export async function getOfferExtensions(siteId: number) {
  const { data, error } = await supabase().rpc('plot_offer_extensions_at', { p_site_id: siteId })
  if (error) throw new DbError(error, 'The deadline changes could not be loaded.')
  return data ?? []
}

export const useOfferExtensions = (siteId: number | null) =>
  useQuery(queryOptions({
    queryKey: [...offerExtensionsQueryKey, siteId],
    queryFn: () => getOfferExtensions(siteId!),
    enabled: siteId !== null,
  }))

export const useExtendOffer = () =>
  useInvalidatingMutation(extendOffer, [siteOffersQueryKey, offerExtensionsQueryKey], {
    settled: true,
  })
