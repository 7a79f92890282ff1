import assert from 'node:assert/strict'
import { fetchWithin } from './supabase.ts'

/** A server that takes requests and never answers them, until the test ends it. */
function silentServer() {
  const ctl = new AbortController()
  let release = () => {}
  const never = new Promise<Response>((resolve) => {
    release = () => resolve(new Response('late'))
  })
  const server = Deno.serve(
    { hostname: '127.0.0.1', port: 0, signal: ctl.signal, onListen: () => {} },
    () => never,
  )
  return {
    url: `http://127.0.0.1:${server.addr.port}/`,
    close: async () => {
      release()
      ctl.abort()
      await server.finished
    },
  }
}

Deno.test('a public read with no answer fails at its deadline instead of waiting for ever', async () => {
  const server = silentServer()
  try {
    const started = performance.now()
    await assert.rejects(fetchWithin(200)(server.url), (e: Error) => e.name === 'TimeoutError')
    assert.ok(performance.now() - started >= 190, 'not before the deadline')
  } finally {
    await server.close()
  }
})

Deno.test("a request's own signal is kept: the caller's abort ends it, not the deadline", async () => {
  const server = silentServer()
  try {
    const ctl = new AbortController()
    const pending = fetchWithin(60_000)(server.url, { signal: ctl.signal })
    ctl.abort()
    await assert.rejects(pending, (e: Error) => e.name === 'AbortError')
  } finally {
    await server.close()
  }
})
