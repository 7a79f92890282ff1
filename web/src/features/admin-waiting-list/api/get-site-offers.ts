// The offers made at a site, newest first, refreshed every 15 s so responses and expiries
// show up while the page is open.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'

export interface SiteOffer {
  id: number
  status: 'offered' | 'accepted' | 'declined' | 'expired' | 'withdrawn'
  offered_at: string
  respond_by: string
  responded_at: string | null
  entry: { first_name: string; last_name: string; email: string; reference: string } | null
}

export async function getSiteOffers(siteId: number): Promise<SiteOffer[]> {
  const { data, error } = await supabase().from('plot_offers')
    .select('id, status, offered_at, respond_by, responded_at, entry:waiting_list_entries(first_name, last_name, email, reference)')
    .eq('site_id', siteId).order('offered_at', { ascending: false }).order('id', { ascending: false }).limit(200)
  if (error) throw new DbError(error, 'The offers could not be loaded.')
  return (data ?? []) as unknown as SiteOffer[]
}

export const siteOffersQueryKey = ['admin-waiting-list', 'site-offers'] as const

export const siteOffersQueryOptions = (siteId: number | null) =>
  queryOptions({ queryKey: [...siteOffersQueryKey, siteId], queryFn: () => getSiteOffers(siteId!), enabled: siteId !== null, refetchInterval: 15_000 })

export const useSiteOffers = (siteId: number | null) => useQuery(siteOffersQueryOptions(siteId))
