// The import's welcome e-mails through the function, against the running stack: staff of the site
// send them after an import (each applicant once, however often it is asked), another site's
// patch manager and anon are refused, and the outbox drain (service role) finds nothing left.
import assert from 'node:assert/strict'
import {
  ANON_KEY,
  call,
  errorCode,
  SERVICE_KEY,
  sql,
  staff,
  SUPABASE_URL,
  test,
  tokenFor,
  uniqueEmail,
} from '../_shared/testing.ts'

async function rpc(token: string, fn: string, args: unknown) {
  const res = await fetch(`${SUPABASE_URL()}/rest/v1/rpc/${fn}`, {
    method: 'POST',
    headers: {
      apikey: ANON_KEY(),
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(args),
  })
  return { status: res.status, json: await res.json() }
}

const welcomes = async (email: string) =>
  Number(
    (await sql()`select count(*) from private.provider_calls
    where provider = 'email' and request ->> 'to' = ${email} and request ->> 'tag' = 'import-welcome'`)[
      0
    ]
      .count,
  )

/** Imports `emails` to the site as staff, each with "send a welcome" (joined 1 March 2019). */
async function importWithWelcomes(siteId: number, emails: string[], importId: string) {
  const done = await rpc(await tokenFor(staff.official), 'import_waiting_list', {
    p_site_id: siteId,
    p_rows: emails.map((email, i) => ({
      row: i + 2,
      first_name: `Imp${i}`,
      last_name: 'Orted',
      email,
      joined: '01/03/2019',
    })),
    p_dry_run: false,
    p_send_welcome: true,
    p_import_id: importId,
    p_file_name: 'list.csv',
    p_total_rows: emails.length,
  })
  assert.equal(done.status, 200, JSON.stringify(done.json))
  assert.equal(done.json.import.imported, emails.length)
}

test('staff send the welcome e-mails of an import once; others are refused', async () => {
  const tag = crypto.randomUUID().slice(0, 8)
  const [site] =
    await sql()`insert into public.global_sites (city, city_slug, location, slug, status)
    values ('Importon', 'importon', ${'Import ' + tag}, ${'import-' + tag}, 'open') returning id`
  const siteId = Number(site.id)
  const emails = [uniqueEmail('imp-a'), uniqueEmail('imp-b')]
  const importId = crypto.randomUUID()
  const official = await tokenFor(staff.official)
  await importWithWelcomes(siteId, emails, importId)

  // Refused: anon, a malformed id, another site's patch manager.
  assert.equal(
    (await call('waiting-list-import', { body: { action: 'notify', import_id: importId } })).status,
    401,
  )
  const bad = await call('waiting-list-import', {
    body: { action: 'notify', import_id: 'x' },
    token: official,
  })
  assert.equal(bad.status, 400)
  assert.equal(errorCode(bad), 'validation_failed')
  const pm = await call('waiting-list-import', {
    body: { action: 'notify', import_id: importId },
    token: await tokenFor(staff.patch),
  })
  assert.equal(pm.status, 403, pm.text)
  assert.equal(
    (await call('waiting-list-import', {
      body: { action: 'notify', import_id: crypto.randomUUID() },
      token: official,
    }))
      .status,
    404,
  )

  const first = await call('waiting-list-import', {
    body: { action: 'notify', import_id: importId },
    token: official,
  })
  assert.equal(first.status, 200, first.text)
  assert.deepEqual(first.json, { notified: 2, failed: 0 })
  const again = await call('waiting-list-import', {
    body: { action: 'notify', import_id: importId },
    token: official,
  })
  assert.deepEqual(again.json, { notified: 0, failed: 0 })
  const drain = await call('waiting-list-import', {
    body: { action: 'notify' },
    token: SERVICE_KEY(),
  })
  assert.equal(drain.status, 200)
  for (const email of emails) assert.equal(await welcomes(email), 1, email)

  const [mail] = await sql()`select request from private.provider_calls
    where provider = 'email' and request ->> 'to' = ${
    emails[0]
  } and request ->> 'tag' = 'import-welcome'`
  const [entry] = await sql()`select reference from public.waiting_list_entries where email = ${
    emails[0]
  }`
  assert.match(
    String(mail.request.text ?? mail.request.html),
    new RegExp(`/queue/ready\\?reference=${entry.reference}`),
  )
  assert.match(String(mail.request.text ?? mail.request.html), /1 March 2019/)
})

test('a large import goes a batch at a time: with no time left the rest stay owed for the next run', async () => {
  const { notify } = await import('./handler.ts')
  const { adminClient } = await import('../_shared/supabase.ts')
  const tag = crypto.randomUUID().slice(0, 8)
  const [site] =
    await sql()`insert into public.global_sites (city, city_slug, location, slug, status)
    values ('Importon', 'importon', ${'Batch ' + tag}, ${'batch-' + tag}, 'open') returning id`
  const emails = Array.from({ length: 5 }, (_, i) => uniqueEmail(`imp-batch-${i}`))
  const importId = crypto.randomUUID()
  await importWithWelcomes(Number(site.id), emails, importId)
  const told = async () => (await Promise.all(emails.map(welcomes))).reduce((a, n) => a + n, 0)
  const owed = async () =>
    Number(
      (await sql()`select count(*) as n from private.waiting_list_import_rows r
      where r.import_id = ${importId} and r.welcome and not exists (select 1 from private.notification_outbox n
        where n.kind = 'import_welcome' and n.entry_id = r.entry_id)`)[0].n,
    )
  // The first claim always goes, even with no time: two of five, three stay owed and unclaimed.
  assert.deepEqual(await notify(adminClient(), importId, null, { limit: 2, budgetMs: 0 }), {
    notified: 2,
    failed: 0,
  })
  assert.equal(await told(), 2)
  assert.equal(await owed(), 3)
  // With time, batches of two until nothing is owed (2 + 1), each applicant once.
  assert.deepEqual(await notify(adminClient(), importId, null, { limit: 2 }), {
    notified: 3,
    failed: 0,
  })
  assert.equal(await owed(), 0)
  for (const email of emails) assert.equal(await welcomes(email), 1, email)
  // A limit below one is refused by the database, and nothing is claimed.
  const bad = await adminClient().rpc('claim_import_welcomes', {
    p_import_id: importId,
    p_limit: 0,
  })
  assert.equal(bad.error?.code, '22023')
})
