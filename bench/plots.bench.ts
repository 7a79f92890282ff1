// `plots`: the site plan with 700 plots, and the patch manager's plots page on a phone, in Debian
// Chromium driven over the DevTools protocol (production build, the bench's own stack).
//   * The plan: a site page whose site has 700 outlined plots, cold loads. Time from navigation
//     to the plan's map having drawn every outline (the plan is read after the page renders, its
//     chunk and Leaflet's load, the 700 paths and their patterns and numbers are drawn), and the
//     time from a click to the next frame when a plot is chosen from the list and on the map
//     (the event's timestamp to the second animation frame after it). Against the same measures
//     of the static baseline page (web.bench.ts's): its load event, and a click on its button.
//     At a desk (1280 px) and on a phone (360 px, CPU slowed 4×).
//   * The admin on a phone: largest contentful paint of /admin/plots/:site signed in as the
//     site's patch manager, at 360 px on Lighthouse's slow 4G (150 ms round trip, 1.6 Mbps down,
//     as DevTools throttling applies it) and a CPU slowed 4×, cold; against the static baseline
//     page and /admin/login measured the same way.
import postgres from 'postgres'
import * as chromeLauncher from 'chrome-launcher'
import type { Bench, BenchRow } from './run.ts'
import { ANON_KEY, SERVICE_ROLE_KEY } from '../stack/config.ts'
import { freePort } from '../stack/stack.ts'
import { securityHeaders } from '../web/server/server.ts'
import { BASELINE_HTML, CHROME_FLAGS, CHROMIUM } from './web.bench.ts'

const PLOTS = 700
const RUNS = 5
/** Lighthouse's mobile slow 4G as DevTools throttling applies it (RTT × 3.75, throughput × 0.9). */
const SLOW_4G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadThroughput: (750 * 1024 * 0.9) / 8,
}
const PASSWORD = 'bench-plots-password'

/** A DevTools protocol session on one tab. */
class Tab {
  private next = 1
  private waiting = new Map<number, { ok: (v: unknown) => void; no: (e: Error) => void }>()
  private listeners = new Set<(method: string, params: Record<string, unknown>) => void>()
  private constructor(private ws: WebSocket, readonly id: string, private port: number) {
    ws.onmessage = (m) => {
      const msg = JSON.parse(String(m.data))
      if (msg.id) {
        const w = this.waiting.get(msg.id)
        this.waiting.delete(msg.id)
        if (msg.error) w?.no(new Error(`${msg.error.message}`))
        else w?.ok(msg.result)
      } else for (const l of this.listeners) l(msg.method, msg.params)
    }
  }
  static async open(port: number): Promise<Tab> {
    const res = await fetch(`http://127.0.0.1:${port}/json/new?about:blank`, { method: 'PUT' })
    const t = await res.json() as { id: string; webSocketDebuggerUrl: string }
    const ws = new WebSocket(t.webSocketDebuggerUrl)
    await new Promise((ok, no) => {
      ws.onopen = ok
      ws.onerror = no
    })
    return new Tab(ws, t.id, port)
  }
  send<T = Record<string, unknown>>(
    method: string,
    params: Record<string, unknown> = {},
  ): Promise<T> {
    const id = this.next++
    this.ws.send(JSON.stringify({ id, method, params }))
    return new Promise((ok, no) => this.waiting.set(id, { ok: ok as (v: unknown) => void, no }))
  }
  on(l: (method: string, params: Record<string, unknown>) => void) {
    this.listeners.add(l)
    return () => this.listeners.delete(l)
  }
  /** Evaluates an expression in the page (awaiting a promise) and returns its value. */
  async eval<T>(expression: string): Promise<T> {
    const r = await this.send<{ result: { value: T }; exceptionDetails?: { text: string } }>(
      'Runtime.evaluate',
      { expression, awaitPromise: true, returnByValue: true },
    )
    if (r.exceptionDetails) {
      throw new Error(`${r.exceptionDetails.text}: ${expression.slice(0, 80)}`)
    }
    return r.result.value
  }
  async close() {
    this.ws.close()
    await fetch(`http://127.0.0.1:${this.port}/json/close/${this.id}`).then((r) => r.body?.cancel())
  }
}

