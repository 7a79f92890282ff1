// `npm test`: starts a throwaway stack (its own Postgres cluster and ports), runs every suite
// against it — types, lint, pgTAP, Deno (stack conformance, functions, the web server), Vitest
// (web), browser end-to-end — and ends with one line `N passed, N failed`.
import { existsSync } from 'node:fs'
import { basename, join, relative } from 'node:path'
import { ANON_KEY, paths, ROOT, SERVICE_ROLE_KEY } from './config.ts'
import { freePort, type RunningStack, startStack } from './stack.ts'
import { aptInstall, ensurePostgresInstalled, PostgresCluster } from './postgres.ts'
import { buildWeb, planLanes, WEB_DIST } from './product.ts'
import { testGatewayEnv } from './tests/env.ts'
import { databaseTypesDrift, generateDatabaseTypes, readDatabaseTypes } from './typegen.ts'

interface SuiteResult {
  passed: number
  failed: number
  /** Wall time of the suite in seconds (set by the runner). */
  seconds?: number
  /** What failed, a line each, repeated under the summary (CI shows a run's last lines). */
  failures?: string[]
}

interface Suite {
  name: string
  /** Browser journeys assume the seeded data: they get a freshly seeded stack of their own. */
  freshStack?: boolean
  /**
   * Spends most of its time waiting on the stack (pg_cron's minute ticks, outages, timeouts)
   * rather than on a core: it runs beside the suites after it that do not touch the stack.
   */
  waits?: boolean
  /** Reads or writes the shared stack (a suite that waits must not run beside it). */
  usesStack?: boolean
  /** Runs when the suite's files exist. */
  present(): boolean | Promise<boolean>
  run(stack: RunningStack, env: Record<string, string>, io: Output): Promise<SuiteResult>
}

const BIN = (name: string) => join(ROOT, 'node_modules', '.bin', name)

/** Where the Deno suite's tests are: the stand-in's, the functions', the web server's. */
const DENO_TESTS = ['stack/tests', 'supabase/functions', 'web/server']
/** Everything Deno runs, for `deno check`: the stand-in, the functions, the web server, the seed
 *  data builders and the benchmarks. */
const DENO_CODE = ['stack', 'supabase/functions', 'web/server', 'scripts', 'bench']

/**
 * Where a suite's output goes: straight to the terminal, or (while suites run side by side)
 * held and printed as one block when the suite ends, or line by line with a prefix.
 */
class Output {
  private held: Uint8Array[] = []
  private partial = ''
  private readonly enc = new TextEncoder()
  private readonly dec = new TextDecoder()
  constructor(readonly mode: 'direct' | 'held' | { prefix: string } = 'direct') {}
  async write(chunk: Uint8Array, sink: typeof Deno.stdout = Deno.stdout): Promise<void> {
    if (this.mode === 'held') this.held.push(chunk)
    else if (this.mode === 'direct') await sink.write(chunk)
    else {
      const prefix = this.mode.prefix
      const text = this.partial + this.dec.decode(chunk, { stream: true })
      const lines = text.split('\n')
      this.partial = lines.pop()!
      if (lines.length) {
        await sink.write(
          this.enc.encode(lines.map((l) => `${prefix} ${l}\n`).join('')),
        )
      }
    }
  }
  log(line: string): Promise<void> {
    return this.write(this.enc.encode(`${line}\n`))
  }
  error(line: string): Promise<void> {
    return this.write(this.enc.encode(`${line}\n`), Deno.stderr)
  }
  /** Prints what was held (a held suite's block), or the last unfinished prefixed line. */
  async flush(): Promise<void> {
    for (const chunk of this.held.splice(0)) await Deno.stdout.write(chunk)
    if (this.partial && typeof this.mode === 'object') {
      await Deno.stdout.write(this.enc.encode(`${this.mode.prefix} ${this.partial}\n`))
      this.partial = ''
    }
  }
}

