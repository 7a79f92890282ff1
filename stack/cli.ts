// `npm start | dev | test | bench | db:reset | gen:types | gen:schema` land here (through
// stack/run.mjs).
//
// These commands are the local stack, and the only place that says so: they set
// ROOTS_LOCAL_STACK=1 in this process before anything reads it, so the in-process functions
// (stack/gateway/functions.ts), the test and bench processes started from here (they inherit the
// environment) and stack/config.ts may use the local providers and the demo JWT secret and keys.
// Nowhere else sets it; without it both are refused (supabase/functions/_shared/providers/config.ts,
// stackKeys in stack/config.ts). The modules that read it are therefore imported after it is set.
import { join } from 'node:path'

const COMMANDS = [
  'start',
  'dev',
  'db:reset',
  'test',
  'bench',
  'test:load',
  'test:faults',
  'gen:types',
  'gen:schema',
]
const USAGE = `usage: stack/cli.ts ${COMMANDS.join('|')}`
const [cmd, ...rest] = Deno.args
if (!COMMANDS.includes(cmd ?? '')) {
  console.error(USAGE)
  Deno.exit(2)
}
Deno.env.set('ROOTS_LOCAL_STACK', '1')

const { defaultPorts, paths, ROOT } = await import('./config.ts')
const { busyPorts, startStack } = await import('./stack.ts')
const { buildWeb, runBench } = await import('./product.ts')
const { PostgresCluster } = await import('./postgres.ts')

const DEMO = [
  'official@example.com (roots_official)',
  'team@example.com (roots_team)',
  'founder@example.com (founder)',
  'patch@example.com (patch_manager)',
  'member@example.com (member)',
]

function waitForSignal(): Promise<string> {
  return new Promise((resolve) => {
    for (const sig of ['SIGINT', 'SIGTERM'] as const) {
      Deno.addSignalListener(sig, () => resolve(sig))
    }
  })
}

/**
 * Refuses, before anything is built, stopped or removed, when the stack's ports are taken: another
 * `npm start` would otherwise lose its database to `db:reset`, or this one fail half-started.
 */
function refuseIfBusy(ports: ReturnType<typeof defaultPorts>, what: string) {
  const busy = busyPorts(ports)
  if (busy.length === 0) return
  throw new Error(
    `${what}: the stack's ports are in use (${busy.join(', ')}). ` +
      'Is Roots already running (npm start or npm run dev)? Stop it with Ctrl-C, then run this again. ' +
      'Nothing was changed.',
  )
}

async function start(dev: boolean) {
  const ports = defaultPorts()
  refuseIfBusy(ports, dev ? 'npm run dev' : 'npm start')
  if (!dev) await buildWeb()
  const stack = await startStack({ ports, web: !dev })
  let vite: Deno.ChildProcess | null = null
  if (dev) {
    vite = new Deno.Command(join(ROOT, 'node_modules', '.bin', 'vite'), {
      args: ['--host', '127.0.0.1', '--port', String(ports.web), '--strictPort'],
      cwd: join(ROOT, 'web'),
      env: { VITE_SUPABASE_URL: stack.apiUrl },
      stdout: 'inherit',
      stderr: 'inherit',
    }).spawn()
  }
  console.log(`
  Roots Allotments is running.
    Web app     ${stack.webUrl}${dev ? '  (Vite dev server)' : ''}
    Admin       ${stack.webUrl}/admin
    API         ${stack.apiUrl}   (rest /rest/v1, auth /auth/v1, functions /functions/v1)
    Outbox      ${stack.apiUrl}/_outbox   (mail and SMS the app would have sent)
    Postgres    ${stack.dbUrl}
  Demo sign-ins (password allotments-demo):
    ${DEMO.join('\n    ')}
  Ctrl-C stops everything, Postgres included.
`)
  const sig = await waitForSignal()
  console.log(`\n[stack] ${sig}: stopping…`)
  try {
    vite?.kill('SIGTERM')
  } catch { /* already gone */ }
  await stack.stop()
  console.log('[stack] stopped')
  Deno.exit(0)
}

async function dbReset() {
  const ports = defaultPorts()
  refuseIfBusy(ports, 'npm run db:reset')
  const cluster = new PostgresCluster({ dir: join(paths.stackDir, 'db'), port: ports.db })
  await cluster.destroy()
  const stack = await startStack({ ports, web: false })
  await stack.stop()
  console.log('[db:reset] database rebuilt from migrations and seed')
}

try {
  switch (cmd) {
    case 'start':
      await start(false)
      break
    case 'dev':
      await start(true)
      break
    case 'db:reset':
      await dbReset()
      break
    case 'test': {
      const { runTests } = await import('./test-runner.ts')
      Deno.exit(await runTests(rest))
      break
    }
    case 'bench': {
      Deno.exit(await runBench(rest))
      break
    }
    case 'gen:types': {
      const { writeDatabaseTypes } = await import('./typegen.ts')
      Deno.exit(await writeDatabaseTypes())
      break
    }
    case 'gen:schema': {
      const { writeSchemaFiles } = await import('./schema-dump.ts')
      Deno.exit(await writeSchemaFiles())
      break
    }
    case 'test:load':
    case 'test:faults': {
      const { runTests } = await import('./test-runner.ts')
      const file = cmd === 'test:load'
        ? 'stack/tests/quality/load.test.ts'
        : 'stack/tests/quality/faults.test.ts'
      Deno.exit(await runTests(['--only=deno', `--deno=${file}`, '--full', ...rest]))
      break
    }
    default:
      console.error(USAGE)
      Deno.exit(2)
  }
} catch (e) {
  console.error(`\n[stack] ${e instanceof Error ? e.message : e}`)
  Deno.exit(1)
}
