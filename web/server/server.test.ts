// The production web server: SPA fallback, immutable assets, the runtime config with the anon
// key only, security headers, and no way out of the build folder.
import assert from 'node:assert/strict'
import { join } from 'node:path'
import { startWebServer } from './server.ts'
import { env, freePort } from './test-support.ts'

const ANON_KEY = env('SUPABASE_ANON_KEY')
const SERVICE_ROLE_KEY = env('SUPABASE_SERVICE_ROLE_KEY')

async function withServer(
  fn: (base: string) => Promise<void>,
  apiUrl = 'http://127.0.0.1:54321',
) {
  const dist = await Deno.makeTempDir({ prefix: 'dist-' })
  await Deno.mkdir(join(dist, 'assets'))
  await Deno.writeTextFile(
    join(dist, 'index.html'),
    '<!doctype html><title>app</title><div id="root"></div>',
  )
  await Deno.writeTextFile(join(dist, 'assets', 'app-abc.js'), 'console.log(1)')
  await Deno.mkdir(join(dist, 'images', 'content'), { recursive: true })
  await Deno.writeTextFile(join(dist, 'images', 'content', 'leaf.svg'), '<svg/>')
  const port = freePort()
  const server = startWebServer({
    port,
    distDir: dist,
    apiUrl,
    anonKey: ANON_KEY,
    quiet: true,
  })
  try {
    await fn(`http://127.0.0.1:${port}`)
  } finally {
    await server.close()
    await Deno.remove(dist, { recursive: true })
  }
}

Deno.test('client routes get index.html, assets are immutable, missing assets are 404', () =>
  withServer(async (base) => {
    for (const route of ['/', '/sites/bath/tuckers-meadow', '/admin/waiting-list']) {
      const res = await fetch(base + route)
      assert.equal(res.status, 200, route)
      assert.match(res.headers.get('content-type') ?? '', /text\/html/)
      assert.match(await res.text(), /id="root"/)
      // The redirect table downloads alongside the bundle, not after it.
      assert.equal(
        res.headers.get('link'),
        '<http://127.0.0.1:54321/functions/v1/redirect-lookup>; rel=preload; as=fetch; crossorigin=anonymous',
        route,
      )
    }
    const asset = await fetch(`${base}/assets/app-abc.js`)
    assert.equal(asset.status, 200)
    assert.match(asset.headers.get('cache-control') ?? '', /immutable/)
    assert.equal(asset.headers.get('link'), null)
    assert.equal(await asset.text(), 'console.log(1)')
    const missing = await fetch(`${base}/assets/nope.js`)
    assert.equal(missing.status, 404)
    await missing.body?.cancel()
  }))

Deno.test('/config.js carries the API URL and anon key, never the service key', () =>
  withServer(async (base) => {
    const text = await (await fetch(`${base}/config.js`)).text()
    assert.match(text, /window\.__ROOTS_CONFIG__=/)
    assert.ok(text.includes(ANON_KEY))
    assert.ok(text.includes('http://127.0.0.1:54321'))
    assert.ok(!text.includes(SERVICE_ROLE_KEY))
    assert.match(text, /"imagesUrl":"\/images"/)
  }))

Deno.test("/images/ serves the images bucket on the page's origin, and the app's own images first", () => {
  const api = env('SUPABASE_URL')
  return withServer(async (base) => {
    const name = 'sites/darenth-fields/1.png'
    const direct = await fetch(`${api}/storage/v1/object/public/images/${name}`)
    assert.equal(direct.status, 200)
    const want = new Uint8Array(await direct.arrayBuffer())
    const res = await fetch(`${base}/images/${name}`)
    assert.equal(res.status, 200)
    assert.equal(res.headers.get('content-type'), 'image/png')
    assert.equal(res.headers.get('cache-control'), direct.headers.get('cache-control'))
    assert.match(res.headers.get('content-security-policy') ?? '', /default-src 'self'/)
    assert.deepEqual(new Uint8Array(await res.arrayBuffer()), want)
    // A browser or CDN revalidates: the same object answers 304, with no body.
    const etag = res.headers.get('etag')
    assert.ok(etag)
    const again = await fetch(`${base}/images/${name}`, { headers: { 'if-none-match': etag } })
    assert.equal(again.status, 304)
    assert.equal(await again.text(), '')
    // Names with spaces reach Storage encoded; missing objects are 404s, not Storage's 400.
    for (const path of ['/images/sites/darenth-fields/nope.png', '/images/sites/no%20such/x.png']) {
      const missing = await fetch(base + path)
      assert.equal(missing.status, 404, path)
      await missing.body?.cancel()
    }
    // The app's own files under /images/ (web/public/images/) are served from the build.
    const own = await fetch(`${base}/images/content/leaf.svg`)
    assert.equal(await own.text(), '<svg/>')
  }, api)
})

Deno.test('/images/ answers 502 when Storage cannot be reached', () =>
  withServer(async (base) => {
    const res = await fetch(`${base}/images/sites/x/1.png`)
    assert.equal(res.status, 502)
    await res.body?.cancel()
  }, `http://127.0.0.1:${freePort()}`))

Deno.test('security headers: CSP without inline scripts but the boot script, nosniff, no framing', () =>
  withServer(async (base) => {
    const res = await fetch(base + '/')
    await res.body?.cancel()
    const csp = res.headers.get('content-security-policy') ?? ''
    assert.match(csp, /script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'(;|$)/)
    assert.match(csp, /connect-src 'self' http:\/\/127\.0\.0\.1:54321/)
    assert.match(csp, /frame-ancestors 'none'/)
    assert.match(csp, /object-src 'none'/)
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff')
    assert.equal(res.headers.get('x-frame-options'), 'DENY')
    assert.ok(res.headers.get('referrer-policy'))
  }))

Deno.test('paths cannot escape the build folder', () =>
  withServer(async (base) => {
    for (
      const p of [
        '/..%2f..%2f..%2fetc%2fpasswd',
        '/%2e%2e/%2e%2e/etc/passwd',
        '/assets/..%2f..%2fetc%2fpasswd',
      ]
    ) {
      const res = await fetch(base + p)
      const body = await res.text()
      assert.ok(!body.includes('root:x:0:0'), p)
    }
    const bad = await fetch(`${base}/%E0%A4%A`)
    assert.equal(bad.status, 400)
    await bad.body?.cancel()
    const post = await fetch(base + '/', { method: 'POST' })
    assert.equal(post.status, 405)
    await post.body?.cancel()
  }))
