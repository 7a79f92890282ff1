// Helpers for the public-site journeys: service-role reads of what the browser wrote, and an
// accessibility assertion that names what failed.
import { expect } from 'vitest'
import { mkdir } from 'node:fs/promises'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { configureApp, newContext, openApp, seriousViolations } from './support/browser'

function api(): { url: string; key: string } {
  const url = process.env.SUPABASE_URL
  const key = process.env.SUPABASE_SERVICE_ROLE_KEY
  if (!url || !key) {
    throw new Error(
      'SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY must be set (npm test -- --only=e2e)',
    )
  }
  return { url: url.replace(/\/$/, ''), key }
}

/** A REST call as the service role (test set-up and checks only). */
export async function serviceRest<T = unknown>(path: string, init: RequestInit = {}): Promise<T> {
  const { url, key } = api()
  const res = await fetch(`${url}/rest/v1/${path}`, {
    ...init,
    headers: {
      apikey: key,
      authorization: `Bearer ${key}`,
      'content-type': 'application/json',
      accept: 'application/json',
      prefer: 'return=representation',
      ...init.headers,
    },
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${text}`)
  return (text ? JSON.parse(text) : null) as T
}

export const uniqueEmail = (tag: string) =>
  `e2e.${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`

export async function expectAccessible(page: Page) {
  expect(await seriousViolations(page)).toEqual([])
}

/** Answers the cookie banner so it does not cover the page. */
export async function dismissConsent(page: Page) {
  const button = page.getByRole('button', { name: 'Necessary only' })
  if (await button.isVisible().catch(() => false)) await button.click()
}

export const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= globalThis.innerWidth)

/** From the home page to a site's page as a visitor goes: Find a site, the city, the site. */
export async function siteFromHome(page: Page, citySlug: string, location: string) {
  await openApp(page, '/')
  await dismissConsent(page)
  await (await mainNavLink(page, 'Find a site')).click()
  await page.getByRole('heading', { level: 1, name: 'Our sites' }).waitFor()
  await page.getByLabel('City').selectOption(citySlug)
  await page.getByRole('link', { name: location, exact: true }).click()
  await page.getByRole('heading', { level: 1, name: location }).waitFor()
}

/**
 * A visitor in a new browser `width` px wide, from the home page to a site's page, with every
 * answer of the site-plan API kept (to check what it sent a visitor).
 */
export async function visitorOnSitePage(
  browser: Browser,
  width: number,
  citySlug: string,
  location: string,
): Promise<{ context: BrowserContext; page: Page; planAnswers: Promise<string>[] }> {
  const context = await newContext(browser, width)
  await configureApp(context)
  const page = await context.newPage()
  const planAnswers: Promise<string>[] = []
  page.on('response', (r) => {
    if (r.url().includes('/rest/v1/rpc/site_plan')) planAnswers.push(r.text())
  })
  await siteFromHome(page, citySlug, location)
  return { context, page, planAnswers }
}

/** The labels of the page's scrolling regions whose content is wider than they are. */
export const regionsScrollingSideways = (page: Page) =>
  page.locator('[role="region"]').evaluateAll((els) =>
    els.filter((e) => e.scrollWidth > e.clientWidth).map((e) => e.getAttribute('aria-label'))
  )

/**
 * The roles above the cell whose text is `text`, as Chromium's accessibility tree has them (not
 * the DOM's tags): a table restyled for phones must still be a table, row and cell to a screen
 * reader. Nodes Chromium ignores (a plain wrapper) are left out; a row group is kept.
 */
export async function rolesAboveCell(page: Page, text: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page)
  try {
    type Node = {
      nodeId: string
      parentId?: string
      ignored: boolean
      role?: { value: string }
      name?: { value: string }
    }
    const { nodes } = await cdp.send('Accessibility.getFullAXTree') as { nodes: Node[] }
    const byId = new Map(nodes.map((n) => [n.nodeId, n]))
    const cell = nodes.find((n) => n.role?.value === 'cell' && n.name?.value.trim() === text)
    if (!cell) return []
    const roles = [cell.role!.value]
    for (let n = byId.get(cell.parentId ?? ''); n; n = byId.get(n.parentId ?? '')) {
      if (n.ignored || !n.role) continue
      roles.push(n.role.value)
      if (n.role.value === 'table') break
    }
    return roles
  } finally {
    await cdp.detach()
  }
}

/** A link of the header's main navigation; at phone widths it opens the menu first. */
export async function mainNavLink(page: Page, name: string) {
  const nav = page.getByRole('navigation', { name: 'Main' })
  const menu = nav.getByRole('button', { name: 'Menu' })
  if (await menu.isVisible() && await menu.getAttribute('aria-expanded') !== 'true') {
    await menu.click()
  }
  return nav.getByRole('link', { name, exact: true })
}

export interface Mail {
  subject?: string | null
  body: string
  /** What the functions recorded beside the text: the HTML as sent. */
  meta?: { html?: string | null; tag?: string | null }
}
/** The e-mails the stack's outbox holds for `to`, oldest first. */
export async function mailTo(to: string): Promise<Mail[]> {
  const { messages } =
    await (await fetch(`${api().url}/_outbox/messages?to=${encodeURIComponent(to)}`)).json() as {
      messages: Mail[]
    }
  return messages
}

/**
 * The one e-mail to `to` whose subject is `subject` (or matches it), once it is in the outbox:
 * waits until exactly one is there, so a second one sent by mistake fails the journey.
 */
export async function mailWith(to: string, subject: string | RegExp): Promise<Mail> {
  const matching = async () =>
    (await mailTo(to)).filter((m) =>
      typeof subject === 'string' ? m.subject === subject : subject.test(m.subject ?? '')
    )
  await expect.poll(async () => (await matching()).length, { timeout: 60_000 }).toBe(1)
  return (await matching())[0]
}

/** The subject of Supabase Auth's sign-up confirmation, as config.toml's template words it. */
export const CONFIRM_SIGNUP_SUBJECT = 'Confirm your Roots Allotments account'

/**
 * After "Create my account": the set-up says where the link went, and Supabase Auth's confirmation
 * e-mail (in the company's words, supabase/templates/confirmation.html; one, to this address)
 * carries the link back. Returns the link, which the journey follows as the person does from
 * their inbox; it signs them in where it opens.
 */
export async function signUpConfirmationLink(page: Page, email: string): Promise<string> {
  await page.getByRole('status').filter({ hasText: `we have sent a link to ${email}` }).waitFor()
  const mail = await mailWith(email, CONFIRM_SIGNUP_SUBJECT)
  expect(mail.body).toContain(`made a Roots Allotments account with ${email}.`)
  expect(mail.body).toContain('The link works once, within an hour.')
  const link = mail.body.match(/Or open this link: (https?:\/\/\S+\/auth\/v1\/verify\?\S+)/)?.[1]
  if (!link) throw new Error(`no confirmation link in: ${mail.body}`)
  // The button in the HTML goes where the written-out link does.
  expect(mail.meta?.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`)
  const url = new URL(link)
  expect(url.searchParams.get('type')).toBe('signup')
  // Back to the page the account was made on.
  expect(new URL(url.searchParams.get('redirect_to')!).pathname).toBe(new URL(page.url()).pathname)
  return link
}

/** The whole page into `dir`, and the main content in screen-high parts (readable when looked at). */
export async function shootParts(dir: string, page: Page, name: string) {
  await mkdir(dir, { recursive: true })
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true })
  const bottom = await page.evaluate(() =>
    (document.querySelector('main') ?? document.body).getBoundingClientRect().bottom +
    globalThis.scrollY
  )
  const { width, height } = page.viewportSize()!
  for (let y = 0, n = 1; y < bottom; y += height, n++) {
    await page.screenshot({
      path: `${dir}/${name}.part${n}.png`,
      fullPage: true,
      clip: { x: 0, y, width, height: Math.min(height, bottom - y) },
    })
  }
}

/** The page as it stands at a phone's width (no sideways scroll) and a desk's, into `dir`. */
export async function shootBothWidths(dir: string, page: Page, name: string) {
  const { width, height } = page.viewportSize()!
  await page.setViewportSize({ width: 360, height: 780 })
  expect(await noSidewaysScroll(page)).toBe(true)
  await shootParts(dir, page, `${name}-360`)
  await page.setViewportSize({ width: 1280, height: 800 })
  await shootParts(dir, page, `${name}-1280`)
  await page.setViewportSize({ width, height })
}
