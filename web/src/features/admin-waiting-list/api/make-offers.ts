// Offers plots to the next applicants of a site through the waiting-list-process function
// (action 'offer'), which also e-mails each applicant their accept and decline links. The key
// makes a repeated click (or a retried request) return the first result, never new offers. A
// category and/or plot size targets the round (and the offers passed on from it).
import { useInvalidatingMutation } from '@/lib/admin/crud'
import { z } from 'zod'
import { invokeFunction } from '@/lib/admin/invoke-function'
import { entriesQueryKey } from './get-entries'
import { nextApplicantsQueryKey } from './get-next-applicants'
import { siteOffersQueryKey } from './get-site-offers'

export const makeOffersSchema = z.object({
  siteId: z.number({ invalid_type_error: 'Choose a site.' }).int().positive('Choose a site.'),
  count: z.coerce.number({ invalid_type_error: 'Enter how many plots are free.' }).int(
    'Enter a whole number of plots.',
  )
    .min(1, 'Offer at least 1 plot.').max(500, 'Offer at most 500 plots at a time.'),
  respondDays: z.coerce.number({ invalid_type_error: 'Enter the days to reply.' }).int(
    'Enter whole days.',
  )
    .min(1, 'Allow at least 1 day to reply.').max(60, 'Allow at most 60 days to reply.'),
  key: z.string().min(8),
  /** Offer only to applicants of this category (the site's own or a global one). */
  categoryId: z.number().int().positive().nullable().optional(),
  /** Offer a plot of this size: to applicants wanting it, any size or who did not say. */
  plotSize: z.enum(['half', 'full']).nullable().optional(),
})

export type MakeOffersInput = z.input<typeof makeOffersSchema>
export interface OfferMade {
  offer_id: number
  entry_id: number
  respond_by: string
}
export interface OffersResult {
  offers: OfferMade[]
  repeated: boolean
}

/** The answer is {offers, repeated} (as make_plot_offers_once's); a row per offer is read too. */
export function readOffersResult(data: unknown): OffersResult {
  if (Array.isArray(data)) {
    return {
      offers: data as OfferMade[],
      repeated: data.some((r) => (r as { repeated?: boolean }).repeated === true),
    }
  }
  const o = (data ?? {}) as Partial<OffersResult>
  return { offers: Array.isArray(o.offers) ? o.offers : [], repeated: o.repeated === true }
}

export async function makeOffers(input: MakeOffersInput): Promise<OffersResult> {
  const v = makeOffersSchema.parse(input)
  const data = await invokeFunction<unknown>('waiting-list-process', {
    action: 'offer',
    site_id: v.siteId,
    count: v.count,
    respond_days: v.respondDays,
    idempotency_key: v.key,
    ...(v.categoryId ? { category_id: v.categoryId } : {}),
    ...(v.plotSize ? { plot_size: v.plotSize } : {}),
  }, { fallback: 'No offers were made.' })
  return readOffersResult(data)
}

export const useMakeOffers = () =>
  useInvalidatingMutation(
    makeOffers,
    [siteOffersQueryKey, nextApplicantsQueryKey, entriesQueryKey],
    { settled: true },
  )
