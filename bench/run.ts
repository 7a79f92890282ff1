// `npm run bench`: starts a throwaway stack, runs every bench/*.bench.ts in turn and writes
// bench/report.md with each figure, its ratio to the baseline measured in the same run and
// the machine it ran on. Benchmarks print; they never fail on a number.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import os from 'node:os'
import { ANON_KEY, paths, ROOT, SERVICE_ROLE_KEY } from '../stack/config.ts'
import { freePort, type RunningStack, startStack } from '../stack/stack.ts'
import { testGatewayEnv } from '../stack/tests/env.ts'
import { buildWeb, WEB_DIST } from '../web/server/build.ts'
import { aptInstall } from '../stack/postgres.ts'

export interface BenchRow {
  /** What was measured, e.g. "GET /rest/v1/global_sites (50 conn)". */
  name: string
  /** Figures, e.g. { 'req/s': 4100, 'p50 ms': 2.1, 'p99 ms': 9 }. */
  figures: Record<string, number | string>
  /** Ratios against the baseline of the same run, e.g. { 'vs SQL': 0.83 }. */
  ratios?: Record<string, number>
  /** The issue's goal, in words, e.g. "vs SQL ≥ 0.8". */
  goal?: string
}

export interface BenchSection {
  title: string
  rows: BenchRow[]
  notes?: string[]
}

export interface BenchContext {
  stack: RunningStack
  env: Record<string, string>
  quick: boolean
}

export type Bench = (ctx: BenchContext) => Promise<BenchSection>

function fmt(v: number | string): string {
  if (typeof v === 'string') return v
  if (Number.isInteger(v)) return String(v)
  return Math.abs(v) >= 100 ? v.toFixed(0) : v.toFixed(2)
}

export function renderSection(s: BenchSection): string {
  const lines = [`## ${s.title}`, '', '| measure | figures | ratios | goal |', '|---|---|---|---|']
  for (const r of s.rows) {
    const figs = Object.entries(r.figures).map(([k, v]) => `${k} ${fmt(v)}`).join(', ')
    const ratios = Object.entries(r.ratios ?? {}).map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', ')
    lines.push(`| ${r.name} | ${figs} | ${ratios} | ${r.goal ?? ''} |`)
  }
  if (s.notes?.length) lines.push('', ...s.notes)
  return lines.join('\n')
}

async function version(cmd: string, args: string[]): Promise<string> {
  try {
    const out = await new Deno.Command(cmd, { args, stdout: 'piped', stderr: 'null' }).output()
    return new TextDecoder().decode(out.stdout).trim().split('\n')[0]
  } catch {
    return 'not found'
  }
}

/** The machine a run measured: CPU, cores, memory, OS, runtimes and the database. */
async function describeMachine(stack: RunningStack): Promise<[string, string][]> {
  const cpus = os.cpus()
  const pg = await version('psql', [stack.dbUrl, '-tAc', 'show server_version'])
  const osName = existsSync('/etc/os-release')
    ? /PRETTY_NAME="([^"]+)"/.exec(Deno.readTextFileSync('/etc/os-release'))?.[1]
    : undefined
  return [
    [
      'CPU',
      `${cpus[0]?.model ?? 'unknown'} × ${cpus.length} cores (shared with whatever else runs)`,
    ],
    ['Memory', `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`],
    ['OS', `${osName ?? os.platform()}, kernel ${os.release()} (${os.arch()})`],
    ['Node', await version('node', ['--version'])],
    ['Deno', `${Deno.version.deno} (V8 ${Deno.version.v8})`],
    ['Postgres', pg],
    ['Chromium', await version('/usr/bin/chromium', ['--version'])],
    ['Load average at start', os.loadavg().map((l) => l.toFixed(2)).join(', ')],
  ]
}

/** The benches that open the web app in Chromium (the web build and Chromium are set up for them). */
const BROWSER_BENCHES = ['web.bench.ts', 'plots.bench.ts']

/** The order the benches run in; any other bench/*.bench.ts follows, by name. */
export const BENCH_ORDER = ['web', 'plots', 'rest', 'functions', 'db', 'lists', 'recovery']

