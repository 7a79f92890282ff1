// Offers and concurrent sessions: make_plot_offers takes the next applicants with
// `for update skip locked`, so an applicant another session holds is skipped, never waited
// for and never offered twice. Two real connections, as two processors would be (pgTAP runs in
// one session, and dblink needs a password as a non-superuser on Supabase).
import assert from 'node:assert/strict'
import { sql, test } from '../_shared/testing.ts'

/** A fresh open site with three applicants in a known order. */
async function siteWithThree() {
  const tag = crypto.randomUUID().slice(0, 8)
  const [site] =
    await sql()`insert into public.global_sites (city, city_slug, location, slug, status)
    values ('Lockton', 'lockton', ${'Lock ' + tag}, ${'lock-' + tag}, 'open') returning id`
  const ids: number[] = []
  for (let i = 0; i < 3; i++) {
    const [row] =
      await sql()`insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy, joined_at)
      values (${site.id}, 'x', ${
        'L' + i
      }, 'Lock', ${`l${i}.${tag}@example.com`}, true, now() - make_interval(days => ${
        30 - i
      })) returning id`
    ids.push(Number(row.id))
  }
  return { siteId: Number(site.id), ids }
}

test('an offer skips the applicant another session has locked and offers the next one', async () => {
  const { siteId, ids } = await siteWithThree()
  const holder = await sql().reserve()
  const processor = await sql().reserve()
  try {
    await holder`begin`
    const [locked] =
      await holder`select id from public.waiting_list_entries where site_id = ${siteId} and status = 'waiting'
      order by joined_at, id limit 1 for update`
    assert.equal(Number(locked.id), ids[0])

    await processor`begin`
    // Without skip locked the offer would wait for the holder: fail instead of hanging.
    await processor`set local lock_timeout = '5s'`
    await processor`set local role service_role`
    await processor`select set_config('request.jwt.claims', '{"role": "service_role"}', true)`
    const offered = await processor`select entry_id from public.make_plot_offers(${siteId}, 1)`
    assert.deepEqual(
      offered.map((r) => Number(r.entry_id)),
      [ids[1]],
      'the offer went to the next applicant',
    )
    await processor`commit`

    await holder`rollback`
    const [first] =
      await sql()`select status, (select count(*) from public.plot_offers where entry_id = ${
        ids[0]
      }) as offers
      from public.waiting_list_entries where id = ${ids[0]}`
    assert.equal(first.status, 'waiting', 'the locked applicant is still waiting')
    assert.equal(Number(first.offers), 0, 'and was not offered a plot')
  } finally {
    await holder`rollback`.catch(() => {})
    await processor`rollback`.catch(() => {})
    holder.release()
    processor.release()
  }
})

test('two processors at once never offer one applicant twice', async () => {
  const { siteId, ids } = await siteWithThree()
  const a = await sql().reserve()
  const b = await sql().reserve()
  try {
    for (const s of [a, b]) {
      await s`begin`
      await s`set local lock_timeout = '5s'`
      await s`set local role service_role`
      await s`select set_config('request.jwt.claims', '{"role": "service_role"}', true)`
    }
    const first = await a`select entry_id from public.make_plot_offers(${siteId}, 2)`
    const second = await b`select entry_id from public.make_plot_offers(${siteId}, 2)`
    await a`commit`
    await b`commit`
    const all = [...first, ...second].map((r) => Number(r.entry_id)).sort((x, y) => x - y)
    assert.deepEqual(all, ids, 'each applicant was offered exactly once between the two')
  } finally {
    for (const s of [a, b]) {
      await s`rollback`.catch(() => {})
      s.release()
    }
  }
})
