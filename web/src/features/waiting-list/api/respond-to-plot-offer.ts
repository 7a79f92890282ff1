// Accepting or declining an offered plot with the offer's token (rpc respond_to_plot_offer).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { restRpc } from '@/lib/sites/rest'
import { positionQueryKey } from './get-waiting-list-position'

export function respondToPlotOffer(token: string, accept: boolean): Promise<'accepted' | 'declined'> {
  return restRpc('respond_to_plot_offer', { p_token: token, p_accept: accept })
}

export function useRespondToPlotOffer(reference: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ token, accept }: { token: string; accept: boolean }) => respondToPlotOffer(token, accept),
    onSuccess: () => qc.invalidateQueries({ queryKey: positionQueryKey(reference) }),
  })
}
