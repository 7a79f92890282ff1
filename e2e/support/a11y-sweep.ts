// The accessibility and Content-Security-Policy sweep over every route of web/src/config/paths.ts
// (the part-2 path files included, so a route added there is visited here), shared by
// e2e/a11y-routes.e2e.ts (public routes, signed out) and e2e/a11y-admin-routes.e2e.ts (admin
// routes, signed in as an admin), which npm test can run in different lanes. Each page is opened
// fresh, allowed to settle, and checked with axe-core (no serious or critical violation) and for
// CSP violations (none: the policy the web server sends must allow the app), at 360 px and then,
// the same load widened, at 1280 px. A route with parameters needs a sample below, taken from the
// seeded data; a new one without a sample fails by name.
import type { Browser, BrowserContext, Page, Request } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paths } from '../../web/src/config/paths'
import { adminPaths } from '../../web/src/config/paths-admin'
import { asService, signIn, waitForPath } from '../admin-support'
import { type AxeViolation, launchChromium, newContext, seriousViolations, webUrl } from './browser'
import { dismissConsent } from '../public-support'

type Params = Record<string, string>

/** The first row of a table (service role, set-up only), for a route's sample parameter. */
async function first(table: string, column: string, filter = ''): Promise<string> {
  const res = await asService(
    `/rest/v1/${table}?select=${column}&order=${column}&limit=1${filter ? `&${filter}` : ''}`,
  )
  const rows = await res.json() as Record<string, unknown>[]
  if (!res.ok || !rows[0]) {
    throw new Error(`no sample from ${table}.${column}: ${res.status} ${JSON.stringify(rows)}`)
  }
  return String(rows[0][column])
}

const site = { cityslug: 'dartford', slug: 'darenth-fields' }
/** Sample parameters per route key: seeded rows the pages can show. */
const SAMPLES: Record<string, () => Params | Promise<Params>> = {
  site: () => site,
  siteSetup: () => site,
  siteOld: () => site,
  siteSetupOld: () => site,
  siteList: () => site,
  landingSite: () => ({ site: 'sugar-loaf-fields' }),
  landingSiteJoin: () => ({ site: 'sugar-loaf-fields' }),
  preregSite: () => ({ site: 'daffodil-views' }),
  preregSiteSignup: () => ({ site: 'daffodil-views' }),
  preregSiteLanding: () => ({ site: 'daffodil-views' }),
  preregSiteThankyou: () => ({ site: 'daffodil-views' }),
  landingSpecialJoin: () => ({ site: 'bowshaw-views' }),
  landingSpecialJoinSuccess: () => ({ site: 'bowshaw-views' }),
  guidedTourLocation: () => ({ location: 'tuckers-meadow' }),
  kb: () => ({ link: 'getting-started/tools' }),
  adminLocationsEdit: async () => ({ id: await first('global_sites', 'id') }),
  // A site's plots page: its register, plan (the map, drawn with no tiles here) and forms.
  adminSitePlots: async () => ({ siteId: await first('global_sites', 'id') }),
  adminCommsTemplate: async () => ({ id: await first('comms_templates', 'id') }),
  adminCommsTemplateEdit: async () => ({ id: await first('comms_templates', 'id') }),
  adminWelcomeSlot: async () => ({ id: await first('welcome_slots', 'id') }),
  adminWelcomeSlotEdit: async () => ({ id: await first('welcome_slots', 'id') }),
  adminProduct: async () => ({ id: await first('products', 'id') }),
  adminOrder: async () => ({ id: await first('orders', 'id') }),
  adminMember: async () => ({ id: await first('memberships', 'id') }),
  adminEvent: async () => ({ id: await first('events', 'id') }),
  adminBlogsEdit: async () => ({ id: await first('blogs', 'id') }),
  blog: async () => ({ slug: await first('blogs', 'slug', 'published=is.true') }),
  career: async () => ({ slug: await first('careers', 'slug', 'published=is.true') }),
  offer: async () => ({ slug: await first('offers', 'slug') }),
  pledgePage: async () => ({ slug: await first('pledge_pages', 'slug', 'published=is.true') }),
  goodVibesProject: async () => ({
    pid: await first('good_vibes_projects', 'slug', 'published=is.true'),
  }),
  growingExpert: async () => ({ eid: await first('growing_experts', 'id') }),
  courseSettings: async () => ({ course_id: await first('courses', 'id') }),
  // Signed out, a receipt's page asks the member to sign in, whatever the id.
  memberReceipt: () => ({ id: '1' }),
}

