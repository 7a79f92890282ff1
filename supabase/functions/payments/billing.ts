// Memberships billed as subscriptions (docs/billing.md): what the payments function does with the
// database's billing RPCs. The webhook gives each normalised event to apply_billing_event; dunning
// sends what run_dunning hands back and marks it sent; the e-mailed link opens the provider's
// billing portal; members download receipts; the local provider's clock is advanced here.
//
//   POST /payments/dunning           service role (pg_cron, daily) or admins: run_dunning(p_now =
//                                    the provider's clock) and send its e-mails
//                                    → { sent, failed, notices: [{ id, kind, sent }] }
//   GET  /payments/update-payment/<token>   no auth (the e-mailed link): 303 to a billing portal
//                                    session for the subscription's customer; an unknown or
//                                    ended token → 404, a small page linking to /members
//   POST /payments/billing-portal { membership_id }   the member's JWT: { url } of a billing portal
//                                    session for their membership's customer (404 otherwise)
//   GET  /payments/receipt/<invoice_id>.pdf   the member's JWT: the invoice as RLS lets them read
//                                    it, as a one-page PDF; 404 otherwise
//   POST /payments/local-clock       { advance_days?, advance_to? } service role key, local
//                                    provider only (404 otherwise): walks the local clock forward,
//                                    posting each event, then runs dunning → { now, events, dunning }
//   GET  /payments/local-clock       → { now } (ISO)
import { z } from 'npm:zod@3'
import { dbError, must } from '../_shared/db.ts'
import { HttpError, notFound, unauthorized, upstream } from '../_shared/errors.ts'
import { corsHeaders } from '../_shared/cors.ts'
import { json, readJson } from '../_shared/http.ts'
import { sendAndLog } from '../_shared/notify.ts'
import { escapeHtml, simpleEmail, siteUrl } from '../_shared/render.ts'
import type { BillingEvent, PaymentMethod } from '../_shared/providers/billing-event.ts'
import { advanceClock } from '../_shared/providers/local-billing.ts'
import { functionsUrl, type PaymentProvider } from '../_shared/providers/payments.ts'
import { paymentProvider } from '../_shared/providers/payments.ts'
import { ProviderError } from '../_shared/providers/record.ts'
import {
  adminClient,
  authUser,
  isServiceRole,
  requireStaff,
  userClient,
} from '../_shared/supabase.ts'
import { ADMIN_ROLES } from '../_shared/common/roles.ts'
import type { Json } from '../_shared/common/database.types.ts'
import { pounds, receiptPdf } from './receipt-pdf.ts'
import { longDate } from '../_shared/common/dates.ts'
import { page } from './local-pages.ts'

/** apply_billing_event's answer. */
export type BillingOutcome = {
  outcome: string
  membership_id: number | null
  invoice_id: number | null
  session_id: string | null
  first_paid: boolean
}

/** Applies one normalised event; a replay is { outcome: 'duplicate' }. */
export async function applyBillingEvent(
  provider: string,
  e: BillingEvent,
): Promise<BillingOutcome> {
  const res = await adminClient().rpc('apply_billing_event', {
    p_provider: provider,
    p_event: e as unknown as Json,
  })
  if (res.error?.code === '40001') {
    return {
      outcome: 'duplicate',
      membership_id: null,
      invoice_id: null,
      session_id: null,
      first_paid: false,
    }
  }
  if (res.error) throw dbError(res.error)
  const out = res.data as Partial<BillingOutcome> | null
  return {
    outcome: out?.outcome ?? 'recorded',
    membership_id: out?.membership_id ?? null,
    invoice_id: out?.invoice_id ?? null,
    session_id: out?.session_id ?? null,
    first_paid: out?.first_paid === true,
  }
}

// ---------------------------------------------------------------------------
// dunning
// ---------------------------------------------------------------------------

/** One notice of run_dunning (docs/billing.md). */
export type Notice = {
  id: number
  kind: 'paid' | 'failed' | 'reminder' | 'suspended' | 'recovered'
  membership_id: number
  invoice_id: number | null
  email: string
  first_name: string | null
  site: string | null
  plot_number: string | null
  amount_pence: number
  since: string | null
  grace_ends_on: string | null
  ends_on: string | null
  update_token: string | null
  subscription_ref: string | null
  receipt: {
    number: string | null
    amount_paid_pence: number
    paid_at: string | null
    lines?: { description: string; amount_pence: number }[]
  } | null
}

