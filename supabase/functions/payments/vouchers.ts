// Gift vouchers: buying one (who it is from, to whom and when it goes), the buyer's receipt
// lines, delivering it to the recipient (once, through the outbox of migration
// 20250101000300_commerce.sql) and what a checkout session shows on the success pages.
//
//   POST /payments/deliver-vouchers  { action?: 'deliver_vouchers' }   the service role (the
//        scheduler's drain, with Vault's key) or an admin: e-mails every voucher that is due and
//        not yet sent → { delivered, failed }. A voucher for immediate delivery is sent by the
//        webhook that marks it paid; this route sends dated ones, retries failed sends and sends
//        the ones an admin sent again (resend_gift_voucher, from the order's page).
//   GET  /payments/status?session_id=…   → checkout_session_summary (404 for an unknown session)
import { z } from 'npm:zod@3'
import { aYearOn, isRealDay, ukDay, weekdayDate } from '../_shared/common/dates.ts'
import { dbError, must } from '../_shared/db.ts'
import { HttpError, notFound } from '../_shared/errors.ts'
import { json, readJson } from '../_shared/http.ts'
import { sendAndLog } from '../_shared/notify.ts'
import { requireProvider } from '../_shared/providers/config.ts'
import { simpleEmail, siteUrl } from '../_shared/render.ts'
import {
  adminClient,
  adminClientFor,
  authUser,
  isServiceRole,
  requireStaff,
} from '../_shared/supabase.ts'
import { ADMIN_ROLES } from '../_shared/common/roles.ts'
import { email, openSession } from './shop.ts'

const name = z.string().trim().min(1, 'Required.').max(100, 'Use at most 100 characters.')

const isoDay = z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date, like 2025-12-25.')
  .refine(isRealDay, 'Enter a real date.')

export const giftVoucherCheckout = z.object({
  kind: z.literal('gift_voucher'),
  email,
  value_pence: z.number().int().min(1000, 'At least £10.').max(50000, 'At most £500.').refine(
    (v) => v % 100 === 0,
    'Whole pounds only.',
  ),
  buyer_name: name.nullish(),
  recipient_name: name.nullish(),
  recipient_email: email.nullish(),
  message: z.string().trim().max(1000).nullish(),
  deliver_on: isoDay.nullish(),
}).strict()
export type GiftVoucherCheckout = z.infer<typeof giftVoucherCheckout>

/** The rules across fields: a recipient sees the buyer's name; a delivery date needs a recipient
 *  and falls between today and a year ahead (UK days; the database checks the same). */
export const giftVoucherRules = giftVoucherCheckout.superRefine((b, ctx) => {
  if (b.recipient_email && !b.buyer_name) {
    ctx.addIssue({
      code: 'custom',
      path: ['buyer_name'],
      message: 'Enter your name: the recipient sees who the voucher is from.',
    })
  }
  if (!b.deliver_on || !isRealDay(b.deliver_on)) return
  // Delivery dates are the buyer's calendar days: today is the UK's.
  const today = ukDay()
  if (!b.recipient_email) {
    ctx.addIssue({
      code: 'custom',
      path: ['deliver_on'],
      message: "Add the recipient's e-mail address to choose a delivery date.",
    })
  } else if (b.deliver_on < today) {
    ctx.addIssue({ code: 'custom', path: ['deliver_on'], message: 'Choose today or a later date.' })
  } else if (b.deliver_on > aYearOn(today)) {
    ctx.addIssue({ code: 'custom', path: ['deliver_on'], message: 'Choose a date within a year.' })
  }
})

export const voucherSuccessUrl = (sessionId = '{CHECKOUT_SESSION_ID}') =>
  `${siteUrl()}/gift-vouchers/success?session_id=${sessionId}`

export interface VoucherOrder {
  order_id: number
  session_id: string
  url: string
  repeated?: true
}

/** A gift voucher checkout: the provider's page for its value, the order and the pending voucher
 *  written in one RPC. The same key again answers the first order and the same provider session. */
