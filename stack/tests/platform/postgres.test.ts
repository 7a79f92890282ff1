// The cluster manager: start, clean stop, and recovery from a crash that left postmaster.pid.
import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { paths } from '../../config.ts'
import { PostgresCluster } from '../../postgres.ts'
import { freePort } from '../../stack.ts'

Deno.test('a crash leaves a stale postmaster.pid; the next start recovers and stop is clean', async () => {
  const dir = join(paths.stackDir, `pgtest-${crypto.randomUUID().slice(0, 8)}`)
  const cluster = new PostgresCluster({ dir, port: freePort(), ephemeral: true })
  try {
    await cluster.start()
    assert.equal(await cluster.isRunning(), true)
    const pidFile = join(cluster.dataDir, 'postmaster.pid')
    const pid = Number((await Deno.readTextFile(pidFile)).split('\n')[0])
    Deno.kill(pid, 'SIGKILL')
    // Wait for the postmaster and its children to be gone (a harness wait, not a timing assertion).
    for (let i = 0; i < 200 && (await cluster.isRunning()); i++) {
      await new Promise((r) => setTimeout(r, 50))
    }
    assert.equal(existsSync(pidFile), true, 'the crash left its pid file behind')
    await cluster.start()
    assert.equal(await cluster.isRunning(), true)
    const res = await cluster.psql(['-Atc', 'select 40 + 2'])
    assert.equal(res.stdout.trim(), '42')
    await cluster.stop()
    assert.equal(await cluster.isRunning(), false)
    assert.equal(existsSync(pidFile), false, 'a clean stop removes the pid file')
  } finally {
    await cluster.destroy()
  }
})
