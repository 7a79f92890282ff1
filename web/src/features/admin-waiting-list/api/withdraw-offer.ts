// Withdraws a live offer made in error: the offer becomes 'withdrawn' (the one change RLS lets
// staff of the site make to an offer) and the applicant goes back to waiting, keeping their
// join date and so their place in the queue. The plot can then be re-offered.
import { useInvalidatingMutation } from '@/lib/admin/crud'
import { supabase } from '@/lib/supabase'
import { DbError } from '@/lib/admin/db-error'
import { entriesQueryKey } from './get-entries'
import { nextApplicantsQueryKey } from './get-next-applicants'
import { siteOffersQueryKey } from './get-site-offers'

export async function withdrawOffer(offerId: number): Promise<void> {
  const db = supabase()
  const { data, error } = await db.from('plot_offers').update({ status: 'withdrawn' }).eq(
    'id',
    offerId,
  ).eq('status', 'offered').select('entry_id')
  if (error) throw new DbError(error, 'The offer was not withdrawn.')
  if (!data || data.length === 0) throw new DbError({ code: 'PGRST116' })
  const back = await db.from('waiting_list_entries').update({ status: 'waiting' }).eq(
    'id',
    data[0]!.entry_id,
  ).eq('status', 'offered').select('id')
  if (back.error) {
    throw new DbError(
      back.error,
      'The offer was withdrawn but the applicant is not back in the queue.',
    )
  }
}

export const useWithdrawOffer = () =>
  useInvalidatingMutation(withdrawOffer, [
    siteOffersQueryKey,
    nextApplicantsQueryKey,
    entriesQueryKey,
  ], { settled: true })