export async function placeVoucherOrder(
  o: { key: string; userId: string | null; body: GiftVoucherCheckout },
): Promise<VoucherOrder> {
  const b = giftVoucherRules.parse(o.body)
  const admin = adminClient()
  const lines = [{
    name: `Gift voucher £${b.value_pence / 100}`,
    amount_pence: b.value_pence,
    quantity: 1,
  }]
  const open = () =>
    openSession(
      o.key,
      b.email,
      lines,
      { kind: 'gift_voucher', idempotency_key: o.key },
      voucherSuccessUrl(),
    )
  const existing = async () =>
    must(
      await admin.from('orders').select('id, checkout_session_id').eq('idempotency_key', o.key)
        .maybeSingle(),
    )
  const first = await existing()
  const session = await open()
  // Orders are written with their session (create_gift_voucher_order), so a stored one has it.
  if (first?.checkout_session_id) {
    return {
      order_id: Number(first.id),
      session_id: first.checkout_session_id,
      url: session.url,
      repeated: true,
    }
  }
  const res = await admin.rpc('create_gift_voucher_order', {
    p_email: b.email,
    p_user_id: o.userId,
    p_idempotency_key: o.key,
    p_session_id: session.id,
    p_value_pence: b.value_pence,
    p_voucher: {
      buyer_name: b.buyer_name ?? null,
      recipient_name: b.recipient_name ?? null,
      recipient_email: b.recipient_email ?? null,
      message: b.message ?? null,
      deliver_on: b.deliver_on ?? null,
    },
  })
  if (res.error?.code === '23505') {
    // The same key at the same moment: the other request wrote the order.
    const again = await existing()
    if (again?.checkout_session_id) {
      return {
        order_id: Number(again.id),
        session_id: again.checkout_session_id,
        url: session.url,
        repeated: true,
      }
    }
  }
  if (res.error?.code === '22023') {
    throw new HttpError(400, 'validation_failed', res.error.message, [{
      path: 'deliver_on',
      message: res.error.message,
    }])
  }
  if (res.error) throw dbError(res.error)
  return { order_id: Number(res.data), session_id: session.id, url: session.url }
}

