// `web`: the production build in Debian Chromium. For `/`, `/sites`, a seeded site page and
// `/admin/login`: the JavaScript a first visit loads (gzip, as a CDN would send it; the files
// Chromium requested during the mobile Lighthouse run, compressed here from the build) against
// the public goal of 90 KB, and Lighthouse 13 mobile and desktop performance and accessibility.
// The baseline is a minimal static page served in the same run with the same security headers,
// so its scores show what this machine and Lighthouse allow at best.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import lighthouse from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'
import * as chromeLauncher from 'chrome-launcher'
import postgres from 'postgres'
import type { Bench, BenchRow } from './run.ts'
import { ANON_KEY } from '../stack/config.ts'
import { freePort } from '../stack/stack.ts'
import { WEB_DIST } from '../web/server/build.ts'
import { runtimeConfigScript, securityHeaders, startWebServer } from '../web/server/server.ts'
import { bootScripts } from '../web/boot-script.ts'

export const CHROMIUM = '/usr/bin/chromium'
// The handbook's flags: nothing downloads, nothing phones home.
export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
export const PUBLIC_JS_GOAL_KB = 90
export const MOBILE_GOAL = 95
/** Mobile LCP of the public pages at most this many times the static page's. */
export const LCP_GOAL_RATIO = 1.3
/**
 * A new TCP connection's first window: 10 segments of 1,460 bytes (RFC 6928, and Lighthouse's
 * simulated connection). A page whose HTML and headers fit arrives in one round trip.
 */
export const FIRST_WINDOW_BYTES = 14_600

interface Audit {
  score: number | null
  numericValue?: number
  title: string
  details?: {
    type: string
    items?: Record<string, unknown>[]
    overallSavingsMs?: number
    debugData?: { networkStartTimeTs?: number }
  }
}
interface Lhr {
  categories: Record<string, { score: number | null }>
  audits: Record<string, Audit>
  runtimeError?: { message: string }
  lighthouseVersion: string
  environment: { hostUserAgent: string }
}

interface Run {
  performance: number
  accessibility: number
  fcp: number
  lcp: number
  tbt: number
  cls: number
  si: number
  /** The HTML document's bytes on the wire (encoded body and headers). */
  htmlBytes: number
  scripts: string[]
  beforeLoad: string[]
  opportunities: string[]
  a11yFails: string[]
  /** The largest paint's element, as Lighthouse names it (`<img src=…`, `<p>…`). */
  lcpElement: string
  ua: string
  version: string
}

/** Lighthouse sometimes loses the trace on a busy machine (NO_NAVSTART, NO_FCP): run it again. */
async function audit(
  url: string,
  port: number,
  formFactor: 'mobile' | 'desktop',
  attempts = 3,
): Promise<Run> {
  for (let i = 1;; i++) {
    try {
      return await auditOnce(url, port, formFactor)
    } catch (e) {
      if (i >= attempts || !/NO_NAVSTART|NO_FCP|NO_LCP|PROTOCOL_TIMEOUT/.test(String(e))) throw e
      console.log(`[bench] ${String(e)}; again (${i + 1}/${attempts})`)
    }
  }
}

