// Server rendering in the production web server: a page the server build renders goes
// out as HTML with its head, stylesheets, styles and data; others get the plain shell; the server
// build itself is never served; a rendered page is reused within its short cache.
import assert from 'node:assert/strict'
import { join } from 'node:path'
import { get } from 'node:http'
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib'
import {
  pageHtml,
  pickEncoding,
  type RenderedPage,
  startWebServer,
  stylesheets,
  type WebServerOptions,
} from './server.ts'
import { env, freePort } from './test-support.ts'

const ANON_KEY = env('SUPABASE_ANON_KEY')

const TEMPLATE = `<!doctype html><html><head>
<meta name="description" content="Default" />
<title>Roots Allotments</title>
<script id="roots-boot" data-config="/config.js" data-entry="/assets/index-1.js" data-preload="">(boot)</script>
<link rel="stylesheet" crossorigin href="/assets/index-1.css">
</head><body><div id="root"></div></body></html>`

const PAGE: RenderedPage = {
  html: '<main id="main"><h1>Darenth Fields</h1></main>',
  head: '<link rel="canonical" href="http://x/sites/dartford/darenth-fields">',
  title: 'Darenth Fields & more | Roots Allotments',
  description: 'Fifty plots "in" the valley',
  css: '.a{color:red}</style><script>',
  data: '{"path":"/sites/dartford/darenth-fields"}',
  modules: ['src/app/router.tsx'],
}

Deno.test('a rendered page fills the shell: head, stylesheets, styles, markup and data', () => {
  const html = pageHtml(TEMPLATE, PAGE, 'roots-prerender', [
    { href: '/assets/index-1.css', text: 'body{margin:0}' },
    { href: '/assets/site-page-2.css', text: '.cols{display:grid}' },
  ])
  assert.match(html, /<title>Darenth Fields &amp; more \| Roots Allotments<\/title>/)
  assert.match(html, /<meta name="description" content="Fifty plots &quot;in&quot; the valley" \/>/)
  assert.match(html, /<link rel="canonical" href="http:\/\/x\/sites\/dartford\/darenth-fields">/)
  // Stylesheets inline: the shell's link becomes its text, the lazy page's is added; each leaves
  // only a disabled link to its file (never fetched), which tells Vite's loader it is there.
  const links = [...html.matchAll(/<link rel="stylesheet"[^>]*>/g)].map((m) => m[0])
  assert.deepEqual(links, [
    '<link rel="stylesheet" href="/assets/index-1.css" disabled>',
    '<link rel="stylesheet" href="/assets/site-page-2.css" disabled>',
  ])
  assert.match(html, /<style>body\{margin:0\}<\/style>/)
  assert.match(html, /<style>\.cols\{display:grid\}<\/style>/)
  // Styles cannot close their element early.
  assert.match(html, /<style id="_goober">\.a\{color:red\}<\\\/style><script><\/style>/)
  // The app's code is left to the boot script, told to wait for the content's first paint.
  assert.match(
    html,
    /<script id="roots-boot" data-after="contentful-paint" data-config="\/config.js" data-entry="\/assets\/index-1.js" data-preload="">\(boot\)<\/script>/,
  )
  assert.doesNotMatch(html, /<script[^>]+src=|rel="modulepreload"/)
  assert.match(html, /<div id="root"><main id="main"><h1>Darenth Fields<\/h1><\/main><\/div>/)
  assert.match(
    html,
    /<script type="application\/json" id="roots-prerender">\{"path":"\/sites\/dartford\/darenth-fields"\}<\/script>/,
  )
})

Deno.test('a page needs the stylesheets of its modules and of what they import', () => {
  const manifest = {
    'src/app/router.tsx': {
      file: 'assets/router.js',
      css: ['assets/router.css'],
      imports: ['_shared.js'],
    },
    '_shared.js': {
      file: 'assets/shared.js',
      css: ['assets/shared.css'],
      imports: ['src/app/router.tsx'],
    },
    'src/other.tsx': { file: 'assets/other.js', css: ['assets/other.css'] },
  }
  assert.deepEqual(stylesheets(manifest, ['src/app/router.tsx', 'src/missing.tsx']), [
    '/assets/router.css',
    '/assets/shared.css',
  ])
})

/** A built app whose stand-in server build renders /rendered (counting its renders), nothing else. */
async function renderingDist(): Promise<string> {
  const dist = await Deno.makeTempDir({ prefix: 'dist-' })
  await Deno.mkdir(join(dist, '.server'))
  await Deno.mkdir(join(dist, 'assets'))
  await Deno.writeTextFile(join(dist, 'index.html'), TEMPLATE)
  await Deno.writeTextFile(join(dist, 'assets', 'index-1.css'), 'body{margin:0}')
  await Deno.writeTextFile(
    join(dist, '.server', 'entry-server.js'),
    `export const PRERENDER_DATA_ID = 'roots-prerender'
     globalThis.__renders = 0
     export async function render(path, opts) {
       if (path !== '/rendered') return null
       globalThis.__renders++
       return { ...${
      JSON.stringify(PAGE)
    }, html: '<h1>' + opts.origin + ' ' + globalThis.__renders + '</h1>' }
     }`,
  )
  return dist
}

/** The web server on `dist`, with `extra` options. */
function serveDist(dist: string, extra: Partial<WebServerOptions> = {}) {
  const port = freePort()
  const server = startWebServer({
    port,
    distDir: dist,
    apiUrl: 'http://127.0.0.1:54321',
    anonKey: ANON_KEY,
    quiet: true,
    ...extra,
  })
  return { base: `http://127.0.0.1:${port}`, close: () => server.close() }
}

