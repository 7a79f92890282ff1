// Accepting or declining an offered plot with the offer's token (waiting-list-process, action
// respond): accepting e-mails the next step and answers where it leads (the membership set-up);
// declining passes the place to the next applicant, who is e-mailed at once.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { callFunction } from '@/lib/call-function'
import { positionQueryKey } from './get-waiting-list-position'
import { plotOfferQueryKey } from './get-plot-offer'

export interface OfferAnswer {
  status: 'accepted' | 'declined'
  repeated: boolean
  /** Others told: the next applicant offered the declined place. */
  notified: number
  setup_path: string | null
}

export function respondToPlotOffer(token: string, accept: boolean): Promise<OfferAnswer> {
  return callFunction<OfferAnswer>('waiting-list-process', {
    body: { action: 'respond', token, accept },
  })
}

/** `reference`: the entry whose position page shows the offer, refreshed after the answer. */
export function useRespondToPlotOffer(reference?: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ token, accept }: { token: string; accept: boolean }) =>
      respondToPlotOffer(token, accept),
    onSuccess: (_answer, { token }) =>
      Promise.all([
        qc.invalidateQueries({ queryKey: plotOfferQueryKey(token) }),
        reference ? qc.invalidateQueries({ queryKey: positionQueryKey(reference) }) : undefined,
      ]),
  })
}
