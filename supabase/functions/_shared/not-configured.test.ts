// deno-lint-ignore-file no-explicit-any -- JSON answers are checked field by field
// Deployed functions without e-mail or campaign-list secrets (no ROOTS_LOCAL_STACK) answer
// 503 not_configured on the routes that need them, before writing anything, and never fall back
// to the local providers; routes that do not need them (the catalogue, positions, previews, the
// booking list) keep working. Handlers run in this process with that environment (asDeployed).
import assert from 'node:assert/strict'
import { WAITING_LIST_PLACE_NAMES as WAITING_LIST_ONLY_PLACES } from './common/catalogue.ts'
import { sendAndLog } from './notify.ts'
import {
  asDeployed,
  call,
  errorCode,
  invoke,
  sql,
  staff,
  test,
  tokenFor,
  uniqueEmail,
  withEnv,
} from './testing.ts'
import { handler as bookings } from '../bookings/handler.ts'
import { handler as communications } from '../communications/handler.ts'
import { handler as sites } from '../sites/handler.ts'
import { handler as waitingList } from '../waiting-list/handler.ts'
import { handler as tools } from '../waiting-list-tools/handler.ts'
import { handler as process } from '../waiting-list-process/handler.ts'

const EMAIL_MISSING = ['EMAIL_PROVIDER', 'RESEND_API_KEY', 'EMAIL_FROM']

function assertNotConfigured(
  r: { status: number; json: any; text: string },
  service: string,
  missing: string[],
) {
  assert.equal(r.status, 503, r.text)
  assert.equal(errorCode(r), 'not_configured')
  assert.deepEqual(r.json.error.details, { service, missing })
  for (const name of missing) {
    assert.ok(
      r.json.error.message.includes(name),
      `the message names ${name}: ${r.json.error.message}`,
    )
  }
}

/** Everything the e-mail provider (or the log) holds for an address. */
async function mailTraces(email: string) {
  const [calls] =
    await sql()`select count(*)::int as n from private.provider_calls where provider = 'email' and lower(request ->> 'to') = ${email}`
  const [logs] =
    await sql()`select count(*)::int as n from public.message_log where lower(recipient) = ${email}`
  return calls.n + logs.n
}

test('deployed without e-mail: joining or pre-registering answers 503 and writes nothing; the catalogue and positions keep working', async () => {
  const person = (email: string) => ({
    first_name: 'Ada',
    last_name: 'Grower',
    email,
    consent_privacy: true,
  })
  const existingEmail = uniqueEmail()
  const existing = await call('waiting-list', {
    body: { kind: 'waiting_list', site: 'avon-views', ...person(existingEmail) },
  })
  assert.equal(existing.status, 202, existing.text)
  // The reference reaches only the inbox; the test reads it from the entry.
  const [{ reference }] =
    await sql()`select reference from public.waiting_list_entries where email = ${existingEmail}`
  const [joiner, prereg, general] = [
    uniqueEmail('join'),
    uniqueEmail('prereg'),
    uniqueEmail('general'),
  ]
  await asDeployed(async () => {
    assertNotConfigured(
      await invoke(waitingList, 'waiting-list', {
        body: { kind: 'waiting_list', site: 'avon-views', ...person(joiner) },
      }),
      'email',
      EMAIL_MISSING,
    )
    assertNotConfigured(
      await invoke(waitingList, 'waiting-list', {
        body: { kind: 'pre_registration', site: 'daffodil-views', ...person(prereg) },
      }),
      'email',
      EMAIL_MISSING,
    )
    assertNotConfigured(
      await invoke(waitingList, 'waiting-list', {
        body: { kind: 'general', location: WAITING_LIST_ONLY_PLACES[0], ...person(general) },
      }),
      'email',
      EMAIL_MISSING,
    )
    // Not needing e-mail: still answered.
    const position = await invoke(waitingList, 'waiting-list', { query: { reference } })
    assert.equal(position.status, 200, position.text)
    const catalogue = await invoke(sites, 'sites')
    assert.equal(catalogue.status, 200, catalogue.text)
    assert.ok(catalogue.json.sites.length > 0)
  })
  // Resend chosen but no sender: 503 naming it.
  await asDeployed(async () => {
    assertNotConfigured(
      await invoke(waitingList, 'waiting-list', {
        body: { kind: 'waiting_list', site: 'avon-views', ...person(joiner) },
      }),
      'email',
      ['EMAIL_FROM'],
    )
  }, { EMAIL_PROVIDER: 'resend', RESEND_API_KEY: 're_test_x' })
  for (const email of [joiner, prereg, general]) {
    assert.equal(
      (await sql()`select count(*)::int as n from public.waiting_list_entries where email_normalised = ${email}`)[
        0
      ].n,
      0,
    )
    assert.equal(
      (await sql()`select count(*)::int as n from public.pre_registrations where email_normalised = ${email}`)[
        0
      ].n,
      0,
    )
    assert.equal(await mailTraces(email), 0)
  }
})

