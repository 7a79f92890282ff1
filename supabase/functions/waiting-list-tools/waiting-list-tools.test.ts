import assert from 'node:assert/strict'
import {
  call,
  errorCode,
  fillList,
  newSite,
  sql,
  staff,
  test,
  tokenFor,
} from '../_shared/testing.ts'
import { handler } from './handler.ts'

const tool = async (body: Record<string, unknown>, who: string | null = staff.founder) =>
  call('waiting-list-tools', { body, token: who ? await tokenFor(who) : undefined })

async function entry(
  location: string,
  first: string,
  email: string,
  daysAgo: number,
  extra: {
    phone?: string
    postcode?: string
    category_id?: number
    site_id?: number
    consent_marketing?: boolean
  } = {},
) {
  const [e] =
    await sql()`insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, phone, postcode, category_id, consent_privacy, consent_marketing, joined_at)
    values (${extra.site_id ?? null}, ${location}, ${first}, 'Dup', ${email}, ${
      extra.phone ?? null
    }, ${extra.postcode ?? null}, ${extra.category_id ?? null}, true,
      ${extra.consent_marketing ?? false}, now() - make_interval(days => ${daysAgo})) returning id`
  return Number(e.id)
}
const statusOf = async (id: number) =>
  (await sql()`select status, postcode, joined_at, site_id, location from public.waiting_list_entries where id = ${id}`)[
    0
  ]

test('consolidator: a dry run lists duplicates across categories; the merge keeps the earliest and fills gaps', async () => {
  const tag = crypto.randomUUID().slice(0, 8)
  const place = `Dupton ${tag}`
  const early = await entry(place, 'Ann', `ann.${tag}@example.com`, 100, {
    phone: '07700 900555',
    category_id: 1,
  })
  const late = await entry(place, 'ann', `ann.other.${tag}@example.com`, 10, {
    phone: '077 00900555',
    postcode: 'BA1 6QE',
    category_id: 2,
  })
  const other = await entry(place, 'Bob', `bob.${tag}@example.com`, 50, { phone: '07700 900666' })
  const dry = await tool({ tool: 'consolidator', location: place })
  assert.equal(dry.status, 200, dry.text)
  assert.equal(dry.json.dry_run, true)
  assert.equal(dry.json.groups.length, 1)
  assert.equal(Number(dry.json.groups[0].keep_id), early)
  assert.deepEqual(dry.json.groups[0].merged_ids.map(Number), [late])
  assert.equal((await statusOf(late)).status, 'waiting', 'a dry run changes nothing')
  const run = await tool({ tool: 'consolidator', location: place, dry_run: false })
  assert.equal(run.json.groups.length, 1)
  assert.equal((await statusOf(late)).status, 'removed')
  const kept = await statusOf(early)
  assert.equal(kept.status, 'waiting')
  assert.equal(kept.postcode, 'BA1 6QE', 'missing details come from the duplicate')
  assert.equal((await statusOf(other)).status, 'waiting')
  const again = await tool({ tool: 'consolidator', location: place, dry_run: false })
  assert.deepEqual(again.json.groups, [], 'nothing left to merge')
  const [audit] =
    await sql()`select actor_role from public.audit_log where table_name = 'waiting_list_entries' and row_id = ${
      String(late)
    } and action = 'update' order by id desc limit 1`
  assert.equal(audit.actor_role, 'founder')
})

test('location migrator: moves a place to a site keeping order; one entry per person with the earlier date', async () => {
  const tag = crypto.randomUUID().slice(0, 8)
  const [site] =
    await sql()`insert into public.global_sites (city, city_slug, location, slug, status) values ('Newtown', 'newtown', ${
      'Newtown Fields ' + tag
    }, ${'newtown-' + tag}, 'open') returning id`
  const siteId = Number(site.id)
  const place = `Newtown area ${tag}`
  const a = await entry(place, 'First', `first.${tag}@example.com`, 300)
  const b = await entry(place, 'Second', `second.${tag}@example.com`, 200)
  const both = await entry(place, 'Both', `both.${tag}@example.com`, 250)
  const onSite = await entry('x', 'Both', `both.${tag}@example.com`, 5, { site_id: siteId })
  const dry = await tool({
    tool: 'location-migrator',
    from_location: place.toUpperCase(),
    to_site_id: siteId,
  })
  assert.equal(dry.status, 200, dry.text)
  assert.deepEqual([dry.json.moved, dry.json.merged], [2, 1])
  assert.equal((await statusOf(a)).site_id, null, 'a dry run changes nothing')
  const run = await tool({
    tool: 'location-migrator',
    from_location: place,
    to_site_id: siteId,
    dry_run: false,
  })
  assert.deepEqual([run.json.moved, run.json.merged, run.json.to_location], [
    2,
    1,
    `Newtown Fields ${tag}`,
  ])
  const queue =
    await sql()`select first_name from public.waiting_list_entries where site_id = ${siteId} and status = 'waiting' order by joined_at, id`
  assert.deepEqual(
    queue.map((q) => q.first_name),
    ['First', 'Both', 'Second'],
    'join dates (and order) kept; the duplicate takes the earlier date',
  )
  assert.equal((await statusOf(both)).status, 'removed')
  assert.equal((await statusOf(onSite)).status, 'waiting')
  assert.equal((await statusOf(b)).location, `Newtown Fields ${tag}`)
  assert.equal(
    (await tool({
      tool: 'location-migrator',
      from_location: place,
      to_site_id: 99999999,
      dry_run: false,
    })).status,
    404,
  )
})