/** Admin pages anyone may open signed out; every other /admin page is visited as an admin. */
const SIGNED_OUT_ADMIN = new Set(['/admin/login', '/admin/confirm', '/admin/unauthorized'])
/**
 * The widths each route is judged at, in this order, in one load: narrow first, then widened. The
 * app's layout follows the width through CSS alone (nothing in web/src reads the window's width or
 * a media query in script; only the reduced-motion preference), so a page widened is the page a
 * wide screen loads, and growing from narrow to wide also requests what only the wide layout
 * shows (a larger image of a srcset), which the CSP check then covers. One load instead of one
 * per width: the load, its network settling and axe-core's injection were half of each check.
 */
const WIDTHS = [360, 1280]
const HEIGHT = 800

/** Every route, read when the file loads: a route added to a paths file gets a test of its own. */
export const ROUTES = Object.entries({ ...paths, ...adminPaths }).map(([key, entry]) => ({
  key,
  pattern: entry.path as string,
  entry,
}))
export const isAdmin = (pattern: string) =>
  pattern.startsWith('/admin') && !SIGNED_OUT_ADMIN.has(pattern)

async function hrefOf(r: (typeof ROUTES)[number]): Promise<string> {
  if (!r.pattern.includes(':')) return (r.entry.getHref as () => string)()
  const sample = SAMPLES[r.key]
  if (!sample) {
    throw new Error(
      `route ${r.key} (${r.pattern}) has parameters but no sample in SAMPLES (e2e/support/a11y-sweep.ts)`,
    )
  }
  return (r.entry.getHref as (p: Params) => string)(await sample())
}

/**
 * How long no request of the page may be open before its network counts as quiet. Playwright's
 * `networkidle` waits a fixed 500 ms; the sweep watches the page's requests itself: a lazy chunk
 * or a data read starts within a task of the one before it ending, far inside this.
 */
const QUIET_MS = 150

/** Resolves true once `inFlight` has stayed empty for QUIET_MS, false after `cap` ms. */
async function networkQuiet(inFlight: Map<Request, number>, cap: number): Promise<boolean> {
  const until = Date.now() + cap
  let emptySince = inFlight.size === 0 ? Date.now() : 0
  while (Date.now() < until) {
    await new Promise((r) => setTimeout(r, 25))
    if (inFlight.size > 0) emptySince = 0
    else if (emptySince === 0) emptySince = Date.now()
    else if (Date.now() - emptySince >= QUIET_MS) return true
  }
  return false
}

/** Waits for the page's requests to go quiet, naming in the log any still open after 20 s. */
async function quietOrSay(t: Tab, href: string) {
  // Settled means the page's own requests went quiet (none open for QUIET_MS). A page that never
  // does (a request the machine or the gateway held up: seen once in CI, never by hand) is still
  // judged, and the requests still open are named in the log, so a hang shows up as a lead
  // rather than as a failed axe check.
  if (!await networkQuiet(t.inFlight, 20_000)) {
    const open = [...t.inFlight].map(([r, at]) =>
      `${r.method()} ${r.url()} (${Date.now() - at} ms)`
    )
    console.warn(
      `[a11y] ${href} at ${t.page.viewportSize()?.width} px: the network did not go quiet in 20 s; still open: ${
        open.join(', ') || 'none'
      }`,
    )
  }
}

interface Judged {
  width: number
  landed: string
  hasMain: boolean
  axe: AxeViolation[]
  /** CSP violations and refusals reported while the page was at this width. */
  csp: string[]
}

/**
 * Opens the route fresh at the first width and lets lazy chunks, data and redirects settle, then
 * judges it; widens the same page to each further width, lets what the wider layout asks for
 * arrive, and judges it again.
 */
async function judge(t: Tab, href: string): Promise<Judged[]> {
  t.consoleErrors.length = 0
  t.inFlight.clear()
  await t.page.setViewportSize({ width: WIDTHS[0], height: HEIGHT })
  await t.page.goto(`${webUrl()}${href}`)
  await quietOrSay(t, href)
  // A quiet network is not yet a rendered page on a loaded machine: give the page its <main>
  // (every route has one) before judging; a page that never renders one still fails below.
  await t.page.locator('main').first().waitFor({ state: 'attached' }).catch(() => {})
  const judged: Judged[] = []
  let cspSeen = 0
  let consoleSeen = 0
  for (const [i, width] of WIDTHS.entries()) {
    if (i > 0) {
      await t.page.setViewportSize({ width, height: HEIGHT })
      // The new layout's requests (a larger image) start once it is laid out: two frames.
      await t.page.evaluate(() =>
        new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))
      )
      if (t.inFlight.size > 0) await quietOrSay(t, href)
    }
    const landed = new URL(t.page.url()).pathname
    const hasMain = await t.page.locator('main').count() > 0
    const axe = await seriousViolations(t.page)
    const csp = await t.page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)
    judged.push({
      width,
      landed,
      hasMain,
      axe,
      csp: [...csp.slice(cspSeen), ...t.consoleErrors.slice(consoleSeen)],
    })
    cspSeen = csp.length
    consoleSeen = t.consoleErrors.length
  }
  // The cookie banner is judged on the first page of each public tab, then answered.
  if (t.visited++ === 0) await dismissConsent(t.page)
  return judged
}

