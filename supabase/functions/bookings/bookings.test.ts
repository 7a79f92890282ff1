// deno-lint-ignore-file no-explicit-any -- JSON answers are checked field by field
import assert from 'node:assert/strict'
import {
  ANON_KEY,
  call,
  errorCode,
  invoke,
  SERVICE_KEY,
  sql,
  staff,
  SUPABASE_URL,
  test,
  tokenFor,
  uniqueEmail,
  withEnv,
} from '../_shared/testing.ts'
import { handler } from './handler.ts'

async function slot(capacity: number, startsIn = '7 days') {
  const [s] =
    await sql()`insert into public.welcome_slots (site_id, starts_at, capacity) values (3, now() + ${startsIn}::interval, ${capacity}) returning id`
  return Number(s.id)
}
async function tour(capacity: number) {
  const [t] =
    await sql()`insert into public.guided_tours (site_id, starts_at, capacity) values (3, now() + interval '9 days', ${capacity}) returning id`
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
  assert.equal(
    (await sql()`select booked_count from public.welcome_slots where id = ${id}`)[0].booked_count,
    1,
  )
  const [mail] =
    await sql()`select request from private.provider_calls where provider = 'email' and request ->> 'to' = ${email}`
  assert.ok(mail.request.text.includes(`/welcome-slot/success?reference=${r.json.reference}`))
  const again = await book({
    type: 'welcome_slot',
    slot_id: id,
    name: 'Ada Grower',
    email: email.toUpperCase(),
  })
  assert.equal(again.status, 200)
  assert.equal(again.json.created, false)
  assert.equal(again.json.reference, undefined)
  assert.equal(
    (await sql()`select booked_count from public.welcome_slots where id = ${id}`)[0].booked_count,
    1,
    'not counted twice',
  )
  const list = await call('bookings', { query: { site: 'leigh-woods-meadows' } })
  assert.equal(list.json.welcome_slots.find((s: any) => Number(s.id) === id).places_left, 4)
})

test('capacity is enforced atomically: of six bookings at once for three places, three succeed', async () => {
  const id = await slot(3)
  const rs = await Promise.all(
    Array.from(
      { length: 6 },
      () => book({ type: 'welcome_slot', slot_id: id, name: 'Rush', email: uniqueEmail('rush') }),
    ),
  )
  assert.deepEqual(rs.map((r) => r.status).sort(), [201, 201, 201, 409, 409, 409])
  const full = rs.find((r) => r.status === 409)!
  assert.equal(full.json.error.message, 'This welcome slot is full')
  const [{ booked_count }] =
    await sql()`select booked_count from public.welcome_slots where id = ${id}`
  assert.equal(booked_count, 3)
})

test('cancelling frees the place; a second cancel is 404', async () => {
  const id = await slot(1)
  const r = await book({
    type: 'welcome_slot',
    slot_id: id,
    name: 'Cancel Me',
    email: uniqueEmail(),
  })
  assert.equal(
    (await book({ type: 'welcome_slot', slot_id: id, name: 'Late', email: uniqueEmail() })).status,
    409,
  )
  const c = await book({ action: 'cancel', type: 'welcome_slot', reference: r.json.reference })
  assert.equal(c.status, 200, c.text)
  assert.equal(
    (await sql()`select booked_count from public.welcome_slots where id = ${id}`)[0].booked_count,
    0,
  )
  assert.equal(
    (await book({ type: 'welcome_slot', slot_id: id, name: 'Late', email: uniqueEmail() })).status,
    201,
  )
  assert.equal(
    (await book({ action: 'cancel', type: 'welcome_slot', reference: r.json.reference })).status,
    404,
  )
})

