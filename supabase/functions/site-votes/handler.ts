// /functions/v1/site-votes: votes for where a new site should open.
//
//   POST { location_name, email, postcode? }  (anon key)
//     → 202 { accepted: true }   The same answer whether the address has voted for that place
//       before or not: a confirmation e-mail goes to the address, and the vote counts in the
//       public tallies (get_site_vote_tallies) only once its link is followed. A vote already
//       confirmed is told so by e-mail, not in the answer.
//     Confirming is the RPC confirm_site_vote(token), called by the /vote page from the link.
// One connection may cast 10 votes an hour (429 rate_limited); bad input 400; no e-mail
// configured 503 not_configured (nothing written).
import { z } from 'npm:zod@3'
import { must } from '../_shared/db.ts'
import { HttpError } from '../_shared/errors.ts'
import { json, readJson, serve } from '../_shared/http.ts'
import { sendAndLog } from '../_shared/notify.ts'
import { requireProvider } from '../_shared/providers/config.ts'
import { takeQuotas } from '../_shared/quota.ts'
import { simpleEmail, siteUrl } from '../_shared/render.ts'
import { adminClient } from '../_shared/supabase.ts'

export const bodySchema = z.object({
  location_name: z.string().trim().min(1, 'Enter the town or area you would like a site in.').max(
    200,
    'Use at most 200 characters.',
  )
    .regex(/^[^<>{}\\]*$/, 'Use letters, numbers and ordinary punctuation only.'),
  email: z.string().trim().max(254, 'Use at most 254 characters.').email(
    'Enter a valid e-mail address, like name@example.com.',
  ),
  postcode: z.string().trim().regex(
    /^[a-z]{1,2}[0-9][a-z0-9]? ?[0-9][a-z]{2}$/i,
    'Enter a UK postcode, like BA1 1AA, or leave it empty.',
  )
    .nullish(),
}).strict()

const VOTES_PER_HOUR = 10

export const handler = serve(async (req) => {
  if (req.method !== 'POST') throw new HttpError(405, 'method_not_allowed', 'Use POST.')
  const b = await readJson(req, bodySchema)
  requireProvider('email') // the vote counts only through its e-mail: 503 before anything is written
  await takeQuotas(req, [{
    action: 'site_votes',
    max: VOTES_PER_HOUR,
    windowSeconds: 3600,
    message: 'Too many votes from your connection: please try again in an hour.',
  }])
  const [vote] = must(
    await adminClient().rpc('cast_site_vote', {
      p_location_name: b.location_name,
      p_email: b.email,
      p_postcode: b.postcode?.toUpperCase() ?? null,
    }),
  )
  const mail = vote!.confirmed
    ? simpleEmail([
      'Hello,',
      'Your vote for where the next Roots allotment site should open is already counted: each address counts once per place.',
      'Thank you for your support. If you did not ask about this, you can ignore this e-mail.',
    ], { text: 'See the votes so far', href: `${siteUrl()}/vote` })
    : simpleEmail([
      'Hello,',
      'Please confirm your vote for where the next Roots allotment site should open: it counts once you follow the link below, which shows the place you voted for.',
      'If you did not vote, ignore this e-mail: nothing is counted without it.',
    ], { text: 'Confirm my vote', href: `${siteUrl()}/vote?confirm=${vote!.token}` })
  await sendAndLog({
    // The place is the voter's own text and the address may be someone else's: the mail names
    // no place, so nobody can put their words in another person's inbox.
    to: b.email,
    subject: vote!.confirmed
      ? 'Your vote is already counted'
      : 'Confirm your vote for a new Roots site',
    ...mail,
    tag: 'site-vote-confirmation',
    idempotencyKey: `site-vote-${vote!.token}-${new Date().toISOString().slice(0, 13)}`,
  }, {})
  return json({ accepted: true }, { status: 202 })
})
