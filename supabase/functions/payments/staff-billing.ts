// Staff refunds of a membership's payments, from the member's page in the admin.
//
//   POST /payments/invoice-refund   admins (the database checks the role and records who and why)
//        { invoice_id, reason: 3–500 characters, amount_pence?: part of what is left }
//        → 202 { refund: { id, invoice_id, amount_pence, status: 'applied', provider_ref } }
//        409 conflict with the rule's message (not paid, refunded already, more than is left);
//        502 when the provider fails (the refund is marked failed, nothing refunded); 503 provider
//        not configured.
//
// Order, as for orders (refunds.ts): request_invoice_refund records it pending (a second ask while
// one is pending returns that one), the provider is asked with the key `invoice-refund-<id>` (a
// retry never refunds twice), settle_invoice_refund marks it applied or failed, and the member is
// e-mailed. The invoice's refunded amount follows the provider's charge.refunded event.
import { z } from 'npm:zod@3'
import { dbError, must } from '../_shared/db.ts'
import { HttpError, upstream } from '../_shared/errors.ts'
import { json, readJson } from '../_shared/http.ts'
import { sendAndLog } from '../_shared/notify.ts'
import { paymentProvider } from '../_shared/providers/payments.ts'
import { ProviderError } from '../_shared/providers/record.ts'
import { simpleEmail, siteUrl } from '../_shared/render.ts'
import { adminClientFor, authUser, requireStaff, userClient } from '../_shared/supabase.ts'
import { ADMIN_ROLES } from '../_shared/common/roles.ts'

export const invoiceRefundSchema = z.object({
  invoice_id: z.number().int().positive(),
  reason: z.string().trim().min(3, 'Give the reason for the refund (at least 3 characters).')
    .max(500, 'At most 500 characters.'),
  amount_pence: z.number().int().positive('Refund at least 1p.').max(1_000_000).nullish(),
}).strict()

/** A refund as request_invoice_refund and settle_invoice_refund return it. */
export type InvoiceRefund = {
  id: number
  invoice_id: number
  amount_pence: number
  reason: string
  status: 'pending' | 'applied' | 'failed'
  provider_ref: string | null
  payment_ref: string
  membership_id: number
  email: string
  first_name: string
  number: string | null
  repeated?: boolean
}

const pounds = (p: number) => `£${(p / 100).toFixed(2)}`

/** The member's e-mail about a refund of one of their payments. */
export function refundEmail(r: InvoiceRefund) {
  return {
    subject: 'We have refunded a payment',
    ...simpleEmail([
      `Hello ${r.first_name},`,
      `We have refunded ${pounds(r.amount_pence)} of your payment${
        r.number ? ` ${r.number}` : ''
      } to the card or bank account it came from. It can take 5 to 10 working days to appear.`,
      `Reason: ${r.reason}`,
      `Your payments and receipts: ${siteUrl()}/members`,
    ]),
  }
}

export async function invoiceRefund(req: Request): Promise<Response> {
  await requireStaff(req, ADMIN_ROLES)
  const b = await readJson(req, invoiceRefundSchema)
  const staff = await authUser(req)
  // Not configured: 503 here, before anything is recorded.
  const provider = paymentProvider()
  const asked = await userClient(req).rpc('request_invoice_refund', {
    p_invoice_id: b.invoice_id,
    p_reason: b.reason,
    p_amount_pence: b.amount_pence ?? undefined,
  })
  if (asked.error?.code === '22023') throw new HttpError(409, 'conflict', asked.error.message)
  if (asked.error) throw dbError(asked.error)
  const r = asked.data as unknown as InvoiceRefund
  if (r.status !== 'pending') return json({ refund: r }, { status: 200 })
  const db = adminClientFor('payments', staff?.id)
  const settle = async (outcome: 'applied' | 'failed', ref: string | null) =>
    must(
      await db.rpc('settle_invoice_refund', {
        p_refund_id: r.id,
        p_outcome: outcome,
        p_provider_ref: ref ?? undefined,
      }),
    ) as unknown as InvoiceRefund
  let result
  try {
    result = await provider.refund({
      idempotencyKey: `invoice-refund-${r.id}`,
      paymentRef: r.payment_ref,
      amountPence: r.amount_pence,
      metadata: { invoice_id: String(r.invoice_id), invoice_refund_id: String(r.id) },
    })
  } catch (e) {
    if (!(e instanceof ProviderError)) throw e
    await settle('failed', null)
    throw upstream(
      'The payment provider is not available. Nothing was refunded; please try again.',
      {
        provider_status: e.status,
      },
    )
  }
  const settled = await settle('applied', result.id)
  await sendAndLog({
    to: settled.email,
    ...refundEmail(settled),
    tag: 'invoice-refund',
    idempotencyKey: `invoice-refund-${settled.id}`,
  })
  const { email: _e, ...refund } = settled
  return json({ refund }, { status: 202 })
}
