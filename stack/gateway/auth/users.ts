// auth.users and auth.identities: lookups, creation and the user JSON Supabase Auth returns.
import type postgres from 'postgres'
import bcrypt from 'bcryptjs'
import { AuthError, badRequest, unprocessable, weakPassword } from './errors.ts'
import type { AuthSettings } from './settings.ts'

export type Sql = postgres.ISql
export type Pool = postgres.Sql

export const INSTANCE_ID = '00000000-0000-0000-0000-000000000000'

export interface UserRow {
  id: string
  aud: string | null
  role: string | null
  email: string | null
  encrypted_password: string | null
  email_confirmed_at: Date | null
  invited_at: Date | null
  confirmation_token: string | null
  confirmation_sent_at: Date | null
  recovery_token: string | null
  recovery_sent_at: Date | null
  email_change_token_new: string | null
  email_change: string | null
  email_change_sent_at: Date | null
  email_change_token_current: string | null
  email_change_confirm_status: number | null
  last_sign_in_at: Date | null
  raw_app_meta_data: Record<string, unknown> | null
  raw_user_meta_data: Record<string, unknown> | null
  created_at: Date | null
  updated_at: Date | null
  phone: string | null
  phone_confirmed_at: Date | null
  phone_change: string | null
  phone_change_token: string | null
  phone_change_sent_at: Date | null
  confirmed_at: Date | null
  banned_until: Date | null
  reauthentication_token: string | null
  reauthentication_sent_at: Date | null
  is_sso_user: boolean
  deleted_at: Date | null
  is_anonymous: boolean
}

export interface IdentityRow {
  id: string
  provider_id: string
  user_id: string
  identity_data: Record<string, unknown>
  provider: string
  last_sign_in_at: Date | null
  created_at: Date | null
  updated_at: Date | null
  email: string | null
}

export interface FactorRow {
  id: string
  user_id: string
  friendly_name: string | null
  factor_type: 'totp' | 'phone' | 'webauthn'
  status: 'verified' | 'unverified'
  created_at: Date
  updated_at: Date
  secret: string | null
  phone: string | null
  last_challenged_at: Date | null
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase()

/** GoTrue keeps phone numbers as digits only, without the leading +. */
export const normalisePhone = (phone: string) => phone.replace(/\D/g, '')

const EMAIL_RE =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/

export function validateEmail(email: unknown): string {
  if (typeof email !== 'string' || !EMAIL_RE.test(email.trim()) || email.length > 255) {
    throw badRequest('validation_failed', 'Unable to validate email address: invalid format')
  }
  return normaliseEmail(email)
}

export function validatePhone(phone: unknown): string {
  const digits = typeof phone === 'string' ? normalisePhone(phone) : ''
  if (!/^[1-9]\d{7,14}$/.test(digits)) {
    throw badRequest('validation_failed', 'Invalid phone number format (E.164 required)')
  }
  return digits
}

export async function findUserById(sql: Sql, id: string): Promise<UserRow | null> {
  if (!isUuid(id)) return null
  const [u] = await sql<UserRow[]>`select * from auth.users where id = ${id}`
  return u ?? null
}

export async function findUserByEmail(sql: Sql, email: string): Promise<UserRow | null> {
  const [u] = await sql<UserRow[]>`
    select * from auth.users where lower(email) = ${
    normaliseEmail(email)
  } and is_sso_user = false limit 1`
  return u ?? null
}

export async function findUserByPhone(sql: Sql, phone: string): Promise<UserRow | null> {
  const [u] = await sql<UserRow[]>`select * from auth.users where phone = ${
    normalisePhone(phone)
  } limit 1`
  return u ?? null
}

export const isUuid = (s: unknown): s is string =>
  typeof s === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s)

// ---------------------------------------------------------------------------- passwords

/** The bcrypt runs behind every password hash and check, in one object so that tests can watch
 *  which hashes a request compares (stack/tests/auth/enumeration.test.ts). */
export const bcryptRuns = {
  hash: (password: string, cost: number): Promise<string> => bcrypt.hash(password, cost),
  compare: (password: string, hash: string): Promise<boolean> => bcrypt.compare(password, hash),
}

/** The cost GoTrue gives new passwords (Go's bcrypt.DefaultCost). */
export const BCRYPT_COST = 10

/** GoTrue (Go's bcrypt) and pgcrypto's crypt() both write `$2a$`; bcryptjs writes `$2b$`,
 *  the same algorithm for any password under 72 bytes. */