/** A fresh tab: cache off, the viewport, the CPU and network as asked, scripts run first. */
async function freshTab(
  port: number,
  o: { width: number; height: number; cpu?: number; network?: typeof SLOW_4G; init?: string },
) {
  const tab = await Tab.open(port)
  await tab.send('Page.enable')
  await tab.send('Network.enable')
  await tab.send('Network.clearBrowserCache')
  await tab.send('Network.setCacheDisabled', { cacheDisabled: true })
  await tab.send('Emulation.setDeviceMetricsOverride', {
    width: o.width,
    height: o.height,
    deviceScaleFactor: o.width < 600 ? 2 : 1,
    mobile: o.width < 600,
  })
  if (o.cpu) await tab.send('Emulation.setCPUThrottlingRate', { rate: o.cpu })
  if (o.network) await tab.send('Network.emulateNetworkConditions', o.network)
  // What the page reports: its largest paint, and when the plan's map had drawn its outlines.
  await tab.send('Page.addScriptToEvaluateOnNewDocument', {
    source: `
      window.__lcp = 0
      new PerformanceObserver((l) => {
        for (const e of l.getEntries()) {
          window.__lcp = e.startTime
          window.__lcpEl = e.element
            ? e.element.tagName.toLowerCase() + ' "' + (e.element.textContent || '').trim().slice(0, 40) + '"'
            : ''
        }
      })
        .observe({ type: 'largest-contentful-paint', buffered: true })
      new MutationObserver((_, mo) => {
        if (window.__planDrawn || !document.querySelector('[data-plan-drawn]')) return
        requestAnimationFrame(() => requestAnimationFrame(() => { window.__planDrawn = performance.now() }))
        mo.disconnect()
      }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-plan-drawn'] })
      ${o.init ?? ''}`,
  })
  return tab
}

/** Navigates and resolves on the load event. */
async function load(tab: Tab, url: string): Promise<void> {
  const loaded = new Promise<void>((ok) => {
    const off = tab.on((m) => {
      if (m === 'Page.loadEventFired') {
        off()
        ok()
      }
    })
  })
  await tab.send('Page.navigate', { url })
  await loaded
}

