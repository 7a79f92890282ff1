// Serves the web app's production build with an SPA fallback, the runtime config the client
// reads (/config.js: API URL and anon key only, never the service key) and security headers.
import { existsSync } from 'node:fs'
import { extname, join, normalize } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { brotliCompress, constants as zlib } from 'node:zlib'
import { BOOT_SCRIPT_HASH } from '../boot-script.ts'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.ics': 'text/calendar',
  '.webmanifest': 'application/manifest+json',
}

const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.svg',
  '.txt',
  '.xml',
  '.ics',
  '.webmanifest',
  '.map',
])

/** The content codings this server sends. */
export type Encoding = 'br' | 'gzip'

/**
 * Which of `offered` (best first) the client's Accept-Encoding takes, or null for none: a coding
 * named with q=0 is refused, one not named is taken only through `*`.
 */
export function pickEncoding(header: string | null, offered: readonly Encoding[]): Encoding | null {
  const weights = new Map<string, number>()
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';').map((x) => x.trim())
    if (!name) continue
    const q = params.find((p) => p.startsWith('q='))
    weights.set(name, q ? Number(q.slice(2)) || 0 : 1)
  }
  return offered.find((e) => (weights.get(e) ?? weights.get('*') ?? 0) > 0) ?? null
}

/** True when the client takes gzip (a `gzip;q=0` refusal counts as no). */
export const acceptsGzip = (header: string | null) => pickEncoding(header, ['gzip']) === 'gzip'

async function gzip(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream('gzip'))
  return new Uint8Array(await new Response(stream).arrayBuffer())
}

/**
 * Brotli for a rendered page, compressed once per render (tens of milliseconds at quality 10, off
 * the event loop) and served for the render's whole cache life. A site page comes out about 14%
 * under gzip, which puts it with its headers inside TCP's first window (10 segments, 14,600
 * bytes): the page arrives in one round trip instead of two, a slow phone line's ~150 ms off its
 * first paint.
 */
function brotli(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) =>
    brotliCompress(bytes, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: 10,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
      },
    }, (error, out) => error ? reject(error) : resolve(new Uint8Array(out)))
  )
}

/** Compressed copies of built files, keyed by path and modification time (a rebuild replaces them). */
const gzipCache = new Map<string, { mtime: number; body: Uint8Array<ArrayBuffer> }>()

async function gzippedFile(file: string, mtime: number): Promise<Uint8Array<ArrayBuffer>> {
  const hit = gzipCache.get(file)
  if (hit && hit.mtime === mtime) return hit.body
  const body = await gzip(await Deno.readFile(file))
  gzipCache.set(file, { mtime, body })
  return body
}

/** The server build: web/src/entry-server.tsx, which the web server renders pages with. */
export const serverEntry = (distDir: string) => join(distDir, '.server', 'entry-server.js')

export interface WebServerOptions {
  port: number
  /** Default 127.0.0.1; a deployment listens on 0.0.0.0. */
  hostname?: string
  distDir: string
  apiUrl: string
  anonKey: string
  /** Extra origins the page may connect to (analytics, error reporting) when configured. */
  connectSrc?: string[]
  quiet?: boolean
  /** Server-render the public pages (default true; the bench turns it off to compare). */
  render?: boolean
  /** How a rendered page is compressed in each coding (default brotli and gzip; tests fail them). */
  compressors?: Partial<Record<Encoding, Compressor>>
}

type Compressor = (bytes: Uint8Array<ArrayBuffer>) => Promise<Uint8Array<ArrayBuffer>>

export function securityHeaders(apiUrl: string, connectSrc: string[] = []): Record<string, string> {
  const csp = [
    `default-src 'self'`,
    // The app's own files, and the one inline script that starts them after the first paint.
    `script-src 'self' ${BOOT_SCRIPT_HASH}`,
    `style-src 'self' 'unsafe-inline'`,
    // Storage's public images come from the API (https on a project, http locally).
    `img-src 'self' data: blob: https: ${apiUrl}`,
    `font-src 'self' data:`,
    `connect-src 'self' ${[apiUrl, ...connectSrc].join(' ')}`,
    `frame-src https://www.google.com https://maps.google.com`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self' ${apiUrl}`,
    `frame-ancestors 'none'`,
  ].join('; ')
  return {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(self), payment=(self)',
    'cross-origin-opener-policy': 'same-origin',
  }
}

