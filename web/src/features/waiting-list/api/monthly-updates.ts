// The monthly position e-mail (opt-in per entry), read and changed by the private reference
// (rpc get_monthly_updates / set_monthly_updates, callable by anon). The mail itself is the
// list-updates function's, on the 1st of each month.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { restRpc } from '@/lib/sites/rest'

export const monthlyUpdatesKey = (reference: string) =>
  ['waiting-list', 'monthly-updates', reference] as const

/** true or false for a live entry; null when no live entry has this reference. */
export const getMonthlyUpdates = (reference: string) =>
  restRpc<boolean | null>('get_monthly_updates', { p_reference: reference })

export const monthlyUpdatesOptions = (reference: string) =>
  queryOptions({
    queryKey: monthlyUpdatesKey(reference),
    queryFn: () => getMonthlyUpdates(reference),
  })

export const useMonthlyUpdates = (reference: string) => useQuery(monthlyUpdatesOptions(reference))

export function useSetMonthlyUpdates(reference: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (on: boolean) => {
      const ok = await restRpc<boolean>('set_monthly_updates', { p_reference: reference, p_on: on })
      if (!ok) throw new Error('This entry is no longer on the list, so it gets no updates.')
      return on
    },
    onSuccess: (on) => qc.setQueryData(monthlyUpdatesKey(reference), on),
  })
}