test('guided tours: party sizes count against capacity, atomically; cancel by reference', async () => {
  const id = await tour(5)
  const rs = await Promise.all(
    [3, 3, 2].map((n) =>
      book({
        type: 'guided_tour',
        tour_id: id,
        name: 'Party',
        email: uniqueEmail(),
        party_size: n,
        wants_membership: true,
      })
    ),
  )
  const ok = rs.filter((r) => r.status === 201)
  const taken = rs.map((r, i) => (r.status === 201 ? [3, 3, 2][i]! : 0)).reduce((a, b) => a + b, 0)
  assert.ok(taken <= 5, `never over capacity (${taken})`)
  assert.ok(ok.length >= 1)
  assert.ok(rs.every((r) => r.status === 201 || r.status === 409))
  const [{ n }] =
    await sql()`select coalesce(sum(party_size), 0)::int as n from public.guided_tour_bookings where tour_id = ${id} and status = 'requested'`
  assert.equal(n, taken)
  const c = await book({ action: 'cancel', type: 'guided_tour', reference: ok[0]!.json.reference })
  assert.equal(c.status, 200)
})

test('past slots, unknown slots and tours, and bad bodies', async () => {
  const past = await slot(5, '-1 day')
  const p = await book({ type: 'welcome_slot', slot_id: past, name: 'Late', email: uniqueEmail() })
  assert.equal(p.status, 409)
  assert.equal(
    (await book({ type: 'welcome_slot', slot_id: 99999999, name: 'X', email: uniqueEmail() }))
      .status,
    404,
  )
  assert.equal(
    (await book({ type: 'guided_tour', tour_id: 99999999, name: 'X', email: uniqueEmail() }))
      .status,
    404,
  )
  for (
    const body of [
      { type: 'welcome_slot', slot_id: 1, name: '', email: 'x' },
      { type: 'guided_tour', tour_id: 1, name: 'X', email: uniqueEmail(), party_size: 11 },
      { type: 'welcome_slot', slot_id: 1, name: 'X', email: uniqueEmail(), status: 'booked' },
      { action: 'cancel', type: 'welcome_slot', reference: 'x' },
    ]
  ) {
    const r = await book(body)
    assert.equal(r.status, 400, JSON.stringify(body))
    assert.equal(errorCode(r), 'validation_failed')
  }
  assert.equal((await call('bookings', { query: { site: 'nowhere-x' } })).status, 404)
  assert.equal((await call('bookings', { query: { site: 'Bad Slug' } })).status, 400)
})

// ── staff cancellations ─────────────────────────────────────────────────────────────────────
const cancellationMails = (email: string) =>
  sql()`select request from private.provider_calls where provider = 'email' and request ->> 'to' = ${email} and request ->> 'tag' = 'welcome-slot-cancellation'`