test("deployed without e-mail: booking and staff cancellations answer 503 and change nothing; the list and a guest's cancel work", async () => {
  const [slot] =
    await sql()`insert into public.welcome_slots (site_id, starts_at, capacity) values (3, now() + interval '8 days', 5) returning id`
  const slotId = Number(slot.id)
  const [tour] =
    await sql()`insert into public.guided_tours (site_id, starts_at, capacity) values (3, now() + interval '9 days', 5) returning id`
  const booked = uniqueEmail('booked')
  const first = await call('bookings', {
    body: { type: 'welcome_slot', slot_id: slotId, name: 'Guest', email: booked },
  })
  assert.equal(first.status, 201, first.text)
  const leaving = await call('bookings', {
    body: { type: 'welcome_slot', slot_id: slotId, name: 'Leaving', email: uniqueEmail('leaving') },
  })
  const [guest, tourist] = [uniqueEmail('guest'), uniqueEmail('tourist')]
  const official = await tokenFor(staff.official)
  await asDeployed(async () => {
    assertNotConfigured(
      await invoke(bookings, 'bookings', {
        body: { type: 'welcome_slot', slot_id: slotId, name: 'Guest', email: guest },
      }),
      'email',
      EMAIL_MISSING,
    )
    assertNotConfigured(
      await invoke(bookings, 'bookings', {
        body: { type: 'guided_tour', tour_id: Number(tour.id), name: 'Tourist', email: tourist },
      }),
      'email',
      EMAIL_MISSING,
    )
    assertNotConfigured(
      await invoke(bookings, 'bookings', {
        body: { action: 'cancel_slot', slot_id: slotId, reason: 'Flooded.' },
        token: official,
      }),
      'email',
      EMAIL_MISSING,
    )
    const list = await invoke(bookings, 'bookings', { query: { site: 'leigh-woods-meadows' } })
    assert.equal(list.status, 200, list.text)
    assert.equal(list.json.welcome_slots.find((s: any) => Number(s.id) === slotId)?.places_left, 3)
    const cancel = await invoke(bookings, 'bookings', {
      body: { action: 'cancel', type: 'welcome_slot', reference: leaving.json.reference },
    })
    assert.equal(cancel.status, 200, cancel.text)
  })
  const [s] =
    await sql()`select booked_count, cancelled_at from public.welcome_slots where id = ${slotId}`
  assert.deepEqual(
    [s.booked_count, s.cancelled_at],
    [1, null],
    'the slot was not cancelled and nobody new was booked',
  )
  assert.equal(
    (await sql()`select status from public.welcome_slot_bookings where email = ${booked}`)[0]
      .status,
    'booked',
  )
  assert.equal(
    (await sql()`select count(*)::int as n from public.guided_tour_bookings where email = ${tourist}`)[
      0
    ].n,
    0,
  )
  for (const email of [guest, tourist]) assert.equal(await mailTraces(email), 0)
  assert.equal(
    await mailTraces(booked),
    2,
    'only the confirmation sent by the local stack (provider call and log)',
  )
})

