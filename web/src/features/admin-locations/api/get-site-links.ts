// The call-to-action settings and offers a site can point at (the form's two pickers).
import { queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'

export interface SiteLinks {
  ctaSettings: Array<{ id: number; cta: string; promo: string | null }>
  offers: Array<{ id: number; slug: string; title: string }>
}

export async function getSiteLinks(): Promise<SiteLinks> {
  const client = supabase()
  const [cta, offers] = await Promise.all([
    client.from('cta_settings').select('id, cta, promo').order('id'),
    client.from('offers').select('id, slug, title').order('id'),
  ])
  if (cta.error) throw new DbError(cta.error)
  if (offers.error) throw new DbError(offers.error)
  return { ctaSettings: cta.data ?? [], offers: offers.data ?? [] }
}

export const siteLinksQueryOptions = () =>
  queryOptions({
    queryKey: ['admin-locations', 'site-links'],
    queryFn: getSiteLinks,
    staleTime: 5 * 60_000,
  })

export const useSiteLinks = () => useQuery(siteLinksQueryOptions())