test('an admin cancels a slot: every booked guest is told once, places freed, audited, closed to new bookings', async () => {
  const id = await slot(5)
  const [a, b, self] = [uniqueEmail('guest-a'), uniqueEmail('guest-b'), uniqueEmail('guest-self')]
  for (const email of [a, b, self]) {
    assert.equal(
      (await book({ type: 'welcome_slot', slot_id: id, name: 'Guest', email })).status,
      201,
    )
  }
  const [{ reference }] =
    await sql()`select reference from public.welcome_slot_bookings where email = ${self}`
  assert.equal((await book({ action: 'cancel', type: 'welcome_slot', reference })).status, 200)
  const token = await tokenFor(staff.official)

  const r = await call('bookings', {
    token,
    body: { action: 'cancel_slot', slot_id: id, reason: 'The site is flooded.' },
  })
  assert.equal(r.status, 200, r.text)
  assert.deepEqual(r.json, { cancelled: true, bookings_cancelled: 2, notified: 2 })
  for (const email of [a, b]) {
    const mails = await cancellationMails(email)
    assert.equal(mails.length, 1, email)
    assert.match(mails[0].request.text, /has been cancelled/)
    assert.match(mails[0].request.text, /The reason: The site is flooded\./)
    assert.ok(mails[0].request.text.includes('/welcome-slot'))
  }
  assert.equal(
    (await cancellationMails(self)).length,
    0,
    'a guest who cancelled themselves is not told again',
  )
  const [s] =
    await sql()`select booked_count, cancelled_at, cancel_reason from public.welcome_slots where id = ${id}`
  assert.equal(s.booked_count, 0)
  assert.ok(s.cancelled_at)
  assert.equal(s.cancel_reason, 'The site is flooded.')
  const rows =
    await sql()`select email, status, cancelled_by from public.welcome_slot_bookings where slot_id = ${id} order by email`
  assert.deepEqual(
    rows.map((x) => [x.email, x.status, x.cancelled_by]).sort(),
    [[a, 'cancelled', 'staff'], [b, 'cancelled', 'staff'], [self, 'cancelled', 'guest']].sort(),
  )
  const audit =
    await sql()`select actor_role, after ->> 'cancelled_at' as cancelled_at from public.audit_log
    where table_name = 'welcome_slots' and row_id = ${
      String(id)
    } and action = 'update' and after ->> 'cancelled_at' is not null`
  assert.equal(audit.length, 1)
  assert.equal(audit[0].actor_role, 'roots_official')
  // The e-mails' log lines are written with the service role for the admin: the log names them.
  const [official] =
    await sql()`select id, email from public.profiles where email = ${staff.official}`
  const told =
    await sql()`select a.actor_id, a.actor_role, a.actor_email, a.via from public.audit_log a
    join public.message_log m on a.table_name = 'message_log' and a.row_id = m.id::text and a.action = 'insert'
    where m.recipient in (${a}, ${b}) and m.subject like '%is cancelled'`
  assert.equal(told.length, 2)
  for (const t of told) {
    assert.deepEqual([String(t.actor_id), t.actor_role, t.actor_email, t.via], [
      official!.id,
      'roots_official',
      official!.email,
      'bookings',
    ])
  }

  const again = await call('bookings', { token, body: { action: 'cancel_slot', slot_id: id } })
  assert.equal(again.status, 200, again.text)
  assert.deepEqual(again.json, { cancelled: false, bookings_cancelled: 0, notified: 0 })
  for (const email of [a, b]) {
    assert.equal(
      (await cancellationMails(email)).length,
      1,
      'cancelling twice tells each guest once',
    )
  }

  const list = await call('bookings', { query: { site: 'leigh-woods-meadows' } })
  assert.equal(
    list.json.welcome_slots.some((x: any) => Number(x.id) === id),
    false,
    'a cancelled slot is not offered',
  )
  const late = await book({ type: 'welcome_slot', slot_id: id, name: 'Late', email: uniqueEmail() })
  assert.equal(late.status, 409)
  assert.equal(late.json.error.message, 'This welcome slot has been cancelled')
})

test('an admin cancels one booking: that guest is told, once; the place frees up', async () => {
  const id = await slot(2)
  const [a, b] = [uniqueEmail('one-a'), uniqueEmail('one-b')]
  for (const email of [a, b]) {
    assert.equal(
      (await book({ type: 'welcome_slot', slot_id: id, name: 'Guest', email })).status,
      201,
    )
  }
  const [{ id: bookingId }] =
    await sql()`select id from public.welcome_slot_bookings where email = ${a}`
  const token = await tokenFor(staff.team)
  const r = await call('bookings', {
    token,
    body: { action: 'cancel_booking', booking_id: Number(bookingId) },
  })
  assert.equal(r.status, 200, r.text)
  assert.deepEqual(r.json, { cancelled: true, notified: 1 })
  const [mail] = await cancellationMails(a)
  assert.match(mail.request.text, /cancelled by our team/)
  assert.equal((await cancellationMails(b)).length, 0)
  assert.equal(
    (await sql()`select booked_count from public.welcome_slots where id = ${id}`)[0].booked_count,
    1,
  )
  const again = await call('bookings', {
    token,
    body: { action: 'cancel_booking', booking_id: Number(bookingId) },
  })
  assert.deepEqual(again.json, { cancelled: false, notified: 0 })
  assert.equal((await cancellationMails(a)).length, 1)
  assert.equal(
    (await call('bookings', { token, body: { action: 'cancel_booking', booking_id: 99999999 } }))
      .status,
    404,
  )
})