/** A GET of `url` as the bytes on the wire (node:http does not undo the coding). */
function onTheWire(url: string, coding: string) {
  return new Promise<{ status?: number; encoding?: string; vary?: string; body: Buffer }>(
    (resolve, reject) =>
      get(url, { headers: { 'accept-encoding': coding } }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            encoding: res.headers['content-encoding'],
            vary: res.headers['vary'] as string | undefined,
            body: Buffer.concat(chunks),
          }))
      }).on('error', reject),
  )
}

Deno.test('the web server renders what the server build renders, once per short cache', async () => {
  const dist = await renderingDist()
  const server = serveDist(dist)
  const { base } = server
  try {
    const first = await (await fetch(`${base}/rendered`)).text()
    assert.match(first, new RegExp(`<div id="root"><h1>${base} 1</h1></div>`))
    // Within the cache the same render is served, gzipped or not.
    const again = await fetch(`${base}/rendered`, { headers: { 'accept-encoding': 'gzip' } })
    assert.equal(again.headers.get('content-encoding'), 'gzip')
    // (fetch has undone the gzip)
    const bytes = new Uint8Array(await again.arrayBuffer())
    assert.match(new TextDecoder().decode(bytes), /<h1>[^<]* 1<\/h1>/)
    assert.equal(again.headers.get('cache-control'), 'no-cache')
    assert.match(
      again.headers.get('content-security-policy') ?? '',
      /script-src 'self' 'sha256-[A-Za-z0-9+/]+=*';/,
    )
    assert.equal(again.headers.get('link'), null)
    // A browser that takes brotli gets it (a page in TCP's first window); gzip otherwise; the
    // bytes on the wire decode to the same page (node:http does not undo the coding).
    const plain = await (await fetch(`${base}/rendered`, {
      headers: { 'accept-encoding': 'identity' },
    })).text()
    const wire = (coding: string) => onTheWire(`${base}/rendered`, coding)
    const br = await wire('gzip, deflate, br, zstd')
    assert.equal(br.encoding, 'br')
    assert.equal(br.vary, 'Accept-Encoding')
    assert.equal(brotliDecompressSync(br.body).toString(), plain)
    const gz = await wire('gzip, br;q=0')
    assert.equal(gz.encoding, 'gzip')
    assert.equal(gunzipSync(gz.body).toString(), plain)
    assert.ok(br.body.length < gz.body.length, `brotli ${br.body.length} < gzip ${gz.body.length}`)
    const none = await wire('identity')
    assert.equal(none.encoding, undefined)
    assert.equal(none.body.toString(), plain)
    // A query, or a page the build does not render: the plain shell.
    for (const path of ['/rendered?x=1', '/elsewhere']) {
      const shell = await (await fetch(base + path)).text()
      assert.match(shell, /<div id="root"><\/div>/, path)
    }
    // The server build is never served.
    for (const path of ['/.server/entry-server.js', '/.vite/manifest.json']) {
      const res = await fetch(base + path)
      assert.equal(res.status, 404, path)
      await res.body?.cancel()
    }
  } finally {
    await server.close()
    await Deno.remove(dist, { recursive: true })
  }
})

Deno.test('the coding a client takes: brotli first, then gzip; q=0 refuses; * takes the rest', () => {
  const both = ['br', 'gzip'] as const
  assert.equal(pickEncoding('gzip, deflate, br, zstd', both), 'br')
  assert.equal(pickEncoding('gzip, deflate', both), 'gzip')
  assert.equal(pickEncoding('br;q=0, gzip;q=0.5', both), 'gzip')
  assert.equal(pickEncoding('BR ; Q=1', both), 'br')
  assert.equal(pickEncoding('*', both), 'br')
  assert.equal(pickEncoding('*;q=0, gzip', both), 'gzip')
  assert.equal(pickEncoding('br;q=0, *', both), 'gzip')
  assert.equal(pickEncoding('gzip;q=0, br;q=0', both), null)
  assert.equal(pickEncoding('br;q=junk, identity', both), null)
  assert.equal(pickEncoding('', both), null)
  assert.equal(pickEncoding(null, both), null)
  // Static files go out gzipped only.
  assert.equal(pickEncoding('br', ['gzip']), null)
  assert.equal(pickEncoding('br, gzip', ['gzip']), 'gzip')
})

Deno.test('a page whose compression fails goes out as it is, and the next request compresses', async () => {
  const dist = await renderingDist()
  let brCalls = 0
  const server = serveDist(dist, {
    compressors: {
      br: (bytes) => {
        brCalls++
        return brCalls === 1
          ? Promise.reject(new Error('out of memory'))
          : Promise.resolve(brotliCompressSync(bytes))
      },
    },
  })
  const wire = () => onTheWire(`${server.base}/rendered`, 'br')
  try {
    const failed = await wire()
    assert.equal(failed.status, 200)
    assert.equal(failed.encoding, undefined)
    const page = failed.body.toString()
    assert.match(page, /<div id="root"><h1>[^<]* 1<\/h1><\/div>/)
    // The same render, compressed this time: the failure was not kept.
    const retried = await wire()
    assert.equal(retried.status, 200)
    assert.equal(retried.encoding, 'br')
    assert.equal(brotliDecompressSync(retried.body).toString(), page)
    assert.equal(brCalls, 2)
    // and kept for the render's life.
    assert.equal(brotliDecompressSync((await wire()).body).toString(), page)
    assert.equal(brCalls, 2)
  } finally {
    await server.close()
    await Deno.remove(dist, { recursive: true })
  }
})
