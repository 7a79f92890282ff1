// Membership checkout: who may set up where, what it costs, the checkout written in one
// transaction, and what follows the payment. The queue rule is the database's
// (20250101000300_commerce.sql): this module asks it (membership_access) before opening a
// payment, and create_membership_order applies it again under a lock when the order is written.
//
//   GET  /payments/membership?site=<slug>[&offer=<token>]   (a member's JWT optional)
//        → { site, access: { allowed, reason, message, waiting, plots_free }, offer, deposit_pence,
//            joining_fee_pence, plans: [{ id, name, …, lines, due_today_pence }] }
//        reason: open | offer (may set up) · waiting_list | full | not_open | already_member |
//        offer_unanswered | offer_used | offer_taken | offer_closed (may not; message says what to do instead)
//   GET  /payments/membership-sites → { deposit_pence, joining_fee_pence, sites: [{ slug, reason, waiting, plots_free }] }
//   POST /payments/checkout { kind: 'membership', site, plan_id, first_name, last_name, phone?, offer?, voucher_code? }
//        signed in; 409 with the reason when the rule says no (nothing written, no payment opened).
//        Charges the plan's first period, the joining fee (while active and in effect) and the
//        refundable deposit, less a gift voucher if one is given (spent in the same transaction;
//        409 voucher_not_usable / voucher_changed beside voucher_code); success returns to
//        /members, cancel to the setup page. A voucher that covers everything pays at once: no
//        payment page, the membership is active and the confirmation sent.
//        → 201 { order_id, session_id, url, subtotal_pence, discount_pence, total_pence, status }
import { z } from 'npm:zod@3'
import { must } from '../_shared/db.ts'
import { HttpError, notFound, unauthorized } from '../_shared/errors.ts'
import { json } from '../_shared/http.ts'
import { sendAndLog } from '../_shared/notify.ts'
import type { LineItem } from '../_shared/providers/payments.ts'
import { simpleEmail, siteUrl } from '../_shared/render.ts'
import { adminClient, authUser, type Client } from '../_shared/supabase.ts'
import type { JsonObject } from '../_shared/common/database.ts'
import type {
  Access,
  AccessOffer,
  MembershipAccess,
  MembershipPlan,
  SiteRef,
} from '../_shared/common/membership-access.ts'
import {
  openCheckout,
  quoteVoucher,
  type ShopOrder,
  voucherCode,
  voucherSpendError,
} from './shop.ts'
import { PHONE_PATTERN } from '../_shared/common/phone.ts'

/** The refundable deposit every membership pays once (DEPOSIT_PENCE, default £50). */
export const depositPence = () => Number(Deno.env.get('DEPOSIT_PENCE') ?? 5000)

export const offerToken = z.string().regex(
  /^[0-9a-f]{32}$/,
  'Not an offer token: use the whole link from your offer e-mail.',
)
const slug = z.string().trim().toLowerCase().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Not a site slug.')
  .max(100)

/** membership_access's jsonb (type aliases, so the Json it comes as converts to them). */
type RuleAnswer = Access & {
  site_id: number
  site: SiteRef
  offer_id: number | null
  offer?: AccessOffer | null
}

type Plan = MembershipPlan
type MembershipLine = LineItem & { plan_id?: number }

/** What the database says this person may do at the site (404 for an unknown site). */
export async function membershipAccess(
  site: string,
  userId: string | null,
  token: string | null,
): Promise<RuleAnswer> {
  return must(
    await adminClient().rpc('membership_access', {
      p_site_slug: site,
      p_user_id: userId,
      p_offer_token: token,
    }),
  ) as RuleAnswer
}

/** The joining fee charged today: the active fee once its effective date has come. */
async function joiningFeePence(db: Client): Promise<number> {
  const fee = must(
    await db.from('joining_fees').select('amount_pence').eq('active', true).lte(
      'effective_from',
      new Date().toISOString().slice(0, 10),
    ).maybeSingle(),
  )
  return fee?.amount_pence ?? 0
}

async function activePlans(db: Client): Promise<Plan[]> {
  return must(
    await db.from('plans').select('id, name, description, plot_size, price_pence, billing_interval')
      .eq('active', true)
      .order('sort_order').order('id'),
  )
}

