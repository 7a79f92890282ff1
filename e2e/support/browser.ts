// Launching Debian's Chromium through playwright-core (never a downloaded browser), and the
// axe-core check every journey runs on the pages it visits.
import { AxeBuilder } from '@axe-core/playwright'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'

export const CHROMIUM_PATH = '/usr/bin/chromium'
export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run',
]

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true })
}

/** The app under test, as the test runner started it. */
export function webUrl(): string {
  const url = process.env.WEB_URL
  if (!url) throw new Error('WEB_URL is not set: run the e2e suite with `npm test -- --only=e2e`')
  return url.replace(/\/$/, '')
}

export async function newContext(browser: Browser, width = 1280, height = 800): Promise<BrowserContext> {
  return await browser.newContext({ viewport: { width, height }, reducedMotion: 'reduce' })
}

export interface AxeViolation {
  id: string
  impact: string | null | undefined
  help: string
  nodes: string[]
}

/** Serious and critical accessibility violations on the page as it is now. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) }))
}

/** Cookie names the browser holds for the app's origin. */
export async function cookieNames(context: BrowserContext): Promise<string[]> {
  return (await context.cookies(webUrl())).map((c) => c.name).sort()
}