/**
 * Where this server serves Storage's public `images` bucket on the page's own origin (
 * "Images are served from a storage CDN under /images/"). A photo on the page's origin needs no
 * second connection before it can load: on a phone that was ~100 ms of a site page's largest paint.
 */
export const IMAGES_PATH = '/images'

/** `ROOTS_MAP_TILE_URL` (optional) gives the maps a tile source; without it they draw an outline. */
export function runtimeConfigScript(
  apiUrl: string,
  anonKey: string,
  mapTileUrl = Deno.env.get('ROOTS_MAP_TILE_URL'),
): string {
  return `window.__ROOTS_CONFIG__=${
    JSON.stringify({
      supabaseUrl: apiUrl,
      supabaseAnonKey: anonKey,
      imagesUrl: IMAGES_PATH,
      ...(mapTileUrl ? { mapTileUrl } : {}),
    })
  };\n`
}

/** Upstream headers an image response keeps (caching is Storage's: the object's cache-control). */
const IMAGE_HEADERS = ['content-type', 'content-length', 'etag', 'last-modified', 'cache-control']

/**
 * GET /images/<name>: the object <name> of the public `images` bucket, fetched from the Storage
 * API with the client's conditional headers, so a CDN or the browser revalidates with 304s. A
 * missing object is a 404 (Storage says 400 or 404); Storage unreachable or failing is a 502.
 */
async function imageResponse(
  req: Request,
  apiUrl: string,
  name: string,
  headers: Record<string, string>,
): Promise<Response> {
  const upstream = `${apiUrl}/storage/v1/object/public/images/${
    name.split('/').map(encodeURIComponent).join('/')
  }`
  const ask: Record<string, string> = {}
  for (const h of ['if-none-match', 'if-modified-since']) {
    const v = req.headers.get(h)
    if (v) ask[h] = v
  }
  let res: Response
  try {
    res = await fetch(upstream, { method: req.method, headers: ask })
  } catch {
    return new Response('Bad Gateway', { status: 502, headers })
  }
  if (res.status !== 200 && res.status !== 304) {
    await res.body?.cancel()
    const missing = res.status === 400 || res.status === 404
    return new Response(missing ? 'Not Found' : 'Bad Gateway', {
      status: missing ? 404 : 502,
      headers: { ...headers, 'cache-control': 'no-store' },
    })
  }
  const kept: Record<string, string> = {}
  for (const h of IMAGE_HEADERS) {
    const v = res.headers.get(h)
    if (v) kept[h] = v
  }
  return new Response(req.method === 'HEAD' || res.status === 304 ? null : res.body, {
    status: res.status,
    headers: { ...headers, ...kept },
  })
}

/**
 * Pages start the redirect table's download with the HTML (every navigation consults it,
 * and a first visit waits for it), in parallel with the bundle instead of after it. The client's
 * first read of the table is a plain GET (the function needs no key), so it takes this response.
 */
export const redirectPreload = (apiUrl: string) =>
  `<${
    apiUrl.replace(/\/+$/, '')
  }/functions/v1/redirect-lookup>; rel=preload; as=fetch; crossorigin=anonymous`

/** A built file, gzipped when it is text and the client takes gzip, as any production host does. */
async function fileResponse(
  req: Request,
  file: string,
  mtime: number,
  headers: Record<string, string>,
): Promise<Response> {
  const compress = COMPRESSIBLE.has(extname(file))
  const vary: Record<string, string> = compress ? { vary: 'Accept-Encoding' } : {}
  if (compress && acceptsGzip(req.headers.get('accept-encoding'))) {
    const body = await gzippedFile(file, mtime)
    return new Response(req.method === 'HEAD' ? null : body, {
      headers: {
        ...headers,
        ...vary,
        'content-encoding': 'gzip',
        'content-length': String(body.byteLength),
      },
    })
  }
  const body = req.method === 'HEAD' ? null : (await Deno.open(file)).readable
  return new Response(body, { headers: { ...headers, ...vary } })
}

