// Faults under load, on a stack of its own: Postgres stops in the middle of the load; the
// gateway answers with clean 5xx (no request hangs), recovers by itself when Postgres is back,
// and loses no accepted write. Short in `npm test`;
// `npm run test:faults` runs longer phases. Times are printed against the 5 s goal, not asserted.
import assert from 'node:assert/strict'
import { join } from 'node:path'
import postgres from 'postgres'
import { ANON_KEY, paths } from '../../config.ts'
import { freePort, startStack } from '../../stack.ts'
import { testGatewayEnv } from '../env.ts'
import { percentile } from './stats.ts'

const full = Deno.env.get('TEST_FULL') === '1'
const PHASE_MS = full ? 5000 : 1200
const HANG_GUARD_MS = 60_000 // a harness guard against hung requests, not a speed assertion
const run = Deno.pid // named by pid so a later run can sweep it if this one is killed
const RUNTIME_VARS = ['SUPABASE_URL', 'SUPABASE_ANON_KEY', 'SUPABASE_SERVICE_ROLE_KEY', 'SUPABASE_DB_URL', 'SB_SITE_URL']

interface Outcome { status: number; ms: number; email: string; reference?: string; hung?: boolean; phase: string; startedAt: number; endedAt: number }

Deno.test('faults: Postgres stops mid-load and returns; nothing hangs, the gateway recovers, no accepted write is lost', async () => {
  const savedEnv = Object.fromEntries(RUNTIME_VARS.map((k) => [k, Deno.env.get(k)]))
  const ports = { api: freePort(), db: freePort(), web: freePort() }
  const stack = await startStack({ ports, dir: join(paths.stackDir, `faults-${run}`), ephemeral: true, durable: true, reset: true, quiet: true, env: testGatewayEnv })
  const sql = postgres(stack.dbUrl, { max: 1, onnotice: () => {} })
  const outcomes: Outcome[] = []
  let n = 0
  let phase = 'warm'
  let running = true

  const joinOnce = async (doFetch: typeof fetch) => {
    const email = `fault-${run}-${n++}@example.com`
    const started = performance.now()
    const label = phase
    try {
      const res = await doFetch(`${stack.apiUrl}/functions/v1/waiting-list`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${ANON_KEY}`, apikey: ANON_KEY },
        body: JSON.stringify({ kind: 'waiting_list', site: 'darenth-fields', first_name: 'Fault', last_name: 'Tester', email, consent_privacy: true }),
        signal: AbortSignal.timeout(HANG_GUARD_MS),
      })
      const body = await res.text()
      outcomes.push({ status: res.status, ms: performance.now() - started, startedAt: started, endedAt: performance.now(), email, phase: label, reference: res.status === 201 ? JSON.parse(body).reference : undefined })
    } catch (e) {
      const hung = e instanceof DOMException && (e.name === 'TimeoutError' || e.name === 'AbortError')
      outcomes.push({ status: 0, ms: performance.now() - started, startedAt: started, endedAt: performance.now(), email, phase: label, hung })
    }
  }
  const loop = async (doFetch: () => typeof fetch) => { while (running) await joinOnce(doFetch()) }
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
  const t0 = performance.now()
  const mark = (what: string) => { if (Deno.env.get('FAULTS_DEBUG')) console.log(`[faults] ${((performance.now() - t0) / 1000).toFixed(1)}s ${what}`) }

  try {
    // Phase 1: plain clients while Postgres goes away and comes back.
    const plain = Array.from({ length: 8 }, () => loop(() => fetch))
    await sleep(PHASE_MS)
    phase = 'db-down'
    mark('stopping postgres')
    const stoppedAt = performance.now()
    await stack.cluster.stop('immediate')
    const restStarted = performance.now()
    const rest = await fetch(`${stack.apiUrl}/rest/v1/global_sites?select=id&limit=1`, { headers: { apikey: ANON_KEY }, signal: AbortSignal.timeout(HANG_GUARD_MS) })
    const restMs = performance.now() - restStarted
    mark(`rest answered ${rest.status}`)
    const restBody = await rest.json()
    assert.equal(rest.status, 503, 'REST answers 503 while the database is down')
    assert.ok(typeof restBody.code === 'string' && 'message' in restBody && 'details' in restBody && 'hint' in restBody, 'PostgREST error shape')
    await sleep(PHASE_MS)
    phase = 'db-back'
    mark('starting postgres')
    await stack.cluster.start()
    const back = performance.now()
    let recoveredMs = -1
    let recoveredAt = Infinity
    while (performance.now() - back < HANG_GUARD_MS) {
      const res = await fetch(`${stack.apiUrl}/rest/v1/global_sites?select=id&limit=1`, { headers: { apikey: ANON_KEY } })
      await res.body?.cancel()
      if (res.status === 200) { recoveredMs = performance.now() - back; recoveredAt = performance.now(); break }
      await sleep(100)
    }
    mark('recovered')
    assert.ok(recoveredMs >= 0, 'the gateway recovered by itself once Postgres was back')
    await sleep(PHASE_MS)
    running = false
    await Promise.all(plain)
    mark('phase 1 done')

    // What the clients saw.
    const of = (p: string) => outcomes.filter((o) => o.phase === p)
    const lat = (os: Outcome[]) => os.map((o) => o.ms).sort((a, b) => a - b)
    const down = of('db-down')
    console.log(`[faults] REST during outage answered in ${restMs.toFixed(0)} ms; recovered ${(recoveredMs / 1000).toFixed(2)} s after Postgres returned (goal ≤ 5 s)`)
    console.log(`[faults] joins during outage: ${down.length}, p50 ${percentile(lat(down), 50).toFixed(0)} ms, max ${Math.max(0, ...lat(down)).toFixed(0)} ms; statuses ${JSON.stringify(Object.fromEntries(Object.entries(Object.groupBy(outcomes, (o) => `${o.phase}:${o.status}`)).map(([k, v]) => [k, v!.length])))}`)

    assert.deepEqual(outcomes.filter((o) => o.hung).map((o) => o.email), [], 'no request hung')
    for (const o of outcomes) assert.ok([200, 201, 502, 503].includes(o.status), `${o.phase} answer ${o.status} is a success or a clean 502/503`)
    assert.ok(outcomes.some((o) => o.status === 502 || o.status === 503), 'the outage was seen by the clients')
    assert.ok(of('warm').filter((o) => o.endedAt < stoppedAt).every((o) => o.status === 201), 'before the fault every join succeeds')
    assert.ok(of('db-back').filter((o) => o.startedAt > recoveredAt).every((o) => o.status === 201), 'after recovery every join succeeds')

    // No accepted write was lost: every 201 is a row, every 200 (already there) too.
    const rows = await sql`select reference, email from public.waiting_list_entries where email like ${`fault-${run}-%`}`
    const refs = new Set(rows.map((r) => r.reference))
    const emails = new Set(rows.map((r) => r.email))
    for (const o of outcomes.filter((o) => o.status === 201)) assert.ok(refs.has(o.reference), `accepted ${o.email} is stored`)
    for (const o of outcomes.filter((o) => o.status === 200)) assert.ok(emails.has(o.email), `confirmed ${o.email} is stored`)
    const failedEmails = new Set(outcomes.filter((o) => o.status >= 500).map((o) => o.email))
    assert.equal(rows.length + [...failedEmails].filter((e) => !emails.has(e)).length, new Set(outcomes.map((o) => o.email)).size)
  } catch (e) {
    console.error('[faults] failed:', e)
    throw e
  } finally {
    running = false
    mark('cleaning up')
    await sql.end({ timeout: 2 }).catch(() => {})
    await stack.stop().catch(() => {})
    for (const [k, v] of Object.entries(savedEnv)) v === undefined ? Deno.env.delete(k) : Deno.env.set(k, v)
  }
})