async function auditOnce(
  url: string,
  port: number,
  formFactor: 'mobile' | 'desktop',
): Promise<Run> {
  const flags = {
    port,
    output: 'json' as const,
    logLevel: 'error' as const,
    onlyCategories: ['performance', 'accessibility'],
  }
  const result = await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined)
  const lhr = result?.lhr as unknown as Lhr | undefined
  if (!lhr) throw new Error(`lighthouse gave no result for ${url}`)
  if (lhr.runtimeError) {
    throw new Error(`lighthouse: ${lhr.runtimeError.message} (${url}, ${formFactor})`)
  }
  const a = lhr.audits
  const num = (id: string) => a[id]?.numericValue ?? NaN
  const requests = (a['network-requests']?.details?.items ?? []) as {
    url: string
    resourceType?: string
    rendererStartTime?: number
    transferSize?: number
  }[]
  const origin = new URL(url).origin
  // The load event on the requests' clock (both are microsecond timestamps of the trace).
  const loadTs = (a['metrics']?.details?.items?.[0] as { observedLoadTs?: number } | undefined)
    ?.observedLoadTs ?? NaN
  const loadAt = (loadTs - (a['network-requests']?.details?.debugData?.networkStartTimeTs ?? NaN)) /
    1000
  const scripts = requests.filter((r) => r.resourceType === 'Script' && r.url.startsWith(origin))
  const opportunities = Object.values(a)
    .filter((x) => x.details?.type === 'opportunity' && (x.details.overallSavingsMs ?? 0) >= 50)
    .sort((x, y) => (y.details!.overallSavingsMs ?? 0) - (x.details!.overallSavingsMs ?? 0))
    .slice(0, 3).map((x) => `${x.title} (~${Math.round(x.details!.overallSavingsMs ?? 0)} ms)`)
  const a11yFails = Object.entries(a).filter(([id, x]) =>
    x.score === 0 && !['network-requests'].includes(id) && x.details?.type === 'table' &&
    /contrast|label|name|aria|alt|lang|heading|landmark|list|tabindex|role/i.test(id)
  ).map(([id]) => id)
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    fcp: num('first-contentful-paint'),
    lcp: num('largest-contentful-paint'),
    tbt: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    si: num('speed-index'),
    htmlBytes: requests.find((r) => r.resourceType === 'Document')?.transferSize ?? NaN,
    scripts: scripts.map((r) => new URL(r.url).pathname),
    beforeLoad: scripts.filter((r) => !(Number(r.rendererStartTime) > loadAt)).map((r) =>
      new URL(r.url).pathname
    ),
    opportunities,
    a11yFails,
    lcpElement: String(
      (a['lcp-breakdown-insight']?.details?.items ?? []).map((x) =>
        (x as { type?: string; snippet?: string }).type === 'node'
          ? (x as { snippet?: string }).snippet
          : undefined
      ).find(Boolean) ?? '',
    ),
    ua: lhr.environment.hostUserAgent,
    version: lhr.lighthouseVersion,
  }
}

/** Lighthouse scores move by several points from run to run on a shared machine (its own advice:
 *  run it five times and take the median). */
export const MOBILE_RUNS = 5

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2
}

/** The run with the median performance score, the range of scores and the median LCP. */
async function medianAudit(
  url: string,
  port: number,
  runs: number,
): Promise<{ run: Run; min: number; max: number; lcp: number }> {
  const all: Run[] = []
  for (let i = 0; i < runs; i++) all.push(await audit(url, port, 'mobile'))
  const sorted = [...all].sort((a, b) => a.performance - b.performance)
  return {
    run: sorted[Math.floor((sorted.length - 1) / 2)]!,
    min: sorted[0]!.performance,
    max: sorted.at(-1)!.performance,
    lcp: median(all.map((r) => r.lcp)),
  }
}

/**
 * Bytes of `gzip -6` (what a CDN sends, with zlib's deflate). GNU gzip rather than Deno's
 * node:zlib, whose deflate comes out about 1% larger than zlib's (and than the e2e budget's
 * measure in Node).
 */
async function gzipSize(bytes: Uint8Array): Promise<number> {
  const child = new Deno.Command('gzip', {
    args: ['-6', '-c'],
    stdin: 'piped',
    stdout: 'piped',
    stderr: 'null',
  }).spawn()
  const writer = child.stdin.getWriter()
  await writer.write(bytes)
  await writer.close()
  const out = await child.output()
  return out.success ? out.stdout.length : gzipSync(bytes, { level: 6 }).length
}

/** gzip -6 of each built file the page requested; /config.js is generated. */
async function jsSizes(
  scripts: string[],
  configJs: string,
): Promise<{ gzip: number; raw: number; files: number }> {
  let gzip = 0
  let raw = 0
  const unique = [...new Set(scripts)]
  for (const path of unique) {
    const bytes = path === '/config.js'
      ? new TextEncoder().encode(configJs)
      : readFileSync(join(WEB_DIST, path))
    raw += bytes.length
    gzip += await gzipSize(bytes)
  }
  return { gzip: gzip / 1024, raw: raw / 1024, files: unique.length }
}

