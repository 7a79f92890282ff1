// The offers made at a site, newest first, refreshed every 15 s so responses and expiries
// show up while the page is open.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'

export type SiteOffer = Awaited<ReturnType<typeof getSiteOffers>>[number]

/** plot_offers.status (a text column the database checks against these). */
export const OFFER_STATUSES = ['offered', 'accepted', 'declined', 'expired', 'withdrawn'] as const
export type OfferStatus = (typeof OFFER_STATUSES)[number]
export const isOfferStatus = (s: string): s is OfferStatus =>
  (OFFER_STATUSES as readonly string[]).includes(s)

export async function getSiteOffers(siteId: number) {
  const { data, error } = await supabase().from('plot_offers')
    .select(
      'id, status, offered_at, respond_by, responded_at, category_id, plot_size, entry:waiting_list_entries(first_name, last_name, email, reference)',
    )
    .eq('site_id', siteId).order('offered_at', { ascending: false }).order('id', {
      ascending: false,
    }).limit(200)
  if (error) throw new DbError(error, 'The offers could not be loaded.')
  return data ?? []
}

export const siteOffersQueryKey = ['admin-waiting-list', 'site-offers'] as const

export const siteOffersQueryOptions = (siteId: number | null) =>
  queryOptions({
    queryKey: [...siteOffersQueryKey, siteId],
    queryFn: () => getSiteOffers(siteId!),
    enabled: siteId !== null,
    refetchInterval: 15_000,
  })

export const useSiteOffers = (siteId: number | null) => useQuery(siteOffersQueryOptions(siteId))
