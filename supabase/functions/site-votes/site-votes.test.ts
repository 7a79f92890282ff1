import assert from 'node:assert/strict'
import {
  ANON_KEY,
  call,
  errorCode,
  invoke,
  sql,
  SUPABASE_URL,
  test,
  uniqueEmail,
  withEnv,
} from '../_shared/testing.ts'
import { handler } from './handler.ts'

const vote = (body: Record<string, unknown>) => call('site-votes', { body })
const tallies = async () => {
  const res = await fetch(`${SUPABASE_URL()}/rest/v1/rpc/get_site_vote_tallies`, {
    method: 'POST',
    headers: {
      apikey: ANON_KEY(),
      authorization: `Bearer ${ANON_KEY()}`,
      'content-type': 'application/json',
    },
    body: '{}',
  })
  return await res.json() as { location_name: string; votes: number }[]
}
const votesFor = async (place: string) =>
  (await tallies()).find((t) => t.location_name.toLowerCase() === place.toLowerCase())?.votes ?? 0
const mails = (email: string) =>
  sql()`select request from private.provider_calls where provider = 'email' and request ->> 'to' = ${email} and request ->> 'tag' = 'site-vote-confirmation' order by id`
const confirmLink = (text: string) => /\/vote\?confirm=([0-9a-f]{32})/.exec(text)?.[1]

test('a vote counts only once its e-mail link is followed; the answer is the same for a new and a repeated vote', async () => {
  const place = `Testbury ${crypto.randomUUID().slice(0, 6)}`
  const email = uniqueEmail('voter')
  const first = await vote({ location_name: place, email, postcode: 'ba1 1aa' })
  assert.equal(first.status, 202, first.text)
  assert.deepEqual(first.json, { accepted: true })
  assert.equal(await votesFor(place), 0, 'not counted before confirmation')
  const [mail] = await mails(email)
  const token = confirmLink(mail.request.text)
  assert.ok(token, 'the e-mail carries the confirmation link')
  assert.ok(
    !mail.request.text.includes(place) && !mail.request.subject.includes(place),
    "the mail carries none of the voter's words",
  )
  const again = await vote({
    location_name: ` ${place.toUpperCase()} `,
    email: email.toUpperCase(),
  })
  assert.equal(again.status, 202)
  assert.deepEqual(again.json, first.json, 'a repeat is indistinguishable')
  const [{ n }] =
    await sql()`select count(*)::int as n from public.site_votes where email_normalised = ${email}`
  assert.equal(n, 1)
  // Confirming, by anyone holding the link.
  const confirm = await fetch(`${SUPABASE_URL()}/rest/v1/rpc/confirm_site_vote`, {
    method: 'POST',
    headers: {
      apikey: ANON_KEY(),
      authorization: `Bearer ${ANON_KEY()}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ p_token: token }),
  })
  assert.equal(confirm.status, 200)
  assert.equal(await confirm.json(), place)
  assert.equal(await votesFor(place), 1)
  const bogus = await fetch(`${SUPABASE_URL()}/rest/v1/rpc/confirm_site_vote`, {
    method: 'POST',
    headers: {
      apikey: ANON_KEY(),
      authorization: `Bearer ${ANON_KEY()}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ p_token: 'f'.repeat(32) }),
  })
  assert.equal(bogus.status, 404)
})

test('votes cannot be stuffed: no direct insert, bad input refused, one connection limited', async () => {
  const direct = await fetch(`${SUPABASE_URL()}/rest/v1/site_votes`, {
    method: 'POST',
    headers: {
      apikey: ANON_KEY(),
      authorization: `Bearer ${ANON_KEY()}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ location_name: 'Stuffington', email: uniqueEmail('stuff') }),
  })
  assert.equal(direct.status, 401, await direct.text())
  const bad = await vote({ location_name: '<script>', email: 'nope' })
  assert.equal(bad.status, 400)
  assert.equal(errorCode(bad), 'validation_failed')
  await withEnv({ PUBLIC_FORM_LIMIT_SCALE: undefined }, async () => {
    const from = { 'x-forwarded-for': '192.0.2.44' }
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await invoke(handler, 'site-votes', {
          body: { location_name: 'Stuffington', email: uniqueEmail('stuff') },
          headers: from,
        })).status,
      )
    }
    assert.deepEqual(statuses, [...Array(10).fill(202), 429])
  })
  assert.equal(await votesFor('Stuffington'), 0, 'unconfirmed votes never show')
})
