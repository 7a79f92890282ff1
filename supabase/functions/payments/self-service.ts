// Members' self-service: pause, resume, cancel and undo a cancellation of one's
// own membership. The rules are the database's (20250108000500_membership_self_service.sql); this
// module tells the payment provider and e-mails the member.
//
//   POST /payments/membership-change   signed in; header Idempotency-Key (8–200 of A-Z a-z 0-9 _ . : -)
//        { membership_id, action: 'pause' | 'resume' | 'cancel' | 'undo_cancel', months?: 1–3 (pause),
//          reason?: ≤ 2000 characters (pause, cancel) }
//        → 201 { change } (200 with repeated: true for the same key again); 409 conflict with the
//          rule's message when the rules say no (nothing changed); 404 not your membership;
//          409 no_subscription when the provider has no subscription for it; 502 when the provider
//          fails (the change is marked failed, nothing changed); 503 provider not configured.
//
// Order, so that a retry never pauses or cancels twice: (1) request_membership_change, as the
// member, checks the rules and records the change pending (one pending change per membership;
// the same Idempotency-Key returns the same change); (2) the provider is asked with the key
// `membership-change-<id>` (Stripe returns the same answer for a repeated key, and each call sets
// the subscription's state outright); (3) settle_membership_change (service role) marks it
// applied, which changes the membership, or failed. A change left pending by a crash between (1)
// and (3) is handed back by the member's next request and finished first with the same provider
// key. The e-mail goes last, with the change's id as its idempotency key.
import { z } from 'npm:zod@3'
import { longDate } from '../_shared/common/dates.ts'
import { dbError, must } from '../_shared/db.ts'
import { HttpError, unauthorized, upstream } from '../_shared/errors.ts'
import { json, readJson } from '../_shared/http.ts'
import { sendAndLog } from '../_shared/notify.ts'
import {
  type PaymentProvider,
  paymentProvider,
  type SubscriptionResult,
} from '../_shared/providers/payments.ts'
import { ProviderError } from '../_shared/providers/record.ts'
import { simpleEmail, siteUrl } from '../_shared/render.ts'
import { adminClientFor, authUser, userClient } from '../_shared/supabase.ts'

export const membershipChangeSchema = z.object({
  membership_id: z.number().int().positive(),
  action: z.enum(['pause', 'resume', 'cancel', 'undo_cancel']),
  months: z.number().int().min(1, 'A pause is 1, 2 or 3 months.').max(
    3,
    'A pause is 1, 2 or 3 months.',
  ).nullish(),
  reason: z.string().trim().max(2000, 'Keep it under 2000 characters.')
    .refine((v) => !v.includes('\u0000'), 'Remove the invisible characters.').nullish(),
}).strict().superRefine((b, ctx) => {
  if (b.action === 'pause' && !b.months) {
    ctx.addIssue({ code: 'custom', path: ['months'], message: 'Choose how many months to pause.' })
  }
})

/** A change as request_membership_change and settle_membership_change return it. */
export type Change = {
  id: number
  membership_id: number
  kind: 'pause' | 'resume' | 'cancel' | 'undo_cancel'
  status: 'pending' | 'applied' | 'failed'
  months: number | null
  starts_on: string | null
  resumes_on: string | null
  ends_on: string | null
  last_payment_on: string | null
  last_payment_pence: number | null
  deposit_pence: number | null
  deposit_refund_pence: number | null
  withdraws: boolean
  subscription_ref: string | null
  email: string
  first_name: string
  site_id: number
  site: string | null
  plot_number: string | null
  plan: string | null
  price_pence: number | null
  repeated?: boolean
  other_pending?: boolean
}

const KEY = /^[A-Za-z0-9_.:-]{8,200}$/

const pounds = (p: number) => `£${(p / 100).toFixed(2)}`
const nextDay = (d: string) =>
  new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)

/** The provider call a change makes. */
export function providerCall(
  p: PaymentProvider,
  c: Change,
  subscriptionRef: string,
): Promise<SubscriptionResult> {
  const r = {
    idempotencyKey: `membership-change-${c.id}`,
    subscriptionRef,
    metadata: { membership_id: String(c.membership_id), change_id: String(c.id) },
  }
  switch (c.kind) {
    case 'pause':
      return p.pauseSubscription({ ...r, resumesOn: c.resumes_on! })
    case 'resume':
      return p.resumeSubscription(r)
    case 'cancel':
      return p.cancelSubscriptionAt({ ...r, cancelOn: nextDay(c.ends_on!) })
    case 'undo_cancel':
      return p.keepSubscription(r)
  }
}