export async function hashPassword(password: string): Promise<string> {
  const hash = await bcryptRuns.hash(password, BCRYPT_COST)
  return hash.replace(/^\$2b\$/, '$2a$')
}

const isBcryptHash = (hash: string | null): hash is string => !!hash && /^\$2[abxy]\$/.test(hash)

export async function checkPassword(password: string, hash: string | null): Promise<boolean> {
  if (!isBcryptHash(hash)) return false
  try {
    return await bcryptRuns.compare(password, hash.replace(/^\$2[xy]\$/, '$2a$'))
  } catch {
    return false
  }
}

let dummy: Promise<string> | null = null
/** A hash of a random password at the cost new passwords get, made once (the gateway asks for
 *  it at start-up, so the first refusal is not slower than the rest). */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(crypto.randomUUID())
  return dummy
}

/** Whether `password` is the password of `user`, at the price of one bcrypt run whoever asks:
 *  with no user, a deleted one or one without a password it is compared against the stand-in
 *  hash, so refusing an unknown address takes as long as refusing a wrong password. GoTrue
 *  answers an unknown address at once (README, known differences). */
export async function verifyPassword(user: UserRow | null, password: string): Promise<boolean> {
  const usable = !!user && !user.deleted_at && isBcryptHash(user.encrypted_password)
  const matches = await checkPassword(
    password,
    usable ? user.encrypted_password : await dummyHash(),
  )
  return usable && matches
}

/** Supabase Auth's password strength check: length, then required character sets. */
export function checkPasswordStrength(password: string, settings: AuthSettings): void {
  const messages: string[] = []
  const reasons: string[] = []
  if ([...password].length < settings.minimumPasswordLength) {
    messages.push(`Password should be at least ${settings.minimumPasswordLength} characters.`)
    reasons.push('length')
  }
  for (const set of settings.requiredCharacters) {
    if (set && ![...password].some((c) => set.includes(c))) {
      messages.push(
        `Password should contain at least one character of each: ${
          settings.requiredCharacters.join(', ')
        }.`,
      )
      reasons.push('characters')
      break
    }
  }
  if (reasons.length) throw weakPassword(messages.join(' '), reasons)
}

export function requirePasswordString(password: unknown): string {
  if (typeof password !== 'string') throw badRequest('validation_failed', 'Password is required')
  if (new TextEncoder().encode(password).length > 72) {
    throw badRequest('validation_failed', 'Password cannot be longer than 72 characters')
  }
  return password
}

// ---------------------------------------------------------------------------- creation

export interface NewUser {
  email?: string | null
  phone?: string | null
  password?: string | null
  userMetadata?: Record<string, unknown>
  appMetadata?: Record<string, unknown>
  emailConfirmed?: boolean
  phoneConfirmed?: boolean
  role?: string
  invited?: boolean
  isAnonymous?: boolean
}

/** Inserts the user and its identity, as GoTrue's signup does. Triggers on auth.users (a
 *  profile row and the like) run inside the same transaction. */
export async function createUser(sql: Sql, u: NewUser): Promise<UserRow> {
  const id = crypto.randomUUID()
  const provider = u.email ? 'email' : u.phone ? 'phone' : 'anonymous'
  const appMeta = {
    provider,
    providers: provider === 'anonymous' ? [] : [provider],
    ...(u.appMetadata ?? {}),
  }
  const hash = u.password ? await hashPassword(u.password) : ''
  const now = new Date()
  let user: UserRow
  try {
    ;[user] = await sql<UserRow[]>`
      insert into auth.users (
        instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, invited_at,
        confirmation_token, recovery_token, email_change_token_new, email_change, email_change_token_current,
        phone_change, phone_change_token, reauthentication_token,
        raw_app_meta_data, raw_user_meta_data, created_at, updated_at, phone, phone_confirmed_at, is_anonymous
      ) values (
        ${INSTANCE_ID}, ${id}, 'authenticated', ${u.role ?? 'authenticated'}, ${
      u.email ?? null
    }, ${hash},
        ${u.emailConfirmed && u.email ? now : null}, ${u.invited ? now : null},
        '', '', '', '', '', '', '', '',
        ${JSON.stringify(appMeta)}::text::jsonb, ${
      JSON.stringify(u.userMetadata ?? {})
    }::text::jsonb, ${now}, ${now},
        ${u.phone ?? null}, ${u.phoneConfirmed && u.phone ? now : null}, ${u.isAnonymous ?? false}
      ) returning *`
  } catch (e) {
    throw databaseError(e, 'Database error saving new user')
  }
  if (provider !== 'anonymous') {
    const identityData = {
      sub: id,
      ...(u.email ? { email: u.email } : {}),
      ...(u.phone ? { phone: u.phone } : {}),
      email_verified: false,
      phone_verified: false,
    }
    await sql`
      insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
      values (${crypto.randomUUID()}, ${id}, ${id}, ${
      JSON.stringify(identityData)
    }::text::jsonb, ${provider}, ${now}, ${now}, ${now})`
  }
  return user
}

