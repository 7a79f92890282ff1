// Helpers for the functions' tests: they run against the throwaway stack `npm test` starts
// (SUPABASE_URL, keys and SUPABASE_DB_URL in the environment) and call functions over HTTP.
import postgres from 'postgres'
import { createClient } from 'npm:@supabase/supabase-js@2'

export const env = (name: string) => {
  const v = Deno.env.get(name)
  if (!v) throw new Error(`${name} is not set: run through \`npm test -- --only=deno\``)
  return v
}

export const SUPABASE_URL = () => env('SUPABASE_URL')
export const ANON_KEY = () => env('SUPABASE_ANON_KEY')
export const SERVICE_KEY = () => env('SUPABASE_SERVICE_ROLE_KEY')

let sqlClient: ReturnType<typeof postgres> | null = null
/** The database as its superuser, for checking effects and arranging data. */
export function sql() {
  sqlClient ??= postgres(env('SUPABASE_DB_URL'), { max: 4, onnotice: () => {} })
  return sqlClient
}
export async function closeSql() {
  if (sqlClient) await sqlClient.end({ timeout: 1 })
  sqlClient = null
}

const tokens = new Map<string, string>()
/** An access token of a seeded user (password allotments-demo). */
export async function tokenFor(email: string): Promise<string> {
  const cached = tokens.get(email)
  if (cached) return cached
  const client = createClient(SUPABASE_URL(), ANON_KEY(), { auth: { persistSession: false, autoRefreshToken: false } })
  const { data, error } = await client.auth.signInWithPassword({ email, password: 'allotments-demo' })
  if (error || !data.session) throw new Error(`sign-in of ${email} failed: ${error?.message}`)
  tokens.set(email, data.session.access_token)
  return data.session.access_token
}

export interface CallOptions {
  method?: string
  body?: unknown
  token?: string | null
  headers?: Record<string, string>
  query?: Record<string, string>
}

/** Calls /functions/v1/<path> as anon (default), a signed-in user (token) or nobody (null). */
export async function call(path: string, opts: CallOptions = {}) {
  const url = new URL(`${SUPABASE_URL()}/functions/v1/${path}`)
  for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v)
  const headers: Record<string, string> = { apikey: ANON_KEY(), ...opts.headers }
  const token = opts.token === undefined ? ANON_KEY() : opts.token
  if (token) headers.authorization = `Bearer ${token}`
  let body: string | undefined
  if (opts.body !== undefined) {
    body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body)
    headers['content-type'] ??= 'application/json'
  }
  const res = await fetch(url, { method: opts.method ?? (body ? 'POST' : 'GET'), headers, body })
  const text = await res.text()
  // deno-lint-ignore no-explicit-any
  let json: any = null
  try {
    json = text ? JSON.parse(text) : null
  } catch { json = text }
  return { status: res.status, headers: res.headers, json, text }
}

/** A unique, valid e-mail address for one test. */
export const uniqueEmail = (tag = 'applicant') => `${tag}.${crypto.randomUUID().slice(0, 12)}@example.com`

export const staff = {
  official: 'official@example.com',
  team: 'team@example.com',
  founder: 'founder@example.com',
  patch: 'patch@example.com',
  member: 'member@example.com',
}

/** The documented error shape, asserted. */
// deno-lint-ignore no-explicit-any
export function errorCode(r: { json: any }): string {
  const e = r.json?.error
  if (!e || typeof e.code !== 'string' || typeof e.message !== 'string' || !('details' in e)) {
    throw new Error(`not the error shape: ${JSON.stringify(r.json)}`)
  }
  return e.code
}

/** Deno.test without the leak sanitizers: the shared SQL pool outlives a single test. */
export function test(name: string, fn: () => Promise<void> | void) {
  Deno.test({ name, fn, sanitizeOps: false, sanitizeResources: false })
}

/** Runs `fn` with SUPABASE_URL pointing at a closed port (an unreachable backend). */
export async function withBackendDown<T>(fn: () => Promise<T>): Promise<T> {
  const saved = Deno.env.get('SUPABASE_URL')!
  const listener = Deno.listen({ hostname: '127.0.0.1', port: 0 })
  const port = (listener.addr as Deno.NetAddr).port
  listener.close()
  Deno.env.set('SUPABASE_URL', `http://127.0.0.1:${port}`)
  try {
    return await fn()
  } finally {
    Deno.env.set('SUPABASE_URL', saved)
  }
}