interface Tab {
  page: Page
  context: BrowserContext
  consoleErrors: string[]
  visited: number
  inFlight: Map<Request, number>
}

/** How many routes are judged at once, each in a tab (a browser context) of its own. */
const TABS = 2

/**
 * One test per route of the audience (public routes signed out, admin routes as an admin), each
 * at both widths. The tabs are the calling file's own and kept across its tests (admins sign in
 * once per tab); while a test's route is judged in one tab, the next route's is already under way
 * in the other, so the machine's two cores are both at work, as they were with a tab per width.
 * A test reports its own route's results, whichever tab judged it.
 */
export function sweepRoutes(audience: 'public' | 'admin') {
  const routes = ROUTES.filter((r) => (isAdmin(r.pattern) ? 'admin' : 'public') === audience)
  const idle: Tab[] = []
  const waiting: ((t: Tab) => void)[] = []
  const all: Tab[] = []
  let browser: Browser

  async function openTab(): Promise<Tab> {
    const context = await newContext(browser, WIDTHS[0], HEIGHT)
    // CSP violations are events, not errors: record them in the page.
    await context.addInitScript(() => {
      const w = window as unknown as { __csp: string[] }
      w.__csp = []
      document.addEventListener(
        'securitypolicyviolation',
        (e) =>
          w.__csp.push(
            `${e.violatedDirective} blocked ${
              e.blockedURI || 'inline'
            } (${e.sourceFile}:${e.lineNumber})`,
          ),
      )
    })
    const page = await context.newPage()
    const t: Tab = { page, context, consoleErrors: [], visited: 0, inFlight: new Map() }
    all.push(t)
    const inFlight = t.inFlight
    page.on('request', (r) => inFlight.set(r, Date.now()))
    page.on('requestfinished', (r) => inFlight.delete(r))
    page.on('requestfailed', (r) => inFlight.delete(r))
    const errors = t.consoleErrors
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content.Security.Policy|Refused to/i.test(m.text())) {
        errors.push(m.text())
      }
    })
    if (audience === 'admin') {
      await signIn(page, 'official@example.com')
      await waitForPath(page, '/admin')
    }
    return t
  }

  async function withTab<T>(work: (t: Tab) => Promise<T>): Promise<T> {
    const t = idle.pop() ??
      (all.length < TABS ? await openTab() : await new Promise<Tab>((r) => waiting.push(r)))
    try {
      return await work(t)
    } finally {
      const next = waiting.shift()
      if (next) next(t)
      else idle.push(t)
    }
  }

  /** Each route's judgement, started at most one route ahead of the test that reads it. */
  const started = new Map<
    number,
    Promise<{ href: string; judged: Judged[] } | { error: unknown }>
  >()
  function start(i: number) {
    if (i >= routes.length || started.has(i)) return
    started.set(
      i,
      withTab(async (t) => {
        const href = await hrefOf(routes[i])
        return { href, judged: await judge(t, href) }
      }).catch((error: unknown) => ({ error })),
    )
  }

  beforeAll(async () => {
    browser = await launchChromium()
  })
  afterAll(async () => {
    await Promise.all([...started.values()])
    for (const t of all) await t.context.close().catch(() => {})
    await browser?.close()
  })

  describe('every route', () => {
    for (const [i, route] of routes.entries()) {
      it(`${route.pattern} (${audience}) at ${WIDTHS.join(' and ')} px: no serious or critical axe violation, no CSP violation`, async () => {
        start(i)
        start(i + 1)
        const done = await started.get(i)!
        if ('error' in done) throw done.error
        const { href, judged } = done
        for (const r of judged) {
          const where = `${href} at ${r.width} px (landed on ${r.landed})`
          if (audience === 'admin') {
            expect(r.landed, `${where}: an admin is never turned away`).not.toMatch(
              /^\/admin\/(login|unauthorized)$/,
            )
          }
          // axe only rates a missing <main> "moderate"; every page has one, so it is held to that.
          expect(r.hasMain, `${where}: a <main> landmark`).toBe(true)
          expect(r.axe, where).toEqual([])
          expect(r.csp, where).toEqual([])
        }
      })
    }
  })
}