// ---------------------------------------------------------------------------
// words
// ---------------------------------------------------------------------------
export const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`

// Where a voucher can be spent: the shop and a membership's first payment (its set-up page); the
// same words are on /gift-vouchers.
const HOW_TO_REDEEM =
  'To use it, choose what you would like in our shop, or a plan when you become a member of a site, ' +
  'type the code under "Gift voucher code" and press "Apply voucher"; it pays for part or all of it, and whatever is left stays on the voucher for next time.'

interface VoucherRow {
  code: string
  value_pence: number
  buyer_name: string | null
  recipient_name: string | null
  recipient_email: string | null
  message: string | null
  deliver_on: string | null
  expires_at: string | null
}

/** How long a voucher lasts, as the e-mails say it (a voucher may have no end date). */
const validity = (expiresAt: string | null) =>
  expiresAt ? `valid until ${weekdayDate(expiresAt)}` : 'valid with no end date'

/** What the buyer's receipt says about the voucher: the code when it is theirs to give, else to
 *  whom and when it goes. */
export async function voucherReceiptLines(orderId: number): Promise<string[]> {
  const { data: g } = await adminClient().from('gift_vouchers')
    .select(
      'code, value_pence, buyer_name, recipient_name, recipient_email, message, deliver_on, expires_at',
    ).eq('order_id', orderId).maybeSingle()
  if (!g) return []
  if (!g.recipient_email) {
    return [
      `Your ${pounds(g.value_pence)} gift voucher code is ${g.code}, ${
        validity(g.expires_at)
      }. Pass it on to whoever you like.`,
      HOW_TO_REDEEM,
    ]
  }
  const who = g.recipient_name ? `${g.recipient_name} (${g.recipient_email})` : g.recipient_email
  const later = g.deliver_on !== null && g.deliver_on > ukDay()
  return [
    later
      ? `We will e-mail your ${pounds(g.value_pence)} gift voucher to ${who} on ${
        weekdayDate(g.deliver_on!)
      }, with your message and its code.`
      : `We are e-mailing your ${
        pounds(g.value_pence)
      } gift voucher to ${who} now, with your message and its code.`,
    `It is ${
      validity(g.expires_at)
    }. If it does not arrive, reply to this e-mail and we will sort it out.`,
  ]
}

const sameAddress = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase()

/** The recipient's e-mail. Sent to the buyer's own address (a voucher they kept, whose code staff
 *  send again when the receipt is lost, or one they bought for themselves) it is worded as theirs;
 *  a buyer who gave no name is not called "Someone". */
export function voucherEmail(v: VoucherRow & { buyer_email?: string | null }) {
  const worth = `worth ${pounds(v.value_pence)}`
  const own = sameAddress(v.recipient_email, v.buyer_email)
  const from = v.buyer_name
  const name = v.recipient_name ?? (own ? v.buyer_name : null)
  const lines = [
    name ? `Hello ${name},` : 'Hello,',
    own
      ? `Here is your Roots Allotments gift voucher ${worth}.`
      : from
      ? `${from} has sent you a Roots Allotments gift voucher ${worth}.`
      : `You have been sent a Roots Allotments gift voucher ${worth}.`,
    ...(v.message && !own ? [`${from ?? 'They'} wrote: “${v.message}”`] : []),
    `Your voucher code: ${v.code}`,
    HOW_TO_REDEEM,
    `It is ${validity(v.expires_at)}.`,
  ]
  return {
    subject: own
      ? 'Your Roots Allotments gift voucher'
      : from
      ? `${from} has sent you a Roots Allotments gift voucher`
      : 'You have been sent a Roots Allotments gift voucher',
    ...simpleEmail(lines, {
      text: 'Visit the Roots Allotments shop',
      href: `${siteUrl()}/checkout/new`,
    }),
  }
}

// ---------------------------------------------------------------------------
// delivery
// ---------------------------------------------------------------------------
/** The outbox: claims the vouchers due (one, or all), e-mails each recipient, and records which
 *  went; a failed send is released for the next drain. Each voucher is e-mailed once. An admin
 *  who runs it (`actor`) is named in the audit log, through payments. */
export async function deliverVouchers(
  voucherId: number | null = null,
  actor: string | null = null,
): Promise<{ delivered: number; failed: number }> {
  const admin = actor ? adminClientFor('payments', actor) : adminClient()
  const rows = must(await admin.rpc('claim_gift_voucher_deliveries', { p_voucher_id: voucherId }))
  const sent: number[] = []
  const failed: number[] = []
  for (const v of rows) {
    const res = await sendAndLog({
      to: v.recipient_email!,
      ...voucherEmail(v),
      tag: 'gift-voucher',
      // Each round staff send it again is a new e-mail to the provider, not a repeat to drop.
      idempotencyKey: v.resent_count > 0
        ? `gift-voucher-${v.voucher_id}-again-${v.resent_count}`
        : `gift-voucher-${v.voucher_id}`,
    }, actor ? { sent_by: actor, via: 'payments' } : {})
    ;(res.sent ? sent : failed).push(Number(v.voucher_id))
  }
  if (rows.length > 0) {
    must(await admin.rpc('finish_gift_voucher_deliveries', { p_sent: sent, p_failed: failed }))
  }
  return { delivered: sent.length, failed: failed.length }
}

/** After the webhook marks an order paid: its voucher, if it is due now, goes to the recipient.
 *  A failure here never fails the webhook: the scheduler's drain sends what is left. */
export async function deliverPaidVoucher(sessionId: string): Promise<void> {
  try {
    const { data } = await adminClient().from('orders').select('voucher_id').eq(
      'checkout_session_id',
      sessionId,
    ).eq('kind', 'gift_voucher').maybeSingle()
    const id = data?.voucher_id
    if (id) await deliverVouchers(Number(id))
  } catch (e) {
    console.error(
      '[payments] gift voucher delivery deferred to the scheduler:',
      (e as Error).message,
    )
  }
}

const deliverSchema = z.object({ action: z.literal('deliver_vouchers').optional() }).strict()

/** POST /payments/deliver-vouchers: the scheduler (service role key) or an admin. */
export async function deliverVouchersRoute(req: Request): Promise<Response> {
  const scheduler = isServiceRole(req)
  if (!scheduler) await requireStaff(req, ADMIN_ROLES)
  await readJson(req, deliverSchema)
  requireProvider('email') // nothing is claimed that cannot be sent: 503 first
  return json(await deliverVouchers(null, scheduler ? null : (await authUser(req))?.id ?? null))
}

// ---------------------------------------------------------------------------
// what a checkout session shows
// ---------------------------------------------------------------------------
/** GET /payments/status?session_id=…: what the server knows about that checkout. */
export async function sessionStatus(url: URL): Promise<Response> {
  const id = url.searchParams.get('session_id') ?? ''
  if (!/^cs_[A-Za-z0-9_]{4,200}$/.test(id)) {
    throw new HttpError(400, 'validation_failed', 'Some fields need attention.', [{
      path: 'session_id',
      message: 'Not a checkout session id.',
    }])
  }
  const summary = must(await adminClient().rpc('checkout_session_summary', { p_session_id: id }))
  if (!summary) throw notFound('No order has that checkout session.')
  return json(summary, { headers: { 'cache-control': 'no-store' } })
}
