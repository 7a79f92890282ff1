// What a person may do at a site and what it costs: the answer of GET payments/membership, built by
// the payments function (payments/membership.ts) from the database's rule (membership_access) and
// read by the web app's membership set-up (alias @common). One definition for both tiers; the
// reasons are the database's (common.test.ts checks them against private.membership_message).

/** Why a person may or may not set up a membership at a site. */
export const ACCESS_REASONS = [
  'open',
  'offer',
  'waiting_list',
  'full',
  'not_open',
  'already_member',
  'offer_unanswered',
  'offer_used',
  'offer_taken',
  'offer_closed',
] as const
export type AccessReason = (typeof ACCESS_REASONS)[number]

// Type aliases rather than interfaces: the database's jsonb (Json) converts to them.

/** The site, as the answer names it. */
export type SiteRef = {
  slug: string
  city_slug: string
  location: string
  city: string
  status: string
}

/** The offer whose link was followed, when there was one. */
export type AccessOffer = {
  status: string
  respond_by: string
  this_site: boolean
  first_name: string
  email: string
  linked_to_other: boolean
  used: boolean
}

/** The rule's verdict. */
export type Access = {
  allowed: boolean
  reason: AccessReason
  message: string | null
  waiting: number
  plots_free: number | null
}

/** One line of a first payment. */
export type PriceLine = { name: string; amount_pence: number }

/** An active membership plan, as the function reads it. */
export type MembershipPlan = {
  id: number
  name: string
  description: string | null
  plot_size: string
  price_pence: number
  billing_interval: string
}

/** An active plan, with what its first payment is made of. */
export type PricedPlan = MembershipPlan & { lines: PriceLine[]; due_today_pence: number }

/** GET payments/membership?site=…&offer=… */
export type MembershipAccess = {
  site: SiteRef
  access: Access
  offer: AccessOffer | null
  deposit_pence: number
  joining_fee_pence: number
  plans: PricedPlan[]
}
