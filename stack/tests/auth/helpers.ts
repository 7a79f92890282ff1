// Shared by the /auth/v1 conformance tests: the throwaway stack's environment, supabase-js
// clients, SQL access to the auth tables, the outbox, a TOTP generator of our own (RFC 6238
// with WebCrypto, independent of the server's) and a second gateway with explicit settings.
import postgres from 'postgres'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { ANON_KEY, JWT_SECRET, SERVICE_ROLE_KEY } from '../../config.ts'
import { type Gateway, startGateway } from '../../gateway/server.ts'
import { freePort } from '../../stack.ts'

export const env = (name: string): string => {
  const v = Deno.env.get(name)
  if (!v) throw new Error(`${name} is not set: run through \`npm test\``)
  return v
}

export const URL_ = () => env('SUPABASE_URL')
export const PASSWORD = 'correct-horse-battery'

/** A client as the web app builds it, without storage or timers. */
export function client(
  url = URL_(),
  key = env('SUPABASE_ANON_KEY'),
  opts: { flowType?: 'implicit' | 'pkce' } = {},
): SupabaseClient {
  const memory = new Map<string, string>()
  return createClient(url, key, {
    auth: {
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      flowType: opts.flowType ?? 'implicit',
      storage: {
        getItem: (k: string) => memory.get(k) ?? null,
        setItem: (k: string, v: string) => void memory.set(k, v),
        removeItem: (k: string) => void memory.delete(k),
      },
    },
  })
}

export const adminClient = (url = URL_()) => client(url, env('SUPABASE_SERVICE_ROLE_KEY'))

let sqlPool: postgres.Sql | null = null
/** Superuser SQL on the test database (checks only; the code under test uses its own role). */
export function db(): postgres.Sql {
  sqlPool ??= postgres(env('SUPABASE_DB_URL'), { max: 2, onnotice: () => {} })
  return sqlPool
}
export async function closeDb() {
  await sqlPool?.end({ timeout: 2 })
  sqlPool = null
}

export const uniqueEmail = (tag = 'user') =>
  `${tag}-${crypto.randomUUID().slice(0, 8)}@example.test`
export const uniquePhone = () =>
  `+4477009${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`

/**
 * Signs up a fresh user and confirms the address as a person does, by the link in the e-mail
 * (confirmations are on, as on a hosted project): the link's redirect carries the session, which
 * the returned client holds.
 */
export async function signedUpClient(tag = 'user', url = URL_()) {
  const c = client(url)
  const email = uniqueEmail(tag)
  const { data, error } = await c.auth.signUp({ email, password: PASSWORD })
  if (error || data.session) throw new Error(`sign-up failed: ${error?.message ?? 'no e-mail'}`)
  const { link } = await latestMessage(email, url)
  const { location } = await follow(link!)
  const tokens = fragment(location)
  const set = await c.auth.setSession({
    access_token: tokens.get('access_token') ?? '',
    refresh_token: tokens.get('refresh_token') ?? '',
  })
  if (set.error || !set.data.session) throw new Error(`confirmation failed: ${set.error?.message}`)
  return { c, email, session: set.data.session, user: set.data.user! }
}

/** A raw POST to /auth/v1 with the anon key, sending X-Supabase-Api-Version as supabase-js does
 *  (`modern: false` leaves it out, for the older error shape); `ip` goes as X-Forwarded-For
 *  (counted by gateways started with GOTRUE_RATE_LIMIT_HEADER), `token` as the bearer. */
export async function authPost(
  url: string,
  path: string,
  body: unknown,
  opts: { ip?: string; token?: string; modern?: boolean } = {},
) {
  const res = await fetch(`${url}/auth/v1${path}`, {
    method: 'POST',
    headers: {
      apikey: env('SUPABASE_ANON_KEY'),
      'content-type': 'application/json',
      ...(opts.modern === false ? {} : { 'x-supabase-api-version': '2024-01-01' }),
      ...(opts.ip ? { 'x-forwarded-for': opts.ip } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
    body: JSON.stringify(body),
  })
  return { status: res.status, body: await res.json().catch(() => null) }
}

export function decodeJwt(token: string): Record<string, unknown> {
  const part = token.split('.')[1]
  const json = atob(
    part.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (part.length % 4)) % 4),
  )
  return JSON.parse(json)
}

