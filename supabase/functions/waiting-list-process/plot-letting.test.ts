// A plot is never let twice, whatever two sessions do at once: an open tenancy per plot is a
// unique index, and offering a plot locks it first. Two real connections, as two staff phones or
// a staff member and the scheduled re-letting would be (pgTAP runs in one session).
import assert from 'node:assert/strict'
import { sql, test } from '../_shared/testing.ts'
import { plotWords } from './handler.ts'

/** A fresh open site with plot 7 (vacant) and two applicants in a known order. */
async function siteWithPlot() {
  const tag = crypto.randomUUID().slice(0, 8)
  const [site] =
    await sql()`insert into public.global_sites (city, city_slug, location, slug, status)
    values ('Letton', 'letton', ${'Let ' + tag}, ${'let-' + tag}, 'open') returning id`
  const siteId = Number(site.id)
  for (let i = 0; i < 2; i++) {
    await sql()`insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy, joined_at)
      values (${siteId}, 'x', ${'T' + i}, 'Let', ${`t${i}.${tag}@example.com`}, true,
        now() - make_interval(days => ${30 - i}))`
  }
  const [plot] = await sql()`insert into public.plots (site_id, number, status)
    values (${siteId}, '7', 'vacant') returning id`
  return { siteId, plotId: Number(plot.id) }
}

type Session = Awaited<ReturnType<ReturnType<typeof sql>['reserve']>>

async function asServiceRole(s: Session) {
  await s`begin`
  await s`set local role service_role`
  await s`select set_config('request.jwt.claims', '{"role": "service_role"}', true)`
}

test('two sessions offering the same plot at once: the second waits, then is refused', async () => {
  const { plotId } = await siteWithPlot()
  const a = await sql().reserve()
  const b = await sql().reserve()
  try {
    await asServiceRole(a)
    await asServiceRole(b)
    const [first] = await a`select entry_id from public.offer_plot(${plotId})`
    assert.ok(first.entry_id, 'the first session offers plot 7')
    // The second session's offer waits on the plot's lock until the first commits.
    const second = b`select entry_id from public.offer_plot(${plotId})`.then(
      () => 'offered',
      (e: { code?: string; message?: string }) => `${e.code}: ${e.message}`,
    )
    await a`commit`
    assert.equal(
      await second,
      '22023: Plot 7 is offered: only a vacant plot or one being prepared can be offered',
    )
    const [{ open }] = await sql()`select count(*)::int as open from public.plot_offers
      where plot_id = ${plotId} and status = 'offered'`
    assert.equal(open, 1, 'one open offer of plot 7')
  } finally {
    await a`rollback`.catch(() => {})
    await b`rollback`.catch(() => {})
    a.release()
    b.release()
  }
})

test('two sessions letting the same plot at once: the second tenancy is refused', async () => {
  const { plotId } = await siteWithPlot()
  const token = await sql().begin(async (tx) => {
    await tx`set local role service_role`
    await tx`select set_config('request.jwt.claims', '{"role": "service_role"}', true)`
    const [row] = await tx`select o.response_token as token from public.offer_plot(${plotId}) o`
    return row.token as string
  })
  const a = await sql().reserve()
  const b = await sql().reserve()
  try {
    await a`begin`
    assert.equal(
      (await a`select public.respond_to_plot_offer(${token}, true) as r`)[0].r,
      'accepted',
    )
    await b`begin`
    // Another path lets the same plot while the acceptance is not yet committed.
    const second = b`insert into public.plot_tenancies (plot_id, site_id)
      select id, site_id from public.plots where id = ${plotId}`.then(
      () => 'let',
      (e: { code?: string }) => e.code,
    )
    await a`commit`
    assert.equal(await second, '23505', 'the unique open tenancy refuses the second letting')
    const [{ open, status }] = await sql()`select
      (select count(*)::int from public.plot_tenancies where plot_id = ${plotId} and ended_at is null) as open,
      (select status from public.plots where id = ${plotId}) as status`
    assert.equal(open, 1, 'one tenancy')
    assert.equal(status, 'let')
  } finally {
    await a`rollback`.catch(() => {})
    await b`rollback`.catch(() => {})
    a.release()
    b.release()
  }
})

test('the offer e-mail names the plot, its size and features', () => {
  assert.equal(
    plotWords({
      plot_number: '7',
      plot_size: 'full',
      plot_size_m2: 250,
      plot_features: ['near_tap', 'raised_bed'],
    }),
    'Plot 7, a full plot of 250 m² (near tap, raised bed)',
  )
  assert.equal(
    plotWords({ plot_number: '14B', plot_size: 'half', plot_size_m2: null, plot_features: [] }),
    'Plot 14B, a half plot',
  )
  assert.equal(
    plotWords({ plot_number: null, plot_size: null, plot_size_m2: null, plot_features: null }),
    '',
    'no plot named at a site without a register',
  )
})