test('deployed without e-mail or a campaign list: a template send and ac-sync answer 503 and send nothing; preview and dry run work', async () => {
  const tag = crypto.randomUUID().slice(0, 8)
  const [site] =
    await sql()`insert into public.global_sites (city, city_slug, location, slug, status, ac_id) values ('Notown', 'notown', ${
      'Notown ' + tag
    }, ${'notown-' + tag}, 'open', ${'list-' + tag}) returning id`
  const siteId = Number(site.id)
  const email = `unsent.${tag}@example.com`
  await sql()`insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy, consent_marketing)
    values (${siteId}, 'x', 'Una', 'Sent', ${email}, true, true)`
  const team = await tokenFor(staff.team)
  const founder = await tokenFor(staff.founder)
  const key = `comms-${tag}`
  await asDeployed(async () => {
    const preview = await invoke(communications, 'communications', {
      body: { template_id: 2, site_id: siteId, preview: true },
      token: team,
    })
    assert.equal(preview.status, 200, preview.text)
    assertNotConfigured(
      await invoke(communications, 'communications', {
        body: { template_id: 2, site_id: siteId },
        token: team,
        headers: { 'idempotency-key': key },
      }),
      'email',
      EMAIL_MISSING,
    )
    const dry = await invoke(tools, 'waiting-list-tools', {
      body: { tool: 'ac-sync', site_id: siteId, dry_run: true },
      token: founder,
    })
    assert.equal(dry.status, 200, dry.text)
    assert.equal(dry.json.would_push, 1)
    assertNotConfigured(
      await invoke(tools, 'waiting-list-tools', {
        body: { tool: 'ac-sync', site_id: siteId },
        token: founder,
      }),
      'campaigns',
      ['CAMPAIGNS_PROVIDER', 'ACTIVECAMPAIGN_URL', 'ACTIVECAMPAIGN_API_TOKEN'],
    )
  })
  assert.equal(await mailTraces(email), 0)
  assert.equal(
    (await sql()`select count(*)::int as n from private.idempotency_keys where key = ${key}`)[0].n,
    0,
    'the idempotency key was not claimed',
  )
  assert.equal(
    (await sql()`select count(*)::int as n from private.provider_calls where provider = 'campaigns' and request ->> 'list_id' = ${
      'list-' + tag
    }`)[0].n,
    0,
  )
})

test('deployed without e-mail: a notice sent after the fact (a receipt, an outbox) is not sent, not logged, never local', async () => {
  const [to, local] = [uniqueEmail('receipt'), uniqueEmail('receipt-local')]
  const message = (email: string) => ({
    to: email,
    subject: 'Your receipt',
    html: '<p>Thanks</p>',
    text: 'Thanks',
    tag: 'receipt',
  })
  assert.deepEqual(await asDeployed(() => sendAndLog(message(to))), {
    sent: false,
    provider_ref: null,
  })
  assert.equal(await mailTraces(to), 0)
  const sent = await withEnv({ ROOTS_LOCAL_STACK: '1' }, () => sendAndLog(message(local)))
  assert.equal(sent.sent, true, 'in the local stack the local provider sends it, as before')
  assert.equal(await mailTraces(local), 2)
})

test('deployed without e-mail: staff offers, the offer outbox and the yearly round answer 503 and offer nobody', async () => {
  const official = await tokenFor(staff.official)
  const count = async () => Number((await sql()`select count(*) from public.plot_offers`)[0].count)
  const before = await count()
  const [asked] = await sql()`select count(*)::int as n from private.reconfirmations`
  await asDeployed(async () => {
    const body = {
      action: 'offer',
      site_id: 1,
      count: 1,
      idempotency_key: `key-${crypto.randomUUID()}`,
    }
    assertNotConfigured(
      await invoke(process, 'waiting-list-process', { body, token: official }),
      'email',
      EMAIL_MISSING,
    )
    assertNotConfigured(
      await invoke(process, 'waiting-list-process', {
        body: { action: 'notify' },
        token: official,
      }),
      'email',
      EMAIL_MISSING,
    )
    assertNotConfigured(
      await invoke(process, 'waiting-list-process', {
        body: { action: 'reconfirm' },
        token: official,
      }),
      'email',
      EMAIL_MISSING,
    )
    assertNotConfigured(
      await invoke(bookings, 'bookings', { body: { action: 'notify' }, token: official }),
      'email',
      EMAIL_MISSING,
    )
    // Who may ask is still decided first: anon learns nothing about the configuration.
    assert.equal(
      (await invoke(process, 'waiting-list-process', { body: { action: 'notify' } })).status,
      401,
    )
  })
  assert.equal(await count(), before, 'no offer was made')
  assert.equal(
    (await sql()`select count(*)::int as n from private.reconfirmations`)[0].n,
    asked.n,
    'nobody was asked',
  )
})