/** Unique violations on email/phone become Supabase's conflicts; anything else from the
 *  database (a failing trigger, say) becomes its "Database error …" message. */
export function databaseError(e: unknown, message: string): AuthError {
  if (e instanceof AuthError) return e
  const err = e as { code?: string; constraint_name?: string; message?: string }
  if (err.code === '23505' && /phone/.test(err.constraint_name ?? err.message ?? '')) {
    return unprocessable('phone_exists', 'Phone number already registered by another user')
  }
  if (err.code === '23505' && /email/.test(err.constraint_name ?? err.message ?? '')) {
    return unprocessable(
      'email_exists',
      'A user with this email address has already been registered',
    )
  }
  console.error('[auth] database error:', err.message ?? e)
  return new AuthError(500, 'unexpected_failure', message)
}

// ---------------------------------------------------------------------------- JSON

const ts = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : undefined)

export function identityJson(i: IdentityRow) {
  return {
    identity_id: i.id,
    id: i.provider_id,
    user_id: i.user_id,
    identity_data: i.identity_data,
    provider: i.provider,
    last_sign_in_at: ts(i.last_sign_in_at),
    created_at: ts(i.created_at),
    updated_at: ts(i.updated_at),
    email: i.email ?? undefined,
  }
}

export function factorJson(f: FactorRow) {
  return {
    id: f.id,
    friendly_name: f.friendly_name ?? '',
    factor_type: f.factor_type,
    status: f.status,
    created_at: ts(f.created_at),
    updated_at: ts(f.updated_at),
    ...(f.last_challenged_at ? { last_challenged_at: ts(f.last_challenged_at) } : {}),
    ...(f.factor_type === 'phone' ? { phone: f.phone ?? '' } : {}),
  }
}

/** The user object as Supabase Auth serialises it (identities and factors loaded). */
export async function userJson(sql: Sql, u: UserRow) {
  const identities = await sql<
    IdentityRow[]
  >`select * from auth.identities where user_id = ${u.id} order by created_at`
  const factors = await sql<
    FactorRow[]
  >`select * from auth.mfa_factors where user_id = ${u.id} order by created_at`
  const strip = (o: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined))
  return strip({
    id: u.id,
    aud: u.aud ?? '',
    role: u.role ?? '',
    email: u.email ?? '',
    email_confirmed_at: ts(u.email_confirmed_at),
    phone: u.phone ?? '',
    phone_confirmed_at: ts(u.phone_confirmed_at),
    confirmation_sent_at: ts(u.confirmation_sent_at),
    confirmed_at: ts(u.confirmed_at ?? u.email_confirmed_at ?? u.phone_confirmed_at),
    recovery_sent_at: ts(u.recovery_sent_at),
    new_email: u.email_change || undefined,
    email_change_sent_at: ts(u.email_change_sent_at),
    new_phone: u.phone_change || undefined,
    phone_change_sent_at: ts(u.phone_change_sent_at),
    reauthentication_sent_at: ts(u.reauthentication_sent_at),
    last_sign_in_at: ts(u.last_sign_in_at),
    app_metadata: u.raw_app_meta_data ?? {},
    user_metadata: u.raw_user_meta_data ?? {},
    identities: identities.map(identityJson),
    factors: factors.length ? factors.map(factorJson) : undefined,
    banned_until: ts(u.banned_until),
    created_at: ts(u.created_at),
    updated_at: ts(u.updated_at),
    deleted_at: ts(u.deleted_at),
    is_anonymous: u.is_anonymous,
  })
}

export const isBanned = (u: UserRow) =>
  !!u.banned_until && new Date(u.banned_until).getTime() > Date.now()