/** What the first payment is made of: the plan's first period, the joining fee, the deposit. */
export function membershipLines(
  plan: Plan,
  location: string,
  feePence: number,
  deposit: number,
): MembershipLine[] {
  const lines: MembershipLine[] = [{
    name: `${plan.name}, first ${plan.billing_interval}: ${location}`,
    amount_pence: plan.price_pence,
    quantity: 1,
    plan_id: plan.id,
  }]
  if (feePence > 0) lines.push({ name: 'Joining fee (once)', amount_pence: feePence, quantity: 1 })
  if (deposit > 0) lines.push({ name: 'Refundable deposit', amount_pence: deposit, quantity: 1 })
  return lines
}

const total = (lines: LineItem[]) => lines.reduce((s, l) => s + l.amount_pence * l.quantity, 0)

/** 409 with the reason when the rule says no. */
function refuse(access: RuleAnswer): never {
  throw new HttpError(
    409,
    access.reason,
    access.message ?? 'You cannot set up a membership at this site.',
    { reason: access.reason, waiting: access.waiting },
  )
}

export const membershipSchema = z.object({
  kind: z.literal('membership'),
  site: slug,
  plan_id: z.number().int().positive(),
  first_name: z.string().trim().min(1, 'Required.').max(100),
  last_name: z.string().trim().min(1, 'Required.').max(100),
  phone: z.string().trim().regex(PHONE_PATTERN, 'Enter a valid phone number.').nullish(),
  offer: offerToken.nullish(),
  voucher_code: voucherCode.nullish(),
}).strict()
type MembershipCheckout = z.infer<typeof membershipSchema>

export interface PricedMembership {
  email: string
  siteId: number
  planId: number
  items: MembershipLine[]
  member: JsonObject
  membership: {
    offer: string | null
    deposit_pence: number
    site: SiteRef
    interval: 'month' | 'year'
    /** The recurring price's name: the plan and the site. */
    plan_name: string
  }
}

/** The checkout's price, after the rule: signed in, allowed at this site, an active plan. */
export async function priceMembership(
  b: MembershipCheckout,
  user: { id: string; email: string } | null,
): Promise<PricedMembership> {
  if (!user) throw unauthorized('Sign in to become a member.')
  const access = await membershipAccess(b.site, user.id, b.offer ?? null)
  if (!access.allowed) refuse(access)
  const db = adminClient()
  const plan = (await activePlans(db)).find((p) => p.id === b.plan_id)
  if (!plan) throw notFound('Unknown plan.')
  const deposit = depositPence()
  return {
    email: user.email,
    siteId: access.site_id,
    planId: plan.id,
    items: membershipLines(plan, access.site.location, await joiningFeePence(db), deposit),
    member: { first_name: b.first_name, last_name: b.last_name, phone: b.phone ?? null },
    membership: {
      offer: b.offer ?? null,
      deposit_pence: deposit,
      site: access.site,
      interval: plan.billing_interval === 'year' ? 'year' : 'month',
      plan_name: `${plan.name}: ${access.site.location}`,
    },
  }
}

/** Where the payment page returns: the member's page when paid, the setup page when left. */
export function membershipReturnUrls(m: PricedMembership['membership']) {
  return {
    successUrl: `${siteUrl()}/members?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${siteUrl()}/sites/${m.site.city_slug}/${m.site.slug}/setup`,
  }
}

/** The order, the pending membership (the database applies the rule again), the deposit and the
 *  voucher spent on it, in one transaction. */
function createMembershipOrder(
  admin: Client,
  p: PricedMembership,
  args: {
    userId: string
    key: string
    sessionId: string
    voucher: string | null
    discount: number
  },
) {
  return admin.rpc('create_membership_order', {
    p_email: p.email,
    p_user_id: args.userId,
    p_idempotency_key: args.key,
    p_session_id: args.sessionId,
    p_total_pence: total(p.items),
    p_items: p.items.map((i) => ({
      product_id: null,
      plan_id: i.plan_id ?? null,
      description: i.name,
      quantity: i.quantity,
      unit_price_pence: i.amount_pence,
    })),
    p_site_id: p.siteId,
    p_plan_id: p.planId,
    p_member: p.member,
    p_deposit_pence: p.membership.deposit_pence,
    p_offer_token: p.membership.offer,
    p_voucher_code: args.voucher,
    p_expected_discount: args.discount,
  })
}

