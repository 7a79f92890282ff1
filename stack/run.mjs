#!/usr/bin/env node
// The only plain-JavaScript file: `npm start` / `npm test` begin on a machine that may have
// nothing but Node and npm, so this shim installs the npm packages (Deno among them) when
// they are missing or stale, then hands over to the TypeScript CLI on Deno.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const stamp = join(root, 'node_modules', '.package-lock.json')
const lock = join(root, 'package-lock.json')
const deno = join(root, 'node_modules', '.bin', 'deno')

const stale = !existsSync(stamp) || !existsSync(deno) ||
  (existsSync(lock) && statSync(lock).mtimeMs > statSync(stamp).mtimeMs + 1000)
if (stale) {
  console.log('[setup] installing npm packages…')
  const install = (cmd) =>
    spawnSync('npm', [cmd, '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' }).status
  // `npm ci` installs exactly the lock; if the registry cannot serve it, `npm install` resolves.
  let status = existsSync(lock) ? install('ci') : install('install')
  if (status !== 0 && existsSync(lock)) {
    console.log('[setup] npm ci failed; trying npm install…')
    status = install('install')
  }
  if (status !== 0) process.exit(status ?? 1)
}
JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))

const child = spawn(deno, [
  'run',
  '-A',
  '--quiet',
  '--unstable-no-legacy-abort',
  join(root, 'stack', 'cli.ts'),
  ...process.argv.slice(2),
], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DENO_NO_UPDATE_CHECK: '1', DENO_NO_PROMPT: '1' },
})
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => child.kill(sig))
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 130 : 1)))
