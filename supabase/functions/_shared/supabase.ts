// Clients for functions. `userClient` carries the caller's Authorization header, so RLS applies
// to everything it does. `adminClient` bypasses RLS: use it only after an explicit role check
// (see requireStaff) or for system work such as verified webhooks; `adminClientFor` is the same
// for work done for a checked member of staff, and the audit log names them and the function.
import { createClient, type SupabaseClient } from 'npm:@supabase/supabase-js@2'
import { forbidden, unauthorized } from './errors.ts'
import { isStaffRole, STAFF_ROLES, type StaffRole } from './common/roles.ts'
import type { Database } from './common/database.ts'

/** A client typed by the schema (common/database.ts over the generated common/database.types.ts). */
export type Client = SupabaseClient<Database>
export type { Database }

const env = (name: string) => {
  const v = Deno.env.get(name)
  if (!v) throw new Error(`${name} is not set`)
  return v
}

// No automatic retries inside a function (supabase-js retries reads on 503 for 1 + 2 + 4 s): the
// function answers 503 with Retry-After at once and its caller, who owns the request, retries.
const options = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  db: { retry: false },
}

export function userClient(req: Request): Client {
  const authorization = req.headers.get('authorization') ?? `Bearer ${env('SUPABASE_ANON_KEY')}`
  return createClient<Database>(env('SUPABASE_URL'), env('SUPABASE_ANON_KEY'), {
    ...options,
    global: { headers: { authorization } },
  })
}

/** How long a public read may go without an answer before it fails (and the caller retries). */
export const PUBLIC_READ_TIMEOUT_MS = 10_000

/** fetch with a deadline, unless the request brings its own signal. */
export const fetchWithin = (ms: number): typeof fetch => (input, init) =>
  fetch(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(ms) })

/** Public data (the catalogue, redirects) read as anon whatever the caller sent, so one cached
 *  answer serves everyone and a stale token cannot break a public read. A read that has no
 *  answer within PUBLIC_READ_TIMEOUT_MS fails as any failed read does: a 502 the caller retries,
 *  never a request (and every request sharing its cached load) waiting for ever. */
export function anonClient(): Client {
  return createClient<Database>(env('SUPABASE_URL'), env('SUPABASE_ANON_KEY'), {
    ...options,
    global: { fetch: fetchWithin(PUBLIC_READ_TIMEOUT_MS) },
  })
}

// One admin client per API URL and key: a process that serves a new gateway (a restarted local
// stack) must not keep talking to the old one.
let admin: { key: string; client: Client } | null = null
export function adminClient(): Client {
  const key = `${env('SUPABASE_URL')} ${env('SUPABASE_SERVICE_ROLE_KEY')}`
  if (admin?.key !== key) {
    admin = {
      key,
      client: createClient<Database>(
        env('SUPABASE_URL'),
        env('SUPABASE_SERVICE_ROLE_KEY'),
        options,
      ),
    }
  }
  return admin.client
}

/** The function's name as the audit log keeps it ('payments', 'bookings'): what it matches in the database. */
export const FUNCTION_NAME = /^[a-z][a-z0-9-]{0,62}$/
const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * The request headers that tell the audit log who a service-role write is for: the function that
 * writes (x-roots-function) and the member of staff it checked (x-roots-acting-user). The database
 * honours them from the service role only, so a browser cannot claim to be anyone.
 */
export function actingHeaders(
  fn: string,
  actingUserId: string | null | undefined,
): Record<string, string> {
  if (!FUNCTION_NAME.test(fn)) throw new Error(`Not a function name: ${fn}`)
  const headers: Record<string, string> = { 'x-roots-function': fn }
  if (actingUserId) {
    if (!USER_ID.test(actingUserId)) throw new Error('Not a user id')
    headers['x-roots-acting-user'] = actingUserId
  }
  return headers
}

/**
 * The admin client for a function acting for a member of staff it has checked (requireStaff, then
 * authUser for the id): the audit log names them and the function instead of "service role".
 * Without a user id the entry still names the function.
 */
export function adminClientFor(fn: string, actingUserId: string | null | undefined): Client {
  return createClient<Database>(env('SUPABASE_URL'), env('SUPABASE_SERVICE_ROLE_KEY'), {
    ...options,
    global: { headers: actingHeaders(fn, actingUserId) },
  })
}

export type { StaffRole }

/** The caller's staff role as the database decides it (private.staff_role through an RPC). */
export async function callerStaffRole(req: Request): Promise<StaffRole | null> {
  if (!req.headers.get('authorization')) return null
  const { data, error } = await userClient(req).rpc('current_staff_role')
  if (error) return null
  return isStaffRole(data) ? data : null
}

/** The caller's role if it is one of `allowed` (by default any staff role); 401 or 403 otherwise. */
export async function requireStaff(
  req: Request,
  allowed: readonly StaffRole[] = STAFF_ROLES,
): Promise<StaffRole> {
  const role = await callerStaffRole(req)
  if (!role && tokenRole(req) === 'authenticated') {
    throw forbidden('Your account has no staff role.')
  }
  if (!role) throw unauthorized('Sign in with a staff account to do this.')
  if (!allowed.includes(role)) throw forbidden()
  return role
}

/** The signed-in caller (validated by the auth server), or null for anon and no token. */
export async function authUser(req: Request): Promise<{ id: string; email: string } | null> {
  const token = (req.headers.get('authorization') ?? '').replace(/^Bearer\s+/i, '')
  if (
    !token || token === Deno.env.get('SUPABASE_ANON_KEY') ||
    token === Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')
  ) return null
  const client = createClient<Database>(env('SUPABASE_URL'), env('SUPABASE_ANON_KEY'), options)
  const { data, error } = await client.auth.getUser(token)
  if (error || !data.user) throw unauthorized('Your session has expired: sign in again.')
  return { id: data.user.id, email: data.user.email ?? '' }
}

/** The role claim of the bearer token, unverified: only to choose between 401 and 403 (the
 *  database verifies the token for anything it decides). */
/** The caller presents the service role key itself (the scheduler's pg_net requests do). */
export function isServiceRole(req: Request): boolean {
  const t = (req.headers.get('authorization') ?? '').replace(/^Bearer\s+/i, '')
  return Boolean(t) && t === Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')
}

export function tokenRole(req: Request): string | null {
  const token = (req.headers.get('authorization') ?? '').replace(/^Bearer\s+/i, '')
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')))
    return typeof payload.role === 'string' ? payload.role : null
  } catch {
    return null
  }
}