test('only admins cancel: patch managers and members 403, no session 401; nothing changes', async () => {
  const id = await slot(3)
  const email = uniqueEmail('kept')
  await book({ type: 'welcome_slot', slot_id: id, name: 'Kept', email })
  const [{ id: bookingId }] =
    await sql()`select id from public.welcome_slot_bookings where email = ${email}`
  for (const [who, status] of [[staff.patch, 403], [staff.member, 403]] as const) {
    const token = await tokenFor(who)
    for (
      const body of [{ action: 'cancel_slot', slot_id: id }, {
        action: 'cancel_booking',
        booking_id: Number(bookingId),
      }]
    ) {
      const r = await call('bookings', { token, body })
      assert.equal(r.status, status, `${who}: ${r.text}`)
      assert.equal(errorCode(r), 'forbidden')
    }
  }
  const anon = await call('bookings', { body: { action: 'cancel_slot', slot_id: id } })
  assert.equal(anon.status, 401)
  assert.equal(errorCode(anon), 'unauthorized')
  const [s] =
    await sql()`select booked_count, cancelled_at from public.welcome_slots where id = ${id}`
  assert.equal(s.booked_count, 1)
  assert.equal(s.cancelled_at, null)
  assert.equal((await cancellationMails(email)).length, 0)
})

test('cancelling an unknown or past slot, and bad bodies', async () => {
  const token = await tokenFor(staff.founder)
  assert.equal(
    (await call('bookings', { token, body: { action: 'cancel_slot', slot_id: 99999999 } })).status,
    404,
  )
  const past = await slot(5, '-1 day')
  const p = await call('bookings', { token, body: { action: 'cancel_slot', slot_id: past } })
  assert.equal(p.status, 409)
  assert.equal(p.json.error.message, 'This welcome slot has already taken place')
  for (
    const body of [{ action: 'cancel_slot', slot_id: past, reason: 'x'.repeat(501) }, {
      action: 'cancel_slot',
      slot_id: 'one',
    }, { action: 'cancel_booking' }]
  ) {
    const r = await call('bookings', { token, body })
    assert.equal(r.status, 400, JSON.stringify(body))
    assert.equal(errorCode(r), 'validation_failed')
  }
})

test('the cancellation outbox: a notice whose send failed is told by notify (the scheduler), once; only admins and the service key may ask', async () => {
  const id = await slot(1)
  const email = uniqueEmail('retold')
  assert.equal(
    (await book({ type: 'welcome_slot', slot_id: id, name: 'Retold', email })).status,
    201,
  )
  const [{ id: bookingId }] =
    await sql()`select id from public.welcome_slot_bookings where email = ${email}`
  const r = await call('bookings', {
    token: await tokenFor(staff.team),
    body: { action: 'cancel_booking', booking_id: Number(bookingId) },
  })
  assert.equal(r.status, 200, r.text)
  // As if that send had failed: the notice is released and nobody was told.
  await sql()`delete from private.notification_outbox where kind = 'welcome_slot_cancellation' and booking_id = ${bookingId}`
  await sql()`delete from private.provider_calls where provider = 'email' and request ->> 'to' = ${email} and request ->> 'tag' = 'welcome-slot-cancellation'`
  for (
    const [token, status] of [[await tokenFor(staff.patch), 403], [
      await tokenFor(staff.member),
      403,
    ], [undefined, 401]] as const
  ) {
    assert.equal((await call('bookings', { token, body: { action: 'notify' } })).status, status)
  }
  assert.equal((await cancellationMails(email)).length, 0, 'refused callers told nobody')
  const told = await call('bookings', { token: SERVICE_KEY(), body: { action: 'notify' } })
  assert.equal(told.status, 200, told.text)
  assert.ok(told.json.notified >= 1)
  assert.equal((await cancellationMails(email)).length, 1)
  const again = await call('bookings', { token: SERVICE_KEY(), body: { action: 'notify' } })
  assert.equal(again.status, 200)
  assert.equal((await cancellationMails(email)).length, 1, 'told once')
})

