// The REST list query `select=*&order=id&limit=20` on a 1,000-row table, measured three ways
// in one run: pgbench of the plain SELECT, pgbench of the exact transaction the gateway sends
// (its read-only set_config statement and its statement in one pipeline with one Sync, with its
// parameters, as stack/gateway/rest/wire.ts sends them),
// and HTTP through the gateway with wrk at 10 and 50 connections. PostgREST's published
// figures (2 vCPU): HTTP ≈ 0.73 of its own SQL, ≈ 0.10 of plain select-only pgbench.
import { join } from 'node:path'
import os from 'node:os'
import process from 'node:process'
import postgres from 'postgres'
import type { Bench, BenchRow } from './run.ts'
import { ANON_KEY, JWT_SECRET, paths } from '../stack/config.ts'
import { apiRequest } from '../stack/gateway/rest/api-request.ts'
import { authenticate } from '../stack/gateway/rest/auth.ts'
import { parseQuery } from '../stack/gateway/rest/parse.ts'
import { planRead } from '../stack/gateway/rest/plan.ts'
import { readOnlySetup, setupStatement } from '../stack/gateway/rest/query.ts'
import { loadSchemaCache } from '../stack/gateway/rest/schema.ts'
import { wrapResult } from '../stack/gateway/rest/sql.ts'
import { WirePool } from '../stack/gateway/rest/wire.ts'
import { freePort } from '../stack/stack.ts'

const TABLE = 'bench_rest_items'
const QUERY = 'select=*&order=id&limit=20'

interface Figures {
  rps: number
  p50: number
  p99: number
}

async function run(cmd: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  const out = await new Deno.Command(cmd, { args, env, stdout: 'piped', stderr: 'piped' }).output()
  const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr)
  if (out.code !== 0) throw new Error(`${cmd} failed:\n${text}`)
  return text
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]

/** pgbench with a custom script, prepared statements and per-transaction latency logs. */
async function pgbench(
  dir: string,
  name: string,
  script: string,
  opts: {
    port: number
    user: string
    clients: number
    seconds: number
    vars?: Record<string, string>
  },
): Promise<Figures> {
  const file = join(dir, `${name}.sql`)
  await Deno.writeTextFile(file, script)
  const prefix = join(dir, `${name}-log`)
  const args = [
    '-n',
    '-M',
    'prepared',
    '-c',
    String(opts.clients),
    '-j',
    String(Math.min(opts.clients, 2)),
    '-T',
    String(opts.seconds),
    '-f',
    file,
    '-h',
    '127.0.0.1',
    '-p',
    String(opts.port),
    '-U',
    opts.user,
    '-l',
    `--log-prefix=${prefix}`,
    ...Object.entries(opts.vars ?? {}).flatMap(([k, v]) => ['-D', `${k}=${v}`]),
    'postgres',
  ]
  const out = await run('pgbench', args, {
    PGPASSWORD: 'postgres',
    PATH: Deno.env.get('PATH') ?? '/usr/bin:/bin',
  })
  const tps = Number(
    /tps = ([\d.]+) \(without initial connection time\)/.exec(out)?.[1] ??
      /tps = ([\d.]+)/.exec(out)?.[1],
  )
  const latencies: number[] = []
  for await (const e of Deno.readDir(dir)) {
    if (!e.name.startsWith(`${name}-log`)) continue
    const text = await Deno.readTextFile(join(dir, e.name))
    for (const line of text.split('\n')) {
      const f = line.split(' ')
      if (f.length >= 3) latencies.push(Number(f[2]) / 1000)
    }
  }
  latencies.sort((a, b) => a - b)
  return { rps: tps, p50: percentile(latencies, 50), p99: percentile(latencies, 99) }
}

/** CPU time (ms, user + system) of this process (the gateway runs in it) and of Postgres. */
async function cpuNow(pgPort: number): Promise<{ gateway: number; postgres: number }> {
  const usage = process.cpuUsage()
  const tick = 100 // USER_HZ on Linux
  let postgres = 0
  try {
    // The postmaster of this run's cluster and its backends.
    const ps = await run('ps', ['-eo', 'pid,ppid,args'])
    const rows = ps.split('\n').map((l) => l.trim().split(/\s+/))
    const master = rows.find((r) => r[2]?.endsWith('/postgres') && r.includes(String(pgPort)))
    const pids = master
      ? [master[0], ...rows.filter((r) => r[1] === master[0]).map((r) => r[0])]
      : []
    for (const pid of pids) {
      const stat = await Deno.readTextFile(`/proc/${pid}/stat`).catch(() => '')
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      if (f.length <= 14) continue
      postgres += (Number(f[11]) + Number(f[12])) * (1000 / tick)
      // Backends that have exited (pgbench's, at its end) count in the postmaster's cutime/cstime.
      if (pid === master?.[0]) postgres += (Number(f[13]) + Number(f[14])) * (1000 / tick)
    }
  } catch {
    postgres = NaN
  }
  return { gateway: (usage.user + usage.system) / 1000, postgres }
}