export const BASELINE_HTML =
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="Baseline page for the benchmark"><title>Baseline | Roots Allotments</title></head>
<body><main><h1>Allotments</h1><p>A static page with no script: the best this machine and Lighthouse allow.</p></main></body></html>`

/** The baseline with one photo under the text, drawn as the site page's gallery draws its first. */
const BASELINE_PHOTO_HTML = BASELINE_HTML.replace(
  '</p></main>',
  '</p><img src="/photo" alt="The site" width="1200" height="800" fetchpriority="high" style="display:block;width:100%;height:auto"></main>',
)

const bench: Bench = async ({ stack, quick }) => {
  const db = postgres(stack.dbUrl, { max: 1, onnotice: () => {} })
  const [site] = await db<{ city_slug: string; slug: string }[]>`
    select city_slug, slug from public.global_sites where status = 'active' and city_slug is not null order by id limit 1`
  // A pre-registration page: an open site (its queue open, an offer named).
  const [prereg] = await db<{ slug: string }[]>`
    select slug from public.global_sites where status = 'open' and offer_id is not null order by id limit 1`
  // The site page's first photo as a phone gets it (its small copy).
  const [photo] = await db<{ name: string }[]>`
    select coalesce(p.small_path, p.path) as name from public.site_photos p
    join public.global_sites s on s.id = p.site_id
    where s.city_slug = ${site.city_slug} and s.slug = ${site.slug}
    order by p.sort_order, p.id limit 1`
  await db.end({ timeout: 2 })
  const photoResponse = photo
    ? await fetch(`${stack.apiUrl}/storage/v1/object/public/images/${photo.name}`)
    : null
  const photoType = photoResponse?.headers.get('content-type') ?? 'image/png'
  const photoBytes = photoResponse?.ok ? new Uint8Array(await photoResponse.arrayBuffer()) : null
  const routes = [
    { path: '/', public: true },
    { path: '/sites', public: true },
    {
      path: `/sites/${site.city_slug}/${site.slug}`,
      label: '/sites/:city/:slug',
      public: true,
      photo: true,
    },
    ...(prereg ? [{ path: `/prereg/${prereg.slug}`, label: '/prereg/:site', public: true }] : []),
    { path: '/admin/login', public: false },
  ]
  // The same build without server rendering (the app renders from the empty shell, as before
  // the goal), served beside it, so the LCP it saves is measured in this run.
  const spaPort = freePort()
  const spa = startWebServer({
    port: spaPort,
    distDir: WEB_DIST,
    apiUrl: stack.apiUrl,
    anonKey: ANON_KEY,
    quiet: true,
    render: false,
  })
  const basePort = freePort()
  const baseline = Deno.serve(
    { hostname: '127.0.0.1', port: basePort, onListen: () => {} },
    (req) => {
      const path = new URL(req.url).pathname
      const headers = securityHeaders(stack.apiUrl)
      if (path === '/photo' && photoBytes) {
        return new Response(photoBytes, {
          headers: { ...headers, 'content-type': photoType, 'cache-control': 'max-age=3600' },
        })
      }
      return new Response(path === '/with-photo' ? BASELINE_PHOTO_HTML : BASELINE_HTML, {
        headers: { ...headers, 'content-type': 'text/html; charset=utf-8' },
      })
    },
  )
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS })
  const rows: BenchRow[] = []
  const notes: string[] = []
  try {
    const baseRuns = await medianAudit(
      `http://127.0.0.1:${basePort}/`,
      chrome.port,
      quick ? 1 : MOBILE_RUNS,
    )
    const baseMobile = baseRuns.run
    const baseLcp = baseRuns.lcp
    const baseDesktop = await audit(`http://127.0.0.1:${basePort}/`, chrome.port, 'desktop')
    // The same page with the site page's first photo: the best a page whose largest paint is
    // that photo can do here (one more request after the HTML, and the photo's bytes).
    const basePhoto = photoBytes
      ? await medianAudit(
        `http://127.0.0.1:${basePort}/with-photo`,
        chrome.port,
        quick ? 1 : MOBILE_RUNS,
      )
      : null
    const lhFigures = (r: Run) => ({
      performance: r.performance,
      accessibility: r.accessibility,
      'FCP ms': r.fcp,
      'LCP ms': r.lcp,
      'TBT ms': r.tbt,
      CLS: r.cls.toFixed(3),
      'SI ms': r.si,
    })
    const bundles: BenchRow[] = []
    const scores: BenchRow[] = [
      {
        name: 'Lighthouse mobile: baseline static page',
        figures: lhFigures(baseMobile),
        goal: 'baseline',
      },
      {
        name: 'Lighthouse desktop: baseline static page',
        figures: lhFigures(baseDesktop),
        goal: 'baseline',
      },
      ...(basePhoto && photoBytes
        ? [{
          name: "Lighthouse mobile: baseline static page with the site page's first photo",
          figures: {
            ...lhFigures(basePhoto.run),
            'median LCP ms': basePhoto.lcp,
            'photo bytes': photoBytes.length,
          },
          ratios: { 'LCP vs baseline': basePhoto.lcp / baseLcp },
          goal: 'baseline for pages whose largest paint is the photo',
        }]
        : []),
    ]
    for (const route of routes) {
      const url = `${stack.webUrl}${route.path}`
      const label = route.label ?? route.path
      const runs = quick || !route.public ? 1 : MOBILE_RUNS
      const { run: mobile, min, max, lcp } = await medianAudit(url, chrome.port, runs)
      // Public pages: the same page from the plain shell (no server rendering), fewer runs.
      const spaLcp = route.public
        ? (await medianAudit(
          `http://127.0.0.1:${spaPort}${route.path}`,
          chrome.port,
          quick ? 1 : 3,
        ))
          .lcp
        : null
      const desktop = quick ? null : await audit(url, chrome.port, 'desktop')
      const config = runtimeConfigScript(stack.apiUrl, ANON_KEY)
      const first = await jsSizes(mobile.beforeLoad, config)
      // The shell every public page loads first: what index.html's boot script loads (the entry
      // and its preloads, web/boot-script.ts) and /config.js.
      const html = readFileSync(join(WEB_DIST, 'index.html'), 'utf8')
      const shell = await jsSizes([
        '/config.js',
        ...bootScripts(html),
      ], config)
      const all = await jsSizes(mobile.scripts, config)
      bundles.push({
        name: `first-load JS ${label}`,
        figures: {
          'shell gzip KB': shell.gzip,
          'gzip KB until load': first.gzip,
          'files until load': first.files,
          'gzip KB until idle': all.gzip,
          'files until idle': all.files,
        },
        ratios: { 'shell vs 90 KB goal': shell.gzip / PUBLIC_JS_GOAL_KB },
        goal: route.public ? `≤ ${PUBLIC_JS_GOAL_KB} KB gzip` : 'admin: no goal',
      })
      scores.push({
        name: `Lighthouse mobile ${label}`,
        figures: {
          ...lhFigures(mobile),
          ...(runs > 1 ? { runs, 'performance range': `${min}–${max}` } : {}),
          'median LCP ms': lcp,
          ...(spaLcp !== null ? { 'median LCP ms without server rendering': spaLcp } : {}),
          'HTML bytes on the wire': mobile.htmlBytes,
        },
        ratios: {
          'perf vs baseline': mobile.performance / Math.max(1, baseMobile.performance),
          'LCP vs baseline': lcp / baseLcp,
          'HTML vs first window': mobile.htmlBytes / FIRST_WINDOW_BYTES,
          ...(spaLcp !== null
            ? { 'LCP without server rendering vs baseline': spaLcp / baseLcp }
            : {}),
          ...(basePhoto && 'photo' in route && mobile.lcpElement.startsWith('<img')
            ? { 'LCP vs baseline with the photo': lcp / basePhoto.lcp }
            : {}),
        },
        goal: route.public ? `performance ≥ ${MOBILE_GOAL}; LCP ≤ ${LCP_GOAL_RATIO}× baseline` : '',
      })
      if (desktop) {
        scores.push({
          name: `Lighthouse desktop ${label}`,
          figures: lhFigures(desktop),
          ratios: {
            'perf vs baseline': desktop.performance / Math.max(1, baseDesktop.performance),
          },
        })
      }
      notes.push(
        `- \`${label}\`: largest paint ${
          mobile.lcpElement
            ? `\`${mobile.lcpElement.replace(/\s+/g, ' ').replaceAll('`', "'").slice(0, 70)}…\``
            : 'not named'
        }; ${
          mobile.opportunities.length
            ? `mobile opportunities: ${mobile.opportunities.join('; ')}`
            : 'no mobile opportunity over 50 ms'
        }${
          mobile.a11yFails.length
            ? `; failing accessibility audits: ${mobile.a11yFails.join(', ')}`
            : ''
        }.`,
      )
    }
    rows.push(...bundles, ...scores)
    const publicJs = bundles.filter((_, i) => routes[i].public).map((b) =>
      Number(b.figures['shell gzip KB'])
    )
    const lcpRatios = scores.filter((s) =>
      s.name.startsWith('Lighthouse mobile /') && !s.name.includes('/admin')
    ).map((s) => Number(s.ratios?.['LCP vs baseline']))
    const mobilePublic = scores.filter((s) =>
      s.name.startsWith('Lighthouse mobile /') && !s.name.includes('/admin')
    ).map((s) => Number(s.figures.performance))
    notes.unshift(
      `Goals: public first-load JS (the shell) ≤ ${PUBLIC_JS_GOAL_KB} KB gzip — ${
        publicJs.every((k) => k <= PUBLIC_JS_GOAL_KB) ? 'met' : 'NOT met'
      } (${Math.max(...publicJs).toFixed(1)} KB); ` +
        `Lighthouse mobile performance ≥ ${MOBILE_GOAL} on public pages — ${
          mobilePublic.every((s) => s >= MOBILE_GOAL) ? 'met' : 'NOT met'
        } (lowest ${Math.min(...mobilePublic)}); ` +
        `mobile LCP ≤ ${LCP_GOAL_RATIO}× the static page's on public pages — ${
          lcpRatios.every((r) => r <= LCP_GOAL_RATIO) ? 'met' : 'NOT met'
        } (highest ${Math.max(...lcpRatios).toFixed(2)}×, baseline median LCP ${
          Math.round(baseLcp)
        } ms).`,
      `Lighthouse ${baseMobile.version} in ${
        baseMobile.ua.match(/(Headless)?Chrome\/[\d.]+/)?.[0] ?? 'Chromium'
      } (${CHROMIUM}), default mobile settings (simulated slow 4G, 4× CPU slowdown) and the desktop preset; every run is a cold load with storage cleared. Public pages on mobile: the median of ${
        quick ? 1 : MOBILE_RUNS
      } runs (its figures), with the range of scores.`,
      'First-load JS, gzip level 6 computed from the build, /config.js included. "Shell" (the goal\'s measure) is what every public page loads first: index.html\'s entry and /config.js; the home page needs nothing else. Other pages fetch their own chunks (a few KB) alongside it, before their first render, so they show at once instead of after a loading state: "until load" counts the same-origin scripts Chromium requested before the load event in the mobile run, "until idle" adds what the page fetches after it (warm-ups, analytics, error reporting) until the network is quiet. The web server sends text files gzipped, as a production host would, and the pages it renders brotli. "HTML bytes on the wire": the page\'s document as Lighthouse saw it arrive (encoded body and headers); "HTML vs first window" is that over a new connection\'s first window (14,600 bytes, ≤ 1 arrives in one round trip).',
      'Ratios: JS against the goal (≤ 1.00 meets it); performance against the baseline static page measured in this run.',
      '',
    )
  } finally {
    chrome.kill()
    await baseline.shutdown()
    await spa.close()
  }
  return {
    title:
      'Web: first-load JavaScript per route and Lighthouse scores (production build, Debian Chromium)',
    rows,
    notes,
  }
}

export default bench
