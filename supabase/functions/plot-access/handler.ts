// /functions/v1/plot-access: co-workers on a plot, and the mail they owe
// (migration 20250121000200_plot_access.sql decides everything; this function sends the e-mails).
//
//   POST { action: 'invite', membership_id, email, name? }  the member (their JWT) → 201 { co_worker }:
//     the RPC records the invitation as the caller, then the invitation e-mail goes to the invitee
//     with its link (<site>/members/co-worker?invitation=<token>), which works once, for 14 days,
//     for the invited address. Not theirs 404; a co-worker already named 409.
//   POST { action: 'accept', token }  the invitee, signed in with the invited address → 200
//     { accepted }: they become the co-worker and the member is told by e-mail. Used, withdrawn or
//     expired 409; another address 403.
//   POST { action: 'notify' }  the scheduler (service role key) or admins → 200 { notified }:
//     sends whatever is still owed (a failed send is retried by the next drain).
// Withdrawing or removing a co-worker, reading the gate code and the invitation a link shows are
// RPCs the web app calls directly (end_co_worker, site_access, my_plot_access, co_worker_invitation).
import { z } from 'npm:zod@3'
import { longDate } from '../_shared/common/dates.ts'
import { must } from '../_shared/db.ts'
import { HttpError, unauthorized } from '../_shared/errors.ts'
import { json, readJson, serve } from '../_shared/http.ts'
import { drainCaller, sendAndLog } from '../_shared/notify.ts'
import { requireProvider } from '../_shared/providers/config.ts'
import { simpleEmail, siteUrl } from '../_shared/render.ts'
import {
  adminClient,
  adminClientFor,
  authUser,
  type Client,
  type Database,
  userClient,
} from '../_shared/supabase.ts'

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER)

export const bodySchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('invite'),
    membership_id: id,
    email: z.string().trim().max(254, 'Use at most 254 characters.').email(
      "Enter your co-worker's e-mail address, like name@example.com.",
    ),
    name: z.string().trim().max(100, 'Keep the name to 100 characters.').nullish(),
  }).strict(),
  z.object({
    action: z.literal('accept'),
    token: z.string().regex(/^[0-9a-f]{48}$/, 'This invitation link is not complete.'),
  }).strict(),
  z.object({ action: z.literal('notify') }).strict(),
])

type Claimed = Database['public']['Functions']['claim_co_worker_notices']['Returns'][number]
/** A notice as claim_co_worker_notices hands it over (the generated type calls every column of a
 *  `returns table` non-null; these may be null). */
export type Notice = Omit<Claimed, 'token' | 'co_worker_name' | 'plot_number'> & {
  token: string | null
  co_worker_name: string | null
  plot_number: string | null
}

const FN = 'plot-access'

/** The link in an invitation e-mail. */
export const invitationLink = (token: string) =>
  `${siteUrl()}/members/co-worker?invitation=${encodeURIComponent(token)}`

/** The mail of one notice. */
export function message(n: Notice) {
  const plot = n.plot_number ? `plot ${n.plot_number}` : 'their plot'
  const where = `${n.location}, ${n.city}`
  if (n.kind === 'invitation') {
    const member = `${n.member_first_name} ${n.member_last_name}`.trim()
    return {
      subject: `${n.member_first_name} has invited you to help on their allotment`,
      ...simpleEmail([
        `Hello${n.co_worker_name ? ` ${n.co_worker_name}` : ''},`,
        `${member} has invited you to be their co-worker on ${plot} at ${where}.`,
        `As their co-worker you can see the plot on the site plan, its inspections and how to get into the site (the gate code). Paying, pausing and cancelling the membership stay with ${n.member_first_name}.`,
        `To accept, open the link below and sign in, or create an account, with this e-mail address (${n.co_worker_email}). The link works once and until ${
          longDate(n.expires_at)
        }.`,
        `If you were not expecting this, you can ignore this e-mail.`,
      ], { text: 'Accept the invitation', href: invitationLink(n.token ?? '') }),
      tag: 'co-worker-invitation',
    }
  }
  const who = n.co_worker_name ? `${n.co_worker_name} (${n.co_worker_email})` : n.co_worker_email
  return {
    subject: 'Your co-worker has accepted your invitation',
    ...simpleEmail([
      `Hello ${n.member_first_name},`,
      `${who} has accepted your invitation and is now your co-worker on ${plot} at ${where}.`,
      'They can see the plot, its inspections and the gate code. They cannot pay, pause or cancel your membership. You can remove them from your membership page at any time.',
    ], { text: 'Your membership', href: `${siteUrl()}/members` }),
    tag: 'co-worker-accepted',
  }
}

/** Sends the notices owed, once each (a failed one is released for the next drain). */
async function deliver(db: Client, actor: string | null): Promise<number> {
  const rows: Notice[] = must(await adminClient().rpc('claim_co_worker_notices'))
  const sent: number[] = []
  const failed: number[] = []
  for (const n of rows) {
    const m = { to: n.email, ...message(n), idempotencyKey: `co-worker-${n.id}` }
    const { sent: ok } = await sendAndLog(m, { sent_by: actor, via: actor ? FN : undefined })
    ;(ok ? sent : failed).push(Number(n.id))
  }
  if (rows.length > 0) {
    must(await db.rpc('finish_co_worker_notices', { p_sent: sent, p_failed: failed }))
  }
  return sent.length
}

export const handler = serve(async (req) => {
  if (req.method !== 'POST') throw new HttpError(405, 'method_not_allowed', 'Use POST.')
  const b = await readJson(req, bodySchema)
  if (b.action === 'notify') {
    const actor = await drainCaller(req)
    return json({ notified: await deliver(adminClientFor(FN, actor), actor) })
  }
  const user = await authUser(req)
  if (!user) {
    throw unauthorized(
      b.action === 'invite'
        ? 'Sign in to name a co-worker.'
        : 'Sign in or create an account to accept the invitation.',
    )
  }
  // Both actions exist to send an e-mail: 503 before anything is written when it cannot go (no
  // e-mail provider, or no web app address for its link).
  requireProvider('email')
  siteUrl()
  if (b.action === 'invite') {
    const [row] = must(
      await userClient(req).rpc('invite_co_worker', {
        p_membership_id: b.membership_id,
        p_email: b.email,
        p_name: b.name ?? undefined,
      }),
    )
    await deliver(adminClient(), null)
    return json({ co_worker: row }, { status: 201 })
  }
  const [accepted] = must(
    await userClient(req).rpc('accept_co_worker_invitation', { p_token: b.token }),
  )
  await deliver(adminClient(), null)
  return json({ accepted })
})
