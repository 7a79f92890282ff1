// Serves the web app's production build with an SPA fallback, the runtime config the client
// reads (/config.js: API URL and anon key only, never the service key) and security headers.
import { existsSync } from 'node:fs'
import { extname, join, normalize } from 'node:path'
import { pathToFileURL } from 'node:url'
import { serverEntry } from './web-build.ts'

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

/** True when the client takes gzip (a `gzip;q=0` refusal counts as no). */
export function acceptsGzip(header: string | null): boolean {
  return (header ?? '').split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';').map((x) => x.trim())
    if (name !== 'gzip' && name !== '*') return false
    const q = params.find((p) => p.startsWith('q='))
    return !q || Number(q.slice(2)) > 0
  })
}

async function gzip(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream('gzip'))
  return new Uint8Array(await new Response(stream).arrayBuffer())
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

export interface WebServerOptions {
  port: number
  distDir: string
  apiUrl: string
  anonKey: string
  /** Extra origins the page may connect to (analytics, error reporting) when configured. */
  connectSrc?: string[]
  quiet?: boolean
}

export function securityHeaders(apiUrl: string, connectSrc: string[] = []): Record<string, string> {
  const csp = [
    `default-src 'self'`,
    `script-src 'self'`,
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
      ...(mapTileUrl ? { mapTileUrl } : {}),
    })
  };\n`
}

/**
 * Pages start the redirect table's download with the HTML (spec §2: every navigation consults it,
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
    opts: { apiUrl: string; anonKey: string; origin: string },
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
  css: readonly string[] = [],
): string {
  // The page's own stylesheets (a lazy chunk's, which the app would only add with its script),
  // unless index.html links them already.
  const links = css.filter((href) => !template.includes(`href="${href}"`))
    .map((href) => `<link rel="stylesheet" crossorigin href="${href}">\n    `).join('')
  return template
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
        `  ${links}${page.head}\n    <style id="_goober">${
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
}

/**
 * Server rendering (issue 22): the public pages the entry renders, from the API's current data,
 * each kept RENDER_FRESH_MS (then served once more while a fresh render replaces it, for at most
 * RENDER_STALE_MS). Null when the page is not one it renders or rendering failed: the shell then.
 */
function pageRenderer(opts: WebServerOptions, indexFile: string) {
  const entryFile = serverEntry(opts.distDir)
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
        loaded = { mtime, entry: import(`${pathToFileURL(entryFile).href}?v=${mtime}`) }
        cache.clear()
      }
      const entry = await loaded.entry
      const page = await entry.render(path, { apiUrl: opts.apiUrl, anonKey: opts.anonKey, origin })
      if (!page) return null
      const template = await Deno.readTextFile(indexFile)
      const manifestFile = join(opts.distDir, '.vite', 'manifest.json')
      const manifest = existsSync(manifestFile)
        ? JSON.parse(await Deno.readTextFile(manifestFile)) as Manifest
        : {}
      const css = stylesheets(manifest, page.modules)
      return new TextEncoder().encode(pageHtml(template, page, entry.PRERENDER_DATA_ID, css))
    } catch (e) {
      if (!warned && !opts.quiet) console.warn(`[web] server rendering failed (${path}): ${e}`)
      warned = true
      return null
    }
  }
  return async (path: string, origin: string): Promise<Uint8Array<ArrayBuffer> | null> => {
    if (!existsSync(entryFile)) return null
    const now = Date.now()
    const hit = cache.get(path)
    if (hit && now - hit.at < RENDER_FRESH_MS) return await hit.body
    const fresh: CachedPage = { at: now, body: renderNow(path, origin) }
    if (hit && now - hit.at < RENDER_STALE_MS) {
      // Served once more while the fresh one renders; it replaces it when done.
      void fresh.body.then((b) => b && cache.set(path, fresh))
      hit.at = now - RENDER_FRESH_MS + 1_000
      return await hit.body
    }
    cache.set(path, fresh)
    return await fresh.body
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
    const rendered = url.search === '' ? await renderPage(rel, siteUrl ?? url.origin) : null
    if (rendered) {
      const gz = acceptsGzip(req.headers.get('accept-encoding'))
      const body = gz ? await gzip(rendered) : rendered
      return new Response(req.method === 'HEAD' ? null : body, {
        headers: {
          ...headers,
          'content-type': TYPES['.html'],
          'cache-control': 'no-cache',
          vary: 'Accept-Encoding',
          ...(gz ? { 'content-encoding': 'gzip' } : {}),
          'content-length': String(body.byteLength),
          link: redirectPreload(opts.apiUrl),
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
  const server = Deno.serve({
    hostname: '127.0.0.1',
    port: opts.port,
    onListen: () => {
      if (!opts.quiet) console.log(`[web] app on http://127.0.0.1:${opts.port}`)
    },
  }, handler)
  return { close: () => server.shutdown(), finished: server.finished }
}
