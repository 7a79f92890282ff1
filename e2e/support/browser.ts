// Launching Debian's Chromium through playwright-core (never a downloaded browser), and the
// axe-core check every journey runs on the pages it visits.
import { AxeBuilder } from '@axe-core/playwright'
import axe from 'axe-core'
import { type Browser, type BrowserContext, chromium, type Frame, type Page } from 'playwright-core'
import { appReady } from './hydration.ts'
import { watchContext } from './page-log.ts'

export const CHROMIUM_PATH = '/usr/bin/chromium'
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/**
 * How long a click, fill or wait may wait for its element: a harness allowance for a machine
 * shared with the other suites (npm test runs three lanes beside them on two cores), not an
 * assertion on speed. Playwright's own default, 30 s, was reached at load averages near 20.
 */
export const ACTION_TIMEOUT_MS = 90_000

/**
 * The worker's Chromium. Files of one e2e lane run one after another in one worker process
 * (e2e/vitest.config.ts: `isolate: false`), so the browser is launched once per worker and each
 * file gets a handle of its own: its contexts are its own, and its `close()` closes them (the
 * browser stays for the next file and ends with the worker).
 */
/** Every context still open in this worker (the failure report describes their pages). */
export const openContexts = new Set<BrowserContext>()

export async function launchChromium(): Promise<Browser> {
  const holder = globalThis as { __e2eChromium?: Promise<Browser> }
  let shared = await (holder.__e2eChromium ??= launchOwnChromium())
  if (!shared.isConnected()) shared = await (holder.__e2eChromium = launchOwnChromium())
  const contexts = new Set<BrowserContext>()
  return new Proxy(shared, {
    get(target, prop) {
      if (prop === 'newContext') {
        return async (...options: Parameters<Browser['newContext']>) => {
          const context = await target.newContext(...options)
          context.setDefaultTimeout(ACTION_TIMEOUT_MS)
          watchContext(context)
          contexts.add(context)
          openContexts.add(context)
          context.on('close', () => {
            contexts.delete(context)
            openContexts.delete(context)
          })
          return context
        }
      }
      if (prop === 'newPage') {
        return async (...options: Parameters<Browser['newPage']>) => {
          const page = await target.newPage(...options)
          page.context().setDefaultTimeout(ACTION_TIMEOUT_MS)
          watchContext(page.context())
          contexts.add(page.context())
          openContexts.add(page.context())
          page.context().on('close', () => openContexts.delete(page.context()))
          return page
        }
      }
      if (prop === 'contexts') return () => [...contexts]
      if (prop === 'close') {
        return async () => {
          await Promise.all([...contexts].map((c) => c.close().catch(() => {})))
          contexts.clear()
        }
      }
      const value = Reflect.get(target, prop, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

/** A Chromium of the caller's own (closing it ends the browser). */
export function launchOwnChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true })
}

/** The app under test, as the test runner started it. */
export function webUrl(): string {
  const url = process.env.WEB_URL
  if (!url) throw new Error('WEB_URL is not set: run the e2e suite with `npm test -- --only=e2e`')
  return url.replace(/\/$/, '')
}

export async function newContext(
  browser: Browser,
  width = 1280,
  height = 800,
): Promise<BrowserContext> {
  return await browser.newContext({ viewport: { width, height }, reducedMotion: 'reduce' })
}

export interface AxeViolation {
  id: string
  impact: string | null | undefined
  help: string
  nodes: string[]
}

/** Per browser context: a blank tab holding axe-core, where each check's frame results merge. */
const finishers = new WeakMap<BrowserContext, Promise<Page>>()

function finisher(context: BrowserContext): Promise<Page> {
  let tab = finishers.get(context)
  if (!tab) {
    tab = (async () => {
      const page = await context.newPage()
      await page.evaluate(axe.source)
      await page.evaluate(() =>
        (window as unknown as { axe: typeof axe }).axe.configure({
          allowedOrigins: ['<unsafe_all_origins>'],
          branding: { application: 'playwright' },
        })
      )
      return page
    })()
    finishers.set(context, tab)
  }
  return tab
}

/**
 * AxeBuilder as it is, except for two steps. Its last step merges the frames' results
 * (axe.finishRun) in a new blank tab per check, injecting axe-core there again; this keeps one such
 * tab per context. And it puts axe-core into each inner frame racing a 1 s timer, dropping the
 * frame's results without a word when the timer wins: on a busy machine parsing the 550 KB source
 * takes longer, and a page with faults inside a frame was once found clean that way. Here the
 * injection waits for the frame itself. The same frames are checked with the same rules. (Should a
 * later @axe-core/playwright rename a step, its override is simply not called.)
 */
class AxeChecker extends AxeBuilder {}
Object.defineProperty(AxeChecker.prototype, 'inject', {
  async value(
    this: { script(): string; axeConfigure(): Promise<string> },
    frames: Frame[],
    shouldThrow?: boolean,
  ) {
    for (const frame of frames) {
      try {
        await frame.evaluate(this.script())
        await frame.evaluate(await this.axeConfigure())
      } catch (err) {
        if (shouldThrow) throw err
      }
    }
  },
})
Object.defineProperty(AxeChecker.prototype, 'finishRun', {
  async value(this: { page: Page; option: axe.RunOptions }, partials: axe.PartialResults) {
    const tab = await finisher(this.page.context())
    const result = await tab.evaluate(
      ({ json, options }) =>
        (window as unknown as { axe: typeof axe }).axe.finishRun(JSON.parse(json), options),
      { json: JSON.stringify(partials), options: this.option },
    )
    // Opening that tab put it in front; the page goes on in front (see seriousViolations).
    await this.page.bringToFront()
    return result
  },
})

/**
 * Waits until the page's DOM has not changed for three frames in a row (at most 2 s, for pages
 * that animate for ever). axe reads each element's colours and what lies behind it at different
 * moments; a check that starts while React is still committing can pair one state's text colour
 * with another's background (a CI run once saw the admin menu's previous current link that way).
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() =>
    new Promise<void>((resolve) => {
      const start = performance.now()
      let quiet = 0
      const seen = new MutationObserver(() => (quiet = 0))
      seen.observe(document, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      })
      const tick = () => {
        quiet += 1
        if (quiet >= 3 || performance.now() - start > 2000) {
          seen.disconnect()
          resolve()
        } else requestAnimationFrame(tick)
      }
      requestAnimationFrame(tick)
    })
  )
}

/** The WCAG 2.0 and 2.1 A and AA rules: the checks every journey and the sweep run. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/**
 * axe.run in the page, with only its violations (already cut to what AxeViolation keeps) coming
 * back over the wire. A string, so it runs in the page as written rather than as the test runner's
 * transpiled code.
 */
const RUN_IN_PAGE = `(async (tags) => {
  const result = await window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => n.target.join(' ') + ': ' + (n.failureSummary ?? '')),
  }))
})`

/**
 * The checks of a page without frames, run where the page is: axe-core is put in the page once
 * (a page keeps it until it navigates), runs there, and only the violations travel back.
 * AxeBuilder instead sends axe-core's 550 KB source into the page on every check and brings every
 * rule's result for every node back to the test to merge them: on the sweep's pages that took 2–3
 * times as long, and 10–20 times the test runner's CPU (measured 2026-11-30, /, /sites, a site
 * page and /blog). A page with frames goes on through AxeBuilder (below), which checks inside
 * each frame, whatever its origin or sandbox.
 */
async function violationsInPage(page: Page): Promise<AxeViolation[]> {
  if (!await page.evaluate('typeof window.axe?.run === "function"')) {
    await page.evaluate(axe.source)
  }
  return await page.evaluate(`${RUN_IN_PAGE}(${JSON.stringify(AXE_TAGS)})`) as AxeViolation[]
}

/** The same checks through AxeBuilder: every frame, each with its own copy of axe-core. */
async function violationsByFrame(page: Page): Promise<AxeViolation[]> {
  const result = await new AxeChecker({ page }).withTags(AXE_TAGS).analyze()
  return result.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
  }))
}