const nextDay = (d: string) => {
  const t = new Date(`${d}T00:00:00Z`)
  t.setUTCDate(t.getUTCDate() + 1)
  return t.toISOString().slice(0, 10)
}

/** Days from `now` to the end of the calendar day `until` (London), at least 0. */
function daysLeft(until: string | null, now: number): number | null {
  if (!until) return null
  const end = Date.parse(`${until}T23:59:59Z`) / 1000
  return Math.max(0, Math.ceil((end - now) / 86400) - 1)
}

export function updateLink(token: string | null): string {
  return token ? `${functionsUrl()}/payments/update-payment/${token}` : `${siteUrl()}/members`
}

/** The e-mail of a notice: subject, paragraphs and a link (plain, kind, UK English). */
export function noticeEmail(n: Notice, now: number) {
  const hello = `Hello ${n.first_name ?? 'there'},`
  const where = n.site ? `${n.site}${n.plot_number ? `, plot ${n.plot_number}` : ''}` : 'your site'
  const owed = pounds(n.amount_pence)
  const update = { text: 'Update your payment details', href: updateLink(n.update_token) }
  switch (n.kind) {
    case 'paid': {
      const r = n.receipt
      return {
        subject: 'Your Roots Allotments receipt',
        paragraphs: [
          hello,
          `Thank you: we have received your membership payment of ${
            pounds(r?.amount_paid_pence ?? 0)
          }${r?.paid_at ? ` on ${longDate(r.paid_at)}` : ''} for ${where}.`,
          ...(r?.number ? [`Receipt number: ${r.number}.`] : []),
          'You can see and download your receipts on your membership page at any time.',
        ],
        link: {
          text: 'View your receipt',
          href: `${siteUrl()}/members/receipts/${n.invoice_id ?? ''}`,
        },
      }
    }
    case 'failed':
      return {
        subject: 'Your membership payment did not go through',
        paragraphs: [
          hello,
          `We tried to take your membership payment of ${owed} for ${where}, but it did not go through. This happens: a card expires, or there was not quite enough in the account on the day.`,
          'We will try again over the next few days. The quickest way to sort it out is to check or update your payment details using the link below.',
          ...(n.grace_ends_on
            ? [
              `If it is still unpaid by ${
                longDate(n.grace_ends_on)
              }, we will have to suspend your membership. Your plot stays yours until then.`,
            ]
            : []),
          'If you are having a difficult time, reply to this e-mail and we will work something out together.',
        ],
        link: update,
      }
    case 'reminder': {
      const left = daysLeft(n.grace_ends_on, now)
      return {
        subject: 'A reminder: your membership payment is still due',
        paragraphs: [
          hello,
          `Your membership payment of ${owed} for ${where} is still unpaid.`,
          left !== null && n.grace_ends_on
            ? `You have ${left} day${left === 1 ? '' : 's'} left to pay, until ${
              longDate(n.grace_ends_on)
            }, before your membership is suspended.`
            : 'Please pay as soon as you can so that your membership is not suspended.',
          'You can update your payment details and pay using the link below.',
        ],
        link: update,
      }
    }
    case 'suspended':
      return {
        subject: 'Your membership has been suspended',
        paragraphs: [
          hello,
          `We are sorry to tell you that your membership at ${where} has been suspended, because ${owed} is still unpaid.`,
          n.ends_on
            ? `Your membership will end on ${
              longDate(n.ends_on)
            }. If you pay before then, your membership becomes active again and you keep your plot.`
            : 'If you pay the amount due, your membership becomes active again and you keep your plot.',
          'If something has gone wrong, reply to this e-mail: we would much rather help than lose you.',
        ],
        link: { text: 'Pay and keep your plot', href: updateLink(n.update_token) },
      }
    case 'recovered':
      return {
        subject: 'Thank you: your membership is active again',
        paragraphs: [
          hello,
          `Thank you: your payment has come through and your membership at ${where} is active again.`,
          'There is nothing more you need to do. Happy growing!',
        ],
        link: { text: 'Your membership', href: `${siteUrl()}/members` },
      }
  }
}

/** The provider told what a notice changes: a suspension ends the subscription the day after the
 *  notice ends; arrears paid in time (recovered) withdraw that end. One key per arrears episode,
 *  so a later episode is not answered from an earlier one's key. */
