// "Offer this plot": offer_plot offers it to the first applicant on the site's list it fits (the
// plot becomes offered and the offer e-mail goes out), then the page says who that is.
import { useInvalidatingMutation } from '@/lib/admin/crud'
import { DbError } from '@/lib/admin/db-error'
import { supabase } from '@/lib/supabase'
import { plotsKey } from './get-site-plan'

export interface PlotOfferMade {
  offerId: number
  /** The applicant's name as they gave it, or their e-mail address. */
  to: string
  respondBy: string
}

export async function offerPlot(plotId: number, respondDays = 7): Promise<PlotOfferMade> {
  const db = supabase()
  const { data: offer, error } = await db.rpc('offer_plot', {
    p_plot_id: plotId,
    p_respond_days: respondDays,
  })
  if (error) throw new DbError(error, 'The plot was not offered.')
  const { data: entry } = await db.from('waiting_list_entries').select(
    'first_name, last_name, email',
  ).eq(
    'id',
    offer.entry_id,
  ).maybeSingle()
  const name = [entry?.first_name, entry?.last_name].filter(Boolean).join(' ').trim()
  return {
    offerId: offer.id,
    to: name
      ? `${name}${entry?.email ? ` (${entry.email})` : ''}`
      : entry?.email ?? `applicant ${offer.entry_id}`,
    respondBy: offer.respond_by,
  }
}

export const useOfferPlot = (siteId: number) =>
  useInvalidatingMutation((plotId: number) => offerPlot(plotId), [plotsKey(siteId)])
