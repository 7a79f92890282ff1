// `npm test`: starts a throwaway stack (its own Postgres cluster and ports), runs every suite
// against it — types, lint, pgTAP, Deno (stack conformance and functions), Vitest (web),
// browser end-to-end — and ends with one line `N passed, N failed`.
import { existsSync } from 'node:fs'
import { basename, join } from 'node:path'
import { ANON_KEY, paths, ROOT, SERVICE_ROLE_KEY } from './config.ts'
import { freePort, type RunningStack, startStack } from './stack.ts'
import { aptInstall, PostgresCluster } from './postgres.ts'
import { buildWeb } from './web-build.ts'
import { testGatewayEnv } from './tests/env.ts'
import { databaseTypesDrift, generateDatabaseTypes, readDatabaseTypes } from './typegen.ts'

interface SuiteResult {
  passed: number
  failed: number
}

interface Suite {
  name: string
  /** Browser journeys assume the seeded data: they get a freshly seeded stack of their own. */
  freshStack?: boolean
  /** Runs when the suite's files exist. */
  present(): boolean | Promise<boolean>
  run(stack: RunningStack, env: Record<string, string>): Promise<SuiteResult>
}

const BIN = (name: string) => join(ROOT, 'node_modules', '.bin', name)

async function exec(
  cmd: string,
  args: string[],
  env: Record<string, string> = {},
  echo = true,
): Promise<{ code: number; out: string }> {
  const child = new Deno.Command(cmd, { args, cwd: ROOT, env, stdout: 'piped', stderr: 'piped' })
    .spawn()
  let out = ''
  const dec = new TextDecoder()
  const pump = async (stream: ReadableStream<Uint8Array>, sink: typeof Deno.stdout) => {
    for await (const chunk of stream) {
      out += dec.decode(chunk, { stream: true })
      if (echo) await sink.write(chunk)
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
    name: 'types',
    present: () => true,
    async run(stack) {
      // The checked-in Database type must be what postgres-meta makes of the migrated schema
      // (this stack's database was built from the migrations, as `npm run gen:types` builds one).
      const drift = databaseTypesDrift(
        await generateDatabaseTypes(stack.dbUrl),
        await readDatabaseTypes(),
      )
      if (drift) console.error(`[types] ${drift}`)
      const web = existsSync(join(ROOT, 'tsconfig.json'))
        ? (await exec(BIN('tsc'), ['-p', 'tsconfig.json', '--noEmit'])).code === 0
        : true
      const denoDirs = ['stack', 'supabase/functions', 'bench'].filter((d) =>
        existsSync(join(ROOT, d))
      )
      const deno = (await exec(Deno.execPath(), ['check', '--quiet', ...denoDirs])).code === 0
      const results = [!drift, web, deno]
      return { passed: results.filter(Boolean).length, failed: results.filter((ok) => !ok).length }
    },
  },
  {
    name: 'lint',
    present: () => true,
    async run() {
      // deno lint, and deno fmt --check with deno.json's settings: unformatted code fails here.
      const lint = (await exec(Deno.execPath(), ['lint', '--quiet'])).code === 0
      const fmt = (await exec(Deno.execPath(), ['fmt', '--check', '--quiet'])).code === 0
      if (!fmt) console.error('[lint] files are not formatted: run `npx deno fmt`')
      return { passed: Number(lint) + Number(fmt), failed: Number(!lint) + Number(!fmt) }
    },
  },
  {
    name: 'pgtap',
    present: async () =>
      (await filesUnder(join(ROOT, 'supabase', 'tests'), /\.test\.sql$/)).length > 0,
    async run(stack) {
      const all = await filesUnder(join(ROOT, 'supabase', 'tests'), /\.test\.sql$/)
      // A narrowed run still starts with the files that set up the `tests` helpers (000-*).
      const files = fileFilters.pgtap
        ? [
          ...all.filter((f) =>
            /\/000-[^/]*$/.test(f) && !fileFilters.pgtap!.some((g) => basename(g) === basename(f))
          ),
          ...fileFilters.pgtap,
        ]
        : all
      const { code, out } = await exec('pg_prove', [
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
      return { passed, failed: failed === 0 && code !== 0 ? 1 : failed }
    },
  },
  {
    name: 'deno',
    present: async () =>
      (await filesUnder(join(ROOT, 'stack', 'tests'), /\.test\.ts$/)).length +
          (await filesUnder(paths.functions, /\.test\.ts$/)).length > 0,
    async run(_stack, env) {
      const dirs = (denoPaths ?? ['stack/tests', 'supabase/functions']).filter((d) =>
        existsSync(join(ROOT, d))
      )
      const { code, out } = await exec(Deno.execPath(), ['test', '-A', '--no-check', ...dirs], {
        ...env,
        NO_COLOR: '1',
      })
      const m = /(\d+) passed(?: \((\d+) steps?\))? \| (\d+) failed(?: \((\d+) steps?\))?/.exec(out)
      if (!m) return { passed: 0, failed: 1 }
      const failed = Number(m[3])
      return {
        passed: Number(m[1]) + Number(m[2] ?? 0),
        failed: failed === 0 && code !== 0 ? 1 : failed,
      }
    },
  },
  {
    name: 'vitest',
    present: async () => (await filesUnder(join(ROOT, 'web', 'src'), /\.test\.tsx?$/)).length > 0,
    async run(_stack, env) {
      return await vitest(['--root', 'web', ...(fileFilters.vitest ?? [])], env, 'vitest.json')
    },
  },
  {
    // The browser must never receive a secret: scan the production bundle for the service key.
    name: 'bundle',
    present: () => existsSync(join(paths.webDist, 'index.html')),
    async run() {
      const files = await filesUnder(paths.webDist, /\.(js|html|json|css|map)$/)
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
          console.error(`[bundle] secret material in ${f}`)
          leaks++
        }
      }
      console.log(`[bundle] scanned ${files.length} files of web/dist for the service key`)
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
    async run(_stack, env) {
      return await vitest(
        ['--config', 'e2e/vitest.config.ts', ...(fileFilters.e2e ?? [])],
        env,
        'e2e.json',
      )
    },
  },
]

async function vitest(
  args: string[],
  env: Record<string, string>,
  report: string,
): Promise<SuiteResult> {
  const outFile = join(paths.stackDir, 'test-results', `${Deno.pid}-${report}`)
  await Deno.mkdir(join(paths.stackDir, 'test-results'), { recursive: true })
  await Deno.remove(outFile).catch(() => {})
  try {
    return await readVitest(args, env, outFile)
  } finally {
    await Deno.remove(outFile).catch(() => {})
  }
}

async function readVitest(
  args: string[],
  env: Record<string, string>,
  outFile: string,
): Promise<SuiteResult> {
  const { code } = await exec(BIN('vitest'), [
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${outFile}`,
  ], env)
  if (!existsSync(outFile)) return { passed: 0, failed: 1 }
  const r = JSON.parse(await Deno.readTextFile(outFile)) as {
    numPassedTests: number
    numFailedTests: number
    testResults: { status: string; assertionResults: { status: string }[] }[]
  }
  // A file that failed without a failing test (it did not load, or a hook threw) counts once.
  const brokenFiles =
    r.testResults.filter((f) =>
      f.status === 'failed' && !f.assertionResults.some((a) => a.status === 'failed')
    ).length
  const failed = r.numFailedTests + brokenFiles
  return { passed: r.numPassedTests, failed: failed === 0 && code !== 0 ? 1 : failed }
}

/** `--deno=stack/tests/rest,supabase/functions/sites` narrows the Deno suite to those paths. */
let denoPaths: string[] | null = null
/** `--e2e=public-blog`, `--vitest=src/features/x`, `--pgtap=supabase/tests/database/x.test.sql` narrow those suites. */
const fileFilters: Partial<Record<'e2e' | 'vitest' | 'pgtap', string[]>> = {}

/** Throwaway clusters of runs that were killed before they could clean up: stop and remove them. */
async function sweepStaleClusters() {
  if (!existsSync(paths.stackDir)) return
  for await (const e of Deno.readDir(paths.stackDir)) {
    const m = /^(?:test|bench|faults|typegen)-(\d+)(?:-\d+)?$/.exec(e.name)
    if (!e.isDirectory || !m || existsSync(`/proc/${m[1]}`)) continue
    console.log(`[test] removing the stale throwaway cluster .stack/${e.name}`)
    await new PostgresCluster({ dir: join(paths.stackDir, e.name), port: 0 }).destroy().catch(
      () => {},
    )
  }
}

export async function runTests(args: string[]): Promise<number> {
  const only = args.find((a) => a.startsWith('--only='))?.slice(7).split(',')
  denoPaths = args.find((a) => a.startsWith('--deno='))?.slice(7).split(',') ?? null
  for (const name of ['e2e', 'vitest', 'pgtap'] as const) {
    const value = args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)
    if (value) fileFilters[name] = value.split(',')
  }
  await sweepStaleClusters()
  const chosen = suites.filter((s) => !only || only.includes(s.name))
  const needsWeb = chosen.some((s) => s.name === 'e2e' || s.name === 'bundle')
  if (needsWeb) await buildWeb()
  if (chosen.some((s) => s.name === 'e2e') && !existsSync('/usr/bin/chromium')) {
    await aptInstall(['chromium'])
  }
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
  let stack = await launch()
  let used = false
  const totals: Record<string, SuiteResult> = {}
  const stop = () => stack.stop()
  const onSignal = () => {
    stop().finally(() => Deno.exit(130))
  }
  Deno.addSignalListener('SIGINT', onSignal)
  Deno.addSignalListener('SIGTERM', onSignal)
  try {
    for (const suite of chosen) {
      if (!(await suite.present())) continue
      console.log(`\n━━ ${suite.name} ━━`)
      if (suite.freshStack && used) {
        await stack.stop()
        stack = await launch()
      }
      used = true
      try {
        totals[suite.name] = await suite.run(stack, envOf(stack))
      } catch (e) {
        console.error(`[test] suite ${suite.name} crashed:`, e)
        totals[suite.name] = { passed: 0, failed: 1 }
      }
    }
  } finally {
    await stop()
    Deno.removeSignalListener('SIGINT', onSignal)
    Deno.removeSignalListener('SIGTERM', onSignal)
  }
  console.log('\n━━ summary ━━')
  let passed = 0
  let failed = 0
  for (const [name, r] of Object.entries(totals)) {
    console.log(`  ${name.padEnd(8)} ${r.passed} passed, ${r.failed} failed`)
    passed += r.passed
    failed += r.failed
  }
  console.log(`${passed} passed, ${failed} failed`)
  return failed === 0 && passed > 0 ? 0 : 1
}