/**
 * Serious and critical accessibility violations on the page once it has settled. Each node reads
 * "selector: axe's reason" (for contrast, the colours it measured), so a failure says what it saw.
 * `via` chooses the way for a test of the two ways themselves; left out, a page without frames
 * is checked in the page and one with frames frame by frame.
 */
export async function seriousViolations(
  page: Page,
  via?: 'page' | 'frames',
): Promise<AxeViolation[]> {
  // A tab behind another one gets no animation frames (the settle check would wait its whole cap)
  // and slowed timers; for a page with frames, the blank tab axe merges results in is opened in
  // front of the page.
  await page.bringToFront()
  await settled(page)
  const inPage = via ? via === 'page' : page.frames().length === 1
  const violations = inPage ? await violationsInPage(page) : await violationsByFrame(page)
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
}

/** Cookie names the browser holds for the app's origin. */
export async function cookieNames(context: BrowserContext): Promise<string[]> {
  return (await context.cookies(webUrl())).map((c) => c.name).sort()
}

export interface RuntimeConfigOverrides {
  marketingScriptUrl?: string
  marketingCookieIds?: string[]
}

/**
 * Serves /config.js as the stack's web server does (the test runner's backend URL and anon key)
 * plus the given extras, standing in for a deployment that configures them.
 */
