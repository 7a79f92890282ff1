// Refunds: an admin asks (the database checks the role and records who and why), the provider
// is asked for a full refund of the payment, and the refund event (its synchronous answer here,
// or the provider's webhook later) marks payment and order refunded exactly once.
import { z } from 'npm:zod@3'
import { dbError, must } from '../_shared/db.ts'
import { upstream } from '../_shared/errors.ts'
import { json, readJson } from '../_shared/http.ts'
import { ProviderError } from '../_shared/providers/record.ts'
import { paymentProvider } from '../_shared/providers/payments.ts'
import {
  adminClient,
  adminClientFor,
  authUser,
  type Client,
  requireStaff,
  userClient,
} from '../_shared/supabase.ts'
import { ADMIN_ROLES } from '../_shared/common/roles.ts'

export const refundSchema = z.object({
  order_id: z.number().int().positive(),
  reason: z.string().trim().min(3, 'Give the reason for the refund (at least 3 characters).').max(
    500,
    'At most 500 characters.',
  ),
}).strict()

/** Applies one refund event through the database; the outcome string of apply_refund_event.
 *  `db` is the admin client for the staff member who asked, when one did (the audit log names them). */
export async function applyRefund(
  e: {
    eventId: string
    paymentRef: string
    refundRef: string
    amountPence: number | null
    status: string
  },
  db: Client = adminClient(),
): Promise<string> {
  const res = await db.rpc('apply_refund_event', {
    p_provider: paymentProvider().name,
    p_event_id: e.eventId,
    p_payment_ref: e.paymentRef,
    p_refund_ref: e.refundRef,
    p_amount_pence: e.amountPence,
    p_status: e.status,
  })
  if (res.error?.code === '40001') return 'duplicate'
  if (res.error) throw dbError(res.error)
  return res.data
}

/** POST /payments/refund { order_id, reason }: admins only. */
export async function refund(req: Request): Promise<Response> {
  await requireStaff(req, ADMIN_ROLES)
  const b = await readJson(req, refundSchema)
  const admin = adminClientFor('payments', (await authUser(req))?.id)
  // Unconfigured → 503 before the request is recorded.
  const provider = paymentProvider()
  const asked = must(
    await userClient(req).rpc('request_order_refund', {
      p_order_id: b.order_id,
      p_reason: b.reason,
    }),
  ) as {
    order_id: number
    status: string
    amount_pence: number
    payment_ref?: string
    repeated?: boolean
  }
  if (asked.status === 'refunded') {
    return json({
      order_id: b.order_id,
      status: 'refunded',
      amount_pence: asked.amount_pence,
      ...(asked.repeated ? { repeated: true } : {}),
    })
  }
  let result
  try {
    result = await provider.refund({
      idempotencyKey: `refund-order-${b.order_id}`,
      paymentRef: asked.payment_ref!,
      amountPence: asked.amount_pence,
      metadata: { order_id: String(b.order_id) },
    })
  } catch (e) {
    if (e instanceof ProviderError) {
      throw upstream(
        'The payment provider did not take the refund. Nothing was refunded; please try again.',
        { provider_status: e.status },
      )
    }
    throw e
  }
  const outcome = await applyRefund({
    eventId: `sync_${result.id}`,
    paymentRef: asked.payment_ref!,
    refundRef: result.id,
    amountPence: asked.amount_pence,
    status: result.status,
  }, admin)
  const status = must(await admin.from('orders').select('status').eq('id', b.order_id).single())
  return json({
    order_id: b.order_id,
    status: status.status,
    refund_id: result.id,
    provider_status: result.status,
    outcome,
    amount_pence: asked.amount_pence,
  }, { status: 202 })
}

/** A verified provider event about a refund (refund.* or charge.refunded), or null for anything else. */
export function refundEvent(
  raw: string,
): {
  eventId: string
  paymentRef: string
  refundRef: string
  amountPence: number | null
  status: string
} | null {
  let e: { id?: unknown; type?: unknown; data?: { object?: Record<string, unknown> } }
  try {
    e = JSON.parse(raw)
  } catch {
    return null
  }
  const type = typeof e.type === 'string' ? e.type : ''
  const o = e.data?.object ?? {}
  if (typeof e.id !== 'string' || typeof o.payment_intent !== 'string') return null
  if (
    ['refund.created', 'refund.updated', 'refund.failed', 'charge.refund.updated'].includes(type) &&
    typeof o.id === 'string'
  ) {
    return {
      eventId: e.id,
      paymentRef: o.payment_intent,
      refundRef: o.id,
      amountPence: typeof o.amount === 'number' ? o.amount : null,
      status: typeof o.status === 'string' ? o.status : 'unknown',
    }
  }
  if (type === 'charge.refunded') {
    const refunds = (o.refunds as { data?: { id?: string }[] } | undefined)?.data ?? []
    const amount = typeof o.amount_refunded === 'number' ? o.amount_refunded : null
    return {
      eventId: e.id,
      paymentRef: o.payment_intent,
      refundRef: refunds[0]?.id ?? String(o.id ?? ''),
      amountPence: amount,
      status: o.refunded === true || amount === o.amount ? 'succeeded' : 'partial',
    }
  }
  return null
}

export const isRefundEventType = (type: string) =>
  type.startsWith('refund.') || type === 'charge.refunded' || type === 'charge.refund.updated'
