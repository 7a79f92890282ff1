// /functions/v1/data-rights: erasure requests (UK GDPR) and the mail they owe.
//
//   POST { action: 'request', reference? }  anon key with the private reference, or signed in
//     without one → 201 { id, requested_at }, and an acknowledgement e-mail to the address the
//     reference was sent to (or the account's). Unknown reference 404; already asked 409.
//   POST { action: 'complete', request_id }  admins → 200 { summary }: the RPC erases the
//     person's data as the caller (the audit log names them), then the completion notice goes to
//     the address held before erasure; once sent, that address is dropped too.
//   POST { action: 'notify' }  the scheduler (service role key) or admins → 200 { notified }:
//     sends whatever notices are still owed (a failed send is retried by the next drain).
// "Download my data" is the RPC export_my_data, which the web app calls directly.
import { z } from 'npm:zod@3'
import { ADMIN_ROLES } from '../_shared/common/roles.ts'
import { must } from '../_shared/db.ts'
import { HttpError } from '../_shared/errors.ts'
import { json, readJson, serve } from '../_shared/http.ts'
import { drainCaller, sendAndLog } from '../_shared/notify.ts'
import { requireProvider } from '../_shared/providers/config.ts'
import { emailProvider } from '../_shared/providers/email.ts'
import { simpleEmail, siteUrl } from '../_shared/render.ts'
import {
  adminClient,
  adminClientFor,
  authUser,
  type Client,
  requireStaff,
  userClient,
} from '../_shared/supabase.ts'

export const bodySchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('request'),
    reference: z.string().trim().toLowerCase().regex(
      /^[a-z0-9-]{8,100}$/,
      'Enter the reference from your e-mail: letters, digits and hyphens.',
    ).nullish(),
  }).strict(),
  z.object({
    action: z.literal('complete'),
    request_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  }).strict(),
  z.object({ action: z.literal('notify') }).strict(),
])

interface Notice {
  id: number
  request_id: number
  kind: 'received' | 'completed'
  email: string
}

const FN = 'data-rights'

/** The mail of one notice. The completion notice names nothing but what was done. */
function message(n: Notice) {
  if (n.kind === 'received') {
    return {
      subject: 'We have your request to erase your data',
      ...simpleEmail([
        'Hello,',
        `We have received your request (number ${n.request_id}) to erase the personal data Roots Allotments holds about you. We will complete it within one month and e-mail you when it is done.`,
        'Until then you can still download a copy of your data from your reference link or your account.',
        'What we keep: anonymised figures (how long lists are and how fast they move), and payment records for 6 years, as HMRC requires, with your name and contact details removed.',
        'If you did not ask for this, reply to this e-mail straight away.',
      ], { text: 'Read our privacy notice', href: `${siteUrl()}/privacy#rights` }),
      tag: 'data-erasure-received',
    }
  }
  return {
    subject: 'Your data has been erased',
    ...simpleEmail([
      'Hello,',
      `Your request (number ${n.request_id}) is complete: we have erased your personal data. Any place you held on a waiting list has been withdrawn, and your private references no longer work.`,
      'We keep only anonymised figures, and payment records for 6 years, as HMRC requires, without your name or contact details.',
      'This is the last e-mail we send to this address; we do not keep it after sending.',
    ]),
    tag: 'data-erasure-completed',
  }
}

/** Sends the notices owed. The completion notice is not logged in message_log: the log would
 *  otherwise keep the address the erasure has just removed. */
async function deliver(db: Client, actor: string | null): Promise<number> {
  const rows = must(await adminClient().rpc('claim_data_rights_notices')) as Notice[]
  const sent: number[] = []
  const failed: number[] = []
  for (const n of rows) {
    const m = { to: n.email, ...message(n), idempotencyKey: `data-rights-${n.id}` }
    let ok = false
    if (n.kind === 'received') {
      ok = (await sendAndLog(m, { sent_by: actor, via: actor ? FN : undefined })).sent
    } else {
      try {
        await emailProvider().send(m)
        ok = true
      } catch (e) {
        console.error('[data-rights] completion notice failed:', (e as Error).message)
      }
    }
    ;(ok ? sent : failed).push(Number(n.id))
  }
  if (rows.length > 0) {
    must(await db.rpc('finish_data_rights_notices', { p_sent: sent, p_failed: failed }))
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
  if (b.action === 'request') {
    requireProvider('email') // the request is acknowledged by e-mail: 503 before it is filed
    const [row] = must(
      await userClient(req).rpc('request_data_erasure', { p_reference: b.reference ?? undefined }),
    ) as { id: number; requested_at: string }[]
    await deliver(adminClient(), null)
    return json({ id: row!.id, requested_at: row!.requested_at }, { status: 201 })
  }
  await requireStaff(req, ADMIN_ROLES)
  requireProvider('email') // the person is told: 503 before anything is erased
  const actor = (await authUser(req))?.id ?? null
  const summary = must(
    await userClient(req).rpc('complete_data_erasure', { p_request_id: b.request_id }),
  )
  await deliver(adminClientFor(FN, actor), actor)
  return json({ summary })
})
