// The security headers of the production web server (web/server/server.ts) on every kind of answer
// — the app's HTML at any route, built JS, CSS and images, /config.js, 404, 400 and 405 — and a
// Content-Security-Policy strict enough to matter (no eval'd script and no inline script but the
// one that starts the app, allowed by its hash; no plugins, no framing, no foreign base or form
// targets) that still allows the real build: index.html loads only same-origin files and its one
// inline script is that boot script, word for word. That no page of the app trips the policy in a
// browser is checked route by route in e2e/a11y-routes.e2e.ts.
import assert from 'node:assert/strict'
import { join } from 'node:path'
import { BOOT_SCRIPT, BOOT_SCRIPT_HASH, BOOT_SCRIPT_ID, bootScripts } from '../boot-script.ts'
import { buildWeb, WEB_DIST } from './build.ts'
import { startWebServer } from './server.ts'
import { env, freePort } from './test-support.ts'

const ANON_KEY = env('SUPABASE_ANON_KEY')

// An API nobody answers on: these tests judge the shell and its headers, and a stack of
// `npm start` listening on 54321 would have the server render pages instead (a fresh-clone run
// beside one once compared a rendered home page with index.html).
const API = `http://127.0.0.1:${freePort()}`
const EXPECTED: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
}

/** The policy as directive → sources. */
function parseCsp(header: string): Map<string, string[]> {
  const out = new Map<string, string[]>()
  for (const part of header.split(';').map((p) => p.trim()).filter(Boolean)) {
    const [name, ...sources] = part.split(/\s+/)
    assert.ok(!out.has(name), `directive ${name} appears once`)
    out.set(name, sources)
  }
  return out
}

function assertSecurityHeaders(what: string, headers: Headers, connectSrc: string[] = []) {
  for (const [k, v] of Object.entries(EXPECTED)) assert.equal(headers.get(k), v, `${what}: ${k}`)
  const permissions = headers.get('permissions-policy') ?? ''
  for (const feature of ['camera=()', 'microphone=()']) {
    assert.ok(
      permissions.split(/,\s*/).includes(feature),
      `${what}: Permissions-Policy ${feature} (${permissions})`,
    )
  }
  const csp = parseCsp(headers.get('content-security-policy') ?? '')
  assert.deepEqual(csp.get('default-src'), [`'self'`], `${what}: default-src`)
  assert.deepEqual(
    csp.get('script-src'),
    [`'self'`, BOOT_SCRIPT_HASH],
    `${what}: scripts only from the app's origin and the boot script by its hash, none eval'd`,
  )
  assert.deepEqual(csp.get('object-src'), [`'none'`], `${what}: object-src`)
  assert.deepEqual(csp.get('base-uri'), [`'self'`], `${what}: base-uri`)
  assert.deepEqual(csp.get('frame-ancestors'), [`'none'`], `${what}: frame-ancestors`)
  assert.deepEqual(
    csp.get('connect-src'),
    [`'self'`, API, ...connectSrc],
    `${what}: connect-src is the app and its API`,
  )
  assert.deepEqual(csp.get('form-action'), [`'self'`, API], `${what}: form-action`)
  assert.ok(
    csp.get('img-src')?.includes(API),
    `${what}: img-src takes Storage's public images from the API`,
  )
  for (const [name, sources] of csp) {
    assert.ok(
      !sources.includes(`'unsafe-eval'`) && !sources.includes('*'),
      `${what}: ${name} allows neither eval nor any origin`,
    )
    if (name !== 'style-src') {
      assert.ok(!sources.includes(`'unsafe-inline'`), `${what}: ${name} allows no inline code`)
    }
  }
}

async function withServer(
  distDir: string,
  fn: (base: string) => Promise<void>,
  connectSrc?: string[],
) {
  const port = freePort()
  const server = startWebServer({
    port,
    distDir,
    apiUrl: API,
    anonKey: ANON_KEY,
    connectSrc,
    quiet: true,
  })
  try {
    await fn(`http://127.0.0.1:${port}`)
  } finally {
    await server.close()
  }
}