async function tellProvider(provider: PaymentProvider, n: Notice) {
  if (!n.subscription_ref) return
  const episode = n.since ? `-${Math.floor(Date.parse(n.since) / 1000)}` : ''
  const metadata = { membership_id: String(n.membership_id), reason: n.kind }
  try {
    if (n.kind === 'suspended' && n.ends_on) {
      await provider.cancelSubscriptionAt({
        idempotencyKey: `suspend-${n.membership_id}${episode}`,
        subscriptionRef: n.subscription_ref,
        cancelOn: nextDay(n.ends_on),
        metadata,
      })
    }
    if (n.kind === 'recovered') {
      await provider.keepSubscription({
        idempotencyKey: `recover-${n.id}`,
        subscriptionRef: n.subscription_ref,
        metadata,
      })
    }
  } catch (e) {
    // The e-mail still goes and the notice is not repeated, so say so loudly.
    console.error(
      `[payments] ${n.kind} membership ${n.membership_id}: the provider was not told: ${
        (e as Error).message
      }`,
    )
  }
}

/** run_dunning at the provider's clock, each notice e-mailed once and marked (or released). */
export async function runDunning(provider: PaymentProvider = paymentProvider()) {
  const now = await provider.now()
  const admin = adminClient()
  const notices = must(
    await admin.rpc('run_dunning', { p_now: new Date(now * 1000).toISOString() }),
  ) as unknown as Notice[]
  const sent: number[] = []
  const failed: number[] = []
  for (const n of notices) {
    if (n.kind === 'suspended' || n.kind === 'recovered') await tellProvider(provider, n)
    const mail = noticeEmail(n, now)
    const r = await sendAndLog({
      to: n.email,
      subject: mail.subject,
      ...simpleEmail(mail.paragraphs, mail.link),
      tag: `billing-${n.kind}`,
      idempotencyKey: `billing-notice-${n.id}`,
    })
    ;(r.sent ? sent : failed).push(n.id)
  }
  if (sent.length) must(await admin.rpc('mark_dunning_sent', { p_ids: sent }))
  if (failed.length) must(await admin.rpc('release_dunning', { p_ids: failed }))
  return {
    sent: sent.length,
    failed: failed.length,
    notices: notices.map((n) => ({ id: n.id, kind: n.kind, sent: sent.includes(n.id) })),
  }
}

export async function dunningRoute(req: Request): Promise<Response> {
  if (!isServiceRole(req)) await requireStaff(req, ADMIN_ROLES)
  await readJson(req, z.object({}).strict())
  return json(await runDunning())
}

// ---------------------------------------------------------------------------
// the e-mailed link
// ---------------------------------------------------------------------------

export async function updatePaymentRoute(token: string): Promise<Response> {
  const target = /^[0-9a-f]{32}$/.test(token)
    ? must(await adminClient().rpc('payment_update_target', { p_token: token })) as
      | { customer_ref: string | null; provider: string }
      | null
    : null
  if (!target?.customer_ref) {
    return page(
      'This link has expired',
      `<h1>This link has expired</h1><p>This payment link is no longer in use. Your membership page shows what is due and lets you update your payment details.</p>` +
        `<p><a href="${escapeHtml(siteUrl())}/members">Go to your membership</a></p>`,
      404,
    )
  }
  let portal
  try {
    portal = await paymentProvider().createPortalSession({
      customerRef: target.customer_ref,
      returnUrl: `${siteUrl()}/members`,
    })
  } catch (e) {
    if (e instanceof ProviderError) {
      throw upstream('The payment provider is not available. Please try again in a minute.', {
        provider_status: e.status,
      })
    }
    throw e
  }
  return new Response(null, {
    status: 303,
    headers: { location: portal.url, 'cache-control': 'no-store' },
  })
}

/** POST /payments/billing-portal { membership_id }: the member's own membership (RLS decides) →
 *  { url } of a billing portal session for its customer, returning to /members. */
export async function billingPortalRoute(req: Request): Promise<Response> {
  const b = await readJson(req, z.object({ membership_id: z.number().int().positive() }).strict())
  if (!(await authUser(req))) throw unauthorized('Sign in to change your payment method.')
  const sub = must(
    await userClient(req).from('subscriptions').select('customer_ref, status')
      .eq('membership_id', b.membership_id).maybeSingle(),
  )
  if (!sub?.customer_ref || sub.status === 'canceled') {
    throw notFound('This membership has no subscription to change.')
  }
  try {
    const portal = await paymentProvider().createPortalSession({
      customerRef: sub.customer_ref,
      returnUrl: `${siteUrl()}/members`,
    })
    return json({ url: portal.url }, { headers: { 'cache-control': 'no-store' } })
  } catch (e) {
    if (e instanceof ProviderError) {
      throw upstream('The payment provider is not available. Please try again in a minute.', {
        provider_status: e.status,
      })
    }
    throw e
  }
}

