// `db`: loads 1,000,000 waiting-list entries over 200 sites (through the real triggers, so the
// counters and history are maintained as in production), then times get_waiting_list_counts
// for 200 names (as anon) and the patch manager's waiting-list page (as the patch manager,
// RLS on: role authenticated + request.jwt.claims, as PostgREST runs it). Prints p50/p99 and
// EXPLAIN (ANALYZE, BUFFERS) of both.
import postgres from 'postgres'
import type { Bench, BenchContext, BenchSection } from './run.ts'

const SITES = 200
const PM_ID = '00000000-0000-4000-b000-00000000be01'

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[i]
}

function summarise(times: number[]) {
  const s = [...times].sort((a, b) => a - b)
  return {
    calls: s.length,
    'p50 ms': percentile(s, 50),
    'p99 ms': percentile(s, 99),
    'max ms': s[s.length - 1],
  }
}

const PAGE_SQL =
  `select id, first_name, last_name, email, phone, postcode, status, joined_at, category_id, location
from public.waiting_list_entries
where site_id = $1 and status = 'waiting'
order by joined_at, id
limit 50 offset $2`

const bench: Bench = async (ctx: BenchContext): Promise<BenchSection> => {
  const entries = ctx.quick ? 100_000 : 1_000_000
  const calls = ctx.quick ? 300 : 2000
  const sql = postgres(ctx.stack.dbUrl, { max: 1, onnotice: () => {} })
  const notes: string[] = []
  try {
    // ---------------------------------------------------------------- load
    const siteIds = (await sql.unsafe(`
      insert into public.global_sites (city, city_slug, location, slug, status)
      select 'Benchton', 'benchton', 'Bench Site ' || g, 'bench-site-' || g, 'open' from generate_series(1, ${SITES}) g
      returning id`)).map((r) => Number(r.id))
    const batch = 100_000
    const loadStart = performance.now()
    for (let from = 1; from <= entries; from += batch) {
      const to = Math.min(entries, from + batch - 1)
      // Six in seven waiting, the rest already housed (7 is prime to the 200 sites, so every site
      // has both); joined one second apart.
      await sql.unsafe(`
        insert into public.waiting_list_entries (site_id, location, first_name, last_name, email, consent_privacy, joined_at, status)
        select s.ids[1 + g % ${SITES}], 'x', 'First' || g, 'Last' || (g % 997), 'bench' || g || '@example.com', true,
          now() - make_interval(secs => g), case when g % 7 = 0 then 'accepted' else 'waiting' end
        from generate_series(${from}, ${to}) g,
          (select array_agg(id order by id) as ids from public.global_sites where slug like 'bench-site-%') s`)
    }
    const loadMs = performance.now() - loadStart
    await sql.unsafe(
      'analyze public.waiting_list_entries; analyze private.waiting_list_counters; analyze public.global_sites',
    )
    console.log(`[bench db] loaded ${entries} entries in ${(loadMs / 1000).toFixed(1)} s`)

    // The patch manager of the first two bench sites.
    await sql.unsafe(`
      insert into auth.users (instance_id, id, aud, role, email, raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
        confirmation_token, recovery_token, email_change_token_new, email_change)
      values ('00000000-0000-0000-0000-000000000000', '${PM_ID}', 'authenticated', 'authenticated', 'bench-pm@example.com',
        '{}', '{}', now(), now(), '', '', '', '');
      update public.profiles set role_id = (select id from public.roles where name = 'patch_manager') where id = '${PM_ID}';
      insert into public.patch_manager_sites (user_id, site_id) values ('${PM_ID}', ${
      siteIds[0]
    }), ('${PM_ID}', ${siteIds[1]});`)
    const claims = JSON.stringify({
      sub: PM_ID,
      role: 'authenticated',
      aud: 'authenticated',
      email: 'bench-pm@example.com',
      aal: 'aal1',
      amr: [{ method: 'password', timestamp: 1 }],
      session_id: crypto.randomUUID(),
      app_metadata: {},
      user_metadata: {},
    })
    const names =
      (await sql`select location from public.global_sites where slug like 'bench-site-%' order by id`)
        .map((r) => r.location as string)

    // ---------------------------------------------------------------- counts, as anon
    const countTimes: number[] = []
    let countPlan = ''
    let countCheck = 0
    await sql.begin(async (tx) => {
      await tx`select set_config('role', 'anon', true), set_config('request.jwt.claims', '{"role":"anon"}', true)`
      for (let i = 0; i < 50; i++) {
        await tx`select * from public.get_waiting_list_counts(${names}::text[])`
      }
      for (let i = 0; i < calls; i++) {
        const t0 = performance.now()
        const rows = await tx`select * from public.get_waiting_list_counts(${names}::text[])`
        countTimes.push(performance.now() - t0)
        if (i === 0) countCheck = rows.reduce((n, r) => n + Number(r.count), 0)
      }
      countPlan = (await tx.unsafe(
        `explain (analyze, buffers) select * from public.get_waiting_list_counts($1::text[])`,
        [names],
      ))
        .map((r) => r['QUERY PLAN']).join('\n')
    })

    // ---------------------------------------------------------------- page, as the patch manager
    const pageTimes: number[] = []
    let pagePlan = ''
    let pageRows = 0
    let hiddenRows = -1
    await sql.begin(async (tx) => {
      await tx`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', ${claims}, true)`
      for (let i = 0; i < 50; i++) await tx.unsafe(PAGE_SQL, [siteIds[i % 2], 0], { prepare: true })
      for (let i = 0; i < calls; i++) {
        const t0 = performance.now()
        const rows = await tx.unsafe(PAGE_SQL, [siteIds[i % 2], 50 * (i % 5)], { prepare: true })
        pageTimes.push(performance.now() - t0)
        if (i === 0) pageRows = rows.length
      }
      hiddenRows = (await tx.unsafe(PAGE_SQL, [siteIds[2], 0])).length
      pagePlan = (await tx.unsafe(
        `explain (analyze, buffers) ${
          PAGE_SQL.replace('$1', String(siteIds[0])).replace('$2', '0')
        }`,
      ))
        .map((r) => r['QUERY PLAN']).join('\n')
    })

    const expectedLive = entries - Math.floor(entries / 7)
    console.log('\nEXPLAIN (ANALYZE, BUFFERS) get_waiting_list_counts(200 names):\n' + countPlan)
    console.log(
      '\nEXPLAIN (ANALYZE, BUFFERS) patch manager waiting-list page (RLS on):\n' + pagePlan,
    )
    notes.push(
      `Loaded ${
        entries.toLocaleString('en-GB')
      } entries over ${SITES} sites through the triggers in ${(loadMs / 1000).toFixed(1)} s ` +
        `(${Math.round(entries / (loadMs / 1000)).toLocaleString('en-GB')} rows/s).`,
      `Counts summed to ${countCheck.toLocaleString('en-GB')} (expected ${
        expectedLive.toLocaleString('en-GB')
      } live). ` +
        `The page returned ${pageRows} rows; a site the patch manager does not manage returned ${hiddenRows}.`,
      '',
      '```',
      'get_waiting_list_counts (200 names), as anon:',
      countPlan,
      '',
      'waiting-list page, as the patch manager:',
      pagePlan,
      '```',
    )
    return {
      title: 'db: waiting-list counts and the patch manager page',
      rows: [
        {
          name: `get_waiting_list_counts, 200 names, ${
            entries.toLocaleString('en-GB')
          } entries (anon)`,
          figures: summarise(countTimes),
          goal: 'p50 ≤ 2 ms',
        },
        {
          name: 'patch manager waiting-list page, 50 rows, RLS on',
          figures: summarise(pageTimes),
          goal: 'p50 ≤ 10 ms',
        },
      ],
      notes,
    }
  } finally {
    await sql.end({ timeout: 5 })
  }
}

export default bench
