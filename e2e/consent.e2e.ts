// Cookie consent in a real browser: the banner's decisions, cookies really set and deleted,
// the consented script really added and removed, the one reload when analytics is enabled.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import {
  configureApp,
  cookieNames,
  countPageLoads,
  launchChromium,
  newContext,
  openApp,
  pageLoads,
  seriousViolations,
  webUrl,
} from './support/browser'

const CHAT_SCRIPT = '/e2e-fixtures/chat-widget.js'

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

/** A fresh visitor, with a stand-in chat script that sets its own cookie when it runs. */
async function visitor(
  width = 1280,
): Promise<{ context: BrowserContext; page: Page; scriptRequests: () => number }> {
  const context = await newContext(browser, width)
  await configureApp(context, {
    marketingScriptUrl: CHAT_SCRIPT,
    marketingCookieIds: ['roots_chat'],
  })
  let requests = 0
  await context.route(`${webUrl()}${CHAT_SCRIPT}`, (route) => {
    requests++
    return route.fulfill({
      contentType: 'text/javascript; charset=utf-8',
      body:
        `document.cookie = 'roots_chat=widget-session; path=/; max-age=3600'; window.__chatRuns = (window.__chatRuns || 0) + 1;`,
    })
  })
  await countPageLoads(context)
  const page = await context.newPage()
  return { context, page, scriptRequests: () => requests }
}

const consentCookie = async (context: BrowserContext) => {
  const c = (await context.cookies(webUrl())).find((x) => x.name === 'roots_consent')
  return c ? JSON.parse(decodeURIComponent(c.value)) : null
}
/**
 * A cookie the page writes through document.cookie reaches the browser's cookie store (which
 * context.cookies() reads) a moment later, over IPC; on a loaded machine after the banner is gone.
 */
const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000 })

const chatScripts = (page: Page) => page.locator('script[data-consent-id="marketing"]').count()