export async function runBench(args: string[]): Promise<number> {
  const only = args.find((a) => a.startsWith('--only='))?.slice(7).split(',')
  const quick = args.includes('--quick')
  const files: string[] = []
  for await (const e of Deno.readDir(join(ROOT, 'bench'))) {
    if (e.name.endsWith('.bench.ts')) files.push(e.name)
  }
  // The web bench first: Lighthouse's simulated times scale what the CPU did, so it runs on a
  // quiet machine, before the load benchmarks leave Postgres vacuuming and checkpointing. Then the
  // HTTP benches, which read the seeded tables (the site list is the seed's 22 sites), before db
  // and lists load a million entries each and 201 sites more into the same stack.
  const order = (f: string) => {
    const i = BENCH_ORDER.indexOf(f.replace('.bench.ts', ''))
    return i < 0 ? BENCH_ORDER.length : i
  }
  files.sort((a, b) => order(a) - order(b) || a.localeCompare(b))
  const chosen = files.filter((f) => !only || only.includes(f.replace('.bench.ts', '')))
  // Tools from Debian, as npm test installs Chromium: wrk for rest, Chromium for web.
  const tools = [
    ['rest.bench.ts', '/usr/bin/wrk', 'wrk'],
    ['web.bench.ts', '/usr/bin/chromium', 'chromium'],
    ['plots.bench.ts', '/usr/bin/chromium', 'chromium'],
  ]
  const missing = tools.filter(([f, bin]) => chosen.includes(f) && !existsSync(bin)).map((
    [, , pkg],
  ) => pkg)
  if (missing.length) await aptInstall([...new Set(missing)])
  // The benches that load pages in Chromium measure the production build of this tree.
  if (chosen.some((f) => BROWSER_BENCHES.includes(f))) await buildWeb()
  const ports = { api: freePort(), db: freePort(), web: freePort() }
  const stack = await startStack({
    ports,
    dir: join(paths.stackDir, `bench-${Deno.pid}`),
    ephemeral: true,
    reset: true,
    web: existsSync(join(WEB_DIST, 'index.html')),
    quiet: true,
    env: testGatewayEnv,
    // The minute's jobs would run inside the measures: the expiry job would expire the lists
    // bench's due offers under it (its timed runs then skip them as locked), and the outbox jobs
    // would send e-mails while pages are timed.
    schedules: false,
  })
  const machine = await describeMachine(stack)
  const env = {
    SUPABASE_URL: stack.apiUrl,
    SUPABASE_ANON_KEY: ANON_KEY,
    SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY,
    SUPABASE_DB_URL: stack.dbUrl,
    WEB_URL: stack.webUrl,
  }
  const sections: string[] = []
  let failed = 0
  try {
    for (const f of chosen) {
      console.log(`\n━━ bench ${f} ━━`)
      let text: string
      try {
        const mod = await import(join(ROOT, 'bench', f))
        text = renderSection(await (mod.default as Bench)({ stack, env, quick }))
      } catch (e) {
        // One broken benchmark must not cost the others' figures: the report says what failed.
        failed++
        text = `## ${f}\n\nThis benchmark failed in this run: ${e instanceof Error ? e.message : e}`
      }
      console.log(text)
      sections.push(text)
    }
  } finally {
    await stack.stop()
  }
  const report = [
    `# Benchmark report`,
    '',
    `Run ${new Date().toISOString()} with \`npm run bench\`${
      quick ? ' --quick' : ''
    }. Every ratio compares two figures measured in this same run; benchmarks report, they never fail on a number.`,
    '',
    '## Machine',
    '',
    ...machine.map(([k, v]) => `- ${k}: ${v}`),
    '',
    ...sections.flatMap((s) => [s, '']),
  ].join('\n')
  if (!only) await Deno.writeTextFile(join(ROOT, 'bench', 'report.md'), report)
  console.log(
    `\n[bench] ${only ? 'partial run: report not written' : 'wrote bench/report.md'}${
      failed ? `; ${failed} benchmark(s) failed` : ''
    }`,
  )
  return failed ? 1 : 0
}