export async function configureApp(
  context: BrowserContext,
  extra: RuntimeConfigOverrides = {},
): Promise<void> {
  const config = {
    supabaseUrl: process.env.SUPABASE_URL,
    supabaseAnonKey: process.env.SUPABASE_ANON_KEY,
    imagesUrl: '/images',
    ...extra,
  }
  await context.route(
    `${webUrl()}/config.js`,
    (route) =>
      route.fulfill({
        contentType: 'text/javascript; charset=utf-8',
        body: `window.__ROOTS_CONFIG__=${JSON.stringify(config)};\n`,
      }),
  )
}

/** Counts full page loads of the tab (survives reloads through sessionStorage). */
export async function countPageLoads(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    if (location.protocol !== 'http:' && location.protocol !== 'https:') return
    const n = Number(sessionStorage.getItem('e2e:loads') ?? '0') + 1
    sessionStorage.setItem('e2e:loads', String(n))
  })
}

export const pageLoads = async (page: Page) =>
  Number(await page.evaluate(() => sessionStorage.getItem('e2e:loads')))

/** Opens a path of the app and waits until the app has rendered its main landmark. */
export async function openApp(page: Page, path: string): Promise<void> {
  await page.goto(`${webUrl()}${path}`)
  await page.locator('main#main').waitFor()
  // A server-rendered page shows its content before the app runs: wait until the app has it.
  await appReady(page)
}

/** No page is still fetching its code or its data: no "Loading…" status on screen. */
export const nothingLoading = (page: Page) =>
  page.waitForFunction(() =>
    ![...document.querySelectorAll('[role="status"]')].some((s) =>
      /^\s*Loading/.test(s.textContent ?? '')
    )
  )

/**
 * Moves the running app to `path` as following a link in it does (the router takes the history
 * entry; no page load), then waits for the new page: the route renders in the same task (it is
 * not a transition), so after two frames either it is there or its code or data are loading, and
 * those say so with a "Loading…" status until they arrive. About a third of a page load's cost in
 * CPU and time: for sweeps over many pages in one tab, where a fresh load of each is not what is
 * being judged.
 */
export async function gotoInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => {
    history.pushState(null, '', p)
    dispatchEvent(new PopStateEvent('popstate'))
  }, path)
  await page.evaluate(() =>
    new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))
  )
  await nothingLoading(page)
}