test('one connection cannot fill a guided tour with throwaway addresses; the API cannot be used to skip the function', async () => {
  const id = await tour(30)
  const party = (email: string, size: number) => ({
    type: 'guided_tour',
    tour_id: id,
    name: 'Crowd',
    email,
    party_size: size,
  })
  const from = (ip: string) => ({ 'x-forwarded-for': ip })
  // The handler in this process, with production limits (the test stack's gateway raises them).
  await withEnv({ PUBLIC_FORM_LIMIT_SCALE: undefined }, async () => {
    const first = await invoke(handler, 'bookings', {
      body: party(uniqueEmail('crowd'), 10),
      headers: from('203.0.113.7'),
    })
    assert.equal(first.status, 201, first.text)
    const second = await invoke(handler, 'bookings', {
      body: party(uniqueEmail('crowd'), 10),
      headers: from('203.0.113.7'),
    })
    assert.equal(second.status, 429, second.text)
    assert.equal(errorCode(second), 'rate_limited')
    const elsewhere = await invoke(handler, 'bookings', {
      body: party(uniqueEmail('crowd'), 10),
      headers: from('198.51.100.9'),
    })
    assert.equal(elsewhere.status, 201, elsewhere.text)
  })
  const [{ taken }] =
    await sql()`select sum(party_size)::int as taken from public.guided_tour_bookings where tour_id = ${id} and status = 'requested'`
  assert.equal(taken, 20, 'the refused party took no places')
  // Straight to the table over REST, as anon: refused, nothing written.
  const res = await fetch(`${SUPABASE_URL()}/rest/v1/guided_tour_bookings`, {
    method: 'POST',
    headers: {
      apikey: ANON_KEY(),
      authorization: `Bearer ${ANON_KEY()}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      tour_id: id,
      location: 'Anywhere',
      name: 'Direct',
      email: uniqueEmail('direct'),
      party_size: 10,
    }),
  })
  assert.equal(res.status, 401, await res.text())
  const [{ n }] =
    await sql()`select count(*)::int as n from public.guided_tour_bookings where tour_id = ${id}`
  assert.equal(n, 2)
})

test('a tour holds its capacity and one booking per address through the function', async () => {
  const id = await tour(12)
  const email = uniqueEmail('tour-twice')
  const first = await book({ type: 'guided_tour', tour_id: id, name: 'Ten', email, party_size: 10 })
  assert.equal(first.status, 201, first.text)
  const again = await book({
    type: 'guided_tour',
    tour_id: id,
    name: 'Ten',
    email: email.toUpperCase(),
    party_size: 1,
  })
  assert.equal(again.status, 409, again.text)
  assert.match(again.json.error.message, /already has a booking on this tour/)
  const over = await book({
    type: 'guided_tour',
    tour_id: id,
    name: 'Three',
    email: uniqueEmail('tour-over'),
    party_size: 3,
  })
  assert.equal(over.status, 409, over.text)
  assert.match(over.json.error.message, /full/)
})

test("a repeat welcome-slot booking greets by the stored name: no stranger's words in the guest's inbox", async () => {
  const id = await slot(3)
  const email = uniqueEmail('greet')
  assert.equal(
    (await book({ type: 'welcome_slot', slot_id: id, name: 'Ada Grower', email })).status,
    201,
  )
  const again = await book({
    type: 'welcome_slot',
    slot_id: id,
    name: 'Visit evil example dot com',
    email,
  })
  assert.equal(again.status, 200, again.text)
  const mails =
    await sql()`select request from private.provider_calls where provider = 'email' and request ->> 'to' = ${email} order by id`
  assert.equal(mails.length, 2)
  assert.match(mails[1].request.text, /^Hello Ada Grower,/m)
  assert.ok(!/evil/i.test(JSON.stringify(mails[1].request)))
})