async function get(url: string, init?: RequestInit): Promise<Response> {
  const res = await fetch(url, init)
  await res.body?.cancel()
  return res
}

Deno.test('every answer of the web server carries the security headers, on the real build', async () => {
  await buildWeb()
  const index = await Deno.readTextFile(join(WEB_DIST, 'index.html'))
  const assets = [
    ...[...index.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!),
    ...bootScripts(index),
  ]
  assert.ok(assets.some((a) => a.endsWith('.js')), 'index.html loads the built JavaScript')
  const other = [...Deno.readDirSync(join(WEB_DIST, 'assets'))].map((e) => `/assets/${e.name}`)
    .filter((p) => /\.(css|svg|png|webp|woff2)$/.test(p)).slice(0, 3)
  await withServer(WEB_DIST, async (base) => {
    const checks: [string, Response, RegExp][] = []
    for (
      const route of [
        '/',
        '/sites',
        '/sites/dartford/darenth-fields',
        '/admin/login',
        '/admin/waiting-list',
        '/kb/getting-started/tools',
        '/no-such-page',
      ]
    ) {
      checks.push([`HTML ${route}`, await get(base + route), /^text\/html/])
    }
    for (const asset of [...assets, ...other]) {
      checks.push([`asset ${asset}`, await get(base + asset), /./])
    }
    checks.push(['/config.js', await get(`${base}/config.js`), /^text\/javascript/])
    checks.push(['HEAD /', await get(base + '/', { method: 'HEAD' }), /^text\/html/])
    for (const [what, res, type] of checks) {
      assert.equal(res.status, 200, what)
      assert.match(res.headers.get('content-type') ?? '', type, `${what}: content type`)
      assertSecurityHeaders(what, res.headers)
    }
    for (
      const [what, res, status] of [
        ['missing asset', await get(`${base}/assets/nope-123.js`), 404],
        ['bad escape', await get(`${base}/%E0%A4%A`), 400],
        ['POST', await get(base + '/', { method: 'POST' }), 405],
      ] as const
    ) {
      assert.equal(res.status, status, what)
      assertSecurityHeaders(what, res.headers)
    }
  })
})

