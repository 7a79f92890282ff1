// Leaving a queue by private reference.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { callFunction } from '@/lib/call-function'
import { refreshLocations } from '@/lib/sites/locations-store'
import { positionQueryKey } from './get-waiting-list-position'

export function withdrawWaitingListEntry(reference: string): Promise<{ withdrawn: true }> {
  return callFunction('waiting-list', { body: { action: 'withdraw', reference } })
}

export function useWithdrawWaitingListEntry(reference: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: () => withdrawWaitingListEntry(reference),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: positionQueryKey(reference) })
      void refreshLocations()
    },
  })
}