/** Polls an expression in the page until it is truthy (a generous bound: the machine is shared). */
async function until(tab: Tab, expression: string, what: string, ms = 120_000): Promise<void> {
  const end = Date.now() + ms
  while (!(await tab.eval<boolean>(`Boolean(${expression})`))) {
    if (Date.now() > end) {
      const seen = await tab.eval<string>(
        `location.href + ': ' + (document.body?.innerText ?? '').slice(0, 200)`,
      )
      throw new Error(`${what}: not seen in ${ms / 1000} s (${seen.replace(/\s+/g, ' ')})`)
    }
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** The network has had no request open for `quiet` ms. */
async function networkQuiet(tab: Tab, quiet = 1000): Promise<void> {
  let open = 0
  let last = Date.now()
  const off = tab.on((m) => {
    if (m === 'Network.requestWillBeSent') open++
    if (m === 'Network.loadingFinished' || m === 'Network.loadingFailed') {
      open = Math.max(0, open - 1)
    }
    last = Date.now()
  })
  while (open > 0 || Date.now() - last < quiet) await new Promise((r) => setTimeout(r, 100))
  off()
}

/**
 * Clicks the element's middle (or a point) with real input events and returns the time from the
 * click's event timestamp to the frame after the one in which `done` first holds (checked every
 * frame in the page): what a person sees. Scrolling the element into view happens before, and
 * settles for two frames, so it is not counted.
 */
async function clickToFrame(
  tab: Tab,
  target: string | [number, number],
  done: string,
): Promise<number> {
  const [x, y] = typeof target === 'string'
    ? await tab.eval<[number, number]>(`new Promise((ok) => {
        const el = document.querySelector(${JSON.stringify(target)})
        el.scrollIntoView({ block: 'center' })
        requestAnimationFrame(() => requestAnimationFrame(() => {
          const r = el.getBoundingClientRect(); ok([r.x + r.width / 2, r.y + r.height / 2])
        }))
      })`)
    : target
  await tab.eval(`(() => {
    window.__clickAt = 0
    addEventListener('click', (e) => { window.__clickAt = e.timeStamp }, { capture: true, once: true })
    window.__answered = new Promise((ok) => {
      const tick = () => {
        if (window.__clickAt && (${done})) requestAnimationFrame(() => ok(performance.now() - window.__clickAt))
        else requestAnimationFrame(tick)
      }
      requestAnimationFrame(tick)
    })
  })()`)
  for (const type of ['mousePressed', 'mouseReleased']) {
    await tab.send('Input.dispatchMouseEvent', { type, x, y, button: 'left', clickCount: 1 })
  }
  await until(tab, done, 'the chosen plot')
  return await tab.eval<number>('window.__answered')
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2
}
const round = (v: number) => Math.round(v)

/** The site's grid: 35 columns × 20 rows of 10 × 20 m plots, with paths between them. */
const grid = (() => {
  const [lat, lng] = [51.2287, -2.3221]
  const dLat = 20 / 111_195
  const dLng = 10 / (111_195 * Math.cos((lat * Math.PI) / 180))
  const plot = (i: number) => {
    const [col, row] = [i % 35, Math.floor(i / 35)]
    const [x0, y0] = [lng + col * dLng * 1.2, lat - row * dLat * 1.15]
    return { west: x0, south: y0, east: x0 + dLng, north: y0 + dLat }
  }
  return { lat, lng, plot }
})()

const project = (lat: number, lng: number, z: number): [number, number] => {
  const scale = 256 * 2 ** z
  const s = Math.sin((lat * Math.PI) / 180)
  return [((lng + 180) / 360) * scale, (0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * scale]
}

/** Where plot i's middle is drawn in a w × h map fitted to the whole grid (Leaflet's fitBounds). */
function pointOnMap(g: typeof grid, i: number, w: number, h: number): [number, number] {
  const all = Array.from({ length: PLOTS }, (_, k) => g.plot(k))
  const b = {
    west: Math.min(...all.map((p) => p.west)),
    east: Math.max(...all.map((p) => p.east)),
    south: Math.min(...all.map((p) => p.south)),
    north: Math.max(...all.map((p) => p.north)),
  }
  let z = 20
  for (; z > 0; z -= 0.5) {
    const [x0, y0] = project(b.north, b.west, z)
    const [x1, y1] = project(b.south, b.east, z)
    if (x1 - x0 <= w - 32 && y1 - y0 <= h - 32) break
  }
  const [cx, cy] = project((b.north + b.south) / 2, (b.west + b.east) / 2, z)
  const p = g.plot(i)
  const [px, py] = project((p.north + p.south) / 2, (p.west + p.east) / 2, z)
  return [w / 2 + (px - cx), h / 2 + (py - cy)]
}

/** A site with 700 outlined plots in a grid (a mix of statuses), and its patch manager. */
async function seedPlots(dbUrl: string, apiUrl: string) {
  const sql = postgres(dbUrl, { max: 1, onnotice: () => {} })
  const tag = Date.now().toString(36)
  const [site] = await sql<{ id: number; city_slug: string; slug: string }[]>`
    insert into public.global_sites (city, city_slug, location, slug, status, coordinates, description)
    values ('Benchford', ${`benchford-${tag}`}, ${`Seven Hundred Acre ${tag}`}, ${`seven-hundred-${tag}`},
      'active', ${`${grid.lat},${grid.lng}`}, 'A site with 700 plots.')
    returning id, city_slug, slug`
  const statuses = [
    'vacant',
    'let',
    'let',
    'let',
    'let',
    'preparing',
    'let',
    'offered',
    'let',
    'out_of_use',
  ]
  await sql.begin(async (tx) => {
    await tx`select private.plot_flow(true)`
    for (let i = 0; i < PLOTS; i++) {
      const p = grid.plot(i)
      await tx`insert into public.plots (site_id, number, size, size_m2, features, status, shape)
        values (${site!.id}, ${String(i + 1)}, ${i % 3 ? 'full' : 'half'}, 200, ${
        i % 4 ? [] : ['near_tap']
      },
          ${statuses[i % statuses.length]!},
          extensions.st_setsrid(extensions.st_makeenvelope(${p.west}, ${p.south}, ${p.east}, ${p.north}), 4326))`
    }
  })
  const email = `bench-pm-${tag}@example.com`
  const created = await fetch(`${apiUrl}/auth/v1/admin/users`, {
    method: 'POST',
    headers: {
      apikey: SERVICE_ROLE_KEY,
      authorization: `Bearer ${SERVICE_ROLE_KEY}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ email, password: PASSWORD, email_confirm: true }),
  })
  const user = await created.json() as { id: string }
  await sql`update public.profiles set role_id = (select id from public.roles where name = 'patch_manager')
    where id = ${user.id}`
  await sql`insert into public.patch_manager_sites (user_id, site_id) values (${user.id}, ${
    site!.id
  })`
  await sql.end({ timeout: 2 })
  return { site: site!, email }
}

/** The patch manager's session, put where supabase-js keeps it before the app starts. */
async function sessionScript(apiUrl: string, email: string): Promise<string> {
  const res = await fetch(`${apiUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  })
  if (!res.ok) throw new Error(`sign-in: ${res.status} ${await res.text()}`)
  const session = await res.json() as Record<string, unknown>
  const full = {
    ...session,
    expires_at: Math.floor(Date.now() / 1000) + Number(session.expires_in ?? 3600),
  }
  const key = `sb-${new URL(apiUrl).hostname.split('.')[0]}-auth-token`
  return `if (location.origin !== 'null') localStorage.setItem(${JSON.stringify(key)}, ${
    JSON.stringify(JSON.stringify(full))
  })`
}

const BASELINE_BUTTON_HTML = BASELINE_HTML.replace(
  '</p></main>',
  '</p><button id="b" onclick="this.textContent = \'Chosen\'">Choose</button></main>',
)

const bench: Bench = async ({ stack, quick }) => {
  const runs = quick ? 1 : RUNS
  const { site, email } = await seedPlots(stack.dbUrl, stack.apiUrl)
  const sitePage = `${stack.webUrl}/sites/${site.city_slug}/${site.slug}`
  const adminPage = `${stack.webUrl}/admin/plots/${site.id}`
  const signedIn = await sessionScript(stack.apiUrl, email)
  const basePort = freePort()
  const baseline = Deno.serve(
    { hostname: '127.0.0.1', port: basePort, onListen: () => {} },
    (req) =>
      new Response(new URL(req.url).pathname === '/button' ? BASELINE_BUTTON_HTML : BASELINE_HTML, {
        // The button's inline handler needs no script-src: the baseline's page is its own origin.
        headers: {
          ...securityHeaders(stack.apiUrl),
          'content-security-policy': "default-src 'self'; script-src 'unsafe-inline'",
          'content-type': 'text/html; charset=utf-8',
        },
      }),
  )
  const baseUrl = `http://127.0.0.1:${basePort}`
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS })
  const rows: BenchRow[] = []
  const notes: string[] = []
  try {
    // The plan, at a desk and on a phone (CPU 4×). The viewport is tall enough that the plan is
    // near the screen from the start, as when someone follows a link to it.
    for (
      const device of [{ name: 'desk, 1280 px', width: 1280, cpu: 1 }, {
        name: 'phone, 360 px, CPU 4×',
        width: 360,
        cpu: 4,
      }]
    ) {
      const base = { load: [] as number[], click: [] as number[] }
      const plan = {
        drawn: [] as number[],
        list: [] as number[],
        map: [] as number[],
        load: [] as number[],
        read: [] as number[],
        code: [] as number[],
      }
      for (let i = 0; i < runs; i++) {
        const b = await freshTab(chrome.port, {
          width: device.width,
          height: 5000,
          cpu: device.cpu,
        })
        await load(b, `${baseUrl}/button`)
        base.load.push(
          await b.eval<number>(`performance.getEntriesByType('navigation')[0].loadEventStart`),
        )
        base.click.push(
          await clickToFrame(b, '#b', `document.querySelector('#b').textContent === 'Chosen'`),
        )
        await b.close()

        const t = await freshTab(chrome.port, {
          width: device.width,
          height: 5000,
          cpu: device.cpu,
        })
        await load(t, sitePage)
        plan.load.push(
          await t.eval<number>(`performance.getEntriesByType('navigation')[0].loadEventStart`),
        )
        await until(
          t,
          `window.__planDrawn && document.querySelector('[data-plan-drawn="${PLOTS}"]')`,
          'the plan drawn',
        )
        plan.drawn.push(await t.eval<number>('window.__planDrawn'))
        // Where the time went: the plan's answer and the map's code arriving.
        const [read, code] = await t.eval<number[]>(`[
          performance.getEntriesByType('resource').find((e) => e.name.includes('/rpc/site_plan'))?.responseEnd ?? 0,
          performance.getEntriesByType('resource').find((e) => /PlanMap/.test(e.name))?.responseEnd ?? 0]`)
        plan.read.push(read!)
        plan.code.push(code!)
        plan.list.push(
          await clickToFrame(
            t,
            '[data-plot="350"]',
            `document.querySelector('[data-testid="chosen-plot"]')?.textContent.startsWith('Plot 350:')`,
          ),
        )
        // On the map: the middle of plot 333's outline, found as Leaflet placed the grid (the
        // site's bounds fitted with 16 px padding, zoom in half steps, Web Mercator).
        const [x, y, w, h] = await t.eval<number[]>(`(() => {
          const m = document.querySelector('[data-plan-map]'); m.scrollIntoView({ block: 'center' })
          return new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => {
            const r = m.getBoundingClientRect(); ok([r.x, r.y, r.width, r.height])
          })))
        })()`)
        const at = pointOnMap(grid, 333 - 1, w!, h!)
        plan.map.push(
          await clickToFrame(
            t,
            [x! + at[0], y! + at[1]],
            `document.querySelector('[data-testid="chosen-plot"]')?.textContent.startsWith('Plot 333:')`,
          ),
        )
        await t.close()
      }
      const baseLoad = median(base.load)
      const baseClick = median(base.click)
      rows.push(
        {
          name: `baseline static page (${device.name})`,
          figures: { 'load ms': round(baseLoad), 'click to next frame ms': round(baseClick), runs },
          goal: 'baseline',
        },
        {
          name: `site plan, ${PLOTS} plots: drawn (${device.name})`,
          figures: {
            'page load ms': round(median(plan.load)),
            'plan read ms': round(median(plan.read)),
            'map code in ms': round(median(plan.code)),
            'plan drawn ms': round(median(plan.drawn)),
            runs,
          },
          ratios: { 'drawn vs baseline load': median(plan.drawn) / baseLoad },
        },
        {
          name: `site plan, ${PLOTS} plots: choose a plot (${device.name})`,
          figures: {
            'from the list ms': round(median(plan.list)),
            'on the map ms': round(median(plan.map)),
          },
          ratios: {
            'list vs baseline click': median(plan.list) / baseClick,
            'map vs baseline click': median(plan.map) / baseClick,
          },
          goal: 'a click answered within 200 ms (INP "good")',
        },
      )
    }

    // The admin on a phone: LCP at 360 px, slow 4G, CPU 4×.
    const lcpOf = async (
      url: string,
      init?: string,
      ready = 'document.querySelector("main h1")',
    ) => {
      const all: number[] = []
      let js = 0
      let element = ''
      for (let i = 0; i < runs; i++) {
        const t = await freshTab(chrome.port, {
          width: 360,
          height: 780,
          cpu: 4,
          network: SLOW_4G,
          init,
        })
        let bytes = 0
        const off = t.on((m, p) => {
          if (m === 'Network.loadingFinished') bytes += Number(p.encodedDataLength ?? 0)
        })
        await load(t, url)
        await until(t, ready, `${url} rendered`)
        await networkQuiet(t)
        all.push(await t.eval<number>('window.__lcp'))
        element = await t.eval<string>('window.__lcpEl')
        off()
        js = bytes
        await t.close()
      }
      return {
        lcp: median(all),
        min: Math.min(...all),
        max: Math.max(...all),
        kb: js / 1024,
        element,
      }
    }
    const base = await lcpOf(`${baseUrl}/`, undefined, 'document.querySelector("h1")')
    const login = await lcpOf(`${stack.webUrl}/admin/login`)
    const plots = await lcpOf(
      adminPage,
      signedIn,
      `document.querySelector('[data-plan-map].leaflet-container')`,
    )
    const figures = (r: typeof base) => ({
      'median LCP ms': round(r.lcp),
      'LCP range ms': `${round(r.min)}–${round(r.max)}`,
      'KB on the wire': round(r.kb),
      'largest paint (last run)': r.element.replaceAll('|', '/'),
      runs,
    })
    rows.push(
      {
        name: 'mobile LCP: baseline static page (360 px, slow 4G, CPU 4×)',
        figures: figures(base),
        goal: 'baseline',
      },
      {
        name: 'mobile LCP: /admin/login (360 px, slow 4G, CPU 4×)',
        figures: figures(login),
        ratios: { 'LCP vs baseline': login.lcp / base.lcp },
      },
      {
        name:
          "mobile LCP: the patch manager's /admin/plots/:site, 700 plots (360 px, slow 4G, CPU 4×)",
        figures: figures(plots),
        ratios: {
          'LCP vs baseline': plots.lcp / base.lcp,
          'LCP vs /admin/login': plots.lcp / login.lcp,
        },
      },
    )
    notes.push(
      `Chromium ${CHROMIUM} over the DevTools protocol, every load cold (cache cleared and off). The plan: a site page whose site has ${PLOTS} outlined plots (35 × 20, a mix of statuses), the viewport tall enough that the plan is near the screen at once; "plan drawn" is navigation start to two frames after the map marks all ${PLOTS} outlines drawn (the page, its plan read, the plan's chunk and Leaflet, the canvas). Choosing a plot: a real click's event timestamp to two frames after the chosen plot's line changed, from the list (plot 350) and on the map's middle. The baseline is web.bench's static page (with a button for the click). Medians of ${runs} runs.`,
      `Mobile LCP: 360 px, DevTools slow 4G (${SLOW_4G.latency} ms latency, ${
        round((SLOW_4G.downloadThroughput * 8) / 1024)
      } kbit/s down) and CPU 4×, the patch manager signed in (session in localStorage before the app starts); measured once the page has drawn (the plan's map for the plots page) and the network has been quiet for 1 s. "KB on the wire": every response's encoded bytes.`,
    )
  } finally {
    chrome.kill()
    await baseline.shutdown()
  }
  return {
    title: `Plots: the site plan with ${PLOTS} plots, and the patch manager's page on a phone`,
    rows,
    notes,
  }
}

export default bench