test("ac-sync pushes consenting applicants to the site's list; no list → 409; a provider outage → 502", async () => {
  const tag = crypto.randomUUID().slice(0, 8)
  const [site] =
    await sql()`insert into public.global_sites (city, city_slug, location, slug, status, ac_id) values ('Acton', 'acton', ${
      'Acton ' + tag
    }, ${'acton-' + tag}, 'open', ${'list-' + tag}) returning id`
  const siteId = Number(site.id)
  await entry('x', 'Yes', `yes.${tag}@example.com`, 20, {
    site_id: siteId,
    consent_marketing: true,
  })
  await entry('x', 'No', `no.${tag}@example.com`, 10, { site_id: siteId, consent_marketing: false })
  const r = await tool({ tool: 'ac-sync', site_id: siteId })
  assert.equal(r.status, 200, r.text)
  assert.deepEqual([r.json.list_id, r.json.pushed, r.json.skipped_without_consent], [
    'list-' + tag,
    1,
    1,
  ])
  const calls =
    await sql()`select request from private.provider_calls where provider = 'campaigns' and request ->> 'list_id' = ${
      'list-' + tag
    }`
  assert.deepEqual(calls.map((c) => c.request.contact.email), [`yes.${tag}@example.com`])
  const [noList] =
    await sql()`insert into public.global_sites (city, city_slug, location, slug, status) values ('Acton', 'acton', ${
      'NoList ' + tag
    }, ${'nolist-' + tag}, 'open') returning id`
  const none = await tool({ tool: 'ac-sync', site_id: Number(noList.id) })
  assert.equal(none.status, 409)
  assert.equal(errorCode(none), 'no_campaign_list')

  const server = Deno.serve(
    { hostname: '127.0.0.1', port: 0, onListen: () => {} },
    () => Response.json({ message: 'down' }, { status: 503 }),
  )
  Deno.env.set('CAMPAIGNS_PROVIDER', 'activecampaign')
  Deno.env.set('ACTIVECAMPAIGN_URL', `http://127.0.0.1:${server.addr.port}`)
  Deno.env.set('ACTIVECAMPAIGN_API_TOKEN', 'ac-test-token')
  try {
    const res = await handler(
      new Request('http://x/waiting-list-tools', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${await tokenFor(staff.founder)}`,
        },
        body: JSON.stringify({ tool: 'ac-sync', site_id: siteId }),
      }),
    )
    assert.equal(res.status, 502)
    assert.equal((await res.json()).error.code, 'upstream_failed')
  } finally {
    Deno.env.delete('CAMPAIGNS_PROVIDER')
    Deno.env.delete('ACTIVECAMPAIGN_URL')
    Deno.env.delete('ACTIVECAMPAIGN_API_TOKEN')
    await server.shutdown()
  }
})

test('ac-sync reads the whole list, past the 1,000 rows one request answers', async () => {
  const tag = crypto.randomUUID().slice(0, 8)
  const siteId = await newSite('Long', tag, 'list-' + tag)
  await fillList(siteId, 2101, 'Long', tag)
  const r = await tool({ tool: 'ac-sync', site_id: siteId, dry_run: true })
  assert.equal(r.status, 200, r.text)
  assert.deepEqual([r.json.would_push, r.json.skipped_without_consent], [1050, 1051])
})

test('admins only: patch managers and members 403, anon 401; bad bodies 400', async () => {
  assert.equal((await tool({ tool: 'consolidator' }, staff.patch)).status, 403)
  assert.equal((await tool({ tool: 'consolidator' }, staff.member)).status, 403)
  assert.equal((await tool({ tool: 'consolidator' }, null)).status, 401)
  for (
    const body of [
      { tool: 'nuke' },
      { tool: 'location-migrator', from_location: '', to_site_id: 1 },
      { tool: 'ac-sync', site_id: 'x' },
      { tool: 'consolidator', extra: 1 },
    ]
  ) {
    assert.equal((await tool(body)).status, 400, JSON.stringify(body))
  }
})