async function exec(
  io: Output,
  cmd: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; out: string }> {
  const child = new Deno.Command(cmd, { args, cwd: ROOT, env, stdout: 'piped', stderr: 'piped' })
    .spawn()
  let out = ''
  const dec = new TextDecoder()
  const pump = async (stream: ReadableStream<Uint8Array>, sink: typeof Deno.stdout) => {
    for await (const chunk of stream) {
      out += dec.decode(chunk, { stream: true })
      await io.write(chunk, sink)
    }
  }
  const [status] = await Promise.all([
    child.status,
    pump(child.stdout, Deno.stdout),
    pump(child.stderr, Deno.stderr),
  ])
  return { code: status.code, out }
}

async function filesUnder(dir: string, pattern: RegExp): Promise<string[]> {
  const found: string[] = []
  if (!existsSync(dir)) return found
  for await (const e of Deno.readDir(dir)) {
    const p = join(dir, e.name)
    if (e.isDirectory && e.name !== 'node_modules') found.push(...(await filesUnder(p, pattern)))
    else if (e.isFile && pattern.test(e.name)) found.push(p)
  }
  return found.sort()
}

const suites: Suite[] = [
  {
    // The checked-in Database type must be what postgres-meta makes of the migrated schema
    // (this stack's database was built from the migrations, as `npm run gen:types` builds one).
    // A suite of its own, run first, apart from the compile checks (`types`): it reads the
    // shared stack's schema, to which the Deno suite's tests add functions while they run.
    name: 'schema',
    usesStack: true,
    present: () => true,
    async run(stack, _env, io) {
      const drift = databaseTypesDrift(
        await generateDatabaseTypes(stack.dbUrl),
        await readDatabaseTypes(),
      )
      if (drift) await io.error(`[schema] ${drift}`)
      return { passed: drift ? 0 : 1, failed: drift ? 1 : 0 }
    },
  },
  {
    name: 'lint',
    present: () => true,
    async run(_stack, _env, io) {
      // deno lint, and deno fmt --check with deno.json's settings: unformatted code fails here.
      // .tsx files are Prettier's (.prettierrc.json): deno fmt rewrote JSX text, Prettier keeps
      // what a page renders exactly.
      const lint = (await exec(io, Deno.execPath(), ['lint', '--quiet'])).code === 0
      const fmt = (await exec(io, Deno.execPath(), ['fmt', '--check', '--quiet'])).code === 0
      if (!fmt) await io.error('[lint] files are not formatted: run `npx deno fmt`')
      const tsxFiles = await filesUnder(join(ROOT, 'web', 'src'), /\.tsx$/)
      const tsx =
        (await exec(io, BIN('prettier'), ['--check', '--log-level=warn', ...tsxFiles])).code === 0
      if (!tsx) {
        await io.error('[lint] .tsx files are not formatted: run `npx prettier --write <file>`')
      }
      return {
        passed: Number(lint) + Number(fmt) + Number(tsx),
        failed: Number(!lint) + Number(!fmt) + Number(!tsx),
      }
    },
  },
  {
    name: 'pgtap',
    usesStack: true,
    present: async () =>
      (await filesUnder(join(ROOT, 'supabase', 'tests'), /\.test\.sql$/)).length > 0,
    async run(stack, _env, io) {
      const all = await filesUnder(join(ROOT, 'supabase', 'tests'), /\.test\.sql$/)
      const misnumbered = pgTapNumbering(all)
      for (const m of misnumbered) await io.error(`[pgtap] ${m}`)
      // A narrowed run still starts with the files that set up the `tests` helpers (000-*).
      const files = fileFilters.pgtap
        ? [
          ...all.filter((f) =>
            /\/000-[^/]*$/.test(f) && !fileFilters.pgtap!.some((g) => basename(g) === basename(f))
          ),
          ...fileFilters.pgtap,
        ]
        : all
      const { code, out } = await exec(io, 'pg_prove', [
        '--verbose',
        '-h',
        '127.0.0.1',
        '-p',
        String(stack.ports.db),
        '-U',
        'postgres',
        '-d',
        'postgres',
        ...files,
      ], { PGPASSWORD: 'postgres' })
      const passed = (out.match(/^\s*ok \d+/gm) ?? []).length
      const failed = (out.match(/^\s*not ok \d+/gm) ?? []).length
      // A file that dies before its plan completes has no `not ok` line: count it once.
      return {
        passed,
        failed: (failed === 0 && code !== 0 ? 1 : failed) + misnumbered.length,
        failures: [...misnumbered, ...pgTapFailures(out)],
      }
    },
  },
  {
    name: 'deno',
    usesStack: true,
    waits: true,
    present: async () =>
      (await Promise.all(DENO_TESTS.map((d) => filesUnder(join(ROOT, d), /\.test\.ts$/))))
        .flat().length > 0,
    async run(_stack, env, io) {
      const dirs = (denoPaths ?? DENO_TESTS).filter((d) => existsSync(join(ROOT, d)))
      const { code, out } = await exec(io, Deno.execPath(), ['test', '-A', '--no-check', ...dirs], {
        ...env,
        NO_COLOR: '1',
      })
      const m = /(\d+) passed(?: \((\d+) steps?\))? \| (\d+) failed(?: \((\d+) steps?\))?/.exec(out)
      if (!m) return { passed: 0, failed: 1 }
      const failed = Number(m[3])
      return {
        passed: Number(m[1]) + Number(m[2] ?? 0),
        failed: failed === 0 && code !== 0 ? 1 : failed,
        failures: denoFailures(out),
      }
    },
  },
  {
    // The compile checks: the web app and everything Deno runs.
    name: 'types',
    present: () => true,
    async run(_stack, _env, io) {
      const web = existsSync(join(ROOT, 'tsconfig.json'))
        ? (await exec(io, BIN('tsc'), ['-p', 'tsconfig.json', '--noEmit'])).code === 0
        : true
      const denoDirs = DENO_CODE.filter((d) => existsSync(join(ROOT, d)))
      const deno = (await exec(io, Deno.execPath(), ['check', '--quiet', ...denoDirs])).code === 0
      const results = [web, deno]
      return { passed: results.filter(Boolean).length, failed: results.filter((ok) => !ok).length }
    },
  },
  {
    name: 'vitest',
    present: async () => (await filesUnder(join(ROOT, 'web', 'src'), /\.test\.tsx?$/)).length > 0,
    async run(_stack, env, io) {
      return await vitest(io, ['--root', 'web', ...(fileFilters.vitest ?? [])], env, 'vitest.json')
    },
  },
  {
    // The browser must never receive a secret: scan the production bundle for the service key.
    name: 'bundle',
    present: () => existsSync(join(WEB_DIST, 'index.html')),
    async run(_stack, _env, io) {
      const files = await filesUnder(WEB_DIST, /\.(js|html|json|css|map)$/)
      const payload = JSON.parse(atob(SERVICE_ROLE_KEY.split('.')[1]))
      let leaks = 0
      for (const f of files) {
        const text = await Deno.readTextFile(f)
        if (
          text.includes(SERVICE_ROLE_KEY) || text.includes(SERVICE_ROLE_KEY.split('.')[2]) ||
          text.includes('SUPABASE_SERVICE_ROLE_KEY') || /"role":"service_role"/.test(text) ||
          (payload.role === 'service_role' &&
            text.includes(btoa(JSON.stringify(payload)).replace(/=+$/, '')))
        ) {
          await io.error(`[bundle] secret material in ${f}`)
          leaks++
        }
      }
      await io.log(`[bundle] scanned ${files.length} files of web/dist for the service key`)
      return {
        passed: files.length > 0 && leaks === 0 ? 1 : 0,
        failed: leaks > 0 || files.length === 0 ? 1 : 0,
      }
    },
  },
  {
    name: 'e2e',
    freshStack: true,
    present: async () => (await filesUnder(join(ROOT, 'e2e'), /\.e2e\.ts$/)).length > 0,
    async run(_stack, env, io) {
      const all = (await filesUnder(join(ROOT, 'e2e'), /\.e2e\.ts$/)).map((f) => relative(ROOT, f))
      // `--e2e=a,b` narrows by name as vitest's filters do (a part of the path).
      const files = fileFilters.e2e
        ? all.filter((f) => fileFilters.e2e!.some((name) => f.includes(name)))
        : all
      if (files.length === 0) {
        await io.error(`[e2e] no file matches ${fileFilters.e2e?.join(', ')}`)
        return { passed: 0, failed: 1 }
      }
      const lanes = planLanes(files, e2eLaneCount, await e2eWeights())
      if (lanes.length > 1) {
        await io.log(
          `[e2e] ${files.length} files in ${lanes.length} lanes against one stack: ${
            lanes.map((l, i) => `${i + 1}: ${l.files.length} files, ~${l.seconds.toFixed(0)} s`)
              .join('; ')
          }`,
        )
      }
      const runs = await Promise.all(lanes.map((lane, i) => {
        const laneIo = lanes.length > 1 ? new Output({ prefix: `[e2e:${i + 1}]` }) : io
        return vitest(
          laneIo,
          ['--config', 'e2e/vitest.config.ts', ...lane.files],
          env,
          lanes.length > 1 ? `e2e-lane${i + 1}.json` : 'e2e.json',
        ).finally(() => laneIo.flush())
      }))
      const timed = runs.flatMap((r) => r.files)
      await reportSlowest(io, timed)
      await saveE2eWeights(timed)
      return {
        passed: runs.reduce((n, r) => n + r.passed, 0),
        failed: runs.reduce((n, r) => n + r.failed, 0),
        failures: runs.flatMap((r) => r.failures ?? []),
      }
    },
  },
]