/** wrk against one URL; latencies from its --latency distribution. */
async function wrk(url: string, connections: number, seconds: number): Promise<Figures> {
  const out = await run('wrk', [
    '-t',
    '2',
    '-c',
    String(connections),
    '-d',
    `${seconds}s`,
    '--latency',
    '-H',
    `apikey: ${ANON_KEY}`,
    url,
  ])
  const ms = (label: string) => {
    const m = new RegExp(`^\\s*${label}\\s+([\\d.]+)(us|ms|s)\\s*$`, 'm').exec(out)
    if (!m) return NaN
    return Number(m[1]) * (m[2] === 'us' ? 0.001 : m[2] === 's' ? 1000 : 1)
  }
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(out)
  if (non2xx) throw new Error(`wrk saw ${non2xx[1]} error responses from ${url}`)
  return { rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]), p50: ms('50%'), p99: ms('99%') }
}

/**
 * A bare HTTP server that runs the gateway transaction's two statements (values fixed) on the
 * gateway's wire pool and answers with the body bytes: the floor under any REST request here.
 */
async function floorServer(
  dbPort: number,
  tx: { script: string; vars: Record<string, string> },
  table: string,
) {
  const pool = new WirePool({
    hostname: '127.0.0.1',
    port: dbPort,
    user: 'authenticator',
    password: 'postgres',
    database: 'postgres',
    max: 20,
    params: { application_name: 'bench-floor' },
  })
  // Back from pgbench's :name variables to $n parameters and their values.
  const [setupLine, mainLine] = tx.script.split('\n').filter((l) => !l.startsWith('\\'))
  const statement = (line: string, prefix: string) => {
    const values: string[] = []
    const text = line.replace(/;$/, '').replace(new RegExp(`:${prefix}(\\d+)`, 'g'), (_, n) => {
      values.push(tx.vars[`${prefix}${n}`])
      return `$${values.length}`
    })
    return { text, values }
  }
  const statements = [statement(setupLine, 's'), statement(mainLine, 'q')]
  const port = await freePort()
  const server = Deno.serve({ hostname: '127.0.0.1', port, onListen() {} }, async () => {
    const r = await pool.run(statements)
    const body = r.rows[0][r.columns.indexOf('body')] as Uint8Array<ArrayBuffer> | null
    return new Response(body, { headers: { 'content-type': 'application/json; charset=utf-8' } })
  })
  return {
    url: `http://127.0.0.1:${port}/rest/v1/${table}`,
    close: async () => {
      await server.shutdown()
      pool.close()
    },
  }
}

const figures = (f: Figures) => ({ 'req/s': f.rps, 'p50 ms': f.p50, 'p99 ms': f.p99 })