/** The provider's hosted checkout in subscription mode (docs/billing.md): the plan recurs each
 *  month or year, the joining fee and deposit are one-off items on the first invoice, a gift
 *  voucher is a once-off discount, and the order's key (`order_key`) rides on the session and
 *  the subscription so every later event finds the membership. */
function openMembershipSession(key: string, p: PricedMembership, discount: number) {
  const [plan, ...oneOff] = p.items
  const urls = membershipReturnUrls(p.membership)
  const metadata = { kind: 'membership', idempotency_key: key, order_key: key }
  return openCheckout({
    idempotencyKey: key,
    customerEmail: p.email,
    lineItems: oneOff.map(({ name, amount_pence, quantity }) => ({ name, amount_pence, quantity })),
    successUrl: urls.successUrl,
    cancelUrl: urls.cancelUrl,
    metadata,
    subscription: {
      plan: {
        name: p.membership.plan_name,
        amount_pence: plan!.amount_pence,
        interval: p.membership.interval,
      },
      discountPence: discount,
      metadata: { kind: 'membership', order_key: key },
    },
  })
}

/** The same key again: the first order and the same payment page (the provider is idempotent
 *  on the key), for what was left to pay when it was written. */
async function repeatedMembership(key: string, p: PricedMembership): Promise<ShopOrder | null> {
  const o = must(
    await adminClient().from('orders').select(
      'id, checkout_session_id, status, total_pence, subtotal_pence, discount_pence',
    )
      .eq('idempotency_key', key).maybeSingle(),
  )
  // Orders are written with their session (create_membership_order), so a stored one has it.
  if (!o?.checkout_session_id) return null
  const urls = membershipReturnUrls(p.membership)
  const url = o.checkout_session_id.startsWith('cs_voucher_')
    ? urls.successUrl.replace('{CHECKOUT_SESSION_ID}', o.checkout_session_id)
    : (await openMembershipSession(key, p, o.discount_pence)).url
  return {
    order_id: Number(o.id),
    session_id: o.checkout_session_id,
    url,
    subtotal_pence: o.subtotal_pence ?? o.total_pence,
    discount_pence: o.discount_pence,
    total_pence: o.total_pence,
    status: o.status,
    repeated: true,
  }
}

/** A membership checkout: the voucher quoted, the payment page opened for what is left (none when
 *  the voucher covers it), then the order written. Paid in full by the voucher, it is active now. */
export async function placeMembershipOrder(
  key: string,
  p: PricedMembership,
  userId: string,
  voucher: string | null,
): Promise<ShopOrder> {
  const repeated = await repeatedMembership(key, p)
  if (repeated) return repeated
  const subtotal = total(p.items)
  const discount = voucher ? (await quoteVoucher(voucher, subtotal)).discount_pence : 0
  const urls = membershipReturnUrls(p.membership)
  const freeId = subtotal - discount === 0
    ? `cs_voucher_${crypto.randomUUID().replaceAll('-', '')}`
    : null
  const session = freeId
    ? { id: freeId, url: urls.successUrl.replace('{CHECKOUT_SESSION_ID}', freeId) }
    : await openMembershipSession(key, p, discount)
  const res = await createMembershipOrder(adminClient(), p, {
    userId,
    key,
    sessionId: session.id,
    voucher,
    discount,
  })
  if (res.error?.code === '23505') {
    // The same key at the same moment: the other request wrote the order.
    const again = await repeatedMembership(key, p)
    if (again) return again
  }
  if (res.error) throw voucherSpendError(res.error)
  const status = freeId ? 'paid' : 'pending'
  return {
    order_id: Number(res.data),
    session_id: session.id,
    url: session.url,
    subtotal_pence: subtotal,
    discount_pence: discount,
    total_pence: subtotal - discount,
    status,
  }
}

/** What a voucher takes off a plan's first payment (the set-up page shows it before paying). */
export async function quoteMembershipVoucher(code: string, planId: number) {
  const db = adminClient()
  const plan = (await activePlans(db)).find((p) => p.id === planId)
  if (!plan) throw notFound('Unknown plan.')
  const subtotal = total(membershipLines(plan, '', await joiningFeePence(db), depositPence()))
  return { ...(await quoteVoucher(code, subtotal)), subtotal_pence: subtotal }
}

