// The signed-in member's own record, memberships (with site and plan) and orders. RLS shows a
// member only their own rows.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'

export type MyAccount = Awaited<ReturnType<typeof getMyAccount>>
export type MyMembership = MyAccount['memberships'][number]
export type MyOrder = MyAccount['orders'][number]

export const myAccountQueryKey = ['my-account'] as const

export async function getMyAccount() {
  const db = supabase()
  const [member, memberships, orders] = await Promise.all([
    db.from('members').select('first_name, last_name, email').maybeSingle(),
    db.from('memberships').select(
      'id, status, plot_size, plot_number, start_date, ends_on, paused_from, resumes_on, cancellation_requested_at, order_id, site:global_sites(location, city, slug, city_slug), plan:plans(name, price_pence, billing_interval)',
    ).order('start_date', { ascending: false }),
    db.from('orders').select('id, kind, status, total_pence, created_at, checkout_session_id')
      .order('created_at', { ascending: false }).limit(20),
  ])
  for (const r of [member, memberships, orders]) if (r.error) throw new Error(r.error.message)
  return { member: member.data, memberships: memberships.data ?? [], orders: orders.data ?? [] }
}

export const myAccountQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: [...myAccountQueryKey, userId],
    queryFn: getMyAccount,
    enabled: !!userId,
  })

/** `untilPaid`: a checkout session just returned from; the account is read again every two
 *  seconds until that order is paid and its membership active (the provider's webhook may lag). */
export function useMyAccount(userId: string | null, untilPaid: string | null = null) {
  return useQuery({
    ...myAccountQueryOptions(userId),
    refetchInterval: (
      q,
    ) => (untilPaid && !joinedWith(q.state.data, untilPaid)?.settled ? 2000 : false),
  })
}

/** The order of a checkout session and the membership it paid for, once settled either way. */
export function joinedWith(account: MyAccount | undefined, sessionId: string) {
  const order = account?.orders.find((o) => o.checkout_session_id === sessionId)
  if (!order) return null
  const membership = account!.memberships.find((m) => m.order_id === order.id) ?? null
  const settled = order.status !== 'pending' &&
    (order.status !== 'paid' || membership?.status !== 'pending')
  return { order, membership, settled }
}
