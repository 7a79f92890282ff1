// deno-lint-ignore-file no-explicit-any -- JSON answers are checked field by field
// Inspections through the function (the rules themselves are pgTAP's: 113-plots-inspections): a
// phone's inspection recorded once however often it is sent, the warning e-mail sent once with
// its deadline and the link to /members, a notice to quit after the deadline, who may record and
// who may drain the mail, bad input answered 400, and the scheduler's sweep of photos past their
// time (which photos: 118-plots-inspection-photo-retention).
import assert from 'node:assert/strict'
import {
  ANON_KEY,
  call,
  clientAs,
  errorCode,
  SERVICE_KEY,
  sql,
  staff,
  test,
  tokenFor,
  uniqueEmail,
} from '../_shared/testing.ts'

/** A member holding plot 7 at a site of the test's own, with an active membership. */
async function holder(tag: string) {
  const email = uniqueEmail(`inspected-${tag}`)
  const t = crypto.randomUUID().slice(0, 8)
  return await sql().begin(async (tx: any) => {
    const [site] =
      await tx`insert into public.global_sites (city, city_slug, location, slug, status)
      values ('Inspecton', 'inspecton', ${'Furrows ' + t}, ${
        'furrows-' + t
      }, 'active') returning id`
    await tx`select private.plot_flow(true)`
    const [plot] =
      await tx`insert into public.plots (site_id, number, status) values (${site.id}, '7', 'let') returning id`
    const [mb] = await tx`insert into public.members (first_name, last_name, email)
      values ('Hana', 'Holder', ${email}) returning id`
    const [m] =
      await tx`insert into public.memberships (member_id, site_id, status, plot_id, plot_number)
      values (${mb.id}, ${site.id}, 'active', ${plot.id}, '7') returning id`
    await tx`insert into public.plot_tenancies (plot_id, site_id, membership_id) values (${plot.id}, ${site.id}, ${m.id})`
    return { email, site: Number(site.id), plot: Number(plot.id), membership: Number(m.id) }
  })
}

const mails = (to: string, tag: string) =>
  sql()`select request from private.provider_calls where provider = 'email'
    and request ->> 'to' = ${to} and request ->> 'tag' = ${tag} order by id`

test('an inspection sent twice is recorded once, and the warning e-mailed once', async () => {
  const h = await holder('once')
  const token = await tokenFor(staff.team)
  const id = crypto.randomUUID()
  const body = { action: 'record', id, plot_id: h.plot, score: 1, note: 'Couch grass everywhere' }
  const first = await call('plot-inspections', { token, body })
  assert.equal(first.status, 201, first.text)
  assert.equal(first.json.inspection.outcome, 'warning')
  assert.equal(first.json.inspection.repeated, false)
  const again = await call('plot-inspections', { token, body: { ...body, score: 5 } })
  assert.equal(again.status, 200, again.text)
  assert.equal(again.json.inspection.repeated, true)
  assert.equal(again.json.inspection.score, 1, 'the first recording stands')
  assert.equal(again.json.inspection.warning_deadline, first.json.inspection.warning_deadline)
  const [{ n }] =
    await sql()`select count(*)::int as n from public.plot_inspections where id = ${id}`
  assert.equal(n, 1)
  const sent = await mails(h.email, 'inspection-warning')
  assert.equal(sent.length, 1, 'one warning e-mail')
  const html = String(sent[0].request.html)
  assert.match(html, /Partly cultivated|Barely cultivated/)
  assert.match(html, /Couch grass everywhere/)
  assert.match(html, /\/members"/, 'the e-mail links to /members')
  assert.match(String(sent[0].request.subject), /a warning, with what to do by \d{1,2} \w+ \d{4}/)
})

test('a failed inspection after the warning deadline is a notice to quit, e-mailed', async () => {
  const h = await holder('notice')
  const token = await tokenFor(staff.team)
  const old = new Date(Date.now() - 29 * 86400_000).toISOString()
  const warned = await call('plot-inspections', {
    token,
    body: {
      action: 'record',
      id: crypto.randomUUID(),
      plot_id: h.plot,
      score: 0,
      inspected_at: old,
    },
  })
  assert.equal(warned.json.inspection.outcome, 'warning', warned.text)
  const notice = await call('plot-inspections', {
    token,
    body: { action: 'record', id: crypto.randomUUID(), plot_id: h.plot, score: 2 },
  })
  assert.equal(notice.status, 201, notice.text)
  assert.equal(notice.json.inspection.outcome, 'notice')
  const [m] =
    await sql()`select status, ends_on::text from public.memberships where id = ${h.membership}`
  assert.equal(m.status, 'cancellation_requested')
  assert.equal(m.ends_on, notice.json.inspection.notice_ends_on)
  const sent = await mails(h.email, 'inspection-notice')
  assert.equal(sent.length, 1)
  assert.match(String(sent[0].request.subject), /^Notice to quit plot 7/)
  assert.match(String(sent[0].request.html), /Your membership ends on/)
})

test("only staff of the site record; the drain is the scheduler's or an admin's", async () => {
  const h = await holder('who')
  const body = { action: 'record', id: crypto.randomUUID(), plot_id: h.plot, score: 3 }
  const patch = await call('plot-inspections', { token: await tokenFor(staff.patch), body })
  assert.equal(patch.status, 403, 'a patch manager of other sites')
  assert.equal(errorCode(patch), 'forbidden')
  const member = await call('plot-inspections', { token: await tokenFor(staff.member), body })
  assert.equal(member.status, 403, 'a member')
  const anon = await call('plot-inspections', { body })
  assert.equal(anon.status, 401)
  const [{ n }] =
    await sql()`select count(*)::int as n from public.plot_inspections where plot_id = ${h.plot}`
  assert.equal(n, 0, 'nothing was recorded')
  const drain = await call('plot-inspections', {
    token: await tokenFor(staff.patch),
    body: { action: 'notify' },
  })
  assert.equal(drain.status, 403)
  const admin = await call('plot-inspections', {
    token: await tokenFor(staff.team),
    body: { action: 'notify' },
  })
  assert.equal(admin.status, 200, admin.text)
  assert.equal(typeof admin.json.notified, 'number')
})

test('bad input is a 400 in the error shape, before anything is written', async () => {
  const h = await holder('bad')
  const token = await tokenFor(staff.team)
  for (
    const body of [
      { action: 'record', id: 'not-a-uuid', plot_id: h.plot, score: 3 },
      { action: 'record', id: crypto.randomUUID(), plot_id: h.plot, score: 7 },
      { action: 'record', id: crypto.randomUUID(), plot_id: h.plot, score: 2.5 },
      {
        action: 'record',
        id: crypto.randomUUID(),
        plot_id: h.plot,
        score: 3,
        note: 'x'.repeat(2001),
      },
      {
        action: 'record',
        id: crypto.randomUUID(),
        plot_id: h.plot,
        score: 3,
        photos: ['elsewhere/1.jpg'],
      },
      { action: 'record', id: crypto.randomUUID(), plot_id: h.plot, score: 3, extra: true },
    ]
  ) {
    const r = await call('plot-inspections', { token, body })
    assert.equal(r.status, 400, `${JSON.stringify(body).slice(0, 80)} → ${r.text}`)
    errorCode(r)
  }
  const [{ n }] =
    await sql()`select count(*)::int as n from public.plot_inspections where plot_id = ${h.plot}`
  assert.equal(n, 0)
})

/** A 1×1 JPEG's worth of bytes (the bucket checks the declared type, not the pixels). */
const PHOTO = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], { type: 'image/jpeg' })