Deno.test('the real build fits the policy: same-origin files only, no inline script or handler', async () => {
  await buildWeb()
  const index = await Deno.readTextFile(join(WEB_DIST, 'index.html'))
  const scripts = [...index.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
  assert.ok(scripts.length > 0)
  for (const [tag, attrs, body] of scripts) {
    if (attrs.includes(`id="${BOOT_SCRIPT_ID}"`)) {
      // The one inline script: exactly the text whose hash the policy allows.
      assert.equal(body, BOOT_SCRIPT, 'the boot script is the text the CSP hash allows')
      assert.match(attrs, /\sdata-entry="\/assets\/[^"]+\.js"/, 'it starts a same-origin entry')
      assert.match(attrs, /\sdata-config="\/config\.js"/, 'after the runtime config')
      continue
    }
    assert.match(
      attrs,
      /\ssrc="\/[^/"]/,
      `every other script is a same-origin file: ${tag.slice(0, 120)}`,
    )
    assert.equal(body.trim(), '', `no other inline script: ${tag.slice(0, 120)}`)
  }
  assert.equal(
    scripts.filter(([, attrs]) => attrs.includes(`id="${BOOT_SCRIPT_ID}"`)).length,
    1,
    'the boot script is there, once',
  )
  // Sanity: the hash is the script's (sha256, base64), so a changed script is a changed policy.
  const digest = new Uint8Array(
    await crypto.subtle.digest('SHA-256', new TextEncoder().encode(BOOT_SCRIPT)),
  )
  assert.equal(BOOT_SCRIPT_HASH, `'sha256-${btoa(String.fromCharCode(...digest))}'`)
  assert.doesNotMatch(index, /\son[a-z]+\s*=/i, 'no inline event handler')
  for (
    const url of [
      ...[...index.matchAll(/(?:src|href|data-config)="([^"]+)"/g)].map((m) => m[1]!),
      ...bootScripts(index),
    ]
  ) {
    // The icon is inline (an image, which img-src allows as data:), saving a request.
    if (url.startsWith('data:image/svg+xml,')) continue
    assert.ok(url.startsWith('/') && !url.startsWith('//'), `same-origin URL in index.html: ${url}`)
  }
  assert.doesNotMatch(
    index,
    /<(?:script|iframe|object|embed)\b[^>]*\bsrc="data:/i,
    'no data: URL runs code',
  )
  // The built code never evaluates strings (blocked by script-src 'self').
  for (const e of Deno.readDirSync(join(WEB_DIST, 'assets'))) {
    if (!e.name.endsWith('.js')) continue
    const code = await Deno.readTextFile(join(WEB_DIST, 'assets', e.name))
    assert.doesNotMatch(
      code,
      /\bnew Function\(\s*["'`]|\beval\(\s*["'`]/,
      `${e.name} evaluates no string`,
    )
  }
})

Deno.test('configured analytics and error-reporting origins are added to connect-src only', async () => {
  const dist = await Deno.makeTempDir({ prefix: 'dist-' })
  await Deno.writeTextFile(join(dist, 'index.html'), '<!doctype html><title>app</title>')
  try {
    const extra = ['https://eu.i.posthog.com', 'https://o1.ingest.sentry.io']
    await withServer(dist, async (base) => {
      const res = await get(base + '/')
      assertSecurityHeaders('HTML with configured services', res.headers, extra)
      const csp = parseCsp(res.headers.get('content-security-policy')!)
      assert.deepEqual(
        csp.get('script-src'),
        [`'self'`, BOOT_SCRIPT_HASH],
        'their scripts are still not allowed from elsewhere',
      )
    }, extra)
  } finally {
    await Deno.remove(dist, { recursive: true })
  }
})

Deno.test('text files are gzipped for clients that take gzip, byte for byte the same once decoded', async () => {
  await buildWeb()
  const index = await Deno.readTextFile(join(WEB_DIST, 'index.html'))
  const script = bootScripts(index)[0]
  assert.ok(script, 'index.html loads a script')
  const curl = async (url: string, encoding: string) => {
    const out = await new Deno.Command('curl', {
      args: ['-s', '-D', '-', '-o', '-', '-H', `Accept-Encoding: ${encoding}`, url],
      stdout: 'piped',
    }).output()
    const raw = out.stdout
    const split = new TextDecoder('latin1').decode(raw).indexOf('\r\n\r\n') + 4
    const head = new TextDecoder().decode(raw.slice(0, split))
    return { head, body: raw.slice(split) }
  }
  const gunzip = async (bytes: Uint8Array<ArrayBuffer>) =>
    new Uint8Array(
      await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip')))
        .arrayBuffer(),
    )
  await withServer(WEB_DIST, async (base) => {
    for (const path of [script, '/', '/sites']) {
      const file = path === script ? join(WEB_DIST, script) : join(WEB_DIST, 'index.html')
      const original = await Deno.readFile(file)
      const zipped = await curl(base + path, 'gzip, deflate, br')
      assert.match(zipped.head, /content-encoding: gzip/i, `${path}: gzipped`)
      assert.match(zipped.head, /vary: accept-encoding/i, `${path}: caches keep encodings apart`)
      assert.ok(
        zipped.body.byteLength < original.byteLength / (path === script ? 2 : 1),
        `${path}: ${zipped.body.byteLength} bytes gzipped of ${original.byteLength}`,
      )
      assert.deepEqual(await gunzip(zipped.body), original, `${path}: decodes to the file`)
      assertSecurityHeaders(
        `${path} gzipped`,
        new Headers(
          zipped.head.split('\r\n').slice(1).filter(Boolean).map((l) =>
            [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()] as [string, string]
          ),
        ),
      )
      for (const refusal of ['identity', 'gzip;q=0']) {
        const plain = await curl(base + path, refusal)
        assert.doesNotMatch(plain.head, /content-encoding/i, `${path}: not gzipped for ${refusal}`)
        assert.deepEqual(plain.body, original, `${path}: sent as is for ${refusal}`)
      }
    }
  })
})
