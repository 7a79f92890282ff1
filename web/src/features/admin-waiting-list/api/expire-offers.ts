// Expires a site's unanswered offers past their deadline now; the database passes each freed
// place to the next applicant. Returns how many expired.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'
import { entriesQueryKey } from './get-entries'
import { nextApplicantsQueryKey } from './get-next-applicants'
import { siteOffersQueryKey } from './get-site-offers'

export async function expireOffers(siteId: number): Promise<number> {
  const { data, error } = await supabase().rpc('expire_plot_offers', { p_site_id: siteId })
  if (error) throw new DbError(error, 'Offers could not be expired.')
  return Number(data ?? 0)
}

export function useExpireOffers() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: expireOffers,
    onSettled: async () => {
      await Promise.all([siteOffersQueryKey, nextApplicantsQueryKey, entriesQueryKey].map((queryKey) => qc.invalidateQueries({ queryKey })))
    },
  })
}