// ---------------------------------------------------------------------------
// receipts
// ---------------------------------------------------------------------------

export function methodLabel(pm: PaymentMethod | null | undefined): string {
  if (!pm) return 'Not recorded'
  if (pm.type === 'bacs_debit') return `Direct Debit ending ${pm.last4}`
  const brand = pm.brand && pm.brand !== 'unknown'
    ? pm.brand === 'amex' ? 'American Express' : pm.brand[0]!.toUpperCase() + pm.brand.slice(1)
    : 'Card'
  return `${brand} ending ${pm.last4}`
}

export async function receiptRoute(req: Request, file: string): Promise<Response> {
  const m = /^([1-9][0-9]{0,17})\.pdf$/.exec(file)
  if (!m) throw notFound('No such receipt.')
  if (!(await authUser(req))) throw unauthorized('Sign in to download your receipts.')
  const db = userClient(req)
  const invoice = must(
    await db.from('invoices').select(
      'id, number, status, lines, amount_paid_pence, amount_refunded_pence, paid_at, payment_method, membership_id',
    ).eq('id', Number(m[1])).maybeSingle(),
  )
  if (!invoice || invoice.status !== 'paid') throw notFound('No such receipt.')
  const membership = must(
    await db.from('memberships').select(
      'plot_number, member:members(first_name, last_name, email), site:global_sites(location, city)',
    ).eq('id', invoice.membership_id).maybeSingle(),
  )
  const lines = Array.isArray(invoice.lines)
    ? (invoice.lines as { description?: string; amount_pence?: number }[]).map((l) => ({
      description: String(l.description ?? ''),
      amount_pence: Number(l.amount_pence ?? 0),
    }))
    : []
  const member = membership?.member
  const pdf = receiptPdf({
    number: invoice.number ?? `R-${invoice.id}`,
    paidAt: invoice.paid_at,
    member: member ? `${member.first_name} ${member.last_name}`.trim() : 'Member',
    email: member?.email ?? null,
    site: membership?.site ? `${membership.site.location}, ${membership.site.city}` : 'Roots',
    plot: membership?.plot_number ?? null,
    lines,
    total_pence: invoice.amount_paid_pence,
    refunded_pence: invoice.amount_refunded_pence,
    paymentMethod: methodLabel(invoice.payment_method as PaymentMethod | null),
  })
  return new Response(pdf as Uint8Array<ArrayBuffer>, {
    headers: {
      ...corsHeaders,
      // The web app saves it under this name (fetched with the member's JWT, then a blob URL).
      'Access-Control-Expose-Headers': 'content-disposition, etag, cache-control',
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="roots-receipt-${invoice.id}.pdf"`,
      'cache-control': 'private, no-store',
    },
  })
}

// ---------------------------------------------------------------------------
// the local provider's clock
// ---------------------------------------------------------------------------

export const clockSchema = z.object({
  advance_days: z.number().int().min(0).max(3660).optional(),
  advance_to: z.string().datetime({ offset: true }).or(z.string().regex(/^\d{4}-\d{2}-\d{2}$/))
    .optional(),
}).strict().refine((b) => (b.advance_days === undefined) !== (b.advance_to === undefined), {
  message: 'Give advance_days or advance_to.',
})

export async function localClockRoute(req: Request): Promise<Response> {
  const provider = paymentProvider()
  if (provider.name !== 'local' || !isServiceRole(req)) throw notFound()
  if (req.method === 'GET') {
    return json({ now: new Date(await provider.now() * 1000).toISOString() })
  }
  if (req.method !== 'POST') throw new HttpError(405, 'method_not_allowed', 'Use GET or POST.')
  const b = await readJson(req, clockSchema)
  const now = await provider.now()
  const target = b.advance_days !== undefined
    ? now + b.advance_days * 86400
    : Math.floor(Date.parse(b.advance_to!) / 1000)
  if (!Number.isFinite(target)) {
    throw new HttpError(400, 'validation_failed', 'Some fields need attention.', [{
      path: 'advance_to',
      message: 'Not a date.',
    }])
  }
  const { now: reached, events } = await advanceClock(Math.max(now, target))
  const dunning = await runDunning(provider)
  return json({ now: new Date(reached * 1000).toISOString(), events, dunning })
}
