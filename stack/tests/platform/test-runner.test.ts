// `npm test` repeats what failed under its summary (CI shows a run's last lines, so a failure far
// up in the output must still be named there). These run the real tools on a failing file and
// read their real output.
import assert from 'node:assert/strict'
import { join } from 'node:path'
import { ROOT } from '../../config.ts'
import {
  denoFailures,
  pgTapFailures,
  pgTapNumbering,
  runsBeside,
  suiteTraits,
} from '../../test-runner.ts'
import { env } from './helpers.ts'

async function run(cmd: string, args: string[], extra: Record<string, string> = {}) {
  const { stdout, stderr } = await new Deno.Command(cmd, {
    args,
    env: { NO_COLOR: '1', ...extra },
    stdout: 'piped',
    stderr: 'piped',
  }).output()
  const dec = new TextDecoder()
  return dec.decode(stdout) + dec.decode(stderr)
}

Deno.test('a failing Deno test and a failing step are named as the summary shows them', async () => {
  const dir = await Deno.makeTempDir({ prefix: 'runner-deno-' })
  try {
    await Deno.writeTextFile(
      join(dir, 'probe.test.ts'),
      [
        "Deno.test('passes', () => {})",
        "Deno.test('breaks', () => { throw new Error('boom') })",
        "Deno.test('has steps', async (t) => { await t.step('inner', () => { throw new Error('x') }) })",
      ].join('\n'),
    )
    const out = await run(Deno.execPath(), ['test', '--no-check', '--no-config', dir])
    const failures = denoFailures(out)
    assert.equal(failures.length, 2)
    assert.match(failures[0], /^breaks => .*probe\.test\.ts:2:\d+$/)
    assert.match(failures[1], /^has steps \.\.\. inner => .*probe\.test\.ts:3:\d+$/)
    assert.deepEqual(denoFailures(out.replace(/FAILURES[\s\S]*/, '')), [])
  } finally {
    await Deno.remove(dir, { recursive: true })
  }
})

Deno.test("a failing pgTAP assertion is named with its file, from pg_prove's own output", async () => {
  const dir = await Deno.makeTempDir({ prefix: 'runner-pgtap-' })
  try {
    const file = join(dir, 'probe.test.sql')
    await Deno.writeTextFile(
      file,
      `begin;
select plan(3);
select ok(true, 'the first holds');
select is(1, 2, 'one is two');
select ok(true, 'the third holds');
select * from finish();
rollback;
`,
    )
    const url = new URL(env('SUPABASE_DB_URL'))
    const out = await run(
      'pg_prove',
      ['--verbose', '-h', url.hostname, '-p', url.port, '-U', 'postgres', '-d', 'postgres', file],
      { PGPASSWORD: decodeURIComponent(url.password) },
    )
    assert.deepEqual(pgTapFailures(out), ['probe.test.sql › not ok 2 - one is two'])
  } finally {
    await Deno.remove(dir, { recursive: true })
  }
})

Deno.test('on two cores only the Deno suite runs beside others, and never beside a stack user', () => {
  const order = suiteTraits()
  const beside = (o: typeof order, serial = false) =>
    o.filter((_, i) => runsBeside(o, i, serial)).map((s) => s.name)
  assert.deepEqual(beside(order), ['deno'])
  // What runs beside it is what follows it up to the next suite that needs a stack: the compile
  // checks, Vitest and the bundle scan, none of which touches the stack.
  const after = order.slice(order.findIndex((s) => s.name === 'deno') + 1)
  const besideIt = after.slice(0, after.findIndex((s) => s.usesStack || s.freshStack))
  assert.deepEqual(besideIt.map((s) => s.name), ['types', 'vitest', 'bundle'])
  // The suites that read or write the shared stack say so, and run before it or wait for it.
  for (const name of ['schema', 'pgtap']) {
    assert.ok(order.find((s) => s.name === name)?.usesStack, `${name} uses the stack`)
  }
  assert.deepEqual(beside(order, true), [], '--serial runs one at a time')
  const narrowed = order.filter((s) => ['pgtap', 'deno', 'e2e'].includes(s.name))
  assert.deepEqual(beside(narrowed), [], 'nothing to run beside when the journeys come next')
  assert.deepEqual(beside(order.filter((s) => s.name === 'deno')), [], 'nor when it runs alone')
})

Deno.test('no two pgTAP files share a number, and each is named NNN-<area>', () => {
  const dir = join(ROOT, 'supabase', 'tests', 'database')
  const names = [...Deno.readDirSync(dir)].map((e) => e.name).filter((n) => n.endsWith('.test.sql'))
  assert.deepEqual(pgTapNumbering(names), [])
  assert.deepEqual(
    pgTapNumbering(['040-commerce.test.sql', '044-a.test.sql', '044-b.test.sql', 'x-y.test.sql']),
    [
      'x-y.test.sql is not named NNN-<area>.test.sql',
      '044-a.test.sql and 044-b.test.sql share the number 044',
    ],
  )
})