// ---------------------------------------------------------------------------- outbox

export interface OutboxMessage {
  id: number
  channel: 'email' | 'sms'
  recipient: string
  subject: string | null
  body: string
  meta: Record<string, unknown>
}

export async function outbox(to: string, url = URL_()): Promise<OutboxMessage[]> {
  const res = await fetch(`${url}/_outbox/messages?to=${encodeURIComponent(to)}`)
  if (res.status !== 200) throw new Error(`outbox answered ${res.status}`)
  return (await res.json()).messages
}

/** The newest message to an address, and the first http link in its body. */
export async function latestMessage(to: string, url = URL_()) {
  const [m] = await outbox(to, url)
  if (!m) throw new Error(`no message to ${to}`)
  const link = /https?:\/\/\S+/.exec(m.body)?.[0] ?? null
  return { message: m, link }
}

/** Follows an emailed link one hop without following the redirect. */
export async function follow(link: string): Promise<{ status: number; location: URL }> {
  const res = await fetch(link, { redirect: 'manual' })
  await res.body?.cancel()
  return { status: res.status, location: new URL(res.headers.get('location') ?? 'about:blank') }
}

export const fragment = (u: URL) => new URLSearchParams(u.hash.slice(1))

// ---------------------------------------------------------------------------- TOTP

function base32Decode(s: string): Uint8Array<ArrayBuffer> {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  let bits = ''
  for (const c of s.replace(/=+$/, '').toUpperCase()) {
    bits += alphabet.indexOf(c).toString(2).padStart(5, '0')
  }
  const bytes = new Uint8Array(Math.floor(bits.length / 8))
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(bits.slice(i * 8, i * 8 + 8), 2)
  return bytes
}

/** The code an authenticator app shows for `secret` at `time` (RFC 6238: SHA-1, 6 digits, 30 s). */
export async function totpCode(secret: string, time = Date.now()): Promise<string> {
  const counter = Math.floor(time / 1000 / 30)
  const msg = new Uint8Array(8)
  new DataView(msg.buffer).setUint32(4, counter)
  new DataView(msg.buffer).setUint32(0, Math.floor(counter / 2 ** 32))
  const key = await crypto.subtle.importKey(
    'raw',
    base32Decode(secret),
    { name: 'HMAC', hash: 'SHA-1' },
    false,
    ['sign'],
  )
  const h = new Uint8Array(await crypto.subtle.sign('HMAC', key, msg))
  const o = h[19] & 0xf
  const n = ((h[o] & 0x7f) << 24) | (h[o + 1] << 16) | (h[o + 2] << 8) | h[o + 3]
  return String(n % 1_000_000).padStart(6, '0')
}

// ---------------------------------------------------------------------------- second gateway

const RUNTIME_VARS = [
  'SUPABASE_URL',
  'SUPABASE_ANON_KEY',
  'SUPABASE_SERVICE_ROLE_KEY',
  'SUPABASE_DB_URL',
  'SB_SITE_URL',
]

/** A gateway of our own on a free port against the test database, with explicit settings
 *  (none relaxed unless given), for rate limits and other non-default configurations. */
export function ownGateway(
  extraEnv: Record<string, string> = {},
): { url: string; gateway: Gateway } {
  const apiPort = freePort()
  const url = `http://127.0.0.1:${apiPort}`
  // The functions runner publishes its URL process-wide; keep the test stack's.
  const saved = RUNTIME_VARS.map((k) => [k, Deno.env.get(k)] as const)
  const gateway = startGateway({
    apiPort,
    dbPort: Number(env('DB_PORT')),
    apiUrl: url,
    siteUrl: env('WEB_URL'),
    jwtSecret: JWT_SECRET,
    anonKey: ANON_KEY,
    serviceRoleKey: SERVICE_ROLE_KEY,
    dbUrl: env('SUPABASE_DB_URL'),
    env: extraEnv,
  }, { quiet: true })
  for (const [k, v] of saved) v === undefined ? Deno.env.delete(k) : Deno.env.set(k, v)
  return { url, gateway }
}

export { JWT_SECRET }