// ---------------------------------------------------------------------------
// reads for the pages
// ---------------------------------------------------------------------------
export async function membershipInfo(req: Request, url: URL): Promise<Response> {
  const site = slug.safeParse(url.searchParams.get('site') ?? '')
  const rawOffer = url.searchParams.get('offer')
  const offer = rawOffer ? offerToken.safeParse(rawOffer) : null
  const problems = [
    ...(site.success ? [] : [{ path: 'site', message: 'Not a site slug.' }]),
    ...(offer && !offer.success
      ? [{ path: 'offer', message: offer.error.issues[0]!.message }]
      : []),
  ]
  if (problems.length) {
    throw new HttpError(400, 'validation_failed', 'Some fields need attention.', problems)
  }
  const user = await authUser(req)
  const access = await membershipAccess(site.data!, user?.id ?? null, offer?.data ?? null)
  const db = adminClient()
  const [plans, fee] = await Promise.all([activePlans(db), joiningFeePence(db)])
  const deposit = depositPence()
  const { site: siteRef, offer: offerInfo, allowed, reason, message, waiting, plots_free } = access
  const answer: MembershipAccess = {
    site: siteRef,
    access: { allowed, reason, message, waiting, plots_free },
    offer: offerInfo ?? null,
    deposit_pence: deposit,
    joining_fee_pence: fee,
    plans: plans.map((p) => {
      const lines = membershipLines(p, siteRef.location, fee, deposit)
      return {
        ...p,
        lines: lines.map(({ name, amount_pence }) => ({ name, amount_pence })),
        due_today_pence: total(lines),
      }
    }),
  }
  return json(answer, { headers: { 'cache-control': 'no-store' } })
}

export async function membershipSites(): Promise<Response> {
  const db = adminClient()
  const [sites, fee] = await Promise.all([
    db.rpc('membership_sites').then((r) => must(r)),
    joiningFeePence(db),
  ])
  return json({ deposit_pence: depositPence(), joining_fee_pence: fee, sites }, {
    headers: { 'cache-control': 'no-store' },
  })
}

// ---------------------------------------------------------------------------
// after the payment
// ---------------------------------------------------------------------------
const pounds = (p: number) => `£${(p / 100).toFixed(2)}`

/** A paid membership: the confirmation, with the next step (a welcome slot at the site). */
export async function membershipPaid(sessionId: string): Promise<void> {
  const admin = adminClient()
  const { data: o } = await admin.from('orders').select('id, email, kind, total_pence').eq(
    'checkout_session_id',
    sessionId,
  ).maybeSingle()
  if (!o || o.kind !== 'membership') return
  const { data: r } = await admin.from('memberships')
    .select(
      'id, status, site_id, member:members(first_name), site:global_sites(location, city, slug), plan:plans(name, price_pence, billing_interval)',
    )
    .eq('order_id', o.id).eq('status', 'active').maybeSingle()
  if (!r) return
  const where = r.site ? `${r.site.location}, ${r.site.city}` : 'your site'
  const mail = simpleEmail([
    `Hello ${r.member?.first_name ?? 'there'},`,
    `Welcome to Roots Allotments: your membership at ${where} is active.`,
    ...(r.plan
      ? [
        `Your plan: ${r.plan.name}, ${
          pounds(r.plan.price_pence)
        } a ${r.plan.billing_interval}. Today you paid ${
          pounds(o.total_pence)
        }, including your refundable deposit.`,
      ]
      : []),
    'Next step: book a welcome slot. Your patch manager shows you your plot, the tools and the water, and answers your questions.',
    `Your membership page: ${siteUrl()}/members`,
  ], {
    text: 'Book your welcome slot',
    href: `${siteUrl()}/welcome-slot${r.site ? `?site=${encodeURIComponent(r.site.slug)}` : ''}`,
  })
  await sendAndLog({
    to: o.email,
    subject: `Welcome to Roots: your plot at ${r.site?.location ?? 'your site'}`,
    ...mail,
    tag: 'membership-confirmed',
    idempotencyKey: `membership-${r.id}`,
  }, { site_id: r.site_id })
}
