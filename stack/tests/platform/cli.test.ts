// `npm start`, `npm run dev` and `npm run db:reset` while the stack's ports are taken (another
// `npm start`, most likely): each refuses at once, names the ports and changes nothing. db:reset
// used to remove the running stack's database, rebuild it, and then fail on the API port, leaving
// the running gateway with an empty Storage (every photo gone).
import assert from 'node:assert/strict'
import { join } from 'node:path'
import { paths, ROOT } from '../../config.ts'
import { busyPorts, freePort } from '../../stack.ts'

async function cli(command: string, ports: { api: number; db: number; web: number }) {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ['run', '-A', '--quiet', join(ROOT, 'stack', 'cli.ts'), command],
    cwd: ROOT,
    env: {
      NO_COLOR: '1',
      API_PORT: String(ports.api),
      DB_PORT: String(ports.db),
      WEB_PORT: String(ports.web),
    },
    stdout: 'piped',
    stderr: 'piped',
  }).output()
  const dec = new TextDecoder()
  return { code, out: dec.decode(stdout) + dec.decode(stderr) }
}

const exists = (path: string) => Deno.stat(path).then(() => true, () => false)

for (
  const [command, held] of [
    ['db:reset', 'api'],
    ['db:reset', 'db'],
    ['start', 'web'],
    ['dev', 'api'],
  ] as const
) {
  Deno.test(`${command} with the ${held} port taken refuses at once and changes nothing`, async () => {
    const holder = Deno.listen({ hostname: '127.0.0.1', port: 0 })
    const ports = { api: freePort(), db: freePort(), web: freePort() }
    ports[held] = (holder.addr as Deno.NetAddr).port
    const dbDir = join(paths.stackDir, 'db')
    const hadDb = await exists(dbDir)
    try {
      const { code, out } = await cli(command, ports)
      assert.equal(code, 1, out)
      const name = { api: 'API', db: 'Postgres', web: 'web' }[held]
      assert.match(out, new RegExp(`the stack's ports are in use \\(${name} ${ports[held]}\\)`))
      assert.match(out, /Stop it with Ctrl-C, then run this again\. Nothing was changed\./)
      // Nothing built, started or removed: the database directory is as it was, no server answers.
      assert.equal(await exists(dbDir), hadDb)
      for (const port of Object.values(ports).filter((p) => p !== ports[held])) {
        await assert.rejects(Deno.connect({ hostname: '127.0.0.1', port }))
      }
    } finally {
      holder.close()
    }
  })
}

Deno.test('busyPorts names only the ports something listens on', () => {
  const ports = { api: freePort(), db: freePort(), web: freePort() }
  assert.deepEqual(busyPorts(ports), [])
  const holder = Deno.listen({ hostname: '127.0.0.1', port: ports.web })
  try {
    assert.deepEqual(busyPorts(ports), [`web ${ports.web}`])
  } finally {
    holder.close()
  }
})