const bench: Bench = async ({ stack, quick }) => {
  const seconds = quick ? 2 : 5
  const db = postgres(stack.dbUrl, { max: 1, onnotice: () => {} })
  const dir = await Deno.makeTempDir({ dir: paths.stackDir, prefix: 'bench-rest-' })
  try {
    await db.unsafe(`
      drop table if exists ${TABLE};
      create table ${TABLE} (id int primary key, name text not null, qty int not null, note text, created_at timestamptz not null default now());
      insert into ${TABLE} select i, 'item ' || i, i % 17, repeat('n', i % 40), now() - i * interval '1 minute' from generate_series(1, 1000) i;
      grant select on ${TABLE} to anon, authenticated, service_role;
      analyze ${TABLE};
      select pg_notify('pgrst', 'reload schema');
    `)
    const url = `${stack.apiUrl}/rest/v1/${TABLE}?${QUERY}`
    for (;;) {
      const res = await fetch(url, { headers: { apikey: ANON_KEY } })
      await res.body?.cancel()
      if (res.status === 200) break
      await new Promise((r) => setTimeout(r, 50))
    }

    // The statement and settings the gateway sends for a request, with its parameters, as a
    // pgbench script: both statements, then one Sync (pgbench's pipeline mode), as wire.ts sends
    // a read.
    const cache = await loadSchemaCache(db, ['public'])
    const gatewayScriptFor = async (table: string, query: string) => {
      const url = `${stack.apiUrl}/rest/v1/${table}?${query}`
      const plan = planRead(
        cache,
        cache.relations.get(`public.${table}`)!,
        parseQuery(new URLSearchParams(query)),
        null,
      )
      const main = wrapResult(plan.sql, 'null::bigint', false)
      const req = new Request(url, {
        headers: { apikey: ANON_KEY, accept: '*/*', 'user-agent': 'wrk' },
      })
      const caller = await authenticate(req, JWT_SECRET)
      const api = await apiRequest(req, {
        path: `/${table}`,
        url: new URL(url),
        remoteAddr: '127.0.0.1',
      }, cache)
      const setup = setupStatement(cache, caller, api)
      const vars: Record<string, string> = {}
      setup.values.forEach((v, i) => vars[`s${i + 1}`] = v)
      // pgbench has no NULL variable: a NULL parameter (no limit) goes in as the literal.
      plan.params.values.forEach((v, i) => v !== null && (vars[`q${i + 1}`] = v))
      const script = [
        '\\startpipeline',
        `${readOnlySetup(setup.text).replace(/\$(\d+)/g, ':s$1')};`,
        `${
          main.replace(
            /\$(\d+)/g,
            (_, n) => plan.params.values[Number(n) - 1] === null ? 'null' : `:q${n}`,
          )
        };`,
        '\\endpipeline',
      ].join('\n') + '\n'
      return { script, vars }
    }
    const gatewayTx = await gatewayScriptFor(TABLE, QUERY)
    const plainScript = `select * from ${TABLE} order by id limit 20;\n`

    const port = stack.ports.db
    // Postgres's CPU per transaction under pgbench: what the same SQL costs the database when
    // nothing but a C client sends it, to set against the HTTP rows' Postgres CPU.
    const pgCpu = async (f: () => Promise<Figures>) => {
      const before = await cpuNow(port)
      const result = await f()
      const after = await cpuNow(port)
      return {
        result,
        cpu: (after.postgres - before.postgres) * 1000 / (result.rps * seconds),
      }
    }
    const plain = await pgCpu(() =>
      pgbench(dir, 'plain', plainScript, { port, user: 'postgres', clients: 10, seconds })
    )
    /** A gateway transaction in pgbench, as the authenticator role, with its parameters. */
    const pgbenchTx = (name: string, tx: { script: string; vars: Record<string, string> }) =>
      pgCpu(() =>
        pgbench(dir, name, tx.script, {
          port,
          user: 'authenticator',
          clients: 10,
          seconds,
          vars: tx.vars,
        })
      )
    const gatewaySql = await pgbenchTx('gateway', gatewayTx)
    // Warm the pool, the prepared statements and the JIT: the first seconds of a fresh gateway run
    // partly unoptimised code (20-30% more CPU a request in a probe), and a gateway serves warm.
    await wrk(url, 10, 3)
    // CPU per request of the gateway and of Postgres: on a shared 2-core machine a steadier
    // figure than req/s, which follows whatever else is running.
    const perRequest = async (u: string, connections: number) => {
      const before = await cpuNow(port)
      const f = await wrk(u, connections, seconds)
      const after = await cpuNow(port)
      const n = f.rps * seconds
      return {
        f,
        cpu: {
          'gateway CPU µs/req': (after.gateway - before.gateway) * 1000 / n,
          'Postgres CPU µs/req': (after.postgres - before.postgres) * 1000 / n,
        },
      }
    }
    const http10 = await perRequest(url, 10)
    const http50 = await perRequest(url, 50)
    // The site list, all columns (22 rows, about 80 KB of JSON): what a large body costs.
    const sitesUrl = `${stack.apiUrl}/rest/v1/global_sites?select=*&order=id`
    await wrk(sitesUrl, 10, 1)
    const sites10 = await perRequest(sitesUrl, 10)
    // Its own SQL as the gateway sends it: Postgres's json_agg of 80 KB bounds any gateway.
    const sitesTx = await gatewayScriptFor('global_sites', 'select=*&order=id')
    const sitesSql = await pgbenchTx('sites', sitesTx)
    // Where the gateway's time goes: the same two statements with their values fixed, sent by the
    // same wire pool from a bare Deno.serve that hands back Postgres's bytes (no auth, parsing,
    // planning or PostgREST headers). What the gateway costs above it is its REST work.
    const floor = await floorServer(stack.ports.db, gatewayTx, TABLE)
    let floor10: Awaited<ReturnType<typeof perRequest>>
    try {
      await wrk(floor.url, 10, 2)
      floor10 = await perRequest(floor.url, 10)
    } finally {
      await floor.close()
    }
    const load = os.loadavg().map((l) => l.toFixed(1)).join(', ')

    const ratios = (f: Figures) => ({
      'vs gateway SQL': f.rps / gatewaySql.result.rps,
      'vs plain select': f.rps / plain.result.rps,
    })
    const rows: BenchRow[] = [
      {
        name: `pgbench plain SELECT (select-only, 10 clients)`,
        figures: { ...figures(plain.result), 'Postgres CPU µs/req': plain.cpu },
      },
      {
        name: `pgbench gateway transaction (10 clients)`,
        figures: { ...figures(gatewaySql.result), 'Postgres CPU µs/req': gatewaySql.cpu },
      },
      {
        name: `HTTP GET /rest/v1/${TABLE}?${QUERY} (wrk, 10 conn)`,
        figures: { ...figures(http10.f), ...http10.cpu },
        ratios: ratios(http10.f),
        goal: 'vs gateway SQL ≥ 0.6 (issue), ≥ 0.8 (PostgREST-like); vs plain select ≥ 0.15',
      },
      {
        name: `HTTP GET /rest/v1/${TABLE}?${QUERY} (wrk, 50 conn)`,
        figures: { ...figures(http50.f), ...http50.cpu },
        ratios: ratios(http50.f),
        goal: 'vs gateway SQL ≥ 0.8, vs plain select ≥ 0.15',
      },
      {
        name:
          'HTTP floor: Deno.serve + the wire pool, same two statements, no REST work (wrk, 10 conn)',
        figures: { ...figures(floor10.f), ...floor10.cpu },
        ratios: {
          'vs gateway SQL': floor10.f.rps / gatewaySql.result.rps,
          'gateway CPU of the REST read vs this': http10.cpu['gateway CPU µs/req'] /
            floor10.cpu['gateway CPU µs/req'],
        },
        goal: 'where the time goes',
      },
      {
        name: 'pgbench global_sites?select=*&order=id, the gateway transaction (10 clients)',
        figures: { ...figures(sitesSql.result), 'Postgres CPU µs/req': sitesSql.cpu },
        ratios: {
          'req/s vs the 20-row gateway transaction': sitesSql.result.rps / gatewaySql.result.rps,
        },
      },
      {
        name: 'HTTP GET /rest/v1/global_sites?select=*&order=id (wrk, 10 conn)',
        figures: { ...figures(sites10.f), ...sites10.cpu },
        ratios: {
          'req/s vs the 20-row table': sites10.f.rps / http10.f.rps,
          'vs its own SQL': sites10.f.rps / sitesSql.result.rps,
        },
        goal: 'req/s vs the 20-row table ≥ 0.5',
      },
    ]
    return {
      title: "REST list query: plain SQL vs the gateway's SQL vs HTTP",
      rows,
      notes: [
        `Each measure runs ${seconds}s on the same machine, database and table (1,000 rows). pgbench uses prepared statements; the gateway transaction is`,
        "the set_config statement (search_path, role, claims, method, path, headers, cookies, the role's settings, transaction_read_only) and the json_agg statement, pipelined with one Sync — as the gateway sends it.",
        "PostgREST's published figures (2 vCPU): HTTP ≈ 0.73 of its own SQL in pgbench and ≈ 0.10 of plain select-only pgbench.",
        `This machine: ${os.cpus().length} CPUs shared by wrk, the gateway (Deno + postgres.js) and Postgres; load average ${load} at the end of the run.`,
        'Per request the gateway sends one write (settings and statement as Bind/Execute pairs, one Sync: one implicit transaction) on a pooled connection of stack/gateway/rest/wire.ts, statements prepared once per connection (at most 200 a connection), the limit of a page written into the SQL.',
        "CPU µs/req: user + system time of the gateway process (this one) and of the cluster's Postgres processes over the wrk run, divided by the requests served;",
        "steadier than req/s when other work shares the machine. pgbench's Postgres CPU includes its backends that exited (the postmaster's reaped children).",
        'The gateway is warmed for 3 s first (pool, prepared statements, JIT). The HTTP floor is a bare Deno.serve sending the same two statements on the same wire pool and answering with the bytes:',
        "what any gateway of Deno + wrk + Postgres on this machine reaches before doing REST work (auth, parsing, planning, settings, headers). Its Postgres CPU is above pgbench's for the same SQL: a backend woken per request by another process costs more than one kept busy by pgbench.",
        'global_sites is served as Postgres wrote its JSON (bytes, not decoded and re-encoded); its own SQL in pgbench (json_agg of about 80 KB) bounds it, whatever the gateway.',
      ],
    }
  } finally {
    await db.unsafe(`drop table if exists ${TABLE}`).catch(() => {})
    await db.end({ timeout: 2 })
    await Deno.remove(dir, { recursive: true }).catch(() => {})
  }
}

export default bench