/** What dist/.server/entry-server.js renders (web/src/entry-server.tsx): the page's parts. */
type Manifest = Record<string, { file: string; css?: string[]; imports?: string[] }>

/** The stylesheets of modules and everything they import statically, from Vite's manifest. */
export function stylesheets(manifest: Manifest, modules: readonly string[]): string[] {
  const out = new Set<string>()
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return
    seen.add(key)
    for (const css of manifest[key].css ?? []) out.add(`/${css}`)
    for (const dep of manifest[key].imports ?? []) visit(dep)
  }
  modules.forEach(visit)
  return [...out]
}

export type RenderedPage =
  & Record<'html' | 'head' | 'title' | 'description' | 'css' | 'data', string>
  & { modules: string[] }
interface ServerEntry {
  render(
    path: string,
    opts: { apiUrl: string; anonKey: string; imagesUrl: string; origin: string },
  ): Promise<RenderedPage | null>
  PRERENDER_DATA_ID: string
}

const escapeText = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * The built index.html with a rendered page in it: its title, description and preview tags, the
 * runtime styles, the markup inside #root and the data the browser hydrates with (JSON, not a
 * script the CSP would have to allow).
 */
export function pageHtml(
  template: string,
  page: RenderedPage,
  dataId: string,
  styles: readonly { href: string; text: string }[] = [],
): string {
  // The stylesheets go inline: the page paints with the HTML alone, no request in the way (the
  // shell's own link becomes its text; the lazy page's, which the app would only add with its
  // script, are added). The app's code is requested after the first paint (web/boot-script.ts):
  // the page is readable without it, and the photo or text that is the largest paint goes first.
  // Each inlined sheet leaves a disabled link to its file behind (never fetched, never applied):
  // Vite's loader, which adds a lazy chunk's stylesheets as the app imports it, skips a sheet the
  // document already links. Without it the app fetched the same sheets again and the whole page's
  // style and layout were worked out once more while it hydrated (a Lighthouse long task).
  const inline = (href: string, text: string) =>
    `<style>${text.replace(/<\//g, '<\\/')}</style><link rel="stylesheet" href="${href}" disabled>`
  let html = template
  const added: string[] = []
  for (const { href, text } of styles) {
    const link = new RegExp(
      `<link rel="stylesheet"[^>]* href="${href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>`,
    )
    if (link.test(html)) html = html.replace(link, () => inline(href, text))
    else added.push(inline(href, text))
  }
  return html
    // The app starts once the rendered content has painted (web/boot-script.ts).
    .replace('<script id="roots-boot"', '<script id="roots-boot" data-after="contentful-paint"')
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(page.title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () =>
        `<meta name="description" content="${
          escapeText(page.description).replace(/"/g, '&quot;')
        }" />`,
    )
    .replace(
      '</head>',
      () =>
        `  ${added.map((s) => `${s}\n    `).join('')}${page.head}\n    <style id="_goober">${
          page.css.replace(/<\//g, '<\\/')
        }</style>\n  </head>`,
    )
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${page.html}</div>\n    <script type="application/json" id="${dataId}">${page.data}</script>`,
    )
}

/** How long a rendered page is served as is; after it, until STALE_MS, while it is rendered anew. */
export const RENDER_FRESH_MS = 10_000
export const RENDER_STALE_MS = 60_000

interface CachedPage {
  at: number
  body: Promise<Uint8Array<ArrayBuffer> | null>
  /** The body in each coding, compressed on the first request that takes it. */
  coded: Partial<Record<Encoding, Promise<Uint8Array<ArrayBuffer>>>>
}

/** Paths kept at most (any URL may be asked for; the cache starts afresh beyond this). */
const RENDER_CACHE_MAX = 2000

/**
 * Server rendering: the public pages the entry renders, from the API's current data,
 * each kept RENDER_FRESH_MS (then served once more while a fresh render replaces it, for at most
 * RENDER_STALE_MS). Null when the page is not one it renders or rendering failed: the shell then.
 */
function pageRenderer(opts: WebServerOptions, indexFile: string) {
  const entryFile = serverEntry(opts.distDir)
  const compressors: Record<Encoding, Compressor> = { br: brotli, gzip, ...opts.compressors }
  const cache = new Map<string, CachedPage>()
  let loaded: { mtime: number; entry: Promise<ServerEntry> } | null = null
  let warned = false
  const renderNow = async (
    path: string,
    origin: string,
  ): Promise<Uint8Array<ArrayBuffer> | null> => {
    try {
      const mtime = (await Deno.stat(entryFile)).mtime?.getTime() ?? 0
      if (loaded?.mtime !== mtime) {
        // A new build: the pages rendered by the last one go (all but this one, rendering now).
        if (loaded) { for (const key of cache.keys()) if (key !== path) cache.delete(key) }
        loaded = { mtime, entry: import(`${pathToFileURL(entryFile).href}?v=${mtime}`) }
      }
      const entry = await loaded.entry
      const page = await entry.render(path, {
        apiUrl: opts.apiUrl,
        anonKey: opts.anonKey,
        imagesUrl: IMAGES_PATH,
        origin,
      })
      if (!page) return null
      const template = await Deno.readTextFile(indexFile)
      const manifestFile = join(opts.distDir, '.vite', 'manifest.json')
      const manifest = existsSync(manifestFile)
        ? JSON.parse(await Deno.readTextFile(manifestFile)) as Manifest
        : {}
      const hrefs = [
        ...[...template.matchAll(/<link rel="stylesheet"[^>]* href="(\/assets\/[^"]+\.css)"/g)]
          .map((m) => m[1]!),
        ...stylesheets(manifest, page.modules),
      ]
      const styles = await Promise.all(
        [...new Set(hrefs)].map(async (href) => ({
          href,
          text: await Deno.readTextFile(join(opts.distDir, href)),
        })),
      )
      return new TextEncoder().encode(pageHtml(template, page, entry.PRERENDER_DATA_ID, styles))
    } catch (e) {
      if (!warned && !opts.quiet) console.warn(`[web] server rendering failed (${path}): ${e}`)
      warned = true
      return null
    }
  }
  const lookup = (path: string, origin: string): CachedPage | null => {
    if (opts.render === false || !existsSync(entryFile)) return null
    const now = Date.now()
    const hit = cache.get(path)
    if (hit && now - hit.at < RENDER_FRESH_MS) return hit
    const fresh: CachedPage = { at: now, body: renderNow(path, origin), coded: {} }
    if (hit && now - hit.at < RENDER_STALE_MS) {
      // Served once more while the fresh one renders; it replaces it when done.
      void fresh.body.then((b) => b ? cache.set(path, fresh) : cache.delete(path))
      hit.at = now - RENDER_FRESH_MS + 1_000
      return hit
    }
    if (cache.size >= RENDER_CACHE_MAX) cache.clear()
    cache.set(path, fresh)
    return fresh
  }
  /**
   * The page's HTML, compressed once per render in the coding asked for, or null for the shell.
   * If compressing fails the page goes out as it is (never a 500 for a page that rendered), and the
   * failed copy is forgotten, so the next request for that coding tries again.
   */
  return async (
    path: string,
    origin: string,
    encoding: Encoding | null,
  ): Promise<{ body: Uint8Array<ArrayBuffer>; encoding: Encoding | null } | null> => {
    const page = lookup(path, origin)
    const body = page ? await page.body : null
    if (!page || !body) return null
    if (!encoding) return { body, encoding }
    const coded = page.coded[encoding] ??= compressors[encoding](body)
    try {
      return { body: await coded, encoding }
    } catch (e) {
      if (page.coded[encoding] === coded) delete page.coded[encoding]
      if (!opts.quiet) console.warn(`[web] ${encoding} failed for ${path}, sent as is: ${e}`)
      return { body, encoding: null }
    }
  }
}

export function startWebServer(opts: WebServerOptions) {
  const headers = securityHeaders(opts.apiUrl, opts.connectSrc)
  const root = normalize(opts.distDir)
  const renderPage = pageRenderer(opts, join(root, 'index.html'))
  const siteUrl = Deno.env.get('SITE_URL')?.replace(/\/+$/, '')
  const handler = async (req: Request): Promise<Response> => {
    const url = new URL(req.url)
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return new Response('Method Not Allowed', { status: 405, headers })
    }
    if (url.pathname === '/config.js') {
      return new Response(runtimeConfigScript(opts.apiUrl, opts.anonKey), {
        headers: { ...headers, 'content-type': TYPES['.js'], 'cache-control': 'no-store' },
      })
    }
    let rel: string
    try {
      rel = decodeURIComponent(url.pathname)
    } catch {
      return new Response('Bad Request', { status: 400, headers })
    }
    // The server build (dist/.server/) and any other dot-folder are never served.
    if (rel.split('/').some((seg) => seg.startsWith('.'))) {
      return new Response('Not Found', { status: 404, headers })
    }
    const file = normalize(join(root, rel))
    const inside = file.startsWith(root + '/') || file === root
    const stat = inside && existsSync(file) ? await Deno.stat(file) : null
    if (stat?.isFile) {
      const type = TYPES[extname(file)] ?? 'application/octet-stream'
      const immutable = rel.startsWith('/assets/')
      const cache = immutable ? 'public, max-age=31536000, immutable' : 'no-cache'
      return await fileResponse(req, file, stat.mtime?.getTime() ?? 0, {
        ...headers,
        'content-type': type,
        'cache-control': cache,
      })
    }
    // Not one of the app's own images (web/public/images/): an object of the images bucket.
    if (rel.startsWith(`${IMAGES_PATH}/`) && rel.length > IMAGES_PATH.length + 1) {
      return await imageResponse(req, opts.apiUrl, rel.slice(IMAGES_PATH.length + 1), headers)
    }
    // A missing asset is a 404; any other path is a client route.
    if (rel.startsWith('/assets/') || extname(rel) !== '') {
      return new Response('Not Found', { status: 404, headers })
    }
    const index = join(root, 'index.html')
    if (!existsSync(index)) {
      return new Response('The web app is not built: run `npm run build`.', {
        status: 503,
        headers,
      })
    }
    const encoding = pickEncoding(req.headers.get('accept-encoding'), ['br', 'gzip'])
    const page = url.search === '' ? await renderPage(rel, siteUrl ?? url.origin, encoding) : null
    if (page) {
      const { body } = page
      return new Response(req.method === 'HEAD' ? null : body, {
        headers: {
          ...headers,
          'content-type': TYPES['.html'],
          'cache-control': 'no-cache',
          vary: 'Accept-Encoding',
          ...(page.encoding ? { 'content-encoding': page.encoding } : {}),
          'content-length': String(body.byteLength),
          // No preload of the redirect table here: the page paints without the app, which
          // fetches the table when it starts (a preload would compete with the largest paint).
        },
      })
    }
    const indexMtime = (await Deno.stat(index)).mtime?.getTime() ?? 0
    return await fileResponse(req, index, indexMtime, {
      ...headers,
      'content-type': TYPES['.html'],
      'cache-control': 'no-cache',
      link: redirectPreload(opts.apiUrl),
    })
  }
  const hostname = opts.hostname ?? '127.0.0.1'
  const server = Deno.serve({
    hostname,
    port: opts.port,
    onListen: () => {
      if (!opts.quiet) console.log(`[web] app on http://${hostname}:${opts.port}`)
    },
  }, handler)
  return { close: () => server.shutdown(), finished: server.finished }
}

// A deployment's web server (README "Deploying to Supabase"): `deno run -A web/server/server.ts`
// with the project's SUPABASE_URL and SUPABASE_ANON_KEY, SITE_URL, and optionally PORT (8000),
// HOST (0.0.0.0) and ROOTS_WEB_DIST (web/dist, built by `npm run build`).
if (import.meta.main) {
  const apiUrl = Deno.env.get('SUPABASE_URL')
  const anonKey = Deno.env.get('SUPABASE_ANON_KEY')
  if (!apiUrl || !anonKey) {
    console.error('[web] SUPABASE_URL and SUPABASE_ANON_KEY are required')
    Deno.exit(2)
  }
  startWebServer({
    port: Number(Deno.env.get('PORT') ?? 8000),
    hostname: Deno.env.get('HOST') ?? '0.0.0.0',
    distDir: Deno.env.get('ROOTS_WEB_DIST') ??
      fileURLToPath(new URL('../dist', import.meta.url)),
    apiUrl: apiUrl.replace(/\/+$/, ''),
    anonKey,
  })
}
