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
  const client = createClient(SUPABASE_URL(), ANON_KEY(), {
    auth: { persistSession: false, autoRefreshToken: false },
  })
  const { data, error } = await client.auth.signInWithPassword({
    email,
    password: 'allotments-demo',
  })
  if (error || !data.session) throw new Error(`sign-in of ${email} failed: ${error?.message}`)
  tokens.set(email, data.session.access_token)
  return data.session.access_token
}

/** A supabase-js client that calls as the holder of `token` (RLS and Storage policies apply). */
export function clientAs(token: string) {
  return createClient(SUPABASE_URL(), ANON_KEY(), {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { authorization: `Bearer ${token}` } },
  })
}

/** A new confirmed account for `email` (made by the auth admin API), signed in: its access token. */
export async function newAccount(email: string, password = 'grow-my-own'): Promise<string> {
  const admin = createClient(SUPABASE_URL(), SERVICE_KEY(), {
    auth: { persistSession: false, autoRefreshToken: false },
  })
  const created = await admin.auth.admin.createUser({ email, password, email_confirm: true })
  if (created.error) throw new Error(`account for ${email} not made: ${created.error.message}`)
  const client = createClient(SUPABASE_URL(), ANON_KEY(), {
    auth: { persistSession: false, autoRefreshToken: false },
  })
  const { data, error } = await client.auth.signInWithPassword({ email, password })
  if (error || !data.session) throw new Error(`sign-in of ${email} failed: ${error?.message}`)
  return data.session.access_token
}

export interface CallOptions {
  method?: string
  body?: unknown
  token?: string | null
  headers?: Record<string, string>
  query?: Record<string, string>
}

function functionRequest(path: string, opts: CallOptions): Request {
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
  return new Request(url, { method: opts.method ?? (body ? 'POST' : 'GET'), headers, body })
}

/** Calls /functions/v1/<path> as anon (default), a signed-in user (token) or nobody (null). */
export async function call(path: string, opts: CallOptions = {}) {
  return await answer(await fetch(functionRequest(path, opts)))
}

/** The same request as `call`, answered by `handler` in this process: with this process's
 *  environment (see asDeployed), not the stack's. */
export async function invoke(
  handler: (req: Request) => Promise<Response>,
  path: string,
  opts: CallOptions = {},
) {
  return await answer(await handler(functionRequest(path, opts)))
}

async function answer(res: Response) {
  const text = await res.text()
  // deno-lint-ignore no-explicit-any
  let json: any = null
  try {
    json = text ? JSON.parse(text) : null
  } catch {
    json = text
  }
  return { status: res.status, headers: res.headers, json, text }
}

/** Runs `fn` with these variables set (a string) or unset (undefined), then puts them back. */
export async function withEnv<T>(
  vars: Record<string, string | undefined>,
  fn: () => T | Promise<T>,
): Promise<T> {
  const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, Deno.env.get(k)]))
  const put = (k: string, v: string | undefined) =>
    v === undefined ? Deno.env.delete(k) : Deno.env.set(k, v)
  for (const [k, v] of Object.entries(vars)) put(k, v)
  try {
    return await fn()
  } finally {
    for (const [k, v] of Object.entries(saved)) put(k, v)
  }
}

/** Every variable that chooses or configures a provider, and the local stack's flag. */
export const PROVIDER_VARS = [
  'ROOTS_LOCAL_STACK',
  'LOCAL_WEBHOOK_SECRET',
  'PAYMENTS_PROVIDER',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_API_URL',
  'EMAIL_PROVIDER',
  'RESEND_API_KEY',
  'EMAIL_FROM',
  'RESEND_API_URL',
  'CAMPAIGNS_PROVIDER',
  'ACTIVECAMPAIGN_URL',
  'ACTIVECAMPAIGN_API_TOKEN',
  'POSTCODES_PROVIDER',
  'POSTCODES_API_URL',
] as const

/** Runs `fn` as a deployed function would run with no secrets set (ROOTS_LOCAL_STACK unset too),
 *  plus `set`. Handlers called in this process (invoke) see it; the stack's functions do not. */
export function asDeployed<T>(
  fn: () => T | Promise<T>,
  set: Record<string, string | undefined> = {},
): Promise<T> {
  return withEnv({ ...Object.fromEntries(PROVIDER_VARS.map((k) => [k, undefined])), ...set }, fn)
}

/** A unique, valid e-mail address for one test. */
export const uniqueEmail = (tag = 'applicant') =>
  `${tag}.${crypto.randomUUID().slice(0, 12)}@example.com`

/**
 * A new open site of the test's own (a unique location and slug from `name` and `tag`), for a test
 * that changes or counts its list. `acId` names its campaign list.
 */
export async function newSite(name: string, tag: string, acId: string | null = null) {
  const slug = `${name}-${tag}`.toLowerCase().replace(/[^a-z0-9]+/g, '-')
  const [site] = await sql()`insert into public.global_sites
    (city, city_slug, location, slug, status, ac_id)
    values ('Testham', 'testham', ${`${name} ${tag}`}, ${slug}, 'open', ${acId}) returning id`
  return Number(site.id)
}

/**
 * `n` waiting applicants at a site in one statement (e-mails `<name><g>.<tag>@example.com`);
 * every second one (the even g) consented to marketing.
 */
export async function fillList(siteId: number, n: number, name: string, tag: string) {
  await sql()`insert into public.waiting_list_entries
    (site_id, location, first_name, last_name, email, consent_privacy, consent_marketing)
    select ${siteId}, 'x', ${name} || g, 'Applicant', lower(${name}) || g || '.' || ${tag} || '@example.com',
      true, g % 2 = 0
    from generate_series(1, ${n}) g`
}

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
