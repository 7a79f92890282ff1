// The order behind a checkout session, as the payments function reports it (GET /payments/status):
// what the success pages show, and nothing else. An unknown session is a 404 (FunctionError).
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callFunction, FunctionError } from '@/lib/call-function'
import { ukDay } from '@/lib/dates'

export interface CheckoutVoucher {
  value_pence: number
  status: 'pending' | 'active' | 'redeemed' | 'cancelled' | string
  recipient_name: string | null
  recipient_email: string | null
  /** YYYY-MM-DD, or null for as soon as it is paid. */
  deliver_on: string | null
  /** When the recipient was e-mailed. */
  sent_at: string | null
  expires_at: string | null
}

export interface CheckoutStatus {
  status: 'pending' | 'paid' | 'failed' | 'cancelled' | 'refunded' | string
  kind: 'deposit' | 'membership' | 'gift_voucher' | 'shop' | string
  total_pence: number
  subtotal_pence: number
  discount_pence: number
  items: { description: string; quantity: number; unit_price_pence: number }[]
  /** The site of a deposit or a membership. */
  site: string | null
  voucher: CheckoutVoucher | null
}

export const getCheckoutStatus = (sessionId: string) =>
  callFunction<CheckoutStatus>('payments/status', { query: { session_id: sessionId } })

/** The server does not know the session (or it is not a session id): nothing to show. */
export const isNotFound = (e: unknown) =>
  e instanceof FunctionError && (e.status === 404 || e.status === 400)

/** Still worth looking again: the payment is not confirmed, or a paid voucher is about to go. */
const settling = (s: CheckoutStatus | undefined) =>
  s?.status === 'pending' ||
  (s?.status === 'paid' && s.voucher?.status === 'active' && s.voucher.recipient_email !== null &&
    (s.voucher.deliver_on === null || s.voucher.deliver_on <= ukDay()) &&
    s.voucher.sent_at === null)

export const checkoutStatusQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: ['checkout-status', sessionId],
    queryFn: () => getCheckoutStatus(sessionId),
    enabled: sessionId.length > 0,
    // The webhook normally lands before the redirect; if not, look again for a while.
    refetchInterval: (q) => (settling(q.state.data) && q.state.dataUpdateCount < 20 ? 1500 : false),
  })

export function useCheckoutStatus(sessionId: string) {
  return useQuery(checkoutStatusQueryOptions(sessionId))
}
