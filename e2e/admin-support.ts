// Helpers for the admin journeys: sign-in through the real form, the API with a user's own
// token or the service key (setup only), and RFC 6238 TOTP codes computed from the secret.
import { createHmac } from 'node:crypto'
import type { Browser, Page } from 'playwright-core'
import { newContext, webUrl } from './support/browser'

export const PASSWORD = 'allotments-demo'

export function apiUrl(): string {
  const url = process.env.SUPABASE_URL
  if (!url) {
    throw new Error('SUPABASE_URL is not set: run the e2e suite with `npm test -- --only=e2e`')
  }
  return url.replace(/\/$/, '')
}
export const anonKey = () => process.env.SUPABASE_ANON_KEY ?? ''
export const serviceKey = () => process.env.SUPABASE_SERVICE_ROLE_KEY ?? ''

/** Calls the API as the service role: test setup only, never what a screen does. */
export async function asService(path: string, init: RequestInit = {}): Promise<Response> {
  return await fetch(`${apiUrl()}${path}`, {
    ...init,
    headers: {
      apikey: serviceKey(),
      authorization: `Bearer ${serviceKey()}`,
      'content-type': 'application/json',
      ...init.headers,
    },
  })
}

/** A hand-made API call with a signed-in user's own access token. */
export async function asUser(
  token: string,
  path: string,
  init: RequestInit = {},
): Promise<Response> {
  return await fetch(`${apiUrl()}${path}`, {
    ...init,
    headers: {
      apikey: anonKey(),
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...init.headers,
    },
  })
}

/** A new confirmed user with a staff role, so a journey that changes sign-in leaves the seeded staff alone. */
export async function createStaffUser(
  role: string,
  email = `e2e-${role}-${Date.now()}@example.com`,
): Promise<{ id: string; email: string }> {
  const created = await asService('/auth/v1/admin/users', {
    method: 'POST',
    body: JSON.stringify({ email, password: PASSWORD, email_confirm: true }),
  })
  if (!created.ok) throw new Error(`create user: ${created.status} ${await created.text()}`)
  const user = await created.json() as { id: string }
  const roles = await (await asService(`/rest/v1/roles?name=eq.${role}&select=id`)).json() as Array<
    { id: number }
  >
  const patched = await asService(`/rest/v1/profiles?id=eq.${user.id}`, {
    method: 'PATCH',
    body: JSON.stringify({ role_id: roles[0]!.id }),
  })
  if (!patched.ok) throw new Error(`set role: ${patched.status} ${await patched.text()}`)
  return { id: user.id, email }
}

/** Answers the cookie banner (necessary only: no reload) so it covers nothing on a phone. */
export async function answerConsent(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: 'Necessary only' })
  if (await button.isVisible()) await button.click()
}

export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto(`${webUrl()}/admin/login`)
  await page.getByLabel('Email or phone number').waitFor()
  await answerConsent(page)
  await page.getByLabel('Email or phone number').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/** A new browser context signed in as `email`, settled where the guard sends them. */
export async function signedInPage(
  browser: Browser,
  email: string,
  landing: string,
): Promise<Page> {
  const page = await (await newContext(browser)).newPage()
  await signIn(page, email)
  await waitForPath(page, landing)
  return page
}

/** Waits until the app has settled on a path (the guard redirects client-side). */
export async function waitForPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((u) => u.pathname === path)
}

/** Opens an admin screen by its entry in the admin navigation. */
export async function openFromNav(page: Page, label: string, path: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', {
    name: label,
    exact: true,
  }).click()
  await waitForPath(page, path)
}

/** The access token supabase-js keeps for the signed-in user. */
export async function accessToken(page: Page): Promise<string> {
  return await page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)!
      if (/^sb-.*-auth-token$/.test(key)) {
        return (JSON.parse(localStorage.getItem(key)!) as { access_token: string }).access_token
      }
    }
    throw new Error('no session in localStorage')
  })
}

function base32Decode(input: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  let bits = ''
  for (const c of input.replace(/=+$/, '').toUpperCase()) {
    const v = alphabet.indexOf(c)
    if (v < 0) throw new Error(`not base32: ${c}`)
    bits += v.toString(2).padStart(5, '0')
  }
  const bytes: number[] = []
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2))
  return Buffer.from(bytes)
}

/** RFC 6238: HMAC-SHA1 over the 30-second step counter, dynamic truncation, 6 digits. */
export function totp(secret: string, step = Math.floor(Date.now() / 1000 / 30)): string {
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(step))
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest()
  const offset = mac[mac.length - 1]! & 0x0f
  const bin = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) |
    mac[offset + 3]!
  return String(bin % 1_000_000).padStart(6, '0')
}