/** The confirmation e-mail of an applied change. */
export function changeEmail(c: Change): { subject: string; html: string; text: string } {
  const plot = `${c.plot_number ? `plot ${c.plot_number}` : 'your plot'} at ${
    c.site ?? 'your site'
  }`
  const price = c.price_pence !== null ? ` (${pounds(c.price_pence)})` : ''
  const hello = `Hello ${c.first_name},`
  const page = `Your membership page: ${siteUrl()}/members`
  switch (c.kind) {
    case 'pause':
      return {
        subject: 'Your Roots membership is paused',
        ...simpleEmail([
          hello,
          `Your billing is paused for ${c.months} month${
            c.months === 1 ? '' : 's'
          }: no payment is taken from ${longDate(c.starts_on!)}, and billing restarts on ${
            longDate(c.resumes_on!)
          }${price}.`,
          `${
            plot[0]!.toUpperCase() + plot.slice(1)
          } stays yours while you are away: nobody else is offered it.`,
          'Back sooner? You can resume billing early from your membership page.',
          page,
        ]),
      }
    case 'resume':
      return {
        subject: 'Your Roots membership billing is back on',
        ...simpleEmail([
          hello,
          c.withdraws
            ? 'Your pause is withdrawn before it started: billing carries on as usual and the pause does not count towards your limit.'
            : `Welcome back: billing restarts on ${longDate(c.resumes_on!)}${price}.`,
          page,
        ]),
      }
    case 'cancel': {
      const deposit = !c.deposit_pence
        ? 'We hold no deposit for this membership.'
        : c.deposit_refund_pence
        ? `Your deposit of ${
          pounds(c.deposit_refund_pence)
        } comes back to you once you hand your plot back clear.`
        : `Your deposit of ${
          pounds(c.deposit_pence)
        } is not refunded: the deposit is non-refundable when a membership ends within its first 12 months.`
      return {
        subject: 'Your Roots membership cancellation',
        ...simpleEmail([
          hello,
          `We have your cancellation of your membership (${plot}).`,
          c.last_payment_pence !== null
            ? `With one full billing month's notice, your last payment of ${
              pounds(c.last_payment_pence)
            } is taken on ${longDate(c.last_payment_on!)} and your membership ends on ${
              longDate(c.ends_on!)
            }.`
            : `Your membership ends on ${
              longDate(c.ends_on!)
            }, at the close of the year you have paid for. Nothing more is taken.`,
          deposit,
          `Changed your mind? You can keep your membership from your membership page until ${
            longDate(c.ends_on!)
          }.`,
          page,
        ]),
      }
    }
    case 'undo_cancel':
      return {
        subject: 'Your Roots membership carries on',
        ...simpleEmail([
          hello,
          `Your cancellation is withdrawn: your membership (${plot}) carries on and billing continues as usual.`,
          page,
        ]),
      }
  }
}

/** Tells the provider about a pending change, settles it and e-mails the member. */
async function finish(c: Change, userId: string, provider: PaymentProvider): Promise<Change> {
  const db = adminClientFor('payments', userId)
  const settle = async (outcome: 'applied' | 'failed', ref: string | null) =>
    must(
      await db.rpc('settle_membership_change', {
        p_change_id: c.id,
        p_outcome: outcome,
        p_provider_ref: ref ?? undefined,
      }),
    ) as unknown as Change
  // Under the local stack a membership without a subscription of its own is billed, as far as
  // anyone can tell, by a recorded one; a real provider has nothing to change.
  const ref = c.subscription_ref ??
    (provider.name === 'local' ? `sub_local_membership_${c.membership_id}` : null)
  if (!ref) {
    await settle('failed', null)
    throw new HttpError(
      409,
      'no_subscription',
      'This membership has no subscription with our payment provider to change. Nothing was changed: please contact us and we will do it for you.',
    )
  }
  let result: SubscriptionResult
  try {
    result = await providerCall(provider, c, ref)
  } catch (e) {
    if (!(e instanceof ProviderError)) throw e
    await settle('failed', null)
    throw upstream(
      'The payment provider is not available. Nothing was changed; please try again.',
      {
        provider_status: e.status,
      },
    )
  }
  const settled = await settle('applied', result.id)
  if (settled.status === 'applied') {
    await sendAndLog({
      to: settled.email,
      ...changeEmail(settled),
      tag: `membership-${settled.kind.replace('_', '-')}`,
      idempotencyKey: `membership-change-${settled.id}`,
    }, { site_id: settled.site_id })
  }
  return settled
}

export async function membershipChange(req: Request): Promise<Response> {
  const b = await readJson(req, membershipChangeSchema)
  const key = req.headers.get('idempotency-key')
  if (key === null || !KEY.test(key)) {
    throw new HttpError(400, 'validation_failed', 'Some fields need attention.', [{
      path: 'Idempotency-Key',
      message: 'Send an Idempotency-Key of 8 to 200 letters, digits, _ . : or -.',
    }])
  }
  const user = await authUser(req)
  if (!user) throw unauthorized('Sign in to change your membership.')
  // Not configured: 503 here, before anything is recorded.
  const provider = paymentProvider()
  const request = () =>
    userClient(req).rpc('request_membership_change', {
      p_membership_id: b.membership_id,
      p_action: b.action,
      p_months: b.months ?? undefined,
      p_reason: b.reason || undefined,
      p_key: key,
    })
  let res = await request()
  if (res.error) throw dbError(res.error)
  let c = res.data as unknown as Change
  if (c.other_pending) {
    // An earlier change was left half done: finish it, then ask again under the rules as they now are.
    await finish(c, user.id, provider)
    res = await request()
    if (res.error) throw dbError(res.error)
    c = res.data as unknown as Change
    if (c.other_pending) {
      throw new HttpError(
        409,
        'conflict',
        'Another change to this membership is being made. Try again in a minute.',
      )
    }
  }
  if (c.repeated && c.status === 'failed') {
    throw new HttpError(
      409,
      'change_failed',
      'This request failed earlier and changed nothing. Please try again.',
    )
  }
  const repeated = Boolean(c.repeated)
  const settled = c.status === 'pending' ? await finish(c, user.id, provider) : c
  const { email: _e, subscription_ref: _s, other_pending: _o, ...change } = settled
  return json({ change: { ...change, repeated } }, { status: repeated ? 200 : 201 })
}
