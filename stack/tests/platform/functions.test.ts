// /functions/v1/<name>: the handler runs in-process with the edge runtime's environment,
// verify_jwt is honoured (preflight passes), and unknown or unsafe names are 404.
import assert from 'node:assert/strict'
import { ANON_KEY, JWT_SECRET, SERVICE_ROLE_KEY } from '../../config.ts'
import type { GatewayContext } from '../../gateway/context.ts'
import { createFunctionsGateway, functionSettings } from '../../gateway/functions.ts'
import { signJwt } from '../../gateway/jwt.ts'
import { env } from './helpers.ts'
import { freePort } from '../../stack.ts'
import { request } from 'node:http'

const ctx = {
  config: {
    apiUrl: 'http://127.0.0.1:1',
    siteUrl: 'http://127.0.0.1:2',
    jwtSecret: JWT_SECRET,
    anonKey: ANON_KEY,
    serviceRoleKey: SERVICE_ROLE_KEY,
    dbUrl: 'postgresql://x',
  },
} as unknown as GatewayContext

const RUNTIME_VARS = [
  'SUPABASE_URL',
  'SUPABASE_ANON_KEY',
  'SUPABASE_SERVICE_ROLE_KEY',
  'SUPABASE_DB_URL',
  'SB_SITE_URL',
]

/** createFunctionsGateway sets the runtime's variables process-wide: give the real ones back. */
function gateway(settings: Record<string, { verify_jwt?: boolean }>) {
  const saved = Object.fromEntries(RUNTIME_VARS.map((k) => [k, Deno.env.get(k)]))
  const gw = createFunctionsGateway(ctx, settings)
  const seen = Object.fromEntries(RUNTIME_VARS.map((k) => [k, Deno.env.get(k)]))
  for (const [k, v] of Object.entries(saved)) {
    v === undefined ? Deno.env.delete(k) : Deno.env.set(k, v)
  }
  return { gw, seen }
}

const call = (
  gw: ReturnType<typeof createFunctionsGateway>,
  path: string,
  init: RequestInit = {},
) => {
  const url = new URL(`http://127.0.0.1:1/functions/v1${path}`)
  return gw.handle(new Request(url, init), { path, url, remoteAddr: '127.0.0.1' })
}

Deno.test('config.toml turns verify_jwt off for health, so it answers without a token', async () => {
  assert.equal(functionSettings().health?.verify_jwt, false)
  const res = await fetch(`${env('SUPABASE_URL')}/functions/v1/health`)
  assert.equal(res.status, 200)
  const body = await res.json()
  assert.equal(body.ok, true)
  assert.equal(body.path, '/functions/v1/health')
  assert.equal(body.supabaseUrlSet, true)
})

Deno.test('with verify_jwt on: no token and bad tokens are 401, valid keys pass, preflight passes', async () => {
  const { gw } = gateway({ health: { verify_jwt: true } })
  const none = await call(gw, '/health')
  assert.equal(none.status, 401)
  assert.equal((await none.json()).code, 'UNAUTHORIZED_NO_AUTH_HEADER')
  const tampered = ANON_KEY.slice(0, -2) + (ANON_KEY.endsWith('A') ? 'BB' : 'AA')
  assert.equal(
    (await call(gw, '/health', { headers: { authorization: `Bearer ${tampered}` } })).status,
    401,
  )
  const expired = await signJwt({
    role: 'authenticated',
    sub: crypto.randomUUID(),
    exp: Math.floor(Date.now() / 1000) - 10,
  }, JWT_SECRET)
  assert.equal(
    (await call(gw, '/health', { headers: { authorization: `Bearer ${expired}` } })).status,
    401,
  )
  const otherSecret = await signJwt(
    { role: 'service_role' },
    'not-the-secret-not-the-secret-not-the-secret',
  )
  assert.equal(
    (await call(gw, '/health', { headers: { authorization: `Bearer ${otherSecret}` } })).status,
    401,
  )
  assert.equal(
    (await call(gw, '/health', { headers: { authorization: `Bearer ${ANON_KEY}` } })).status,
    200,
  )
  assert.equal((await call(gw, '/health', { headers: { apikey: SERVICE_ROLE_KEY } })).status, 200)
  const pre = await call(gw, '/health', {
    method: 'OPTIONS',
    headers: { origin: 'http://127.0.0.1:5173', 'access-control-request-method': 'POST' },
  })
  assert.equal(pre.status, 200)
  assert.equal(pre.headers.get('access-control-allow-origin'), '*')
  assert.match(pre.headers.get('access-control-allow-headers') ?? '', /authorization/)
  await pre.body?.cancel()
})

Deno.test('unknown, private and path-like function names are 404 and load nothing', async () => {
  const { gw } = gateway({})
  for (
    const path of ['/no-such-function', '/_shared', '/..', '/%2e%2e', '/../stack', '/Health', '/']
  ) {
    const res = await call(gw, path, { headers: { authorization: `Bearer ${ANON_KEY}` } })
    assert.equal(res.status, 404, path)
    assert.equal((await res.json()).code, 'NOT_FOUND')
  }
})

Deno.test('the handler sees the edge runtime environment', () => {
  const { seen } = gateway({})
  assert.equal(seen.SUPABASE_URL, 'http://127.0.0.1:1')
  assert.equal(seen.SUPABASE_ANON_KEY, ANON_KEY)
  assert.equal(seen.SUPABASE_SERVICE_ROLE_KEY, SERVICE_ROLE_KEY)
  assert.equal(seen.SUPABASE_DB_URL, 'postgresql://x')
})

Deno.test('methods a fetch Request cannot carry (TRACE, CONNECT, TRACK) are 405, not a 5xx', async () => {
  const { gw } = gateway({})
  // Through a real server: Deno.serve hands over a TRACE request, which `new Request` refuses.
  const port = freePort()
  const server = Deno.serve({ hostname: '127.0.0.1', port, onListen() {} }, (req) => {
    const url = new URL(req.url)
    const path = url.pathname.slice('/functions/v1'.length)
    return gw.handle(req, { path, url, remoteAddr: '127.0.0.1' })
  })
  const send = (method: string) =>
    new Promise<{ status?: number; body: string }>((resolve, reject) => {
      const r = request({
        host: '127.0.0.1',
        port,
        method,
        path: '/functions/v1/health',
        headers: { authorization: `Bearer ${ANON_KEY}` },
      }, (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (d: string) => body += d)
        res.on('end', () => resolve({ status: res.statusCode, body }))
      })
      r.on('error', reject)
      r.end()
    })
  try {
    for (const method of ['TRACE', 'TRACK']) {
      const res = await send(method)
      assert.equal(res.status, 405, `${method}: ${res.body}`)
      assert.equal(JSON.parse(res.body).code, 'METHOD_NOT_ALLOWED')
    }
    // and an ordinary method still reaches the function.
    assert.equal((await send('GET')).status, 200)
  } finally {
    await server.shutdown()
  }
})
