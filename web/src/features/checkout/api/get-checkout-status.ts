// The order behind a checkout session, as the payments function reports it.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callFunction } from '@/lib/call-function'

export interface CheckoutStatus {
  status: 'pending' | 'paid' | 'failed' | 'cancelled' | 'refunded' | string
  kind: 'deposit' | 'membership' | 'gift_voucher' | 'shop' | string
  total_pence: number
}

export const getCheckoutStatus = (sessionId: string) =>
  callFunction<CheckoutStatus>('payments/status', { query: { session_id: sessionId } })

export const checkoutStatusQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: ['checkout-status', sessionId],
    queryFn: () => getCheckoutStatus(sessionId),
    enabled: sessionId.length > 0,
    // The webhook normally lands before the redirect; if not, look again for a while.
    refetchInterval: (q) => (q.state.data?.status === 'pending' && q.state.dataUpdateCount < 20 ? 1500 : false),
  })

export function useCheckoutStatus(sessionId: string) {
  return useQuery(checkoutStatusQueryOptions(sessionId))
}
