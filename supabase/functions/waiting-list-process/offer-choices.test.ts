// deno-lint-ignore-file no-explicit-any -- JSON answers are checked field by field
// The offers' choices over HTTP: a category offer, a staff extension (refused for bad
// input, else recorded and e-mailed), a viewing booked and cancelled by the offer's token, and
// "keep your place?" asked by e-mail when the applicant accepts, answered by its token.
import assert from 'node:assert/strict'
import { weekdayDate } from '../_shared/common/dates.ts'
import { call, errorCode, sql, staff, test, tokenFor } from '../_shared/testing.ts'

const process = async (body: Record<string, unknown>, who: string | null = staff.official) =>
  call('waiting-list-process', { body, token: who ? await tokenFor(who) : undefined })
const mails = (email: string, tag: string) =>
  sql()`select request from private.provider_calls where provider = 'email' and request ->> 'to' = ${email} and request ->> 'tag' = ${tag}`
const tokenOf = async (email: string) =>
  (await sql()`select o.response_token from public.plot_offers o join public.waiting_list_entries e on e.id = o.entry_id where e.email = ${email} order by o.id desc limit 1`)[
    0
  ]!.response_token as string

async function setUp() {
  const tag = crypto.randomUUID().slice(0, 8)
  const [a, b] =
    await sql()`insert into public.global_sites (city, city_slug, location, slug, status)
    values ('Choiceton', 'choiceton', ${'Choice ' + tag}, ${'choice-' + tag}, 'open'),
           ('Choiceton', 'choiceton', ${'Other ' + tag}, ${'other-' + tag}, 'open') returning id`
  const siteId = Number(a.id)
  const [cat] = await sql()`insert into public.waiting_list_categories (site_id, name)
    values (${siteId}, ${'Accessible ' + tag}) returning id`
  const first = `first.${tag}@example.com`
  const chosen = `chosen.${tag}@example.com`
  await sql()`insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy, joined_at, category_id)
    values (${siteId}, 'x', 'First', 'Q', ${first}, true, now() - interval '50 days', null),
           (${siteId}, 'x', 'Chosen', 'Q', ${chosen}, true, now() - interval '40 days', ${cat.id}),
           (${Number(b.id)}, 'x', 'Chosen', 'Q', ${chosen}, true, now() - interval '30 days', null)`
  const [slot] = await sql()`insert into public.welcome_slots (site_id, starts_at, capacity)
    values (${siteId}, now() + interval '2 days', 3) returning id`
  return { siteId, categoryId: Number(cat.id), first, chosen, slotId: Number(slot.id), tag }
}

test('a category offer, a checked extension, a viewing and "keep your place?" over HTTP', async () => {
  const s = await setUp()
  const made = await process({
    action: 'offer',
    site_id: s.siteId,
    count: 1,
    category_id: s.categoryId,
    idempotency_key: `choices-${s.tag}`,
  })
  assert.equal(made.status, 200, made.text)
  assert.equal(made.json.notified, 1)
  const token = await tokenOf(s.chosen)
  const [{ id: offerId }] =
    await sql()`select id from public.plot_offers where response_token = ${token}`
  assert.equal(
    (await sql()`select status from public.waiting_list_entries where email = ${s.first}`)[0]!
      .status,
    'waiting',
    'the first in the queue is not in the category',
  )

  // Extensions: bad input is refused and nothing changes; a good one is e-mailed.
  const past = await process({
    action: 'extend',
    offer_id: Number(offerId),
    respond_by: new Date(Date.now() - 86_400_000).toISOString(),
    reason: 'Away',
  })
  assert.equal(past.status, 409, past.text)
  assert.match(past.json.error.message, /must be in the future/)
  const far = await process({
    action: 'extend',
    offer_id: Number(offerId),
    respond_by: new Date(Date.now() + 61 * 86_400_000).toISOString(),
    reason: 'Away',
  })
  assert.match(far.json.error.message, /at most 60 days/)
  const anon = await process({
    action: 'extend',
    offer_id: Number(offerId),
    respond_by: new Date(Date.now() + 10 * 86_400_000).toISOString(),
    reason: 'Away',
  }, null)
  assert.equal(anon.status, 401)
  assert.equal((await mails(s.chosen, 'offer-extension')).length, 0)
  const newBy = new Date(Date.now() + 10 * 86_400_000).toISOString()
  const ok = await process({
    action: 'extend',
    offer_id: Number(offerId),
    respond_by: newBy,
    reason: 'Away',
  })
  assert.equal(ok.status, 200, ok.text)
  assert.equal(ok.json.notified, 1)
  const [ext] = await mails(s.chosen, 'offer-extension')
  assert.ok(ext.request.text.includes(weekdayDate(newBy)), ext.request.text)

  // The view carries the choices; a viewing is booked, e-mailed and cancelled.
  const view = await process({ action: 'view', token }, null)
  assert.equal(view.json.decline_keeps_place, false)
  assert.deepEqual(view.json.slots.map((x: any) => x.id), [s.slotId])
  assert.equal(view.json.extensions.length, 1)
  assert.equal(view.json.email, undefined, 'the e-mail stays out of the page')
  const booked = await process({ action: 'book_viewing', token, slot_id: s.slotId }, null)
  assert.equal(booked.status, 200, booked.text)
  assert.equal(booked.json.extended, false)
  assert.equal((await mails(s.chosen, 'offer-viewing')).length, 1)
  const again = await process({ action: 'book_viewing', token, slot_id: s.slotId }, null)
  assert.equal(again.status, 409)
  assert.equal(errorCode(again), 'conflict')
  const cancelled = await process({ action: 'cancel_viewing', token }, null)
  assert.equal(cancelled.json.cancelled, true)
  assert.equal((await process({ action: 'view', token }, null)).json.viewing, null)

  // Accepting asks the other list "keep your place?", answered by its token.
  const accepted = await process({ action: 'respond', token, accept: true }, null)
  assert.equal(accepted.status, 200, accepted.text)
  const [ask] = await mails(s.chosen, 'keep-place-question')
  const keepToken = ask.request.text.match(/keep-place\?token=([0-9a-f]{32})/)?.[1]
  assert.ok(keepToken, ask.request.text)
  const q = await process({ action: 'keep_place_view', token: keepToken }, null)
  assert.equal(q.json.status, 'asked')
  assert.equal(q.json.location, `Other ${s.tag}`)
  assert.equal(q.json.accepted_location, `Choice ${s.tag}`)
  const no = await process({ action: 'keep_place', token: keepToken, keep: false }, null)
  assert.equal(no.json.status, 'withdrawn')
  assert.equal(
    (await sql()`select status from public.waiting_list_entries where email = ${s.chosen} and site_id <> ${s.siteId}`)[
      0
    ]!
      .status,
    'withdrawn',
  )
  const unknown = await process({ action: 'keep_place_view', token: 'f'.repeat(32) }, null)
  assert.equal(unknown.status, 404)
})