describe('cookie consent banner', () => {
  it('shows the banner to a new visitor, with no serious accessibility violations, at 1280 and 360 px', async () => {
    for (const width of [1280, 360]) {
      const { context, page } = await visitor(width)
      await openApp(page, '/')
      const banner = page.getByTestId('consent-banner')
      await banner.waitFor()
      expect(await banner.getByRole('button', { name: 'Accept all' }).isVisible()).toBe(true)
      // The seeded promo bar shows too: the banner sits above it, so the bar's close button is
      // never half under the banner (a target too small to tap).
      const bar = page.getByTestId('promo-bar')
      await bar.waitFor()
      await expect.poll(async () => {
        const [b, p] = [await banner.boundingBox(), await bar.boundingBox()]
        return b && p ? Math.round(p.y - (b.y + b.height)) : null
      }).toBeGreaterThanOrEqual(0)
      expect(await consentCookie(context)).toBeNull()
      expect(await chatScripts(page)).toBe(0)
      expect(await seriousViolations(page)).toEqual([])
      await context.close()
    }
  })

  it('decline all: stores not given, adds no script, sets no optional cookie, and stays decided after a reload', async () => {
    const { context, page, scriptRequests } = await visitor()
    await openApp(page, '/')
    await page.getByRole('button', { name: 'Decline all' }).click()
    await page.getByTestId('consent-banner').waitFor({ state: 'detached' })
    await eventually(() => consentCookie(context)).toEqual({ status: 'not_given', enabled: [] })
    expect(await chatScripts(page)).toBe(0)
    expect(await page.getByTestId('consent-reopen').count()).toBe(0)
    await page.reload()
    await page.locator('main#main').waitFor()
    expect(await page.getByTestId('consent-banner').count()).toBe(0)
    expect(scriptRequests()).toBe(0)
    expect(await cookieNames(context)).toEqual(['roots_consent'])
    await context.close()
  })

  it('accept all: reloads once, then runs the chat script (its cookie set) and starts analytics', async () => {
    const { context, page } = await visitor()
    await openApp(page, '/')
    expect(await pageLoads(page)).toBe(1)
    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('button', { name: 'Accept all' }).click(),
    ])
    await page.getByTestId('consent-reopen').waitFor()
    await page.waitForFunction(() =>
      (globalThis as unknown as { __chatRuns?: number }).__chatRuns === 1
    )
    expect(await pageLoads(page)).toBe(2)
    expect(await consentCookie(context)).toEqual({
      status: 'given',
      enabled: ['necessary', 'functional', 'analytics', 'marketing'],
    })
    expect(await chatScripts(page)).toBe(1)
    expect(await cookieNames(context)).toEqual(['roots_chat', 'roots_consent'])
    const events = await page.evaluate(() =>
      globalThis.__ROOTS_RECORDERS__?.analytics?.events ?? []
    )
    expect(events).toContainEqual({ event: '$pageview', properties: { current_url: '/' } })
    // A settled page does not reload again.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Find a site' })
      .click()
    await page.waitForURL(`${webUrl()}/sites`)
    expect(await pageLoads(page)).toBe(2)
    await context.close()
  })

  it('with analytics consent, tokens from e-mailed links never reach analytics or error reports', async () => {
    const { context, page } = await visitor()
    await openApp(page, '/')
    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('button', { name: 'Accept all' }).click(),
    ])
    await page.getByTestId('consent-reopen').waitFor()
    const links: Array<[string, string]> = [
      ['reference', '0123456789abcdef0123456789abcdef'],
      ['offer', 'fedcba9876543210fedcba9876543210'],
      ['still_interested', '00ff00ff00ff00ff00ff00ff00ff00ff'],
    ]
    for (const [param, secret] of links) {
      // Opened as from an e-mail (a fresh load, consent already given), then left for another page.
      await openApp(page, `/queue/ready?${param}=${secret}`)
      await page.locator('main#main').waitFor()
      await page.getByRole('link', { name: 'Find a site' }).first().click()
      await page.waitForURL(`${webUrl()}/sites`)
      const sent = await page.evaluate(() =>
        JSON.stringify({
          analytics: globalThis.__ROOTS_RECORDERS__?.analytics?.events ?? [],
          errors: globalThis.__ROOTS_RECORDERS__?.errors?.reported ?? [],
        })
      )
      const events = JSON.parse(sent).analytics as Array<
        { event: string; properties: { current_url?: string } }
      >
      const recorded = events.filter((e) => e.event === '$pageview' || e.event === '$pageleave')
        .map((e) => `${e.event} ${e.properties.current_url}`)
      expect(recorded).toContain(`$pageview /queue/ready?${param}=redacted`)
      expect(recorded.some((r) => r.startsWith('$pageleave /queue/ready'))).toBe(true)
      expect(sent).not.toContain(secret)
    }
    await context.close()
  })

  it('necessary only: consent given without analytics or the chat script, no reload', async () => {
    const { context, page, scriptRequests } = await visitor()
    await openApp(page, '/')
    await page.getByRole('button', { name: 'Necessary only' }).click()
    await page.getByTestId('consent-reopen').waitFor()
    await eventually(() => consentCookie(context)).toEqual({
      status: 'given',
      enabled: ['necessary', 'functional'],
    })
    expect(await pageLoads(page)).toBe(1)
    expect(scriptRequests()).toBe(0)
    const events = await page.evaluate(() =>
      globalThis.__ROOTS_RECORDERS__?.analytics?.events ?? []
    )
    expect(events).toEqual([])
    await context.close()
  })

  it('withdrawing in the settings deletes the cookies and removes the script; enabling adds it back', async () => {
    const { context, page } = await visitor()
    await openApp(page, '/')
    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('button', { name: 'Accept all' }).click(),
    ])
    await page.getByTestId('consent-reopen').waitFor()
    await page.waitForFunction(() =>
      (globalThis as unknown as { __chatRuns?: number }).__chatRuns === 1
    )
    // An analytics cookie as PostHog would have set it.
    await context.addCookies([{ name: 'ph_phc_test_posthog', value: '{}', url: webUrl() }])
    expect(await cookieNames(context)).toEqual([
      'ph_phc_test_posthog',
      'roots_chat',
      'roots_consent',
    ])

    await page.getByTestId('consent-reopen').click()
    const dialog = page.getByRole('dialog', { name: 'Cookie settings' })
    await dialog.waitFor()
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true)
    expect(await page.getByLabel('Necessary cookies (always on)').isDisabled()).toBe(true)
    expect(await page.getByLabel('Functional cookies').isDisabled()).toBe(false)
    expect(await seriousViolations(page)).toEqual([])

    await page.getByLabel('Analytics cookies').uncheck()
    await page.getByLabel('Chat and offers').uncheck()
    await page.getByText('You have unsaved settings.').waitFor()
    await page.getByRole('button', { name: 'Save settings' }).click()
    await dialog.waitFor({ state: 'detached' })

    expect(await chatScripts(page)).toBe(0)
    await eventually(() => cookieNames(context)).toEqual(['roots_consent'])
    await eventually(() => consentCookie(context)).toEqual({
      status: 'given',
      enabled: ['necessary', 'functional'],
    })
    expect(await pageLoads(page)).toBe(2)

    // Turning the chat back on adds the script again, without a reload.
    await page.getByTestId('consent-reopen').click()
    await page.getByLabel('Chat and offers').check()
    await page.getByRole('button', { name: 'Save settings' }).click()
    await page.waitForFunction(() =>
      (globalThis as unknown as { __chatRuns?: number }).__chatRuns === 2
    )
    expect(await chatScripts(page)).toBe(1)
    await eventually(() => cookieNames(context)).toEqual(['roots_chat', 'roots_consent'])
    expect(await pageLoads(page)).toBe(2)
    await context.close()
  })

  it('the settings modal is keyboard operable: Escape closes it and focus returns to the opener', async () => {
    const { context, page } = await visitor()
    await openApp(page, '/')
    await page.getByRole('button', { name: 'Manage settings' }).focus()
    await page.keyboard.press('Enter')
    await page.getByRole('dialog', { name: 'Cookie settings' }).waitFor()
    // Tab cycles inside the dialog.
    for (let i = 0; i < 12; i++) await page.keyboard.press('Tab')
    expect(await page.getByRole('dialog').evaluate((d) => d.contains(document.activeElement))).toBe(
      true,
    )
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Manage settings')
    expect(await consentCookie(context)).toBeNull()
    await context.close()
  })
})
