// "Offer this plot": offer_plot offers it to the first applicant on the site's list it fits (the
// plot becomes offered and its offer e-mail is owed), the offer outbox is asked to send that
// e-mail now, then the page says who has the offer.
import { useInvalidatingMutation } from '@/lib/admin/crud'
import { DbError } from '@/lib/admin/db-error'
import { invokeFunction } from '@/lib/admin/invoke-function'
import { supabase } from '@/lib/supabase'
import { plotsKey } from './get-site-plan'

export interface PlotOfferMade {
  offerId: number
  /** The applicant's name as they gave it, or their e-mail address. */
  to: string
  respondBy: string
  /** Whether the offer e-mail went now; if not, the every-minute outbox job sends it. */
  told: boolean
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
  // The offer is made whatever happens here: a failed send is retried by the outbox job.
  const told = await invokeFunction<{ notified: number }>('waiting-list-process', {
    action: 'notify',
    site_id: offer.site_id,
  }).then(() => true, () => false)
  const name = [entry?.first_name, entry?.last_name].filter(Boolean).join(' ').trim()
  return {
    offerId: offer.id,
    to: name
      ? `${name}${entry?.email ? ` (${entry.email})` : ''}`
      : entry?.email ?? `applicant ${offer.entry_id}`,
    respondBy: offer.respond_by,
    told,
  }
}

export const useOfferPlot = (siteId: number) =>
  useInvalidatingMutation((plotId: number) => offerPlot(plotId), [plotsKey(siteId)])