test('only the scheduler sweeps photos; the expired go from Storage and from their inspection', async () => {
  for (
    const [token, status] of [[null, 401], [ANON_KEY(), 403], [
      await tokenFor(staff.team),
      403,
    ]] as const
  ) {
    const r = await call('plot-inspections', { token, body: { action: 'sweep' } })
    assert.equal(r.status, status, r.text)
  }
  const h = await holder('sweep')
  const token = await tokenFor(staff.team)
  const team = clientAs(token)
  // Uploaded as a phone does, before it sends each inspection: an old one and a recent one.
  const [old, recent, unsent] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()]
  const photo = (id: string, n = 1) => `${h.site}/${id}/${n}.jpg`
  for (const name of [photo(old), photo(old, 2), photo(recent)]) {
    const up = await team.storage.from('inspection-photos').upload(name, PHOTO)
    assert.equal(up.error, null, `upload ${name}`)
  }
  for (
    const [id, photos] of [[old, [photo(old), photo(old, 2)]], [recent, [photo(recent)]]] as const
  ) {
    const r = await call('plot-inspections', {
      token,
      body: { action: 'record', id, plot_id: h.plot, score: 4, photos },
    })
    assert.equal(r.status, 201, r.text)
  }
  // The old inspection was made 25 months ago. A photo whose inspection was never recorded was
  // uploaded 32 days ago: its row as the Storage server wrote it then (an update would stamp it
  // now, as Storage's own trigger does on every change).
  await sql()`update public.plot_inspections set inspected_at = now() - interval '25 months' where id = ${old}`
  await sql()`insert into storage.objects (bucket_id, name, created_at, updated_at, metadata)
    values ('inspection-photos', ${
    photo(unsent)
  }, now() - interval '32 days', now() - interval '32 days',
      '{"mimetype": "image/jpeg", "size": 4}')`

  const swept = await call('plot-inspections', { token: SERVICE_KEY(), body: { action: 'sweep' } })
  assert.equal(swept.status, 200, swept.text)
  assert.ok(swept.json.removed >= 3, swept.text)
  assert.equal(swept.json.failed, 0)
  const left = await sql()`select name from storage.objects
    where bucket_id = 'inspection-photos' and name like ${`${h.site}/%`} order by name`
  assert.deepEqual(left.map((r) => r.name), [photo(recent)])
  const named = await sql()`select id::text, photos from public.plot_inspections
    where plot_id = ${h.plot} order by inspected_at`
  assert.deepEqual(named.map((r) => [r.id, r.photos]), [
    [old, []],
    [recent, [photo(recent)]],
  ])
  // The old inspection itself stays, as the plot's record; a second run finds nothing of this site.
  const again = await call('plot-inspections', { token: SERVICE_KEY(), body: { action: 'sweep' } })
  assert.equal(again.status, 200, again.text)
  const still = await sql()`select count(*)::int as n from storage.objects
    where bucket_id = 'inspection-photos' and name like ${`${h.site}/%`}`
  assert.equal(still[0].n, 1)
})
