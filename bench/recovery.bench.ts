// Recovery, on a stack of its own: Postgres stops while clients read through REST and
// join a list through the waiting-list function, then returns. Figures: how fast requests are
// answered during the outage (a pooler in front of PostgREST answers 503 with Retry-After at
// once), and how long after Postgres accepts connections again the gateway serves a read, next
// to the baseline of the same run: a fresh direct connection's first `select 1`. Goals: outage
// answers within 1 s, serving again within 1 s of Postgres returning.
import { join } from 'node:path'
import postgres from 'postgres'
import type { Bench, BenchRow } from './run.ts'
import { ANON_KEY, paths } from '../stack/config.ts'
import { freePort, startStack } from '../stack/stack.ts'
import { testGatewayEnv } from '../stack/tests/env.ts'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}

const bench: Bench = async ({ quick }) => {
  const stack = await startStack({
    ports: { api: freePort(), db: freePort(), web: freePort() },
    dir: join(paths.stackDir, `bench-recovery-${Deno.pid}`),
    ephemeral: true,
    durable: true,
    reset: true,
    quiet: true,
    env: testGatewayEnv,
    schedules: false,
  })
  const headers = { apikey: ANON_KEY, authorization: `Bearer ${ANON_KEY}` }
  const read = () => fetch(`${stack.apiUrl}/rest/v1/global_sites?select=id&limit=1`, { headers })
  let n = 0
  const join_ = () =>
    fetch(`${stack.apiUrl}/functions/v1/waiting-list`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        kind: 'waiting_list',
        site: 'darenth-fields',
        first_name: 'Bench',
        last_name: 'Recovery',
        email: `bench-recovery-${Deno.pid}-${n++}@example.com`,
        consent_privacy: true,
      }),
    })
  const timed = async (call: () => Promise<Response>) => {
    const t = performance.now()
    const res = await call()
    await res.body?.cancel()
    return {
      ms: performance.now() - t,
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
    }
  }
  try {
    for (let i = 0; i < 20; i++) await timed(read)
    const rounds = quick ? 2 : 5
    const reads: number[] = []
    const joins: number[] = []
    const statuses: Record<string, number> = {}
    const recovered: number[] = []
    const direct: number[] = []
    for (let round = 0; round < rounds; round++) {
      // Requests in flight when Postgres stops, then requests made during the outage.
      const inFlight = Array.from({ length: 8 }, (_, i) => timed(i % 2 ? read : join_))
      await stack.cluster.stop('immediate')
      const during = await Promise.all([
        ...inFlight,
        ...Array.from({ length: 8 }, (_, i) => timed(i % 2 ? read : join_)),
      ])
      await sleep(300)
      const later = await Promise.all(
        Array.from({ length: 8 }, (_, i) => timed(i % 2 ? read : join_)),
      )
      for (const [i, o] of [...during.slice(8), ...later].entries()) {
        ;(i % 2 ? reads : joins).push(o.ms)
        const key = `${o.status}${o.retryAfter ? ` (Retry-After ${o.retryAfter})` : ''}`
        statuses[key] = (statuses[key] ?? 0) + 1
      }
      await stack.cluster.start()
      const back = performance.now()
      // Baseline: a fresh direct connection's first query once Postgres is back.
      const probe = postgres(stack.dbUrl, { max: 1, onnotice: () => {} })
      await probe`select 1`
      direct.push(performance.now() - back)
      await probe.end({ timeout: 1 })
      while ((await timed(read)).status !== 200) await sleep(10)
      recovered.push(performance.now() - back)
    }
    const sort = (xs: number[]) => [...xs].sort((a, b) => a - b)
    const base = percentile(sort(direct), 50)
    const rows: BenchRow[] = [
      {
        name: 'REST read during the outage',
        figures: {
          'p50 ms': percentile(sort(reads), 50),
          'max ms': Math.max(...reads),
          n: reads.length,
        },
        goal: 'answered ≤ 1000 ms (503 + Retry-After)',
      },
      {
        name: 'join (waiting-list function) during the outage',
        figures: {
          'p50 ms': percentile(sort(joins), 50),
          'max ms': Math.max(...joins),
          n: joins.length,
        },
        goal: 'answered ≤ 1000 ms (503 + Retry-After)',
      },
      {
        name: 'serving again after Postgres returns',
        figures: {
          'p50 ms': percentile(sort(recovered), 50),
          'max ms': Math.max(...recovered),
          'direct connection p50 ms': base,
        },
        ratios: { 'vs direct connection': percentile(sort(recovered), 50) / base },
        goal: '≤ 1000 ms',
      },
    ]
    return {
      title: 'Recovery from a database outage',
      rows,
      notes: [
        `${rounds} outages (\`pg_ctl stop -m immediate\`), each with 8 requests in flight, 8 made at once and 8 after 300 ms, half REST reads, half joins; answers seen: ${
          Object.entries(statuses).map(([k, v]) => `${k} × ${v}`).join(', ')
        }. The gateway answers in recovery mode (503 PGRST001, Retry-After 1) while a probe reconnects every 200 ms; functions answer 503 \`unavailable\` with Retry-After and leave retrying to the caller.`,
      ],
    }
  } finally {
    await stack.stop().catch(() => {})
  }
}

export default bench
