// Load: 50 concurrent clients join waiting lists, mixing new people, repeats of the same people
// and invalid payloads. Afterwards every 2xx is a row, nobody is on a list twice, no answer was a
// 5xx and invalid payloads wrote nothing. Short in `npm test` (TEST_FULL unset: 3 s);
// `npm run test:load` runs the full 30 s. It prints throughput and latency; it never asserts a
// speed, because these machines are shared.
import assert from 'node:assert/strict'
import postgres from 'postgres'
import { percentile } from './stats.ts'

const url = Deno.env.get('SUPABASE_URL')!
const anon = Deno.env.get('SUPABASE_ANON_KEY')!
const full = Deno.env.get('TEST_FULL') === '1'
const SECONDS = full ? 30 : 3
const CLIENTS = 50
const run = crypto.randomUUID().slice(0, 8)
const SITES = ['darenth-fields', 'loxley-meadow', 'haigh-fields']

type Kind = 'new' | 'repeat' | 'invalid'
interface Outcome {
  kind: Kind
  status: number
  ms: number
  email?: string
}

const person = (email: string) => ({
  first_name: 'Load',
  last_name: `Tester ${run}`,
  email,
  consent_privacy: true,
})

function invalidBody(n: number): string {
  const email = `load-${run}-invalid-${n}@example.com`
  const bodies: unknown[] = [
    { kind: 'waiting_list', site: SITES[0], ...person(email), consent_privacy: false },
    { kind: 'waiting_list', site: SITES[0], ...person(email), email: `not-an-email-${n}` },
    { kind: 'waiting_list', site: SITES[0], ...person(email), first_name: 'x'.repeat(5000) },
    {
      kind: 'waiting_list',
      site: `${SITES[0]}'; drop table waiting_list_entries; --`,
      ...person(email),
    },
    { kind: 'waiting_list', site: SITES[0], ...person(email), role: 'founder' },
    { kind: 'waiting_list', site: 42, ...person(email) },
    { kind: 'nonsense', site: SITES[0], ...person(email) },
  ]
  if (n % 8 === 7) return `{"kind":"waiting_list","site":"${SITES[0]}","email":"${email}"` // broken JSON
  return JSON.stringify(bodies[n % bodies.length])
}

Deno.test(`load: ${CLIENTS} clients join waiting lists for ${SECONDS}s; every 2xx is one row, invalid input writes nothing`, async () => {
  const sql = postgres(Deno.env.get('SUPABASE_DB_URL')!, { max: 2, onnotice: () => {} })
  const outcomes: Outcome[] = []
  let counter = 0
  const deadline = Date.now() + SECONDS * 1000
  const client = async () => {
    while (Date.now() < deadline) {
      const n = counter++
      const roll = n % 20
      const kind: Kind = roll < 12 ? 'new' : roll < 17 ? 'repeat' : 'invalid'
      const email = kind === 'new'
        ? `load-${run}-new-${n}@example.com`
        : kind === 'repeat'
        ? `load-${run}-repeat-${n % 10}@Example.com`
        : undefined
      const body = kind === 'invalid'
        ? invalidBody(n)
        : JSON.stringify({ kind: 'waiting_list', site: SITES[n % SITES.length], ...person(email!) })
      const started = performance.now()
      const res = await fetch(`${url}/functions/v1/waiting-list`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${anon}`,
          apikey: anon,
        },
        body,
      })
      const text = await res.text()
      const ms = performance.now() - started
      if (res.status >= 400) {
        const err = JSON.parse(text)
        assert.ok(
          err.error?.code && err.error?.message,
          `documented error shape: ${text.slice(0, 200)}`,
        )
      }
      outcomes.push({ kind, status: res.status, ms, email })
    }
  }
  const t0 = performance.now()
  await Promise.all(Array.from({ length: CLIENTS }, client))
  const elapsed = (performance.now() - t0) / 1000

  try {
    const byStatus = Object.groupBy(outcomes, (o) => String(o.status))
    const lat = outcomes.map((o) => o.ms).sort((a, b) => a - b)
    console.log(
      `[load] ${outcomes.length} requests in ${elapsed.toFixed(1)}s = ${
        (outcomes.length / elapsed).toFixed(0)
      } req/s; p50 ${percentile(lat, 50).toFixed(1)} ms, p99 ${
        percentile(lat, 99).toFixed(1)
      } ms; statuses ${
        JSON.stringify(Object.fromEntries(Object.entries(byStatus).map(([k, v]) => [k, v!.length])))
      }`,
    )

    assert.deepEqual(outcomes.filter((o) => o.status >= 500).map((o) => o.status), [], 'no 5xx')
    for (const o of outcomes) {
      if (o.kind === 'invalid') {
        assert.ok(o.status >= 400 && o.status < 500, `invalid payload answered ${o.status}`)
      } else assert.equal(o.status, 202, `valid join answered ${o.status}`)
    }
    // The answer does not say whether the address was new to the list: every accepted address is
    // a row, and each new address exactly one.
    const rows =
      await sql`select lower(email) as email, site_id from public.waiting_list_entries where email ilike ${`load-${run}-%`}`
    const stored = new Set(rows.map((r) => r.email))
    for (const o of outcomes.filter((o) => o.status === 202)) {
      assert.ok(stored.has(o.email!.toLowerCase()), `accepted ${o.email} is a row`)
    }
    const newRows = rows.filter((r) => r.email.startsWith(`load-${run}-new-`))
    assert.equal(
      newRows.length,
      outcomes.filter((o) => o.kind === 'new').length,
      'every new address is exactly one row',
    )
    const dupes = await sql`
      select lower(email), site_id, count(*) from public.waiting_list_entries
      where email ilike ${`load-${run}-%`} group by 1, 2 having count(*) > 1`
    assert.equal(dupes.length, 0, 'nobody is on one list twice')
    const repeatEmails = new Set(
      outcomes.filter((o) => o.kind === 'repeat').map((o) => o.email!.toLowerCase()),
    )
    const repeatRows = rows.filter((r) => repeatEmails.has(r.email))
    assert.ok(repeatRows.length <= repeatEmails.size * SITES.length)
    const [{ n }] =
      await sql`select count(*)::int as n from public.waiting_list_entries where email ilike ${`load-${run}-invalid-%`}`
    assert.equal(n, 0, 'invalid payloads wrote nothing')
    assert.ok(outcomes.length >= CLIENTS, 'every client made at least one request')
  } finally {
    await sql.end()
  }
})