interface VitestResult extends SuiteResult {
  /** Wall time per test file. */
  files: { name: string; s: number }[]
}

async function reportSlowest(io: Output, timed: { name: string; s: number }[]) {
  if (timed.length < 2) return
  await io.log(
    `[test] slowest files: ${
      [...timed].sort((a, b) => b.s - a.s).slice(0, 8).map((f) => `${f.name} ${f.s.toFixed(0)} s`)
        .join(', ')
    }`,
  )
}

async function vitest(
  io: Output,
  args: string[],
  env: Record<string, string>,
  report: string,
): Promise<VitestResult> {
  const outFile = join(paths.stackDir, 'test-results', `${Deno.pid}-${report}`)
  await Deno.mkdir(join(paths.stackDir, 'test-results'), { recursive: true })
  await Deno.remove(outFile).catch(() => {})
  try {
    return await readVitest(io, args, env, outFile)
  } finally {
    // The last report of each kind stays for a look at per-test times (.stack/test-results/).
    await Deno.rename(outFile, join(paths.stackDir, 'test-results', `last-${report}`))
      .catch(() => {})
  }
}

async function readVitest(
  io: Output,
  args: string[],
  env: Record<string, string>,
  outFile: string,
): Promise<VitestResult> {
  const { code } = await exec(io, BIN('vitest'), [
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${outFile}`,
  ], env)
  if (!existsSync(outFile)) return { passed: 0, failed: 1, files: [] }
  const r = JSON.parse(await Deno.readTextFile(outFile)) as {
    numPassedTests: number
    numFailedTests: number
    testResults: {
      name: string
      status: string
      startTime?: number
      endTime?: number
      message?: string
      assertionResults: { status: string; fullName: string; failureMessages?: string[] }[]
    }[]
  }
  const files = r.testResults
    .filter((f) => f.startTime && f.endTime)
    .map((f) => ({ name: basename(f.name), s: (f.endTime! - f.startTime!) / 1000 }))
  // A file that failed without a failing test (it did not load, or a hook threw) counts once.
  const brokenFiles =
    r.testResults.filter((f) =>
      f.status === 'failed' && !f.assertionResults.some((a) => a.status === 'failed')
    ).length
  const failed = r.numFailedTests + brokenFiles
  const failures = r.testResults.flatMap((f) => {
    const tests = f.assertionResults.filter((a) => a.status === 'failed')
    if (f.status === 'failed' && tests.length === 0) {
      return [`${basename(f.name)}: ${firstLine(f.message ?? 'the file failed')}`]
    }
    return tests.map((a) =>
      `${basename(f.name)} › ${a.fullName}: ${firstLine(a.failureMessages?.[0] ?? '')}`
    )
  })
  return {
    passed: r.numPassedTests,
    failed: failed === 0 && code !== 0 ? 1 : failed,
    files,
    failures,
  }
}

const firstLine = (text: string) =>
  // deno-lint-ignore no-control-regex
  (text.replace(/\x1b\[[0-9;]*m/g, '').split('\n').find((l) => l.trim()) ?? '').trim().slice(0, 200)

/**
 * What is wrong with the pgTAP files' numbers: each is `NNN-<area>[-<what>].test.sql`, and no two
 * share a number (the number says which area a file tests: README "Where each behaviour lives").
 */
export function pgTapNumbering(files: string[]): string[] {
  const byNumber = new Map<string, string[]>()
  const problems: string[] = []
  for (const name of files.map((f) => basename(f)).sort()) {
    const m = /^(\d{3})-[a-z0-9]+(?:-[a-z0-9]+)*\.test\.sql$/.exec(name)
    if (!m) problems.push(`${name} is not named NNN-<area>.test.sql`)
    else byNumber.set(m[1], [...(byNumber.get(m[1]) ?? []), name])
  }
  for (const [n, names] of byNumber) {
    if (names.length > 1) problems.push(`${names.join(' and ')} share the number ${n}`)
  }
  return problems
}

/** pg_prove's `not ok` lines, each with the file it ran in. */
export function pgTapFailures(out: string): string[] {
  const failures: string[] = []
  let file = ''
  for (const line of out.split('\n')) {
    const started = /^(\S+\.test\.sql) \.\./.exec(line)
    if (started) file = basename(started[1])
    const failed = /^\s*(not ok \d+.*)$/.exec(line)
    if (failed) failures.push(`${file} › ${failed[1].trim()}`)
  }
  return failures
}

/** `deno test`'s closing FAILURES list (`name => file:line:col`). */
export function denoFailures(out: string): string[] {
  // deno-lint-ignore no-control-regex
  const lines = out.replace(/\x1b\[[0-9;]*m/g, '').split('\n')
  const at = lines.findLastIndex((l) => l.trim() === 'FAILURES')
  if (at < 0) return []
  const failures: string[] = []
  for (const line of lines.slice(at + 1)) {
    if (/^(ok|FAILED) \|/.test(line)) break
    if (line.includes(' => ')) failures.push(line.trim())
  }
  return failures
}

/** The e2e files' last measured seconds: the checked-in table, then this machine's last run. */
async function e2eWeights(): Promise<Record<string, number>> {
  const read = async (file: string) =>
    existsSync(file) ? JSON.parse(await Deno.readTextFile(file)) as Record<string, number> : {}
  return {
    ...(await read(join(ROOT, 'e2e', 'support', 'durations.json'))),
    ...(await read(join(paths.stackDir, 'test-results', 'e2e-durations.json'))),
  }
}

async function saveE2eWeights(timed: { name: string; s: number }[]) {
  const file = join(paths.stackDir, 'test-results', 'e2e-durations.json')
  const known = existsSync(file)
    ? JSON.parse(await Deno.readTextFile(file)) as Record<string, number>
    : {}
  for (const f of timed) known[f.name] = Math.round(f.s)
  await Deno.writeTextFile(file, JSON.stringify(known, null, 2) + '\n')
}

/**
 * How many vitest processes run e2e files side by side (`--e2e-lanes=N`, E2E_LANES): three. On
 * the 2-core machine's fresh clones three lanes took 1966 s (2026-11-27) against 2485 s for one
 * (2026-11-28); the race that once failed a three-lane run (a consent cookie read before Chromium
 * stored it) is polled for now (e2e/consent.e2e.ts).
 */
let e2eLaneCount = 3
/** `--deno=stack/tests/rest,supabase/functions/sites` narrows the Deno suite to those paths. */
let denoPaths: string[] | null = null
/** `--e2e=public-blog`, `--vitest=src/features/x`, `--pgtap=supabase/tests/database/x.test.sql` narrow those suites. */
const fileFilters: Partial<Record<'e2e' | 'vitest' | 'pgtap', string[]>> = {}

/** Throwaway clusters of runs that were killed before they could clean up: stop and remove them. */
async function sweepStaleClusters() {
  if (!existsSync(paths.stackDir)) return
  for await (const e of Deno.readDir(paths.stackDir)) {
    const m = /^(?:test|bench|faults|typegen|schema)-(\d+)(?:-\d+)?$/.exec(e.name)
    if (!e.isDirectory || !m || existsSync(`/proc/${m[1]}`)) continue
    console.log(`[test] removing the stale throwaway cluster .stack/${e.name}`)
    await new PostgresCluster({ dir: join(paths.stackDir, e.name), port: 0 }).destroy().catch(
      () => {},
    )
  }
}

type SuiteTraits = Pick<Suite, 'name' | 'waits' | 'usesStack' | 'freshStack'>

/** The suites in the order `npm test` runs them, without their code. */
export const suiteTraits = (): SuiteTraits[] =>
  suites.map(({ name, waits, usesStack, freshStack }) => ({ name, waits, usesStack, freshStack }))

/**
 * Whether suite `i` of a one-after-another run starts beside the suites after it: it mostly
 * waits, and the next suite neither uses the shared stack nor needs a fresh one (the run waits
 * for it before any suite that does).
 */
export function runsBeside(order: SuiteTraits[], i: number, serial: boolean): boolean {
  const next = order[i + 1]
  return !serial && !!order[i].waits && !!next && !next.freshStack && !next.usesStack
}

export async function runTests(args: string[]): Promise<number> {
  const only = args.find((a) => a.startsWith('--only='))?.slice(7).split(',')
  denoPaths = args.find((a) => a.startsWith('--deno='))?.slice(7).split(',') ?? null
  for (const name of ['e2e', 'vitest', 'pgtap'] as const) {
    const value = args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)
    if (value) fileFilters[name] = value.split(',')
  }
  const lanes = args.find((a) => a.startsWith('--e2e-lanes='))?.slice(12) ??
    Deno.env.get('E2E_LANES')
  if (lanes) e2eLaneCount = Math.max(1, Number(lanes) || 1)
  const runStarted = performance.now()
  const since = (t: number) => `${((performance.now() - t) / 1000).toFixed(0)} s`
  await sweepStaleClusters()
  const chosen = suites.filter((s) => !only || only.includes(s.name))
  const needsWeb = chosen.some((s) => s.name === 'e2e' || s.name === 'bundle')
  if (needsWeb) {
    const t = performance.now()
    await buildWeb()
    console.log(`[test] web build: ${since(t)}`)
  }
  // Debian packages once, before anything runs side by side: the e2e child process and this one
  // would otherwise both run apt-get on a fresh machine, and one would find apt locked.
  if (chosen.some((s) => s.name === 'e2e') && !existsSync('/usr/bin/chromium')) {
    await aptInstall(['chromium'])
  }
  await ensurePostgresInstalled()
  let generation = 0
  const launch = async () => {
    const ports = { api: freePort(), db: freePort(), web: freePort() }
    console.log(`[test] throwaway stack: api ${ports.api}, db ${ports.db}, web ${ports.web}`)
    const dir = join(paths.stackDir, `test-${Deno.pid}-${generation++}`)
    return await startStack({
      ports,
      dir,
      ephemeral: true,
      reset: true,
      web: needsWeb,
      quiet: true,
      env: testGatewayEnv,
      schedules: false,
    })
  }
  const envOf = (s: RunningStack): Record<string, string> => ({
    SUPABASE_URL: s.apiUrl,
    SUPABASE_ANON_KEY: ANON_KEY,
    SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY,
    SUPABASE_DB_URL: s.dbUrl,
    WEB_URL: s.webUrl,
    DB_PORT: String(s.ports.db),
    TEST_FULL: args.includes('--full') ? '1' : '',
    // The suites run against the local stack (stack/cli.ts set it here already; said explicitly).
    ROOTS_LOCAL_STACK: '1',
    DENO_NO_UPDATE_CHECK: '1',
  })
  const present: Suite[] = []
  for (const suite of chosen) if (await suite.present()) present.push(suite)
  // Browser journeys get a freshly seeded stack of their own; with other suites chosen, that stack
  // starts beside the first one and the journeys run while the other suites run one after another
  // on the first (their output held and printed whole as each ends). `--serial`: one at a time.
  const fresh = present.filter((s) => s.freshStack)
  const rest = present.filter((s) => !s.freshStack)
  // Side by side only where the cores allow it: on two cores the journeys' three lanes beside
  // the Deno and Vitest suites ran the load average to 13-18 and took longer in all (35 min in a
  // fresh-clone run) than the same suites one after another with the lanes alone at the end.
  // `--side-by-side` and `--serial` choose either way.
  const manyCores = navigator.hardwareConcurrency >= 4
  const sideBySide =
    (args.includes('--side-by-side') || (manyCores && !args.includes('--serial'))) &&
    fresh.length > 0 && rest.length > 0
  const stacks: RunningStack[] = []
  const stop = async () => {
    await Promise.all(stacks.splice(0).map((s) => s.stop().catch(() => {})))
  }
  let child: Deno.ChildProcess | undefined
  const onSignal = () => {
    try {
      child?.kill('SIGTERM')
    } catch { /* already ended */ }
    stop().finally(() => Deno.exit(130))
  }
  Deno.addSignalListener('SIGINT', onSignal)
  Deno.addSignalListener('SIGTERM', onSignal)
  const totals: Record<string, SuiteResult> = {}
  const runSuite = async (suite: Suite, stack: RunningStack, io: Output) => {
    const started = performance.now()
    let result: SuiteResult
    try {
      result = await suite.run(stack, envOf(stack), io)
    } catch (e) {
      await io.error(`[test] suite ${suite.name} crashed: ${e instanceof Error ? e.stack : e}`)
      result = { passed: 0, failed: 1 }
    }
    result.seconds = (performance.now() - started) / 1000
    totals[suite.name] = result
    return result
  }
  const startTimed = async () => {
    const t = performance.now()
    const s = await launch()
    stacks.push(s)
    console.log(`[test] stack start: ${since(t)}`)
    return s
  }
  try {
    if (sideBySide) {
      // The gateway's functions take the stack's URLs from this process's environment, so two
      // stacks cannot share a process: the journeys run in a child `npm test -- --only=e2e` with a
      // stack of its own, while the other suites run here, one after another, on this one.
      const reportFile = join(paths.stackDir, 'test-results', `${Deno.pid}-side.json`)
      await Deno.mkdir(join(paths.stackDir, 'test-results'), { recursive: true })
      const passOn = args.filter((a) => /^--(e2e|e2e-lanes)=/.test(a) || a === '--full')
      console.log(
        `\n━━ ${fresh.map((s) => s.name).join(', ')} (alongside ${
          rest.map((s) => s.name).join(', ')
        }) ━━`,
      )
      const sideStarted = performance.now()
      child = new Deno.Command(Deno.execPath(), {
        args: [
          'run',
          '-A',
          '--quiet',
          '--unstable-no-legacy-abort',
          join(ROOT, 'stack', 'cli.ts'),
          'test',
          `--only=${fresh.map((s) => s.name).join(',')}`,
          `--report=${reportFile}`,
          ...passOn,
        ],
        cwd: ROOT,
        stdout: 'inherit',
        stderr: 'inherit',
      }).spawn()
      const side = child.status.then(async (status) => {
        const report = existsSync(reportFile)
          ? JSON.parse(await Deno.readTextFile(reportFile)) as Record<string, SuiteResult>
          : {}
        await Deno.remove(reportFile).catch(() => {})
        for (const suite of fresh) {
          totals[suite.name] = report[suite.name] ?? {
            passed: 0,
            failed: 1,
            seconds: (performance.now() - sideStarted) / 1000,
          }
          if (!report[suite.name]) {
            console.error(`[test] ${suite.name} ended (code ${status.code}) without a result`)
          }
        }
      })
      const shared = await startTimed()
      for (const suite of rest) {
        const io = new Output('held')
        const r = await runSuite(suite, shared, io)
        console.log(`\n━━ ${suite.name} ━━`)
        await io.flush()
        console.log(
          `━━ ${suite.name}: ${r.passed} passed, ${r.failed} failed (${
            (r.seconds ?? 0).toFixed(0)
          } s) ━━`,
        )
      }
      await stop()
      await side
    } else {
      let stack = await startTimed()
      let used = false
      // On two cores the suites run one after another, except that a suite which mostly waits
      // (Deno's: 163 of its 322 s busy on one core, 75% of the machine idle) runs beside the
      // next suites that leave the stack alone (the compile checks, Vitest, the bundle scan),
      // its lines prefixed; the journeys, which want both cores and a fresh stack, start once
      // it has ended.
      let beside: Promise<void> | undefined
      for (const suite of present) {
        if (beside && (suite.freshStack || suite.usesStack)) {
          await beside
          beside = undefined
        }
        if (suite.freshStack && used) {
          await stop()
          stack = await startTimed()
        }
        used = true
        if (runsBeside(present, present.indexOf(suite), args.includes('--serial'))) {
          console.log(`\n━━ ${suite.name} (beside the suites after it) ━━`)
          const io = new Output({ prefix: `[${suite.name}]` })
          beside = runSuite(suite, stack, io).then(async (r) => {
            await io.flush()
            console.log(
              `━━ ${suite.name}: ${r.passed} passed, ${r.failed} failed (${
                (r.seconds ?? 0).toFixed(0)
              } s) ━━`,
            )
          })
          continue
        }
        console.log(`\n━━ ${suite.name} ━━`)
        await runSuite(suite, stack, new Output())
      }
      await beside
    }
  } finally {
    await stop()
    Deno.removeSignalListener('SIGINT', onSignal)
    Deno.removeSignalListener('SIGTERM', onSignal)
  }
  console.log('\n━━ summary ━━')
  let passed = 0
  let failed = 0
  for (const name of present.map((s) => s.name).filter((n) => totals[n])) {
    const r = totals[name]
    console.log(
      `  ${name.padEnd(8)} ${r.passed} passed, ${r.failed} failed (${
        (r.seconds ?? 0).toFixed(0)
      } s)`,
    )
    passed += r.passed
    failed += r.failed
  }
  console.log(`  total    ${since(runStarted)}`)
  const failures = Object.entries(totals).flatMap(([name, r]) =>
    (r.failures ?? []).map((f) => `  [${name}] ${f}`)
  )
  if (failures.length) {
    console.log('failed:')
    for (const line of failures.slice(0, 40)) console.log(line)
    if (failures.length > 40) console.log(`  … and ${failures.length - 40} more (above)`)
  }
  // A parent run (side by side, above) reads this run's results from here.
  const report = args.find((a) => a.startsWith('--report='))?.slice(9)
  if (report) await Deno.writeTextFile(report, JSON.stringify(totals))
  console.log(`${passed} passed, ${failed} failed`)
  return failed === 0 && passed > 0 ? 0 : 1
}
