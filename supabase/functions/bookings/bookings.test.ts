// deno-lint-ignore-file no-explicit-any -- JSON answers are checked field by field
import assert from 'node:assert/strict'
import { call, errorCode, sql, test, uniqueEmail } from '../_shared/testing.ts'

async function slot(capacity: number, startsIn = '7 days') {
  const [s] = await sql()`insert into public.welcome_slots (site_id, starts_at, capacity) values (3, now() + ${startsIn}::interval, ${capacity}) returning id`
  return Number(s.id)
}
async function tour(capacity: number) {
  const [t] = await sql()`insert into public.guided_tours (site_id, starts_at, capacity) values (3, now() + interval '9 days', ${capacity}) returning id`
  return Number(t.id)
}
const book = (body: Record<string, unknown>) => call('bookings', { body })

test('booking a welcome slot: a reference, the place counted, a confirmation with the cancel link', async () => {
  const id = await slot(5)
  const email = uniqueEmail('slot')
  const r = await book({ type: 'welcome_slot', slot_id: id, name: 'Ada Grower', email })
  assert.equal(r.status, 201, r.text)
  assert.equal(r.json.location, 'Leigh Woods Meadows')
  assert.match(r.json.reference, /^[0-9a-f]{32}$/)
  assert.equal((await sql()`select booked_count from public.welcome_slots where id = ${id}`)[0].booked_count, 1)
  const [mail] = await sql()`select request from private.provider_calls where provider = 'email' and request ->> 'to' = ${email}`
  assert.ok(mail.request.text.includes(`/welcome-slot/success?reference=${r.json.reference}`))
  const again = await book({ type: 'welcome_slot', slot_id: id, name: 'Ada Grower', email: email.toUpperCase() })
  assert.equal(again.status, 200)
  assert.equal(again.json.created, false)
  assert.equal(again.json.reference, undefined)
  assert.equal((await sql()`select booked_count from public.welcome_slots where id = ${id}`)[0].booked_count, 1, 'not counted twice')
  const list = await call('bookings', { query: { site: 'leigh-woods-meadows' } })
  assert.equal(list.json.welcome_slots.find((s: any) => Number(s.id) === id).places_left, 4)
})

test('capacity is enforced atomically: of six bookings at once for three places, three succeed', async () => {
  const id = await slot(3)
  const rs = await Promise.all(Array.from({ length: 6 }, () => book({ type: 'welcome_slot', slot_id: id, name: 'Rush', email: uniqueEmail('rush') })))
  assert.deepEqual(rs.map((r) => r.status).sort(), [201, 201, 201, 409, 409, 409])
  const full = rs.find((r) => r.status === 409)!
  assert.equal(full.json.error.message, 'This welcome slot is full')
  const [{ booked_count }] = await sql()`select booked_count from public.welcome_slots where id = ${id}`
  assert.equal(booked_count, 3)
})

test('cancelling frees the place; a second cancel is 404', async () => {
  const id = await slot(1)
  const r = await book({ type: 'welcome_slot', slot_id: id, name: 'Cancel Me', email: uniqueEmail() })
  assert.equal((await book({ type: 'welcome_slot', slot_id: id, name: 'Late', email: uniqueEmail() })).status, 409)
  const c = await book({ action: 'cancel', type: 'welcome_slot', reference: r.json.reference })
  assert.equal(c.status, 200, c.text)
  assert.equal((await sql()`select booked_count from public.welcome_slots where id = ${id}`)[0].booked_count, 0)
  assert.equal((await book({ type: 'welcome_slot', slot_id: id, name: 'Late', email: uniqueEmail() })).status, 201)
  assert.equal((await book({ action: 'cancel', type: 'welcome_slot', reference: r.json.reference })).status, 404)
})

test('guided tours: party sizes count against capacity, atomically; cancel by reference', async () => {
  const id = await tour(5)
  const rs = await Promise.all([3, 3, 2].map((n) => book({ type: 'guided_tour', tour_id: id, name: 'Party', email: uniqueEmail(), party_size: n, wants_membership: true })))
  const ok = rs.filter((r) => r.status === 201)
  const taken = rs.map((r, i) => (r.status === 201 ? [3, 3, 2][i]! : 0)).reduce((a, b) => a + b, 0)
  assert.ok(taken <= 5, `never over capacity (${taken})`)
  assert.ok(ok.length >= 1)
  assert.ok(rs.every((r) => r.status === 201 || r.status === 409))
  const [{ n }] = await sql()`select coalesce(sum(party_size), 0)::int as n from public.guided_tour_bookings where tour_id = ${id} and status = 'requested'`
  assert.equal(n, taken)
  const c = await book({ action: 'cancel', type: 'guided_tour', reference: ok[0]!.json.reference })
  assert.equal(c.status, 200)
})

test('past slots, unknown slots and tours, and bad bodies', async () => {
  const past = await slot(5, '-1 day')
  const p = await book({ type: 'welcome_slot', slot_id: past, name: 'Late', email: uniqueEmail() })
  assert.equal(p.status, 409)
  assert.equal((await book({ type: 'welcome_slot', slot_id: 99999999, name: 'X', email: uniqueEmail() })).status, 404)
  assert.equal((await book({ type: 'guided_tour', tour_id: 99999999, name: 'X', email: uniqueEmail() })).status, 404)
  for (const body of [{ type: 'welcome_slot', slot_id: 1, name: '', email: 'x' }, { type: 'guided_tour', tour_id: 1, name: 'X', email: uniqueEmail(), party_size: 11 },
    { type: 'welcome_slot', slot_id: 1, name: 'X', email: uniqueEmail(), status: 'booked' }, { action: 'cancel', type: 'welcome_slot', reference: 'x' }]) {
    const r = await book(body)
    assert.equal(r.status, 400, JSON.stringify(body))
    assert.equal(errorCode(r), 'validation_failed')
  }
  assert.equal((await call('bookings', { query: { site: 'nowhere-x' } })).status, 404)
  assert.equal((await call('bookings', { query: { site: 'Bad Slug' } })).status, 400)
})
